import { sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../../db/client.ts';

/**
 * Whether the lab test report (RDP) a form's analysis reference points to exists. RDPs are built in
 * their own feature; until their table is in the database the link cannot be checked, so it is
 * refused ('unavailable') rather than stored unchecked.
 */
export async function rdpExists(db: TDbOrTx, id: string): Promise<boolean | 'unavailable'> {
  const table = await db.execute(sql`select to_regclass('public.rdps') is not null as present`);
  const present = (table as unknown as { rows: { present: boolean }[] }).rows[0]?.present;
  if (!present) return 'unavailable';
  const found = await db.execute(sql`select 1 from rdps where id = ${id}::uuid`);
  return (found as unknown as { rows: unknown[] }).rows.length > 0;
}
