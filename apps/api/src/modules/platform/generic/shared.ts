import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { TDbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';

/** Shared pieces of the generic administration collections. */

export const ZRequiredText = (max: number) => z.string().trim().min(1, 'validation.required').max(max);
export const ZOptionalText = (max: number) => z.string().trim().max(max).nullish();
export const ZHttpUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) address' }).max(2048);

/** Address: streetName, zipCode, city, province, region, country. */
export const ZAddress = z.object({
  streetName: ZRequiredText(200),
  zipCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 -]{2,12}$/, 'must be a postal code')
    .nullish(),
  city: ZRequiredText(120),
  province: ZOptionalText(64),
  region: ZOptionalText(64),
  country: ZOptionalText(64),
});
export type TAddress = z.infer<typeof ZAddress>;

export { partialWithoutDefaults } from '../../../lib/schemas.ts';

/** A referenced row must exist (and match `where`); otherwise a 400 on that field. */
export async function assertReferenceExists(db: TDbOrTx, table: PgTable & { id: PgColumn }, id: unknown, path: string, where?: SQL) {
  if (id === undefined || id === null) return;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, String(id)), where));
  if (rows.length === 0) throw new AppError('VALIDATION_FAILED', 'Some fields are not valid', { details: [{ path, message: 'does not exist', value: id }] });
}
