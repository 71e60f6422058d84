import { and, eq, exists, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { correctiveActions, settings, users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { createNotification, pushNotification, type TNotificationInput, type TNotificationRow } from '../../platform/index.ts';
import { actionAssignment, assignmentHolder, holdsActionRoleOrFunction } from './nca-scope.ts';
import type { TNcaReportRow } from './reports.ts';

/**
 * Who hears of an NCA step: the target agency's users, the observers (named on the report, and the
 * default observers of the NCA settings), the consortium's staff, the report's author. Rows are
 * written in the step's transaction; bell pushes and e-mail copies go out after the commit.
 */
export type TNcaAudience = 'targetAgency' | 'observers' | 'consortium' | 'author';
export type TPendingNca = { rows: TNotificationRow[]; email: boolean }[];

const active = and(isNull(users.deletedAt), eq(users.isEnabled, true));

export async function audienceOf(db: TDbOrTx, report: TNcaReportRow, groups: readonly TNcaAudience[]): Promise<string[]> {
  const ids = new Set<string>();
  if (groups.includes('targetAgency')) {
    for (const u of await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.agencyId, report.targetAgencyId), active)))
      ids.add(u.id);
  }
  if (groups.includes('observers')) {
    for (const id of report.observerUsersIds) ids.add(id);
    for (const s of await db
      .select({ userId: settings.userId })
      .from(settings)
      .where(and(eq(settings.settingType, 'defaultObserver'), eq(settings.isActive, true))))
      if (s.userId) ids.add(s.userId);
  }
  if (groups.includes('consortium')) {
    for (const u of await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'consortium_user'), active)))
      ids.add(u.id);
  }
  if (groups.includes('author') && report.openedById) ids.add(report.openedById);
  return [...ids];
}

/** Agency users of the given agencies (assignees of corrective actions). */
async function usersOfAgencies(db: TDbOrTx, agencyIds: readonly string[]): Promise<string[]> {
  if (agencyIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.agencyId, [...agencyIds]), active));
  return rows.map((r) => r.id);
}

/**
 * The assignees of corrective actions: the users of each action's agency, the users named on it,
 * and the active holders of a role or company function it names where that reaches
 * (holdsActionRoleOrFunction).
 */
export async function assigneesOf(
  db: TDbOrTx,
  actions: readonly { id: string; agencyId: string | null; userIds: readonly string[]; roleIds: readonly string[]; agencyFunctionSettingIds: readonly string[] }[],
): Promise<string[]> {
  const ids = new Set(actions.flatMap((a) => a.userIds));
  for (const id of await usersOfAgencies(
    db,
    actions.map((a) => a.agencyId).filter((id): id is string => !!id),
  ))
    ids.add(id);
  const holding = actions.filter((a) => a.roleIds.length > 0 || a.agencyFunctionSettingIds.length > 0).map((a) => a.id);
  if (holding.length)
    for (const u of await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          active,
          exists(
            db
              .select({ id: correctiveActions.id })
              .from(correctiveActions)
              .where(and(inArray(correctiveActions.id, holding), holdsActionRoleOrFunction(actionAssignment, assignmentHolder))),
          ),
        ),
      ))
      ids.add(u.id);
  return [...ids];
}

/** Active accounts among the ids (a deleted or disabled account hears nothing). */
async function activeAmong(db: TDbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), or(active)));
  return rows.map((r) => r.id);
}

export async function notifyUsers(
  tx: TDbOrTx,
  userIds: readonly string[],
  input: TNotificationInput & { data: Record<string, unknown> },
  email: boolean,
  exceptUserId?: string,
): Promise<TPendingNca[number]> {
  const rows: TNotificationRow[] = [];
  for (const id of await activeAmong(
    tx,
    [...new Set(userIds)].filter((id) => id !== exceptUserId),
  ))
    rows.push(await createNotification(tx, id, input));
  return { rows, email };
}

export async function deliverNca(app: FastifyInstance, pending: TPendingNca) {
  const { db, realtime, mailer, config } = app.services;
  for (const batch of pending) for (const row of batch.rows) await pushNotification({ db, realtime, mailer, config }, row, { email: batch.email });
}
