import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useOnboardingText } from './onboardingText';
import { resetPassword } from '../dataProvider/api';
import { PasswordChecklist } from './PasswordChecklist';
import { OnboardingLayout } from './OnboardingLayout';
import { PasswordTextField } from './PasswordInput';
import { confirmPasswordError, newPasswordError } from './validation';
import { errorMessageOf } from '../dataProvider/errors';

export function ResetPasswordPage() {
  const { translate, notify } = useOnboardingText();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [dirty, setDirty] = useState({ password: false, confirmation: false });
  const [loading, setLoading] = useState(false);
  const errors = {
    password: newPasswordError(password, translate),
    confirmation: confirmPasswordError(password, confirmation, translate),
  };
  const isValid = !errors.password && !errors.confirmation;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValid) return;
    setLoading(true);
    try {
      await resetPassword(token, password);
      notify('onboarding.resetPassword.success', { type: 'success' });
      void navigate('/on-boarding/login', { replace: true });
    } catch (caught) {
      notify(errorMessageOf(caught), { type: 'error' });
    } finally {
      setLoading(false);
    }
  };

  return (
    <OnboardingLayout title={translate('onboarding.resetPassword.title')} subtitle={translate('onboarding.resetPassword.subtitle')}>
      <Box component="form" noValidate onSubmit={submit} data-testid="reset-password-form">
        <PasswordTextField
          fullWidth
          margin="dense"
          name="password"
          autoComplete="new-password"
          autoFocus
          label={translate('common.newPassword')}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setDirty((current) => ({ ...current, password: true }));
          }}
          error={dirty.password && !!errors.password}
          helperText={dirty.password ? (errors.password ?? ' ') : ' '}
        />
        <PasswordChecklist password={password} />
        <PasswordTextField
          fullWidth
          margin="dense"
          name="confirmPassword"
          autoComplete="new-password"
          label={translate('common.confirmPassword')}
          value={confirmation}
          onChange={(event) => {
            setConfirmation(event.target.value);
            setDirty((current) => ({ ...current, confirmation: true }));
          }}
          error={dirty.confirmation && !!errors.confirmation}
          helperText={dirty.confirmation ? (errors.confirmation ?? ' ') : ' '}
        />
        <Button type="submit" fullWidth variant="contained" size="large" disabled={!isValid} loading={loading} sx={{ mt: 1 }}>
          {translate('onboarding.resetPassword.submit')}
        </Button>
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <MuiLink component={Link} to="/on-boarding/login" variant="body2">
            {translate('onboarding.backToLogin')}
          </MuiLink>
        </Box>
      </Box>
    </OnboardingLayout>
  );
}
