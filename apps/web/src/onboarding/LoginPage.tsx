import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link, useSearchParams } from 'react-router-dom';
import { getConfig, useAppConfig } from '../config';
import { signIn } from '../dataProvider/api';
import { postSignInPath, startSession } from '../session/landing';
import { useShell } from '../shellContext';
import { loginErrorKey } from './loginError';
import { FormField } from './FormField';
import { OnboardingLayout } from './OnboardingLayout';
import { useOnboardingText } from './onboardingText';
import { PasswordTextField } from './PasswordInput';
import { useBotCheck } from './useBotCheck';
import { emailError, requiredError } from './validation';

/** Sign-in; `firstAccess` shows the first-access wording (temporary password received by e-mail). */
export function LoginPage({ firstAccess = false }: { firstAccess?: boolean }) {
  const { translate } = useOnboardingText();
  const { showAdmin } = useShell();
  const { features } = useAppConfig();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const botCheck = useBotCheck(features.botCheckOnLogin);
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The e-mail confirmation link lands here with ?confirmed=1 (or 0 when the link is spent).
  const confirmed = useSearchParams()[0].get('confirmed');

  const errors = {
    email: emailError(email, translate),
    password: requiredError(password, translate),
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.email || errors.password || botCheck.missing) return;
    setLoading(true);
    setError(null);
    try {
      const response = await signIn(email.trim(), password, botCheck.payload);
      startSession(response, password);
      // The role's landing page, in the admin app (fetched now).
      showAdmin(postSignInPath(response.user, getConfig().features));
    } catch (caught) {
      botCheck.failed(caught);
      // Shown once, above the form (not also as a toast).
      setError(loginErrorKey(caught));
    } finally {
      setLoading(false);
    }
  };

  return (
    <OnboardingLayout
      title={translate(firstAccess ? 'onboarding.firstAccess.title' : 'onboarding.login.title')}
      subtitle={translate(firstAccess ? 'onboarding.firstAccess.subtitle' : 'onboarding.login.subtitle')}
    >
      <Box component="form" noValidate onSubmit={submit} data-testid="login-form">
        {confirmed === '1' ? (
          <Alert severity="success" sx={{ mb: 2 }} data-testid="email-confirmed">
            {translate('onboarding.login.emailConfirmed')}
          </Alert>
        ) : null}
        {confirmed === '0' ? (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="email-not-confirmed">
            {translate('onboarding.login.emailNotConfirmed')}
          </Alert>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="login-error">
            {translate(error)}
          </Alert>
        ) : null}
        <FormField
          fullWidth
          margin="normal"
          name="email"
          type="email"
          autoComplete="username"
          autoFocus
          label={translate('onboarding.fields.email')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={submitted && !!errors.email}
          helperText={submitted ? (errors.email ?? ' ') : ' '}
        />
        <PasswordTextField
          fullWidth
          margin="normal"
          name="password"
          autoComplete="current-password"
          label={translate(firstAccess ? 'onboarding.fields.temporaryPassword' : 'onboarding.fields.password')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={submitted && !!errors.password}
          helperText={submitted ? (errors.password ?? ' ') : ' '}
        />
        {botCheck.widget}
        <Button type="submit" fullWidth variant="contained" size="large" loading={loading} sx={{ mt: 1 }}>
          {translate('onboarding.login.submit')}
        </Button>
        <Stack direction="row" sx={{ mt: 2, justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <MuiLink component={Link} to="/on-boarding/forgot-password" variant="body2">
            {translate('onboarding.login.forgotPassword')}
          </MuiLink>
          {firstAccess ? (
            <MuiLink component={Link} to="/on-boarding/login" variant="body2">
              {translate('onboarding.backToLogin')}
            </MuiLink>
          ) : (
            <MuiLink component={Link} to="/on-boarding/first-access" variant="body2">
              {translate('onboarding.login.firstAccess')}
            </MuiLink>
          )}
        </Stack>
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <MuiLink component={Link} to="/on-boarding/register" variant="body2">
            {translate('onboarding.login.register')}
          </MuiLink>
        </Box>
      </Box>
    </OnboardingLayout>
  );
}
