import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';

/*
 * A record the signed-in role may not change (a hotelier's validated declaration, an agency's closed
 * action, a comune's view of a structure) reads as a page of labels and values, not as a form whose
 * every field is greyed out (issue 28). The record pages keep one form per record and hand its inputs
 * `readOnly` (react-admin then disables them); this wrapper, used by DetailForm and DetailTabbedForm
 * when nothing can be saved, restyles those disabled inputs: the value in the text colour on the page's
 * background, the label above it, a hairline below, no arrows, pickers or add/remove buttons, and a
 * dash for an empty text. The inputs stay in the page, so their labels, values and test ids are those
 * of the editable page (end-to-end tests and screen readers find the same fields, read-only).
 */
/** Selectors of the inputs the page cannot change: disabled by react-admin's `readOnly`, or read-only (our DateInput, the pickers of codes). */
function off(selector: string): string {
  return ['.Mui-disabled', '.MuiInputBase-readOnly', ':has(> input[readonly])'].map((state) => selector.replaceAll('&state', state)).join(', ');
}

const READABLE: SxProps<Theme> = {
  // The value: the page's text colour on the page's background (disabled inputs are greyed with -webkit-text-fill-color).
  [off('& .MuiInputBase-root&state')]: { color: 'text.primary', backgroundColor: 'transparent', cursor: 'default' },
  [off('& .MuiInputBase-root&state:hover')]: { backgroundColor: 'transparent' },
  '& .MuiInputBase-input.Mui-disabled, & .MuiSelect-select.Mui-disabled': { color: 'text.primary', WebkitTextFillColor: 'currentColor', cursor: 'default' },
  // A hairline below each value instead of the dotted underline or the outline of a disabled field, and no focus line.
  [off('& .MuiFilledInput-root&state::before, & .MuiInput-root&state::before')]: { borderBottom: '1px solid', borderBottomColor: 'divider', borderBottomStyle: 'solid' },
  [off('& .MuiOutlinedInput-root&state .MuiOutlinedInput-notchedOutline')]: { borderWidth: 0, borderBottomWidth: 1, borderRadius: 0, borderColor: 'divider' },
  // The label always sits above its value (an empty text field would keep it inside), in the secondary colour.
  '& .MuiInputLabel-root.Mui-disabled, & .MuiFormControl-root:has(.MuiInputBase-readOnly, input[readonly]) .MuiInputLabel-root': { color: 'text.secondary' },
  '& .MuiInputLabel-filled.Mui-disabled, & .MuiFormControl-root:has(.MuiInputBase-readOnly, input[readonly]) .MuiInputLabel-filled': { transform: 'translate(12px, 7px) scale(0.75)' },
  '& .MuiInputLabel-filled.MuiInputLabel-sizeSmall.Mui-disabled, & .MuiFormControl-root:has(.MuiInputBase-readOnly, input[readonly]) .MuiInputLabel-filled.MuiInputLabel-sizeSmall': {
    transform: 'translate(12px, 4px) scale(0.75)',
  },
  // An empty text reads as a dash, not as a blank field (the focus line's place holds it).
  [off('& .MuiFilledInput-root&state:has(> input[value=""])::after')]: {
    content: '"—"',
    position: 'absolute',
    left: 12,
    top: 25,
    border: 0,
    transform: 'none',
    transition: 'none',
    color: 'text.secondary',
    pointerEvents: 'none',
  },
  [off('& .MuiFilledInput-root.MuiInputBase-sizeSmall&state:has(> input[value=""])::after')]: { top: 21 },
  [off('& .MuiFilledInput-root&state:not(:has(> input[value=""]))::after')]: { display: 'none' },
  // The date pickers (MUI X: their own field, read-only rather than disabled) read the same way.
  '& .MuiPickersInputBase-root.Mui-readOnly, & .MuiPickersInputBase-root.Mui-readOnly:hover': { backgroundColor: 'transparent', color: 'text.primary' },
  '& .MuiPickersFilledInput-root.Mui-readOnly::before': { borderBottom: '1px solid', borderBottomColor: 'divider', borderBottomStyle: 'solid' },
  '& .MuiPickersFilledInput-root.Mui-readOnly::after': { display: 'none' },
  '& .MuiPickersTextField-root:has(.Mui-readOnly) .MuiInputLabel-root': { color: 'text.secondary' },
  // Nothing to open or pick: select arrows, picker and clear buttons, an array's add, remove and reorder buttons.
  '& .MuiSelect-icon.Mui-disabled, & .MuiAutocomplete-endAdornment, & .MuiInputAdornment-root .MuiIconButton-root': { display: 'none' },
  '& .RaSimpleFormIterator-add, & .RaSimpleFormIterator-action, & .RaSimpleFormIterator-clear': { display: 'none' },
  // Switches, checkboxes and radio buttons show their state in colour; their labels in the text colour.
  '& .MuiFormControlLabel-root.Mui-disabled, & .MuiFormControlLabel-root.Mui-disabled .MuiTypography-root': { color: 'text.primary' },
  '& .MuiSwitch-switchBase.Mui-disabled.Mui-checked': { color: 'primary.main' },
  '& .MuiSwitch-switchBase.Mui-disabled + .MuiSwitch-track': { opacity: 0.38 },
  '& .MuiSwitch-switchBase.Mui-disabled.Mui-checked + .MuiSwitch-track': { backgroundColor: 'primary.main', opacity: 0.5 },
  '& .MuiCheckbox-root.Mui-disabled.Mui-checked, & .MuiRadio-root.Mui-disabled.Mui-checked': { color: 'primary.main' },
  '& .MuiChip-root.Mui-disabled': { opacity: 1 },
  '& .MuiChip-root.Mui-disabled .MuiChip-deleteIcon': { display: 'none' },
};

/**
 * The record page's form as a readable page when `readOnly` (see above); otherwise the form as it is.
 * The wrapper is there either way, so a grant read after the first render does not remount the form.
 */
export function ReadableRecord({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return (
    <Box sx={readOnly ? READABLE : undefined} data-readable={readOnly ? 'true' : undefined}>
      {children}
    </Box>
  );
}
