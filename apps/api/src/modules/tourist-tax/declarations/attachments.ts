import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { declarationAttachments, declarations } from '../../../db/schema/index.ts';
import { requireGrant } from '../../../lib/access.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { allOf, isUuid } from '../../../lib/collection/query.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { rowToRecord } from '../../../lib/collection/serialize.ts';
import { ZRecordBase } from '../../../lib/schemas.ts';
import { inTransition } from '../../../lib/workflow/run-transition.ts';
import { recordAudit } from '../../platform/index.ts';
import { structureRecordScope } from './filing-scope.ts';
import { attachUpload } from './transition-declaration.ts';

export const DOCUMENT_TYPES = ['identity_card', 'passport', 'driving_licence', 'other'] as const;

export const ZAttachmentInput = z.object({
  uploadId: z.uuid().describe('POST /api/uploads first (linkedEntityType "declarations", linkedEntityId the declaration), then attach'),
  fileName: z.string().trim().min(1, 'validation.required').max(255),
  fileDescription: z.string().trim().max(1000).nullable().optional(),
  documentType: z.enum(DOCUMENT_TYPES).default('other'),
  isReBindable: z.boolean().default(false),
});

export const ZAttachmentRecord = ZRecordBase.extend({
  declarationId: z.string(),
  uploadId: z.string().describe('Download with GET /api/uploads/{uploadId}/download'),
  fileName: z.string(),
  fileDescription: z.string().nullable(),
  documentType: z.enum(DOCUMENT_TYPES),
  isReBindable: z.boolean(),
  createdById: z.string().nullable(),
});

type TAttachmentRecord = z.infer<typeof ZAttachmentRecord>;

async function declarationInScope(ctx: TSignedInContext, id: string) {
  if (!isUuid(id)) throw notFound('Declaration');
  const [row] = await ctx.db
    .select()
    .from(declarations)
    .where(allOf([eq(declarations.id, id), structureRecordScope(ctx, declarations.structureId, declarations.cityId)]));
  if (!row) throw notFound('Declaration');
  return row;
}

export async function listDeclarationAttachments(ctx: TSignedInContext, declarationId: string) {
  await declarationInScope(ctx, declarationId);
  const rows = await ctx.db.select().from(declarationAttachments).where(eq(declarationAttachments.declarationId, declarationId)).orderBy(asc(declarationAttachments.createdAt));
  return rows.map((r) => rowToRecord(r) as TAttachmentRecord);
}

function assertHotelierSide(ctx: TSignedInContext) {
  requireGrant(ctx.actor, 'declarations', 'manageAttachments', 'Only the hotelier manages the attachments');
}

/** Attachments are the hotelier's, until the comune validates the declaration. */
export async function addDeclarationAttachment(ctx: TSignedInContext, declarationId: string, input: z.infer<typeof ZAttachmentInput>) {
  assertHotelierSide(ctx);
  const declaration = await declarationInScope(ctx, declarationId);
  if (declaration.status === 'validated') throw new AppError('DECLARATION_LOCKED', 'A validated declaration cannot change');
  // inTransition: the declarations list's watchers hear the declaration changed, once committed.
  return inTransition(ctx.db, async ({ tx, changed }) => {
    await attachUpload(tx, ctx, input.uploadId, declarationId, 'uploadId');
    const [row] = await tx
      .insert(declarationAttachments)
      .values({ ...input, fileDescription: input.fileDescription ?? null, declarationId, createdById: ctx.actor.id })
      .returning();
    await recordAudit(tx, ctx, {
      action: 'create',
      entityType: 'declarationAttachments',
      entityId: row.id,
      changes: { declarationId: { to: declarationId }, fileName: { to: row.fileName }, documentType: { to: row.documentType } },
    });
    changed.push({ table: declarations, id: declarationId, kind: 'updated', by: ctx.actor });
    return rowToRecord(row);
  });
}

export async function removeDeclarationAttachment(ctx: TSignedInContext, declarationId: string, attachmentId: string) {
  assertHotelierSide(ctx);
  const declaration = await declarationInScope(ctx, declarationId);
  if (declaration.status === 'validated') throw new AppError('DECLARATION_LOCKED', 'A validated declaration cannot change');
  if (!isUuid(attachmentId)) throw notFound('Attachment');
  await inTransition(ctx.db, async ({ tx, changed }) => {
    const [row] = await tx
      .delete(declarationAttachments)
      .where(and(eq(declarationAttachments.id, attachmentId), eq(declarationAttachments.declarationId, declarationId)))
      .returning();
    if (!row) throw notFound('Attachment');
    await recordAudit(tx, ctx, { action: 'delete', entityType: 'declarationAttachments', entityId: row.id, changes: { fileName: { from: row.fileName } } });
    changed.push({ table: declarations, id: declarationId, kind: 'updated', by: ctx.actor });
  });
}
