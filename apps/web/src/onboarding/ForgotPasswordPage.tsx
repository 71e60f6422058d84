import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import { Link } from 'react-router-dom';
import { useOnboardingText } from './onboardingText';
import { requestPasswordReset } from '../dataProvider/api';
import { BotCheck } from './BotCheck';
import { FormField } from './FormField';
import { OnboardingLayout } from './OnboardingLayout';
import { emailError } from './validation';
import { errorMessageOf } from '../dataProvider/errors';

/** Password recovery, always behind the bot-check. The answer never says whether the address exists. */
export function ForgotPasswordPage() {
  const { translate, notify } = useOnboardingText();
  const [email, setEmail] = useState('');
  const [botCheck, setBotCheck] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [sent, setSent] = useState(false);
  const error = emailError(email, translate);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (error) return;
    if (!botCheck) {
      notify('onboarding.forgotPassword.botCheckRequired', { type: 'error' });
      return;
    }
    setLoading(true);
    try {
      await requestPasswordReset(email.trim(), botCheck);
      setSent(true);
    } catch (caught) {
      notify(errorMessageOf(caught), { type: 'error' });
    } finally {
      setLoading(false);
    }
  };

  return (
    <OnboardingLayout title={translate('onboarding.forgotPassword.title')} subtitle={translate('onboarding.forgotPassword.subtitle')}>
      {sent ? (
        <Alert severity="success" data-testid="forgot-password-sent">
          {translate('onboarding.forgotPassword.sent')}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={submit} data-testid="forgot-password-form">
          <FormField
            fullWidth
            margin="normal"
            name="email"
            type="email"
            autoComplete="email"
            autoFocus
            label={translate('onboarding.fields.email')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={submitted && !!error}
            helperText={submitted ? (error ?? ' ') : ' '}
          />
          <BotCheck onChange={setBotCheck} />
          <Button type="submit" fullWidth variant="contained" size="large" loading={loading} disabled={!botCheck}>
            {translate('onboarding.forgotPassword.submit')}
          </Button>
        </Box>
      )}
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <MuiLink component={Link} to="/on-boarding/login" variant="body2">
          {translate('onboarding.backToLogin')}
        </MuiLink>
      </Box>
    </OnboardingLayout>
  );
}
