import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link } from 'react-router-dom';
import { useAppConfig } from '../config';
import { register } from '../dataProvider/api';
import { postSignInPath, startSession } from '../session/landing';
import { useShell } from '../shellContext';
import { BotCheck } from './BotCheck';
import { FormField } from './FormField';
import { OnboardingLayout } from './OnboardingLayout';
import { useOnboardingText } from './onboardingText';
import { PasswordChecklist } from './PasswordChecklist';
import { PasswordTextField } from './PasswordInput';
import { confirmPasswordError, emailError, newPasswordError, requiredError } from './validation';
import { errorMessageOf } from '../dataProvider/errors';

/** Registration signs the new user in at once. */
export function RegisterPage() {
  const { translate } = useOnboardingText();
  const { showAdmin } = useShell();
  const { features } = useAppConfig();
  const [values, setValues] = useState({ name: '', surname: '', email: '', password: '', confirmPassword: '' });
  const [botCheck, setBotCheck] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const errors = {
    name: requiredError(values.name, translate),
    surname: requiredError(values.surname, translate),
    email: emailError(values.email, translate),
    password: newPasswordError(values.password, translate),
    confirmPassword: confirmPasswordError(values.password, values.confirmPassword, translate),
  };
  const hasErrors = Object.values(errors).some(Boolean);
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));
  const show = (field: keyof typeof errors) => (submitted ? (errors[field] ?? ' ') : ' ');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors || (features.botCheckOnRegister && !botCheck)) return;
    setLoading(true);
    setError(null);
    try {
      const response = await register({ name: values.name.trim(), surname: values.surname.trim(), email: values.email.trim(), password: values.password }, botCheck);
      startSession(response, values.password);
      showAdmin(postSignInPath(response.user, features), { notice: 'onboarding.register.success', replace: true });
    } catch (caught) {
      // Shown once, above the form (not also as a toast).
      setError(errorMessageOf(caught));
    } finally {
      setLoading(false);
    }
  };

  return (
    <OnboardingLayout title={translate('onboarding.register.title')} subtitle={translate('onboarding.register.subtitle')}>
      <Box component="form" noValidate onSubmit={submit} data-testid="register-form">
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {translate(error, { _: error })}
          </Alert>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
          <FormField
            fullWidth
            margin="dense"
            name="name"
            autoComplete="given-name"
            label={translate('onboarding.fields.name')}
            value={values.name}
            onChange={set('name')}
            error={submitted && !!errors.name}
            helperText={show('name')}
          />
          <FormField
            fullWidth
            margin="dense"
            name="surname"
            autoComplete="family-name"
            label={translate('onboarding.fields.surname')}
            value={values.surname}
            onChange={set('surname')}
            error={submitted && !!errors.surname}
            helperText={show('surname')}
          />
        </Stack>
        <FormField
          fullWidth
          margin="dense"
          name="email"
          type="email"
          autoComplete="email"
          label={translate('onboarding.fields.email')}
          value={values.email}
          onChange={set('email')}
          error={submitted && !!errors.email}
          helperText={show('email')}
        />
        <PasswordTextField
          fullWidth
          margin="dense"
          name="password"
          autoComplete="new-password"
          label={translate('onboarding.fields.password')}
          value={values.password}
          onChange={set('password')}
          error={submitted && !!errors.password}
          helperText={show('password')}
        />
        <PasswordChecklist password={values.password} />
        <PasswordTextField
          fullWidth
          margin="dense"
          name="confirmPassword"
          autoComplete="new-password"
          label={translate('common.confirmPassword')}
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={submitted && !!errors.confirmPassword}
          helperText={show('confirmPassword')}
        />
        {features.botCheckOnRegister ? <BotCheck onChange={setBotCheck} /> : null}
        <Button type="submit" fullWidth variant="contained" size="large" loading={loading} sx={{ mt: 1 }}>
          {translate('onboarding.register.submit')}
        </Button>
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <MuiLink component={Link} to="/on-boarding/login" variant="body2">
            {translate('onboarding.register.haveAccount')}
          </MuiLink>
        </Box>
      </Box>
    </OnboardingLayout>
  );
}
