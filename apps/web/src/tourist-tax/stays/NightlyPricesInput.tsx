import { useState } from 'react';
import { Box, FormControlLabel, FormHelperText, Switch, TextField, Typography } from '@mui/material';
import { useInput, useLocaleState, useTranslate } from 'react-admin';
import { formatEuros } from '../../components/format';
import { formatDate } from '../../i18n/format';
import { useWatchedValues } from '../../components/watchedValues';

/** A stay longer than this keeps one price for the whole stay: a form with more fields would not be usable. */
export const MAX_NIGHTS_PRICED_ONE_BY_ONE = 92;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The nights of a stay (check-in included, check-out excluded), as 'YYYY-MM-DD', or [] while the dates are not usable. */
export function nightsOf(checkIn: unknown, checkOut: unknown): string[] {
  if (typeof checkIn !== 'string' || typeof checkOut !== 'string' || !ISO_DATE.test(checkIn) || !ISO_DATE.test(checkOut) || checkOut <= checkIn) return [];
  const nights: string[] = [];
  const day = new Date(`${checkIn}T00:00:00Z`);
  const end = new Date(`${checkOut}T00:00:00Z`);
  while (day < end && nights.length <= MAX_NIGHTS_PRICED_ONE_BY_ONE) {
    nights.push(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return nights;
}

function isPrice(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && Math.round(value * 100) === value * 100;
}

/** Every night has a price in euros (at most two decimals), one per night of the stay. */
function validNightlyPrices(value: unknown, values: Record<string, unknown>) {
  if (value === null || value === undefined) return undefined;
  if (!Array.isArray(value)) return 'touristTax.nightlyPrices.invalid';
  const nights = nightsOf(values.checkIn, values.checkOut);
  if (value.length !== nights.length || !value.every(isPrice)) return 'touristTax.nightlyPrices.invalid';
  return undefined;
}

/**
 * The price of each night, when it varies (high and low season in one stay): a percentage tariff takes its
 * share of each night's own price instead of an even split of the stay's amount. Off by default; the API
 * field is `nightlyPrices`, one price per night in euros, or null.
 */
export function NightlyPricesInput({ readOnly }: { readOnly: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [checkIn, checkOut] = useWatchedValues(['checkIn', 'checkOut']);
  const { field, fieldState } = useInput({ source: 'nightlyPrices', validate: validNightlyPrices, defaultValue: null });
  const nights = nightsOf(checkIn, checkOut);
  const prices: unknown[] | null = Array.isArray(field.value) ? field.value : null;
  const on = prices !== null;
  const tooMany = nights.length > MAX_NIGHTS_PRICED_ONE_BY_ONE;
  // What the user typed, kept as text so that "12," or "12.5" can be typed on the way to a price.
  const [texts, setTexts] = useState<Record<string, string>>({});

  const toggle = (checked: boolean) => field.onChange(checked ? nights.map(() => null) : null);
  const setPrice = (index: number, text: string) => {
    // The array always follows the nights shown, so a changed date never leaves prices for nights that are gone.
    const next = nights.map((_, i) => (i < (prices?.length ?? 0) ? (prices?.[i] ?? null) : null));
    next[index] = text.trim() === '' ? null : Number(text.trim().replace(',', '.'));
    setTexts((current) => ({ ...current, [nights[index]]: text }));
    field.onChange(next);
  };
  const total = on && prices.every(isPrice) ? (prices as number[]).reduce((sum, p) => sum + Math.round(p * 100), 0) / 100 : null;

  return (
    <Box sx={{ gridColumn: '1 / -1' }} data-testid="nightly-prices">
      <FormControlLabel
        control={<Switch checked={on} onChange={(event) => toggle(event.target.checked)} disabled={readOnly || nights.length === 0 || (tooMany && !on)} />}
        label={translate('touristTax.nightlyPrices.toggle')}
      />
      <FormHelperText sx={{ mt: 0 }}>{translate(tooMany ? 'touristTax.nightlyPrices.tooMany' : 'touristTax.nightlyPrices.help', { max: MAX_NIGHTS_PRICED_ONE_BY_ONE })}</FormHelperText>
      {on && !tooMany ? (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))', gap: 1, mt: 1 }}>
            {nights.map((night, index) => {
              const value = prices?.[index];
              return (
                <TextField
                  key={night}
                  size="small"
                  label={formatDate(night, locale)}
                  value={texts[night] ?? (typeof value === 'number' && Number.isFinite(value) ? String(value) : '')}
                  onChange={(event) => setPrice(index, event.target.value)}
                  error={fieldState.invalid && !isPrice(value)}
                  slotProps={{ htmlInput: { inputMode: 'decimal', readOnly, 'aria-label': translate('touristTax.nightlyPrices.night', { date: formatDate(night, locale) }) } }}
                />
              );
            })}
          </Box>
          <Typography variant="body2" sx={{ mt: 1 }} color={fieldState.invalid ? 'error' : 'text.secondary'}>
            {fieldState.invalid ? translate('touristTax.nightlyPrices.invalid') : translate('touristTax.nightlyPrices.total', { amount: total === null ? '—' : formatEuros(total, locale) })}
          </Typography>
        </>
      ) : null}
    </Box>
  );
}
