import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { isPasswordValid, passwordsMatch } from '@app/domain/platform/auth/password-rules';
import { changeMyPassword, fetchMe } from '../../dataProvider/api';
import { PasswordChecklist } from '../../onboarding/PasswordChecklist';
import { PasswordTextField } from '../../onboarding/PasswordInput';
import { useBotCheck } from '../../onboarding/useBotCheck';
import { confirmPasswordError, newPasswordError } from '../../onboarding/validation';
import { getSession, updateSession } from '../../session/store';
import { errorCodeOf } from '../../dataProvider/errors';

export { PasswordChecklist } from '../../onboarding/PasswordChecklist';

type TFieldName = 'oldPassword' | 'newPassword' | 'confirmPassword';

function PasswordField(props: { name: TFieldName; value: string; error?: string | null; onChange: (value: string) => void; autoFocus?: boolean }) {
  const translate = useTranslate();
  return (
    <PasswordTextField
      fullWidth
      margin="dense"
      name={props.name}
      label={translate(`common.${props.name}`)}
      value={props.value}
      autoFocus={props.autoFocus}
      autoComplete={props.name === 'oldPassword' ? 'current-password' : 'new-password'}
      onChange={(event) => props.onChange(event.target.value)}
      error={!!props.error}
      helperText={props.error ?? ' '}
    />
  );
}

/** The notice of a failed change: the bot-check codes say what to do; anything else gets the generic message. */
function changePasswordErrorKey(error: unknown): string {
  const code = errorCodeOf(error);
  return code === 'BOT_CHECK_REQUIRED' || code === 'BOT_CHECK_FAILED' ? `errors.${code}` : 'common.changePasswordError';
}

/**
 * Clicking outside does not close it; a failed change shows the error notice and keeps it open. With a temporary password the old-password
 * field is hidden and that password is sent as the old one.
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const temporaryPassword = getSession()?.temporaryPassword ?? null;
  const [values, setValues] = useState<Record<TFieldName, string>>({
    oldPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [dirty, setDirty] = useState<Record<TFieldName, boolean>>({ oldPassword: false, newPassword: false, confirmPassword: false });
  const [loading, setLoading] = useState(false);
  // Wrong old passwords count like failed sign-ins: past the limit the API asks for a bot check.
  const botCheck = useBotCheck();

  const oldPassword = temporaryPassword ?? values.oldPassword;
  const errors: Record<TFieldName, string | null> = {
    oldPassword: oldPassword ? null : translate('validation.required'),
    newPassword: newPasswordError(values.newPassword, translate),
    confirmPassword: confirmPasswordError(values.newPassword, values.confirmPassword, translate),
  };
  const isValid = !!oldPassword && isPasswordValid(values.newPassword) && passwordsMatch(values.newPassword, values.confirmPassword) && !botCheck.missing;

  const change = (name: TFieldName) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setDirty((current) => ({ ...current, [name]: true }));
  };

  const reset = () => {
    setValues({ oldPassword: '', newPassword: '', confirmPassword: '' });
    setDirty({ oldPassword: false, newPassword: false, confirmPassword: false });
    botCheck.reset();
  };

  const submit = async () => {
    const session = getSession();
    if (!isValid || !session) return;
    setLoading(true);
    try {
      await changeMyPassword(session.user.email, oldPassword, values.newPassword, botCheck.payload);
      const user = await fetchMe().catch(() => ({ ...session.user, needsPasswordChange: false, hasTemporaryPassword: false }));
      updateSession({ user, temporaryPassword: null });
      notify('common.changePasswordSuccess', { type: 'success' });
      reset();
      onClose();
    } catch (caught) {
      botCheck.failed(caught);
      notify(changePasswordErrorKey(caught), { type: 'error' });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick' && !loading) onClose();
      }}
      maxWidth="xs"
      fullWidth
      aria-labelledby="change-password-title"
      data-testid="change-password-dialog"
    >
      <DialogTitle id="change-password-title">{translate('common.changePassword')}</DialogTitle>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogContent sx={{ pt: 0 }}>
          {temporaryPassword ? null : <PasswordField name="oldPassword" value={values.oldPassword} onChange={change('oldPassword')} error={dirty.oldPassword ? errors.oldPassword : null} autoFocus />}
          <PasswordField name="newPassword" value={values.newPassword} onChange={change('newPassword')} error={dirty.newPassword ? errors.newPassword : null} autoFocus={!!temporaryPassword} />
          <PasswordChecklist password={values.newPassword} />
          <PasswordField name="confirmPassword" value={values.confirmPassword} onChange={change('confirmPassword')} error={dirty.confirmPassword ? errors.confirmPassword : null} />
          {botCheck.widget}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={loading}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!isValid} loading={loading}>
            {translate('ra.action.confirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
