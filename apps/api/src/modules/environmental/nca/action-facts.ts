import { and, eq, inArray } from 'drizzle-orm';
import { EVIDENCE_TAG, missingRequiredDocuments, type TCorrectiveActionFacts } from '@app/domain/environmental/nca/index';
import { correctiveActions, ncaReports, uploads, users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { holdsPermission } from '../../../lib/access.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { actionAssignment, assignmentHolder, holdsActionRoleOrFunction } from './nca-scope.ts';
import type { TCorrectiveActionRow } from './corrective-actions.ts';

/** The tags of the files uploaded to each of the actions (required documents and evidence are told by tag). */
export async function actionUploadTags(db: TDbOrTx, actionIds: string[]) {
  if (actionIds.length === 0) return [];
  return db
    .select({ id: uploads.linkedEntityId, tags: uploads.tags })
    .from(uploads)
    .where(and(eq(uploads.linkedEntityType, 'corrective-actions'), inArray(uploads.linkedEntityId, actionIds)));
}

/** Whether the actor is among the action's assignees: its agency, a named user, a holder of a role or company function it names where that reaches (holdsActionRoleOrFunction). */
async function isAssignee(db: TDbOrTx, ctx: TSignedInContext, row: TCorrectiveActionRow): Promise<boolean> {
  if (row.agencyId && row.agencyId === ctx.actor.agencyId) return true;
  if (row.userIds.includes(ctx.actor.id)) return true;
  if (row.roleIds.length === 0 && row.agencyFunctionSettingIds.length === 0) return false;
  const [held] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(correctiveActions, eq(correctiveActions.id, row.id))
    .where(and(eq(users.id, ctx.actor.id), holdsActionRoleOrFunction(actionAssignment, assignmentHolder)));
  return !!held;
}

export async function actionFacts(db: TDbOrTx, ctx: TSignedInContext, row: TCorrectiveActionRow): Promise<TCorrectiveActionFacts> {
  const [report] = await db.select({ status: ncaReports.status }).from(ncaReports).where(eq(ncaReports.id, row.reportId));
  const files = await actionUploadTags(db, [row.id]);
  return {
    reportStatus: report.status,
    missingRequiredDocuments: missingRequiredDocuments(
      row.documents,
      files.map((f) => f.tags),
    ),
    isDocumentRequired: row.isDocumentRequired,
    evidenceCount: files.filter((f) => f.tags.some((t) => t.toLowerCase() === EVIDENCE_TAG)).length,
    isAssignee: await isAssignee(db, ctx, row),
    // "Admins confirm corrective actions": consortium staff only holding actions.update with the permission system on.
    mayConfirm: await holdsPermission(ctx, 'corrective-actions', 'confirm'),
  };
}
