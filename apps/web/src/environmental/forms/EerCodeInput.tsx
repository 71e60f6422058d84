import { useMemo, useState } from 'react';
import { Autocomplete, Box, Chip, TextField, Typography } from '@mui/material';
import { InputHelperText, useInput, useLocaleState, useTranslate, type InputProps } from 'react-admin';
import { eerDescription, findEerCode, searchEerCodes, type TEerEntry } from '@app/domain/environmental/waste/eer';

const languageOf = (locale: string): 'it' | 'en' => (locale.startsWith('it') ? 'it' : 'en');

/** `17 05 03* – terra e rocce, contenenti sostanze pericolose`, in the user's language. */
export function eerLabel(entry: TEerEntry, locale: string): string {
  return `${entry.display} – ${eerDescription(entry, languageOf(locale))}`;
}

/**
 * The EER code of a form, picked by searching code or description ("terre e rocce", "17 05",
 * "soil"). Stores the 6 digits the API takes; shows the code with its asterisk and the flags the
 * form's rules depend on (hazardous, mirror, 99).
 */
export function EerCodeInput(props: InputProps & { readOnly?: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { field, fieldState, isRequired } = useInput(props);
  const [query, setQuery] = useState('');
  const value = typeof field.value === 'string' && field.value ? findEerCode(field.value) : null;
  const options = useMemo(() => searchEerCodes(query, 40), [query]);
  const error = fieldState.error?.message;
  return (
    <Box sx={{ gridColumn: '1 / -1', mb: 1 }}>
      <Autocomplete<TEerEntry, false, false, false>
        options={value && !options.some((o) => o.code === value.code) ? [value, ...options] : options}
        value={value}
        readOnly={props.readOnly}
        filterOptions={(list) => list}
        getOptionLabel={(entry) => eerLabel(entry, locale)}
        isOptionEqualToValue={(a, b) => a.code === b.code}
        onInputChange={(_, text, reason) => {
          if (reason === 'input') setQuery(text);
          if (reason === 'clear') setQuery('');
        }}
        onChange={(_, entry) => {
          field.onChange(entry?.code ?? null);
          setQuery('');
        }}
        onBlur={field.onBlur}
        noOptionsText={translate('forms.eer.noMatch')}
        renderOption={(optionProps, entry) => {
          const { key, ...rest } = optionProps as typeof optionProps & { key: string };
          return (
            <li key={key} {...rest} data-testid={`eer-option-${entry.code}`}>
              <Box>
                <Typography variant="body2" component="span" sx={{ fontWeight: 600, mr: 1, fontVariantNumeric: 'tabular-nums' }}>
                  {entry.display}
                </Typography>
                <Typography variant="body2" component="span">
                  {eerDescription(entry, languageOf(locale))}
                </Typography>
              </Box>
            </li>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            name={field.name}
            label={translate('resources.forms.fields.cer') + (isRequired ? ' *' : '')}
            placeholder={translate('forms.eer.search')}
            error={!!error}
            helperText={<InputHelperText error={error} helperText="forms.eer.search" />}
            slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'eer-input' } }}
          />
        )}
      />
      {value ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
          {value.hazardous ? <Chip size="small" color="error" label={translate('forms.eer.hazardous')} /> : null}
          {value.mirror ? <Chip size="small" color="warning" variant="outlined" label={translate('forms.eer.mirror')} /> : null}
          {value.code.endsWith('99') ? <Chip size="small" variant="outlined" label={translate('forms.eer.needsDescription')} /> : null}
        </Box>
      ) : null}
    </Box>
  );
}
