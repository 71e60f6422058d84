import { useEffect, useState } from 'react';
import { Autocomplete, TextField, Typography } from '@mui/material';
import { useInput, useLocaleState, useTranslate, useWrappedSource } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { keepPreviousData, useCustomQuery } from '../../dataProvider/hooks';
import type { TPoliceCode, TPoliceCodeKind } from '../../dataProvider/stays';
import { formatDate } from '../../i18n/format';

const CODE = /^(\d{9}|[A-Z]{5})$/;
const ITALY = '100000100';

/** "GAETA (LT)", "GERMANIA", "PASSAPORTO ORDINARIO": what the list shows of an entry. */
export function policeCodeLabel(entry: Pick<TPoliceCode, 'name' | 'province'>): string {
  return entry.province ? `${entry.name} (${entry.province})` : entry.name;
}

/**
 * A guest field the questura's file carries as a code of the Alloggiati Web tables (birth comune,
 * birth state, citizenship, place of issue, document type), searched by name as the hotelier types.
 * The field keeps the code; a name typed before the tables existed is kept too (the file's writer
 * resolves it by name, or names it in its error). Picking a birth comune also fills the province.
 */
export function PoliceCodeInput({
  source,
  kind,
  label,
  readOnly,
  provinceSource,
  countrySource,
}: {
  source: string;
  kind: TPoliceCodeKind;
  label: string;
  readOnly: boolean;
  provinceSource?: string;
  /** A birth comune picked means born in Italy: the birth state is set to Italy when still empty. */
  countrySource?: string;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { setValue, getValues } = useFormContext();
  // Inside a repeated guest row the province is that row's (guests.2.birthProvince).
  const provincePath = useWrappedSource(provinceSource ?? source);
  const countryPath = useWrappedSource(countrySource ?? source);
  const { field, fieldState } = useInput({ source, defaultValue: null, parse: (value: string | null) => value || null });
  const value = typeof field.value === 'string' ? field.value : '';
  const [text, setText] = useState('');
  // What the stored code stands for (one exact search), so that a saved stay shows names, not codes.
  const stored = useCustomQuery('searchPoliceCodes', [kind, value], { enabled: CODE.test(value), staleTime: Infinity });
  const current = stored.data?.find((entry) => entry.code === value) ?? null;
  useEffect(() => setText(current ? policeCodeLabel(current) : value), [current, value]);
  const query = text.trim();
  const typing = query.length >= 2 && query !== (current ? policeCodeLabel(current) : value);
  const found = useCustomQuery('searchPoliceCodes', [kind, query], { enabled: typing, placeholderData: keepPreviousData, staleTime: 60_000 });
  const options = typing ? (found.data ?? []) : current ? [current] : [];

  return (
    <Autocomplete<TPoliceCode, false, false, true>
      freeSolo
      options={options}
      value={current ?? (value || null)}
      inputValue={text}
      readOnly={readOnly}
      filterOptions={(all) => all}
      getOptionLabel={(option) => (typeof option === 'string' ? option : policeCodeLabel(option))}
      isOptionEqualToValue={(option, selected) => typeof selected !== 'string' && option.code === selected.code}
      onInputChange={(_event, next, reason) => {
        if (reason === 'input') setText(next);
      }}
      onChange={(_event, next) => {
        if (next === null) field.onChange(null);
        else if (typeof next === 'string') field.onChange(next.trim() || null);
        else {
          field.onChange(next.code);
          if (provinceSource && next.province) setValue(provincePath, next.province, { shouldDirty: true });
          if (countrySource && next.kind === 'comune' && !getValues(countryPath)) setValue(countryPath, ITALY, { shouldDirty: true });
        }
      }}
      onBlur={() => {
        // Text typed and not picked stays as typed: saving for the tax is never blocked by the lists.
        if (!current && text.trim() !== value) field.onChange(text.trim() || null);
        field.onBlur();
      }}
      renderOption={(props, option) => (
        <li {...props} key={option.code}>
          {policeCodeLabel(option)}
          {option.validTo && (
            <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
              {translate('touristTax.policeFiles.closedCode', { date: formatDate(option.validTo, locale) })}
            </Typography>
          )}
        </li>
      )}
      noOptionsText={translate('touristTax.policeFiles.noCode')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate(label)}
          error={fieldState.invalid}
          helperText={translate(
            current?.validTo ? 'touristTax.policeFiles.closedCodeHelp' : current ? 'touristTax.policeFiles.codeHelp' : value ? 'touristTax.policeFiles.notACode' : 'touristTax.policeFiles.searchHelp',
            { code: current?.code ?? '', date: current?.validTo ? formatDate(current.validTo, locale) : '' },
          )}
        />
      )}
      sx={{ minWidth: 220 }}
      data-testid={`police-code-${source}`}
    />
  );
}
