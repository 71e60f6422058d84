import { eq } from 'drizzle-orm';
import { ncaReports } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { translate } from '../../../i18n/translate.ts';
import { appendHistory } from './nca-history.ts';
import { ncaName } from './report-notice-texts.ts';
import type { TEffectivenessCheckRow } from './effectiveness-checks.ts';

/**
 * A failed effectiveness check opens a new report citing the old one: a draft (pending) of the
 * consortium, prefilled with the old report's registry and phase-1 data, whose description says which
 * check failed and why. It takes its own code at opening; the old report stays closed (never reopened).
 * The description is data the consortium edits, written in Italian as the reports are.
 */
export async function openFollowUpReport(tx: TTx, ctx: TSignedInContext, check: TEffectivenessCheckRow, reason: string): Promise<string> {
  const [old] = await tx.select().from(ncaReports).where(eq(ncaReports.id, check.reportId));
  const description = translate('it', 'nca.effectiveness.followUpDescription', {
    nca: ncaName(old.code),
    date: check.dueDate,
    reason,
    description: old.description ?? '',
  });
  const [created] = await tx
    .insert(ncaReports)
    .values({
      status: 'pending',
      lotId: old.lotId,
      orderId: old.orderId,
      announcementId: old.announcementId,
      targetAgencyId: old.targetAgencyId,
      wbs: old.wbs,
      ambientSettingId: old.ambientSettingId,
      warningLevelSettingId: old.warningLevelSettingId,
      documentSettingIds: old.documentSettingIds,
      origin: old.origin,
      systemSettingId: old.systemSettingId,
      detectorName: old.detectorName,
      detectedByAgencyId: old.detectedByAgencyId,
      description: description.slice(0, 10_000),
      observerUsersIds: old.observerUsersIds,
      previousReportId: old.id,
      openedById: ctx.actor.id,
      signRound: 0,
    })
    .returning({ id: ncaReports.id });
  await appendHistory(tx, ctx.actor, {
    reportId: created.id,
    kind: 'change',
    action: 'followUpOpened',
    entityType: 'nca-reports',
    entityId: created.id,
    message: reason,
    data: { previousReportId: old.id, previousCode: old.code, checkId: check.id },
  });
  return created.id;
}
