import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { cityDocuments, uploads } from '../../../db/schema/index.ts';
import { defineCollection, type TSignedInContext } from '../../../lib/collection/define.ts';
import { AppError, validationFailed } from '../../../lib/errors.ts';
import { ZRecordBase } from '../../../lib/schemas.ts';
import { cityIdsOfUserSql } from '../declarations/filing-scope.ts';

export const DOCUMENT_CATEGORIES = ['regulation', 'form', 'guide', 'other'] as const;

const ZDocumentInput = z.object({
  cityId: z.uuid().nullable().optional().describe('Admins: a comune, or null for every comune. City users: their own'),
  title: z.string().trim().min(1, 'validation.required').max(200),
  description: z.string().trim().max(5000).nullable().optional(),
  category: z.enum(DOCUMENT_CATEGORIES).default('other'),
  uploadId: z.uuid().describe('An unattached upload of yours (POST /api/uploads, purpose "document" or "pdf")'),
});

/**
 * Documentation area: a comune's regulations, forms and guides, visible to its hoteliers; admins
 * publish documents for every comune (cityId null). The file is an upload linked to the document,
 * so GET /api/uploads/{uploadId}/download follows this collection's scope.
 */
function documentReadScope(ctx: TSignedInContext) {
  const { actor } = ctx;
  if (actor.role === 'admin') return undefined;
  if (actor.role === 'city') return actor.cityId ? or(isNull(cityDocuments.cityId), eq(cityDocuments.cityId, actor.cityId)) : isNull(cityDocuments.cityId);
  if (actor.role === 'user') return or(isNull(cityDocuments.cityId), sql`${cityDocuments.cityId} in ${cityIdsOfUserSql(actor.id)}`);
  return sql`false`;
}

export const documentsCollection = defineCollection({
  name: 'documents',
  entity: 'documents',
  tag: 'documents',
  table: cityDocuments,
  record: ZRecordBase.extend({
    cityId: z.string().nullable().describe('null: for every comune'),
    title: z.string(),
    description: z.string().nullable(),
    category: z.enum(DOCUMENT_CATEGORIES),
    uploadId: z.string(),
    publishedById: z.string().nullable(),
  }),
  create: ZDocumentInput,
  update: ZDocumentInput.omit({ cityId: true, uploadId: true }).partial(),
  filterable: { cityId: cityDocuments.cityId, category: cityDocuments.category, title: cityDocuments.title },
  searchable: [cityDocuments.title, cityDocuments.description],
  access: { read: ['admin', 'city', 'user'], create: ['admin', 'city'], update: ['admin', 'city'], delete: ['admin', 'city'] },
  readScope: documentReadScope,
  // A comune manages its own documents, not the ones published for everybody.
  writeScope: (ctx) => (ctx.actor.role === 'admin' ? undefined : ctx.actor.role === 'city' && ctx.actor.cityId ? eq(cityDocuments.cityId, ctx.actor.cityId) : sql`false`),
  toRow: (input, { ctx, existing }) => {
    if (existing) return input;
    let cityId: string | null;
    if (ctx.actor.role === 'admin') cityId = (input.cityId as string | null | undefined) ?? null;
    else if (ctx.actor.role === 'city' && ctx.actor.cityId) {
      if (input.cityId && input.cityId !== ctx.actor.cityId) throw new AppError('FORBIDDEN', 'You can only publish for your own comune');
      cityId = ctx.actor.cityId;
    } else throw new AppError('FORBIDDEN', 'Your role does not allow this');
    return { ...input, cityId, publishedById: ctx.actor.id };
  },
  afterWrite: async (op, row, { tx, ctx }) => {
    if (op !== 'create') return;
    const ownership = ctx.actor.role === 'admin' ? undefined : eq(uploads.ownerId, ctx.actor.id);
    const linked = await tx
      .update(uploads)
      .set({ linkedEntityType: 'documents', linkedEntityId: row.id as string, updatedAt: new Date() })
      .where(and(eq(uploads.id, row.uploadId as string), isNull(uploads.linkedEntityId), ownership))
      .returning({ id: uploads.id });
    if (linked.length === 0) throw validationFailed([{ path: 'uploadId', message: 'not one of your unattached files', value: row.uploadId }]);
  },
});
