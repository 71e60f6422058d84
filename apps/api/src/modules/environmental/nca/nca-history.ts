import { asc, eq } from 'drizzle-orm';
import { ncaHistory, users } from '../../../db/schema/index.ts';
import type { TDbOrTx, TTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';

/**
 * The append-only history of a report (its timeline): every transition of the report, its actions
 * and its sign requests, every signature, comment and change, with who (and who impersonated them),
 * when and what. Rows are only ever inserted (the table refuses updates and deletes).
 */
export type THistoryEntry = {
  reportId: string;
  kind: 'transition' | 'signature' | 'comment' | 'change';
  action: string;
  entityType: 'nca-reports' | 'corrective-actions' | 'sign-requests' | 'nca-effectiveness-checks';
  entityId: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  message?: string | null;
  data?: Record<string, unknown>;
};

/** Writes one entry in the caller's transaction; `actor` null is the system. */
export async function appendHistory(tx: TTx | TDbOrTx, actor: Pick<TSignedInContext['actor'], 'id' | 'impersonatorId'> | null, entry: THistoryEntry) {
  await tx.insert(ncaHistory).values({
    createdAt: new Date(),
    reportId: entry.reportId,
    kind: entry.kind,
    action: entry.action,
    actorId: actor && actor.id !== 'system' ? actor.id : null,
    impersonatorId: actor?.impersonatorId ?? null,
    entityType: entry.entityType,
    entityId: entry.entityId,
    fromStatus: entry.fromStatus ?? null,
    toStatus: entry.toStatus ?? null,
    message: entry.message ?? null,
    data: entry.data ?? {},
  });
}

/** The timeline of one report, oldest first, with the actors' names. */
export async function readTimeline(db: TDbOrTx, reportId: string) {
  const rows = await db
    .select({ entry: ncaHistory, name: users.name, surname: users.surname, email: users.email })
    .from(ncaHistory)
    .leftJoin(users, eq(users.id, ncaHistory.actorId))
    .where(eq(ncaHistory.reportId, reportId))
    .orderBy(asc(ncaHistory.sequence));
  return rows.map(({ entry, name, surname, email }) => ({
    _id: entry.id,
    createdAt: entry.createdAt.toISOString(),
    kind: entry.kind as THistoryEntry['kind'],
    action: entry.action,
    actorId: entry.actorId,
    actorName: entry.actorId ? [name, surname].filter(Boolean).join(' ') || (email ?? '') : null,
    impersonatorId: entry.impersonatorId,
    entityType: entry.entityType,
    entityId: entry.entityId,
    fromStatus: entry.fromStatus,
    toStatus: entry.toStatus,
    message: entry.message,
    data: entry.data,
  }));
}
