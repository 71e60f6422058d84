import { reachesAll } from '../../../lib/access.ts';
import { createHash } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { uploads } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import type { TServices } from '../../../lib/fastify-types.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { detectFileFormat, uploadRules } from './detect-file-format.ts';
import { linkAccessFor } from './link-policies.ts';
import { claimedExtension, safeBaseName, type TUploadData, type TUploadRow } from './upload-record.ts';

type TUploadServices = Pick<TServices, 'collections' | 'storage'>;

async function assertCanSeeLinkedRecord(services: TUploadServices, ctx: TSignedInContext, linkedEntityType: string, linkedEntityId: string) {
  const access = linkAccessFor(services.collections, linkedEntityType);
  if (!access.known) {
    throw new AppError('VALIDATION_FAILED', 'Files cannot be linked to this kind of record', {
      details: [{ path: 'linkedEntityType', message: 'unknown linked entity type', value: linkedEntityType }],
    });
  }
  if (!(await access.canSee(ctx, linkedEntityId))) throw notFound('Linked record');
  if (access.attachNeedsChange && !(await access.canModify(ctx, linkedEntityId))) throw new AppError('FORBIDDEN', 'Only who may change this record may attach files to it');
}

/**
 * Stores an uploaded file: the linked record must be visible to the caller, the content must be
 * one of the formats its purpose (named, or inferred from the linked record, see uploadRules) accepts (checked on the bytes), the bytes go to storage under a
 * generated key and the metadata row (with sha256) is written with its audit entry.
 */
export async function storeUpload(services: TUploadServices, ctx: TSignedInContext, file: { bytes: Buffer; fileName: string | null }, data: TUploadData): Promise<TUploadRow> {
  if (data.linkedEntityType && data.linkedEntityId) await assertCanSeeLinkedRecord(services, ctx, data.linkedEntityType, data.linkedEntityId);
  if (file.bytes.length === 0) throw new AppError('VALIDATION_FAILED', 'The file is empty', { details: [{ path: 'file', message: 'is empty' }] });

  const info = data.additionalInfo ?? {};
  const givenName = info.fullName ?? info.name ?? file.fileName;
  const detected = await detectFileFormat(file.bytes, claimedExtension(info.format, info.fullName ?? file.fileName ?? info.name));
  const { accepted, purposeOf } = uploadRules(data.purpose, data.linkedEntityType);
  if (!detected.format || !accepted.includes(detected.format)) {
    const what = detected.format ?? detected.detected;
    throw new AppError('UNSUPPORTED_FILE_TYPE', `This file is not accepted here: expected ${accepted.join(', ')}`, {
      details: [{ path: 'file', message: `the content is ${what}; accepted: ${accepted.join(', ')}` }],
    });
  }

  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const storageKey = await services.storage.put(file.bytes);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(uploads)
        .values({
          ownerId: ctx.actor.id,
          linkedEntityId: data.linkedEntityId ?? null,
          linkedEntityType: data.linkedEntityType ?? null,
          purpose: purposeOf(detected.format),
          name: safeBaseName(givenName),
          format: detected.format,
          mimeType: detected.mimeType,
          size: file.bytes.length,
          storageKey,
          sha256,
          tags: data.tags,
        })
        .returning();
      await recordAudit(tx, ctx, {
        action: 'create',
        entityType: 'uploads',
        entityId: row.id,
        changes: {
          name: { to: row.name },
          format: { to: row.format },
          size: { to: row.size },
          sha256: { to: sha256 },
          linkedEntityType: { to: row.linkedEntityType },
          linkedEntityId: { to: row.linkedEntityId },
        },
      });
      return row;
    });
  } catch (error) {
    await services.storage.remove(storageKey).catch(() => undefined);
    throw error;
  }
}

/** Who reads all uploads sees every one; unlinked ones are their owner's; linked ones follow the linked record. */
export async function canSeeUpload(services: Pick<TServices, 'collections'>, ctx: TSignedInContext, row: TUploadRow): Promise<boolean> {
  if (reachesAll(ctx.actor, 'uploads', 'read')) return true;
  if (!row.linkedEntityType || !row.linkedEntityId) return row.ownerId === ctx.actor.id;
  return linkAccessFor(services.collections, row.linkedEntityType).canSee(ctx, row.linkedEntityId);
}

export async function findVisibleUpload(services: Pick<TServices, 'collections'>, ctx: TSignedInContext, id: string): Promise<TUploadRow> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw notFound('Upload');
  const [row] = await ctx.db.select().from(uploads).where(eq(uploads.id, id));
  if (!row || !(await canSeeUpload(services, ctx, row))) throw notFound('Upload');
  return row;
}

/** Uploads linked to one record, newest first, for a caller who may see that record. */
export async function listUploadsOfRecord(services: Pick<TServices, 'collections'>, ctx: TSignedInContext, linkedEntityType: string, linkedEntityId: string) {
  const access = linkAccessFor(services.collections, linkedEntityType);
  if (!reachesAll(ctx.actor, 'uploads', 'list') && !(await access.canSee(ctx, linkedEntityId))) throw notFound('Linked record');
  return listLinkedUploads(ctx.db, linkedEntityType, linkedEntityId);
}

/** For other modules (no access check): the uploads linked to a record, e.g. required documents. */
export function listLinkedUploads(db: TDbOrTx, linkedEntityType: string, linkedEntityId: string) {
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.linkedEntityType, linkedEntityType), eq(uploads.linkedEntityId, linkedEntityId)))
    .orderBy(desc(uploads.createdAt));
}

/**
 * For other modules: links an upload made before its record existed (unlinked, owned by the
 * caller, or any unlinked one for an admin) to the record, inside the caller's transaction.
 */
export async function linkUploadToRecord(tx: TDbOrTx, ctx: TSignedInContext, uploadId: string, linkedEntityType: string, linkedEntityId: string) {
  const ownership = reachesAll(ctx.actor, 'uploads', 'create') ? undefined : eq(uploads.ownerId, ctx.actor.id);
  const [row] = await tx
    .update(uploads)
    .set({ linkedEntityType, linkedEntityId, updatedAt: new Date() })
    .where(and(eq(uploads.id, uploadId), isNull(uploads.linkedEntityId), ownership))
    .returning();
  if (!row) throw new AppError('VALIDATION_FAILED', 'This file cannot be attached', { details: [{ path: 'uploadId', message: 'not one of your unattached files', value: uploadId }] });
  return row;
}

/**
 * Deletes an upload: who cannot see it gets 404; who can see it may delete it when they own it,
 * are admin, or may change the linked record. The bytes are removed after the commit.
 */
export async function deleteUpload(services: TUploadServices, ctx: TSignedInContext, id: string) {
  const row = await findVisibleUpload(services, ctx, id);
  const mayDelete =
    reachesAll(ctx.actor, 'uploads', 'delete') ||
    row.ownerId === ctx.actor.id ||
    (!!row.linkedEntityType && !!row.linkedEntityId && (await linkAccessFor(services.collections, row.linkedEntityType).canModify(ctx, row.linkedEntityId)));
  if (!mayDelete) throw new AppError('FORBIDDEN', 'You may not delete this file');
  await ctx.db.transaction(async (tx) => {
    await tx.delete(uploads).where(eq(uploads.id, row.id));
    await recordAudit(tx, ctx, { action: 'delete', entityType: 'uploads', entityId: row.id, changes: { name: { from: row.name }, sha256: { from: row.sha256 } } });
  });
  await services.storage.remove(row.storageKey).catch(() => undefined);
}
