import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { centsToEuros, eurosToCents, parseEuroAmount } from '@app/domain/tourist-tax/money';
import {
  isValidCodiceFiscale,
  isValidEmail,
  isValidIban,
  isValidPartitaIva,
  isValidPhone,
  normalizeCin,
  normalizeCodiceFiscale,
  normalizeIban,
  normalizePartitaIva,
} from '@app/domain/platform/identifiers/index';
import { checkCin } from '@app/domain/platform/identifiers/cin';
import { relevantAreas, structureClasses, structureTypes } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { rowToRecord } from '../../../lib/collection/serialize.ts';
import { validationFailed, type TErrorDetail } from '../../../lib/errors.ts';
import { ZDateString } from '../../../lib/schemas.ts';

/** Shared field shapes of the tourist-tax API. Euro amounts are numbers with at most two decimals. */

export const ZEuros = z
  .number()
  .min(0, 'must not be negative')
  .max(10_000_000, 'is too large')
  .refine((n) => parseEuroAmount(n) !== null, 'must have at most two decimals')
  .describe('Euros, at most two decimals');

/** A percentage 0-100 with at most two decimals (stored as basis points: 12.5% = 1250). */
export const ZPercent = z
  .number()
  .min(0, 'must not be negative')
  .max(100, 'must be at most 100')
  .refine((n) => parseEuroAmount(n) !== null, 'must have at most two decimals')
  .describe('Percent 0-100, at most two decimals');

export const ZText = (max = 500) => z.string().trim().max(max);
export const ZOptionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((s) => (s === '' ? null : s));
export const ZRequiredName = z.string().trim().min(1, 'validation.required').max(200);
export const ZOptionalUuid = z.uuid().nullable().optional();
export const ZOptionalDate = ZDateString.nullable().optional();
export const ZMaxNights = z.number().int('must be a whole number').min(0).max(366).nullable().optional().describe('Empty or 0 = no cap');

export function toCents(euros: number): number;
export function toCents(euros: number | null | undefined): number | null;
export function toCents(euros: number | null | undefined): number | null {
  return euros === null || euros === undefined ? null : eurosToCents(euros);
}
export function toEuros(cents: number): number;
export function toEuros(cents: number | null | undefined): number | null;
export function toEuros(cents: number | null | undefined): number | null {
  return cents === null || cents === undefined ? null : centsToEuros(cents);
}
/** 12.5 % -> 1250 basis points */
export const toBasisPoints = (percent: number) => Math.round(percent * 100);
export const toPercent = (basisPoints: number) => basisPoints / 100;

/** rowToRecord, then replaces the named cents columns with euro fields. */
export function recordWithEuros(row: Record<string, unknown>, money: Record<string, string>, omit: string[] = []): Record<string, unknown> {
  const record = rowToRecord(row, [...omit, ...Object.keys(money)]);
  for (const [centsKey, eurosKey] of Object.entries(money)) record[eurosKey] = toEuros(row[centsKey] as number | null);
  return record;
}

/** Keeps only the keys present in the input (a partial update must not blank other columns). */
export function pickDefined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const REGISTRY_TABLES = {
  structureTypeId: structureTypes,
  structureClassId: structureClasses,
  relevantAreaId: relevantAreas,
} as const;

/**
 * Checks that the structure type / class / relevant area referenced by a row belong to the same
 * comune; collects one detail per bad reference.
 */
export async function registryRefsProblems(tx: TDbOrTx, cityId: string, refs: Partial<Record<keyof typeof REGISTRY_TABLES, string | null | undefined>>): Promise<TErrorDetail[]> {
  const details: TErrorDetail[] = [];
  for (const [field, table] of Object.entries(REGISTRY_TABLES) as [keyof typeof REGISTRY_TABLES, (typeof REGISTRY_TABLES)[keyof typeof REGISTRY_TABLES]][]) {
    const id = refs[field];
    if (!id) continue;
    const [row] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, id), eq(table.cityId, cityId)));
    if (!row) details.push({ path: field, message: 'does not exist in this comune', value: id });
  }
  return details;
}

export async function assertRegistryRefs(tx: TDbOrTx, cityId: string, refs: Parameters<typeof registryRefsProblems>[2]) {
  const details = await registryRefsProblems(tx, cityId, refs);
  if (details.length) throw validationFailed(details);
}

/** Ids among `ids` that have no row in `table` (optionally restricted by an extra column value). */
export async function missingIds(tx: TDbOrTx, table: PgTable & { id: PgColumn }, ids: string[], where?: { column: PgColumn; value: unknown }) {
  if (ids.length === 0) return [];
  const condition = where ? and(inArray(table.id, ids), eq(where.column, where.value)) : inArray(table.id, ids);
  const rows = (await tx
    .select({ id: table.id })
    .from(table as never)
    .where(condition)) as { id: string }[];
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/**
 * Optional identifier fields: empty string and null mean "not given"; a given value is normalised
 * (spaces removed, upper case) and checked with the domain validators (check digits included).
 */
export function optionalChecked(normalize: (s: string) => string, isValid: (s: string) => boolean, message: string, max = 100) {
  return z
    .string()
    .max(max)
    .nullable()
    .optional()
    .transform((s) => (s === undefined ? undefined : s === null || s.trim() === '' ? null : normalize(s)))
    .refine((s) => s === undefined || s === null || isValid(s), message);
}

/** An optional text that, when given, must match `pattern` after trimming and upper-casing. */
export function optionalPattern(pattern: RegExp, message: string, max = 100) {
  return optionalChecked(
    (s) => s.trim().toUpperCase(),
    (s) => pattern.test(s),
    message,
    max,
  );
}

export const ZTaxCode = optionalChecked(normalizeCodiceFiscale, isValidCodiceFiscale, 'validation.taxCode: not a valid codice fiscale (check character)', 16).describe(
  'Codice fiscale: 16 characters (person) or 11 digits (company), check character verified',
);
export const ZVatNumber = optionalChecked(normalizePartitaIva, isValidPartitaIva, 'validation.vatNumber: not a valid partita IVA (11 digits, check digit)', 20).describe(
  'Partita IVA, 11 digits with Luhn check digit',
);
export const ZIban = optionalChecked(normalizeIban, isValidIban, 'validation.iban: not a valid IBAN (checksum)', 40).describe('IBAN, ISO 13616 mod-97 checked');
export const ZEmailField = optionalChecked((s) => s.trim(), isValidEmail, 'validation.email: not a valid e-mail address', 254);
export const ZPhone = optionalChecked((s) => s.trim(), isValidPhone, 'validation.phone: not a valid phone number', 30);
export const ZCin = optionalChecked(normalizeCin, (s) => checkCin(s).valid, 'validation.cin: not a valid CIN (IT + 6-digit ISTAT code + 2 + up to 8 letters or digits)', 20).describe(
  'Codice identificativo nazionale, e.g. IT058091C27G5FFZDZ',
);
