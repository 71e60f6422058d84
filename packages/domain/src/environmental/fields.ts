import { z } from 'zod';
import { isValidEmail, isValidPartitaIva, isValidPhone, normalizePartitaIva } from '../platform/identifiers/index.ts';
import { centsToEuros, eurosToCents, parseEuroAmount } from '../platform/money/index.ts';

/**
 * Field shapes shared by the environmental records. Messages are the API's: a translation key
 * (`validation.required`) or a short English sentence the web shows as is.
 */

/** The fields every record carries in the API (`_id`, ISO timestamps): the platform's. */
export { ZRecordBase } from '../platform/records/index.ts';

/** A doubtful value that was accepted: the record carries it so that every screen can show it. */
export const ZWarning = z.object({ path: z.string(), message: z.string(), reason: z.string().optional() });
export type TWarning = z.infer<typeof ZWarning>;

export const ZRequiredText = (max = 200) => z.string().trim().min(1, 'validation.required').max(max);

/** Optional text: '' and null both clear the field; absent leaves it alone (partial updates). */
export const ZOptionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((s) => (s === '' ? null : s));

export const ZPartitaIva = z.string().transform(normalizePartitaIva).refine(isValidPartitaIva, 'not a valid partita IVA (11 digits with the check digit)').describe('Partita IVA, 11 digits');

export const ZOptionalPhone = z
  .string()
  .trim()
  .max(30)
  .nullable()
  .optional()
  .transform((s) => (s === '' ? null : s))
  .refine((s) => s === null || s === undefined || isValidPhone(s), 'not a valid phone number');

export const ZEmailAddress = z.string().trim().max(254).refine(isValidEmail, 'not a valid e-mail address');

/** Euros with at most two decimals, as the API shows money; stored as integer cents. */
export const ZEuros = z
  .number()
  .min(0, 'must not be negative')
  .max(1_000_000, 'is too large')
  .refine((n) => parseEuroAmount(n) !== null, 'must have at most two decimals')
  .describe('Euros, at most two decimals');

export const toCents = (euros: number) => eurosToCents(euros);
export const toEuros = (cents: number) => centsToEuros(cents);
