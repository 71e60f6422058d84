import { eurosToCents } from '@app/domain/tourist-tax/money';
import { formatCents, numberFormat } from '../i18n/format';

/** The API sends euro amounts as numbers with at most two decimals; code formats them from cents. */
export function formatEuros(euros: number | null | undefined, locale: string): string {
  if (euros === null || euros === undefined || !Number.isFinite(euros)) return '';
  return formatCents(eurosToCents(euros), locale);
}

export function formatPercent(percent: number | null | undefined, locale: string): string {
  if (percent === null || percent === undefined) return '';
  return `${numberFormat(locale, { maximumFractionDigits: 2 }).format(percent)} %`;
}
