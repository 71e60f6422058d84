import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { communicationRecipients, communications, structures, users } from '../../../db/schema/index.ts';
import { defineCollection, type TSignedInContext } from '../../../lib/collection/define.ts';
import { allOf, isUuid } from '../../../lib/collection/query.ts';
import { rowToRecord } from '../../../lib/collection/serialize.ts';
import { AppError, notFound, validationFailed } from '../../../lib/errors.ts';
import { inTransition } from '../../../lib/workflow/run-transition.ts';
import { ZCommunicationInput, ZCommunicationRecord, type TCommunicationRecord } from '@app/domain/tourist-tax/communications';
import { requireAccess, scopeCondition, type TScopeImplementations } from '../../../lib/access.ts';
import { ownCityRows } from '../registry/scope.ts';
import { createNotification, recordAudit } from '../../platform/index.ts';
import { cityIdForWrite } from '../declarations/filing-scope.ts';
import { pushPending, type TPendingNotifications } from '../declarations/filing-notifications.ts';

/** Formatting a comune may use in a message; scripts, styles, images and event handlers never pass. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'span'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
};

export function sanitizeMessage(html: string): string {
  return sanitizeHtml(html, SANITIZE).trim();
}

export function plainText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|li|h\d)>|<br\s*\/?>/gi, '\n'), { allowedTags: [], allowedAttributes: {} })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export { ZCommunicationInput, ZCommunicationRecord };

const recipientOf = (userId: string) =>
  sql`${communications.id} in (select ${communicationRecipients.communicationId} from ${communicationRecipients} where ${communicationRecipients.userId} = ${userId}::uuid)`;

/** A comune reads its messages; a hotelier the messages addressed to them; admins all. */
const communicationScopes: TScopeImplementations = {
  ownCity: (ctx) => ownCityRows(ctx, communications.cityId),
  recipient: (ctx) => recipientOf(ctx.actor.id),
};

function communicationScope(ctx: TSignedInContext) {
  return scopeCondition(ctx, 'communications', 'read', communicationScopes);
}

export const communicationsCollection = defineCollection({
  name: 'communications',
  resource: 'communications',
  tag: 'communications',
  table: communications,
  record: ZCommunicationRecord,
  create: ZCommunicationInput,
  filterable: { cityId: communications.cityId, title: communications.title, audience: communications.audience },
  searchable: [communications.title],
  disabled: ['create', 'update'],
  scopes: communicationScopes,
  beforeDelete: async (row, { tx }) => {
    await tx.delete(communicationRecipients).where(eq(communicationRecipients.communicationId, row.id));
  },
});

/** Hoteliers (enabled) of the comune's structures, all or the chosen ones. */
async function resolveRecipients(ctx: TSignedInContext, cityId: string, audience: 'all' | 'structures', structureIds: string[]) {
  if (audience === 'structures') {
    if (structureIds.length === 0) throw validationFailed([{ path: 'structureIds', message: 'choose at least one structure' }]);
    const found = await ctx.db
      .select({ id: structures.id })
      .from(structures)
      .where(and(eq(structures.cityId, cityId), inArray(structures.id, structureIds)));
    const known = new Set(found.map((s) => s.id));
    const unknown = structureIds.map((id, i) => ({ id, i })).filter(({ id }) => !known.has(id));
    if (unknown.length > 0) throw validationFailed(unknown.map(({ id, i }) => ({ path: `structureIds.${i}`, message: 'not a structure of this comune', value: id })));
  }
  const structureFilter = audience === 'structures' ? sql`and ${structures.id} in ${structureIds}` : sql`and ${structures.isActive}`;
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      sql`${users.id} in (select unnest(${structures.userIds}) from ${structures} where ${structures.cityId} = ${cityId}::uuid ${structureFilter}) and ${users.isEnabled} and ${users.deletedAt} is null`,
    );
  return rows.map((r) => r.id);
}

