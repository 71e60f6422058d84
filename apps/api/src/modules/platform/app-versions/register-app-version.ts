import { and, eq } from 'drizzle-orm';
import { appVersions } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import type { TRealtime } from '../../../lib/services.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { compareVersions, highestVersion } from './compare-versions.ts';

export type TAppVersionRow = typeof appVersions.$inferSelect;

export function appVersionToRecord(row: TAppVersionRow, isLatest: boolean) {
  return { _id: row.id, name: row.name, version: row.version, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(), isLatest };
}

/** The highest version recorded for a build type (by version order, not by insertion time). */
export async function findLastAppVersion(db: TDbOrTx, name: string): Promise<TAppVersionRow | undefined> {
  return highestVersion(await db.select().from(appVersions).where(eq(appVersions.name, name)));
}

/**
 * Records a released version of a build type. When it is newer than every version known before,
 * every connected client learns about it on the `app-versions` channel (after the commit).
 * Registering a known version again changes nothing.
 */
export async function registerAppVersion(ctx: TSignedInContext, realtime: Pick<TRealtime, 'broadcast'>, input: { name: string; version: string }) {
  const result = await ctx.db.transaction(async (tx) => {
    const previous = await findLastAppVersion(tx, input.name);
    const [inserted] = await tx.insert(appVersions).values(input).onConflictDoNothing().returning();
    if (!inserted) {
      const [existing] = await tx
        .select()
        .from(appVersions)
        .where(and(eq(appVersions.name, input.name), eq(appVersions.version, input.version)));
      return { row: existing, created: false, isLatest: !!previous && previous.id === existing.id };
    }
    await recordAudit(tx, ctx, { action: 'create', entityType: 'app-versions', entityId: inserted.id, changes: { name: { to: input.name }, version: { to: input.version } } });
    const isLatest = !previous || compareVersions(input.version, previous.version) > 0;
    return { row: inserted, created: true, isLatest };
  });
  if (result.created && result.isLatest) realtime.broadcast('app-versions', { name: result.row.name, version: result.row.version });
  return result;
}
