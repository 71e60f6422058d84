import { auditLogs } from '../db/schema/index.ts';
import type { TDbOrTx } from '../db/client.ts';
import type { TRequestContext } from './context.ts';

const ALWAYS_OMITTED = ['passwordHash', 'tokenHash', 'updatedAt', 'createdAt'];

/**
 * Secrets never reach the audit log, whatever a collection's `auditOmit` says: a record's history
 * shows every audited value to whoever reads the record. Named explicitly above, and any column whose
 * name says it is a password, a secret, a token or a hash (flags such as `needsPasswordChange` stay).
 */
const SECRET_FIELD = /^(password|secret|token)|(password|secret|token|hash)$/i;

export function isSecretField(key: string): boolean {
  return ALWAYS_OMITTED.includes(key) || SECRET_FIELD.test(key);
}

/**
 * Field-level changes between two versions of a row (either side may be absent): only the changed
 * fields, each with its value before and after, so a record's history can show and restore them.
 */
export function diffFields(before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined, omit: readonly string[] = []) {
  const changes: Record<string, { from?: unknown; to?: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (isSecretField(key) || omit.includes(key)) continue;
    const from = before?.[key];
    const to = after?.[key];
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    changes[key] = { ...(before ? { from } : {}), ...(after ? { to } : {}) };
  }
  return changes;
}

/**
 * Writes one audit entry in the caller's transaction, so that a rolled-back write leaves no
 * audit trace and a committed one always has it. Impersonated writes record both users.
 */
export async function recordAudit(
  db: TDbOrTx,
  ctx: Pick<TRequestContext, 'actor' | 'ip' | 'requestId'>,
  entry: { action: string; entityType: string; entityId?: string | null; changes?: Record<string, unknown>; actorId?: string | null; restoredFromId?: string | null },
) {
  await db.insert(auditLogs).values({
    actorId: entry.actorId ?? ctx.actor?.id ?? null,
    impersonatorId: ctx.actor?.impersonatorId ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    changes: entry.changes ?? null,
    ip: ctx.ip,
    requestId: ctx.requestId,
    restoredFromId: entry.restoredFromId ?? null,
  });
}
