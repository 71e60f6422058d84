import { and, eq, inArray } from 'drizzle-orm';
import { missingPhase1Fields, missingRequiredDocuments, phaseSignedIn, type TNcaReportFacts, type TSignStatus } from '@app/domain/environmental/nca/index';
import { correctiveActions, settings, signRequests, uploads } from '../../../db/schema/index.ts';
import type { TDbOrTx, TTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { holdsPermission } from '../../../lib/access.ts';
import type { TNcaReportRow } from './reports.ts';

/** The request context with its database handle swapped for the open transaction. */
export const inTx = (ctx: TSignedInContext, tx: TTx): TSignedInContext => ({ ...ctx, db: tx });

/** Required documents of the report's actions, by action name, that no linked upload names yet. */
async function actionsMissingDocuments(db: TDbOrTx, actions: (typeof correctiveActions.$inferSelect)[]): Promise<string[]> {
  const ids = actions.filter((a) => a.documents.some((d) => d.isRequired)).map((a) => a.id);
  if (ids.length === 0) return [];
  const files = await db
    .select({ id: uploads.linkedEntityId, tags: uploads.tags })
    .from(uploads)
    .where(and(eq(uploads.linkedEntityType, 'corrective-actions'), inArray(uploads.linkedEntityId, ids)));
  return actions
    .filter((a) => ids.includes(a.id))
    .filter(
      (a) =>
        missingRequiredDocuments(
          a.documents,
          files.filter((f) => f.id === a.id).map((f) => f.tags),
        ).length > 0,
    )
    .map((a) => a.name);
}

/** The statuses of the current round's requests, while the report collects a phase's signatures. */
export async function roundStatuses(db: TDbOrTx, report: TNcaReportRow): Promise<TSignStatus[]> {
  const phase = phaseSignedIn(report.status);
  if (!phase) return [];
  const rows = await db
    .select({ status: signRequests.status })
    .from(signRequests)
    .where(and(eq(signRequests.reportId, report.id), eq(signRequests.phase, phase), eq(signRequests.round, report.signRound)));
  return rows.map((r) => r.status);
}

/** Whether the consortium marks the severity as needing immediate containment before phase 1 is signed (NCA settings). */
async function severityNeedsContainment(db: TDbOrTx, severityId: string | null): Promise<boolean> {
  if (!severityId) return false;
  const [severity] = await db.select({ needsContainment: settings.needsContainment }).from(settings).where(eq(settings.id, severityId));
  return severity?.needsContainment ?? false;
}

/** What the report workflow's guards look at; `ctx` null for the system (it never forces a step). */
export async function reportFacts(db: TDbOrTx, ctx: TSignedInContext | null, report: TNcaReportRow): Promise<TNcaReportFacts> {
  const actions = await db.select().from(correctiveActions).where(eq(correctiveActions.reportId, report.id));
  return {
    missingPhase1Fields: missingPhase1Fields(report),
    // Free text stays possible; a 5-Why chain is a cause analysis too.
    hasCauseAnalysis: !!report.causeAnalysis?.trim() || report.fiveWhys.length > 0,
    containmentRequired: await severityNeedsContainment(db, report.warningLevelSettingId),
    containmentCount: report.containmentActions.length,
    actionStatuses: actions.map((a) => a.status),
    actionsMissingDocuments: await actionsMissingDocuments(db, actions),
    roundStatuses: await roundStatuses(db, report),
    // The three force actions share one grant and one key.
    mayForceSkip: ctx ? await holdsPermission(ctx, 'nca-reports', 'forceOpen') : false,
  };
}
