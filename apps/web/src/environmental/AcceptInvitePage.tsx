import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useOnboardingText } from '../onboarding/onboardingText';
import { acceptCompanyInvite, fetchCompanyInvite, type TCompanyInvite } from '../dataProvider/api';
import { PasswordChecklist } from '../onboarding/PasswordChecklist';
import { OnboardingLayout } from '../onboarding/OnboardingLayout';
import { PasswordTextField } from '../onboarding/PasswordInput';
import { confirmPasswordError, newPasswordError } from '../onboarding/validation';
import { errorMessageOf } from '../dataProvider/errors';

/**
 * The e-mailed invitation of a company's manager, or of a colleague the company invited: the invitee, not signed in, chooses a password
 * and accepts; then signs in with the invited e-mail. A used, withdrawn, superseded or expired link
 * shows the server's reason.
 */
export function AcceptInvitePage() {
  const { translate, notify } = useOnboardingText();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [invite, setInvite] = useState<TCompanyInvite | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [dirty, setDirty] = useState({ password: false, confirmation: false });
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    fetchCompanyInvite(token).then(
      (found) => setInvite(found),
      (error) => setRefusal(errorMessageOf(error)),
    );
  }, [token]);

  const errors = { password: newPasswordError(password, translate), confirmation: confirmPasswordError(password, confirmation, translate) };
  const isValid = !errors.password && !errors.confirmation;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValid) return;
    setLoading(true);
    try {
      await acceptCompanyInvite(token, password);
      notify('environmental.acceptInvite.success', { type: 'success' });
      void navigate(`/on-boarding/login?email=${encodeURIComponent(invite?.email ?? '')}`, { replace: true });
    } catch (caught) {
      notify(errorMessageOf(caught), { type: 'error' });
    } finally {
      setLoading(false);
    }
  };

  return (
    <OnboardingLayout
      title={translate('environmental.acceptInvite.title')}
      subtitle={invite ? translate(`environmental.acceptInvite.${invite.purpose === 'colleague' ? 'colleagueSubtitle' : 'subtitle'}.${invite.companyKind}`, { company: invite.businessName }) : ''}
    >
      {refusal ? (
        <Alert severity="error" data-testid="invite-refused">
          {translate(refusal, { _: refusal })}
        </Alert>
      ) : null}
      {invite ? (
        <Box component="form" noValidate onSubmit={submit} data-testid="accept-invite-form">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('environmental.acceptInvite.account', { email: invite.email })}
          </Typography>
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
          <Button type="submit" fullWidth variant="contained" size="large" disabled={!isValid} loading={loading} sx={{ mt: 1 }} data-testid="accept-invite-submit">
            {translate('environmental.acceptInvite.submit')}
          </Button>
        </Box>
      ) : null}
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <MuiLink component={Link} to="/on-boarding/login" variant="body2">
          {translate('onboarding.backToLogin')}
        </MuiLink>
      </Box>
    </OnboardingLayout>
  );
}
