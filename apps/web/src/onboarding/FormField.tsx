import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

export type TFormFieldProps = Omit<OutlinedInputProps, 'error' | 'fullWidth' | 'label' | 'margin'> & {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  fullWidth?: boolean;
  margin?: 'dense' | 'normal' | 'none';
};

/**
 * An outlined text field with its label and helper text, as MUI's TextField draws it. TextField
 * also brings MUI's Select with its menu, popover and modal: on the sign-in page that was a fifth of
 * its JavaScript for a select it never shows.
 */
export function FormField({ label, helperText, error, fullWidth, margin, id, ...input }: TFormFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = `${inputId}-helper-text`;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} margin={margin} error={error}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput id={inputId} label={label} aria-describedby={helperText ? helperId : undefined} {...input} />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
