import { checkPartyTaxCode, isValidFirNumber, parseQuantity, ALBO_NUMBER } from '@app/domain/environmental/waste/form-rules';
import { ISTAT_COMUNE_CODE, RENTRI_SITE_NUMBER } from '@app/domain/environmental/waste/rentri-codes';

/*
 * The form's field checks on the client, from the same domain rules the API applies; each returns a
 * translation key, or the domain's own message, or undefined when the value is fine.
 */
type TValues = Record<string, unknown>;

const isEmpty = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** The nation of the party a tax-code input belongs to (`transporters.0.taxCode` -> `transporters.0.nationId`). */
function nationOf(values: TValues, source: string): string | null {
  const path = source.split('.').slice(0, -1);
  let node: unknown = values;
  for (const key of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  const nation = node && typeof node === 'object' ? (node as Record<string, unknown>).nationId : null;
  return typeof nation === 'string' && nation ? nation : null;
}

export const validPartyTaxCode = (value: unknown, values: TValues, props?: { source?: string }) => {
  if (isEmpty(value)) return undefined;
  return checkPartyTaxCode(String(value), props?.source ? nationOf(values, props.source) : null) ? 'forms.validation.taxCode' : undefined;
};

export const validFirNumber = (value: unknown) => (isEmpty(value) || isValidFirNumber(String(value)) ? undefined : 'forms.validation.firNumber');

export const validAlbo = (value: unknown) => (isEmpty(value) || ALBO_NUMBER.test(String(value).trim()) ? undefined : 'forms.validation.albo');

export const validQuantity = (value: unknown) => {
  if (isEmpty(value)) return undefined;
  return parseQuantity(value).ok ? undefined : 'forms.validation.quantity';
};

export const validIstatCode = (value: unknown) => (isEmpty(value) || ISTAT_COMUNE_CODE.test(String(value).trim()) ? undefined : 'forms.validation.istatCode');

export const validSiteNumber = (value: unknown) => (isEmpty(value) || RENTRI_SITE_NUMBER.test(String(value).trim()) ? undefined : 'forms.validation.siteNumber');
