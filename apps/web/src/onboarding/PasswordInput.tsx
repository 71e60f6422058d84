import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { FormField, type TFormFieldProps } from './FormField';
import { useOnboardingText } from './onboardingText';

/** A plain password field with the show/hide toggle, for the onboarding forms and the change-password dialog. */
export function PasswordTextField(props: TFormFieldProps) {
  const { translate } = useOnboardingText();
  const [visible, setVisible] = useState(false);
  return (
    <FormField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton edge="end" aria-label={translate(visible ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden')} onClick={() => setVisible((current) => !current)}>
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
