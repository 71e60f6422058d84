import type { ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS as pickerEn, itIT as pickerIt } from '@mui/x-date-pickers/locales';
import { format, isValid, parse } from 'date-fns';
import { enUS, it } from 'date-fns/locale';
import { FieldTitle, InputHelperText, useInput, useLocaleState, useResourceContext, type Validator } from 'react-admin';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** What the field holds while the typed text is not a whole date yet: a validation error, never sent as a date. */
const INCOMPLETE = 'incomplete-date';

/** The typed date is not a real day (31/02) or not complete. */
const wholeDate: Validator = (value: unknown) => (value === INCOMPLETE ? 'dateInput.invalid' : undefined);

function toDate(value: unknown): Date | null {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return null;
  const date = parse(value, 'yyyy-MM-dd', new Date());
  return isValid(date) ? date : null;
}

export type TDateInputProps = {
  source: string;
  label?: string | false;
  validate?: Validator | Validator[];
  readOnly?: boolean;
  disabled?: boolean;
  helperText?: ReactNode | false;
  parse?: (value: string | null) => unknown;
  defaultValue?: string | null;
  sx?: SxProps<Theme>;
  fullWidth?: boolean;
  alwaysOn?: boolean;
  resource?: string;
};

/**
 * The one date input of every form and filter: a calendar date held as 'YYYY-MM-DD' (what the API
 * takes), typed and shown in the user's language (gg/mm/aaaa in Italian) with a calendar to pick
 * from. The browser's native date input followed the browser's language instead (mm/dd/yyyy).
 */
export function DateInput({ source, label, validate, readOnly, disabled, helperText, parse: parseValue, defaultValue, sx, fullWidth, resource: resourceProp }: TDateInputProps) {
  const [locale] = useLocaleState();
  const resource = useResourceContext({ resource: resourceProp });
  const english = locale.toLowerCase().startsWith('en');
  const validators = [...(Array.isArray(validate) ? validate : validate ? [validate] : []), wholeDate];
  const { field, fieldState, formState, isRequired, id } = useInput({
    source,
    resource,
    validate: validators,
    defaultValue,
    // An emptied input is null (the API's "no date"), unless the form parses it its own way.
    parse: (value: string | null) => (parseValue ? parseValue(value) : value === '' ? null : value),
  });
  const showError = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted);
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={english ? enUS : it} localeText={(english ? pickerEn : pickerIt).components.MuiLocalizationProvider.defaultProps.localeText}>
      <DatePicker
        value={toDate(field.value)}
        onChange={(date) => field.onChange(date === null ? null : isValid(date) ? format(date, 'yyyy-MM-dd') : INCOMPLETE)}
        onClose={field.onBlur}
        readOnly={readOnly}
        disabled={disabled}
        label={label === false ? undefined : <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />}
        slotProps={{
          textField: {
            id,
            name: field.name,
            onBlur: field.onBlur,
            inputRef: field.ref,
            error: showError,
            size: 'small',
            variant: 'filled',
            margin: 'dense',
            fullWidth,
            helperText:
              helperText === false && !showError ? undefined : <InputHelperText error={showError ? fieldState.error?.message : undefined} helperText={helperText === false ? undefined : helperText} />,
            sx: { minWidth: 180, ...sx },
            className: 'ra-input',
          },
        }}
      />
    </LocalizationProvider>
  );
}
