import type { ReactNode, Ref } from 'react';
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

export type TCalendarDateFieldProps = {
  /** 'YYYY-MM-DD', or '' for no date. */
  value: string;
  /** Gets 'YYYY-MM-DD', '' when emptied, or INCOMPLETE_DATE while the typed text is not a whole real day. */
  onChange: (value: string) => void;
  label?: ReactNode;
  /** The label names the field for assistive technology only (a table cell under its column heading). */
  hideLabel?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
  id?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  sx?: SxProps<Theme>;
  fullWidth?: boolean;
  variant?: 'filled' | 'outlined' | 'standard';
  margin?: 'dense' | 'none' | 'normal';
  className?: string;
};

/** What a calendar date field holds while the typed text is not a whole real day: never a date the API gets. */
export const INCOMPLETE_DATE = INCOMPLETE;

/** Hides a label from sight while it still names the field. */
const visuallyHidden = { border: 0, clip: 'rect(0 0 0 0)', height: '1px', margin: '-1px', overflow: 'hidden', padding: 0, position: 'absolute', whiteSpace: 'nowrap', width: '1px' } as const;

/**
 * The calendar date picker itself, for state a component keeps on its own (dialogs, editable tables):
 * typed and shown in the user's language (gg/mm/aaaa in Italian), held as 'YYYY-MM-DD'.
 */
export function CalendarDateField({
  value,
  onChange,
  label,
  hideLabel,
  error,
  helperText,
  required,
  readOnly,
  disabled,
  onBlur,
  id,
  name,
  inputRef,
  sx,
  fullWidth,
  variant = 'outlined',
  margin = 'none',
  className,
}: TCalendarDateFieldProps) {
  const [locale] = useLocaleState();
  const english = locale.toLowerCase().startsWith('en');
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={english ? enUS : it} localeText={(english ? pickerEn : pickerIt).components.MuiLocalizationProvider.defaultProps.localeText}>
      <DatePicker
        value={toDate(value)}
        onChange={(date) => onChange(date === null ? '' : isValid(date) ? format(date, 'yyyy-MM-dd') : INCOMPLETE)}
        onClose={onBlur}
        readOnly={readOnly}
        disabled={disabled}
        label={label}
        slotProps={{
          textField: {
            id,
            name,
            onBlur,
            inputRef,
            error,
            required,
            size: 'small',
            variant,
            margin,
            fullWidth,
            helperText,
            sx: { minWidth: 160, ...sx },
            className,
            // A filled field with its label hidden keeps no room (nor an outline notch) for it.
            ...(hideLabel ? { hiddenLabel: true, slotProps: { inputLabel: { sx: visuallyHidden } } } : {}),
          },
        }}
      />
    </LocalizationProvider>
  );
}

const ISO_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * A calendar month, held as 'YYYY-MM', shown and typed in the user's language ("novembre 2026"),
 * picked from a year and month calendar. The browser's native month input followed the browser's
 * language and, in some browsers, is a plain text box.
 */
export function CalendarMonthField({ value, onChange, label, sx }: { value: string; onChange: (value: string) => void; label: ReactNode; sx?: SxProps<Theme> }) {
  const [locale] = useLocaleState();
  const english = locale.toLowerCase().startsWith('en');
  const date = ISO_MONTH.test(value) ? parse(`${value}-01`, 'yyyy-MM-dd', new Date()) : null;
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={english ? enUS : it} localeText={(english ? pickerEn : pickerIt).components.MuiLocalizationProvider.defaultProps.localeText}>
      <DatePicker
        value={date}
        views={['year', 'month']}
        openTo="month"
        format="MMMM yyyy"
        label={label}
        onChange={(next) => onChange(next === null ? '' : isValid(next) ? format(next, 'yyyy-MM') : INCOMPLETE)}
        slotProps={{ textField: { size: 'small', sx: { minWidth: 200, ...sx } } }}
      />
    </LocalizationProvider>
  );
}

/**
 * The one date input of every form and filter: a calendar date held as 'YYYY-MM-DD' (what the API
 * takes), typed and shown in the user's language (gg/mm/aaaa in Italian) with a calendar to pick
 * from. The browser's native date input followed the browser's language instead (mm/dd/yyyy).
 */
export function DateInput({ source, label, validate, readOnly, disabled, helperText, parse: parseValue, defaultValue, sx, fullWidth, resource: resourceProp }: TDateInputProps) {
  const resource = useResourceContext({ resource: resourceProp });
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
    <CalendarDateField
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(value) => field.onChange(value === '' ? null : value)}
      onBlur={field.onBlur}
      readOnly={readOnly}
      disabled={disabled}
      label={label === false ? undefined : <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />}
      id={id}
      name={field.name}
      inputRef={field.ref}
      error={showError}
      variant="filled"
      margin="dense"
      fullWidth={fullWidth}
      helperText={
        helperText === false && !showError ? undefined : <InputHelperText error={showError ? fieldState.error?.message : undefined} helperText={helperText === false ? undefined : helperText} />
      }
      sx={{ minWidth: 180, ...sx }}
      className="ra-input"
    />
  );
}
