import { describe, expect, it } from 'vitest';
import { formatCents, formatDate, formatDateTime, formatNumber, intlLocale, numberFormat } from './format';

// Intl separates the amount and the symbol with a no-break space.
const nbsp = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

describe('format helpers', () => {
  it('maps app locales to Intl locales', () => {
    expect(intlLocale('it')).toBe('it-IT');
    // English dates read day first (never the US 11/29/2026).
    expect(intlLocale('en')).toBe('en-GB');
    expect(intlLocale('en-US')).toBe('en-GB');
  });

  it('formats euro cents as 1.234,56 € in Italian and €1,234.56 in English', () => {
    expect(nbsp(formatCents(123456, 'it'))).toBe('1.234,56 €');
    expect(formatCents(123456, 'en')).toBe('€1,234.56');
    expect(nbsp(formatCents(5, 'it'))).toBe('0,05 €');
    expect(nbsp(formatCents(-100050, 'it'))).toBe('-1.000,50 €');
  });

  it('groups four-digit numbers in Italian', () => {
    expect(formatNumber(1234, 'it')).toBe('1.234');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
  });

  it('formats calendar dates without shifting the day', () => {
    expect(formatDate('2024-01-05', 'it')).toBe('05/01/2024');
    expect(formatDate('2024-01-05', 'en')).toBe('05/01/2024');
    expect(formatDate('2026-11-29', 'en')).toBe('29/11/2026');
    expect(formatDate(null, 'it')).toBe('');
  });

  it('formats instants with time, in Italian time unless told otherwise', () => {
    expect(formatDateTime('2024-03-01T10:30:00.000Z', 'it', { timeZone: 'UTC' })).toBe('01/03/2024, 10:30');
    // 23:30 UTC on 28 November is 00:30 on the 29th in Rome, whatever the browser's zone; English is day first, 24-hour.
    expect(formatDateTime('2026-11-28T23:30:00.000Z', 'it')).toBe('29/11/2026, 00:30');
    expect(formatDateTime('2026-11-28T23:30:00.000Z', 'en')).toBe('29/11/2026, 00:30');
    expect(formatDate('2026-11-28T23:30:00.000Z', 'en')).toBe('29/11/2026');
  });

  it('keeps one formatter per locale and options, and never hands out one built for other options', () => {
    expect(numberFormat('it', { maximumFractionDigits: 2 })).toBe(numberFormat('it-IT', { maximumFractionDigits: 2 }));
    expect(numberFormat('it', { maximumFractionDigits: 2 })).not.toBe(numberFormat('en', { maximumFractionDigits: 2 }));
    expect(numberFormat('it', { maximumFractionDigits: 2 })).not.toBe(numberFormat('it', { maximumFractionDigits: 0 }));
    // Interleaved, each call still formats with its own locale and options.
    expect(formatNumber(1234.56, 'it', { maximumFractionDigits: 0 })).toBe('1.235');
    expect(nbsp(formatCents(123456, 'it'))).toBe('1.234,56 €');
    expect(formatNumber(1234.56, 'en', { maximumFractionDigits: 1 })).toBe('1,234.6');
    expect(formatDate('2024-01-05', 'en')).toBe('05/01/2024');
    expect(formatDate('2024-01-05', 'it')).toBe('05/01/2024');
    expect(formatDateTime('2024-03-01T10:30:00.000Z', 'it', { timeZone: 'UTC', dateOnly: true })).toBe('01/03/2024');
  });
});
