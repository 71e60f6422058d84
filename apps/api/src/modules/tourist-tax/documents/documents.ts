import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { cityDocuments, uploads } from '../../../db/schema/index.ts';
import { defineCollection } from '../../../lib/collection/define.ts';
import { AppError, validationFailed } from '../../../lib/errors.ts';
import { ZRecordBase } from '../../../lib/schemas.ts';
import { reachesAll, type TScopeImplementations } from '../../../lib/access.ts';
import { ownCityRows } from '../registry/scope.ts';
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
/** Documents without a comune are published for every comune: everyone who reads documents reads them. */
const forEveryComune = isNull(cityDocuments.cityId);

const documentScopes: TScopeImplementations = {
  // A comune reads its own documents and the general ones, and manages only its own.
  ownCity: {
    read: (ctx) => (ctx.actor.cityId ? or(forEveryComune, eq(cityDocuments.cityId, ctx.actor.cityId)) : forEveryComune),
    write: (ctx) => ownCityRows(ctx, cityDocuments.cityId),
  },
  managedStructures: (ctx) => or(forEveryComune, sql`${cityDocuments.cityId} in ${cityIdsOfUserSql(ctx.actor.id)}`),
};

export const documentsCollection = defineCollection({
  name: 'documents',
  resource: 'documents',
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
  scopes: documentScopes,
  toRow: ({ input, ctx, existing }) => {
    if (existing) return input;
    // Who creates documents for every comune names one (or none: for all); a comune publishes for itself.
    let cityId: string | null;
    if (reachesAll(ctx.actor, 'documents', 'create')) cityId = input.cityId ?? null;
    else {
      if (!ctx.actor.cityId || (input.cityId && input.cityId !== ctx.actor.cityId)) throw new AppError('FORBIDDEN', 'You can only publish for your own comune');
      cityId = ctx.actor.cityId;
    }
    return { ...input, cityId, publishedById: ctx.actor.id };
  },
  afterWrite: async (op, row, { tx, ctx }) => {
    if (op !== 'create') return;
    const ownership = reachesAll(ctx.actor, 'uploads', 'create') ? undefined : eq(uploads.ownerId, ctx.actor.id);
    const linked = await tx
      .update(uploads)
      .set({ linkedEntityType: 'documents', linkedEntityId: row.id, updatedAt: new Date() })
      .where(and(eq(uploads.id, row.uploadId), isNull(uploads.linkedEntityId), ownership))
      .returning({ id: uploads.id });
    if (linked.length === 0) throw validationFailed([{ path: 'uploadId', message: 'not one of your unattached files', value: row.uploadId }]);
  },
});