/** Writes the message, its recipients and their notifications in one transaction; pushes and e-mails after. */
export async function sendCommunication(app: FastifyInstance, ctx: TSignedInContext, input: z.infer<typeof ZCommunicationInput>) {
  await requireAccess(ctx, 'communications', 'create');
  const cityId = cityIdForWrite(ctx, 'communications', 'create', input.cityId);
  const text = sanitizeMessage(input.text);
  if (!plainText(text)) throw validationFailed([{ path: 'text', message: 'validation.required' }]);
  const structureIds = input.audience === 'structures' ? [...new Set(input.structureIds)] : [];
  const recipients = await resolveRecipients(ctx, cityId, input.audience, structureIds);
  if (recipients.length === 0) throw validationFailed([{ path: input.audience === 'all' ? 'audience' : 'structureIds', message: 'no hotelier to write to' }]);
  const pending: TPendingNotifications = { rows: [], email: true };
  // inTransition: once it commits, the watchers of the communications list hear of the new message.
  const row = await inTransition(ctx.db, async ({ tx, changed }) => {
    const [saved] = await tx.insert(communications).values({ cityId, title: input.title, text, audience: input.audience, structureIds, authorId: ctx.actor.id }).returning();
    changed.push({ table: communications, id: saved.id, kind: 'created', by: ctx.actor });
    await tx.insert(communicationRecipients).values(recipients.map((userId) => ({ communicationId: saved.id, userId })));
    const body = plainText(text).slice(0, 2000);
    for (const userId of recipients) {
      pending.rows.push(await createNotification(tx, userId, { title: input.title, body, event: 'communication', data: { communicationId: saved.id } }));
    }
    await recordAudit(tx, ctx, {
      action: 'create',
      entityType: 'communications',
      entityId: saved.id,
      changes: { title: { to: saved.title }, audience: { to: saved.audience }, recipients: { to: recipients.length } },
    });
    return saved;
  });
  await pushPending(app, pending);
  const record: TCommunicationRecord = { ...rowToRecord(row), recipientsCount: recipients.length, readCount: 0 };
  return record;
}

async function communicationInScope(ctx: TSignedInContext, id: string) {
  if (!isUuid(id)) throw notFound('Communication');
  const [row] = await ctx.db
    .select()
    .from(communications)
    .where(allOf([eq(communications.id, id), communicationScope(ctx)]));
  if (!row) throw notFound('Communication');
  return row;
}

/** Who received a message and who has read it (the comune's view). */
export async function listCommunicationRecipients(ctx: TSignedInContext, id: string) {
  await requireAccess(ctx, 'communications', 'listRecipients');
  await communicationInScope(ctx, id);
  const rows = await ctx.db
    .select({ userId: users.id, email: users.email, name: users.name, surname: users.surname, commercialName: users.commercialName, readAt: communicationRecipients.readAt })
    .from(communicationRecipients)
    .innerJoin(users, eq(users.id, communicationRecipients.userId))
    .where(eq(communicationRecipients.communicationId, id))
    .orderBy(asc(users.surname), asc(users.email));
  return rows.map((r) => ({ ...r, readAt: r.readAt?.toISOString() ?? null, hasRead: r.readAt !== null }));
}

/** A recipient marks the message read (idempotent: the first reading time stays). */
export async function markCommunicationRead(ctx: TSignedInContext, id: string) {
  await communicationInScope(ctx, id);
  const [row] = await ctx.db
    .update(communicationRecipients)
    .set({ readAt: sql`coalesce(${communicationRecipients.readAt}, now())`, updatedAt: new Date() })
    .where(and(eq(communicationRecipients.communicationId, id), eq(communicationRecipients.userId, ctx.actor.id)))
    .returning();
  if (!row) throw new AppError('FORBIDDEN', 'You are not a recipient of this message');
  return { _id: id, readAt: row.readAt!.toISOString() };
}
