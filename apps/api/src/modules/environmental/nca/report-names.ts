import { eq, inArray, isNull, and } from 'drizzle-orm';
import { draftDetails, summaryOf, type TDraftNameParts } from '@app/domain/environmental/nca/report-name';
import { italianDateOf } from '@app/domain/platform/time/italian-time';
import { agencies, lots, ncaReports } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { msg, type TMessageRef } from '../../../i18n/translate.ts';

/** What names each draft (code still null) among `reportIds`: its lot, agency, day of creation and summary. */
export async function draftNamePartsOf(db: TDbOrTx, reportIds: readonly string[]): Promise<Map<string, TDraftNameParts>> {
  if (reportIds.length === 0) return new Map();
  const rows = await db
    .select({ id: ncaReports.id, description: ncaReports.description, createdAt: ncaReports.createdAt, lot: lots.name, agency: agencies.businessName })
    .from(ncaReports)
    .leftJoin(lots, eq(lots.id, ncaReports.lotId))
    .leftJoin(agencies, eq(agencies.id, ncaReports.targetAgencyId))
    .where(and(inArray(ncaReports.id, [...reportIds]), isNull(ncaReports.code)));
  return new Map(rows.map((r) => [r.id, { lot: r.lot, agency: r.agency, createdOn: italianDateOf(r.createdAt), summary: summaryOf(r.description) }]));
}

/** A draft's name in messages: "in bozza del 02/11/2026 – Lotto 3 · Edil Rossi · Rumore" / "draft of 11/2/2026 – ...". */
export function draftName(parts: TDraftNameParts): TMessageRef {
  const details = draftDetails(parts);
  return details ? msg('nca.draftName', { date: parts.createdOn, details }) : msg('nca.draftNameBare', { date: parts.createdOn });
}
