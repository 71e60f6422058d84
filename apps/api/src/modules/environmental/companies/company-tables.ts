import { eq } from 'drizzle-orm';
import type { TCompanyKind } from '@app/domain/environmental/companies';
import { agencies, laboratories } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';

/** Agencies and laboratories share their registry columns; one helper addresses either table. */
export type TCompanyRef = { kind: TCompanyKind; id: string };
export type TCompanyRow = typeof agencies.$inferSelect;

// Same columns, different table names: typed as agencies so one query serves both.
export const companyTable = (kind: TCompanyKind) => (kind === 'agency' ? agencies : (laboratories as unknown as typeof agencies));

/** The users column that links an account to its company. */
export const USER_LINK_OF_COMPANY = { agency: 'agencyId', laboratory: 'laboratoryId' } as const satisfies Record<TCompanyKind, string>;

/** The entity name audit entries and collections use. */
export const ENTITY_OF_COMPANY = { agency: 'agencies', laboratory: 'laboratories' } as const satisfies Record<TCompanyKind, string>;

/** Loads a company and locks its row for the rest of the transaction; 404 when it does not exist. */
export async function lockCompany(tx: TDbOrTx, ref: TCompanyRef): Promise<TCompanyRow> {
  const table = companyTable(ref.kind);
  const [row] = await tx.select().from(table).where(eq(table.id, ref.id)).for('update');
  if (!row) throw notFound(ref.kind === 'agency' ? 'Agency' : 'Laboratory');
  return row;
}

export async function companyExists(db: TDbOrTx, kind: TCompanyKind, id: string): Promise<boolean> {
  const table = companyTable(kind);
  return (await db.select({ id: table.id }).from(table).where(eq(table.id, id))).length > 0;
}
