import { eq, sql } from 'drizzle-orm';
import { ncaReportCode } from '@app/domain/environmental/nca/index';
import { lots, ncaCodeCounters } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import type { TNcaReportRow } from './reports.ts';

/**
 * The report's code, given when it opens: the lot's counter for the year is incremented in the
 * opening transaction (the upsert locks the counter row until the commit), so concurrent openings
 * of one lot wait for each other and a rolled-back opening gives its number back: no gaps, no twins.
 */
export async function assignReportCode(tx: TTx, report: TNcaReportRow, openDate: string): Promise<Partial<TNcaReportRow>> {
  if (report.code) return {};
  const year = Number(openDate.slice(0, 4));
  const [lot] = await tx.select({ code: lots.code }).from(lots).where(eq(lots.id, report.lotId));
  const [counter] = await tx
    .insert(ncaCodeCounters)
    .values({ lotId: report.lotId, year, lastSequence: 1 })
    .onConflictDoUpdate({ target: [ncaCodeCounters.lotId, ncaCodeCounters.year], set: { lastSequence: sql`${ncaCodeCounters.lastSequence} + 1` } })
    .returning({ sequence: ncaCodeCounters.lastSequence });
  return { code: ncaReportCode(lot.code, year, counter.sequence), codeYear: year, codeSequence: counter.sequence };
}
