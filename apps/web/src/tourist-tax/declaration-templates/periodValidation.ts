/*
 * Client checks of a declaration period, the same as the API's checkPeriod
 * (apps/api/src/modules/tourist-tax/declarations/declaration-templates.ts): dates inside the year and in order,
 * deadlines not before the end of the period. Each returns a translation key or undefined.
 */

type TValues = Record<string, unknown>;
const day = (value: unknown) => (typeof value === 'string' && value ? value.slice(0, 10) : null);

export function dateInYear(value: unknown, values: TValues): string | undefined {
  const date = day(value);
  const year = Number(values?.year);
  if (!date || !Number.isInteger(year)) return undefined;
  return Number(date.slice(0, 4)) === year ? undefined : 'filings.validation.dateInYear';
}

export function dateToNotBeforeFrom(value: unknown, values: TValues): string | undefined {
  const to = day(value);
  const from = day(values?.dateFrom);
  if (!to || !from) return undefined;
  return to >= from ? undefined : 'filings.validation.dateToBeforeFrom';
}

export function deadlineNotBeforeEnd(value: unknown, values: TValues): string | undefined {
  const deadline = day(value);
  const end = day(values?.dateTo);
  if (!deadline || !end) return undefined;
  return deadline >= end ? undefined : 'filings.validation.deadlineBeforeEnd';
}
