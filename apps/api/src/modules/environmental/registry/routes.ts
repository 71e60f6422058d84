import multipart from '@fastify/multipart';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZContact, ZContactRecord, type TCompanyKind } from '@app/domain/environmental/companies';
import { contracts, users } from '../../../db/schema/index.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { requireAccess, requireGrant, scopeCondition } from '../../../lib/access.ts';
import { registerCollection, type TCollectionRuntime } from '../../../lib/collection/routes.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { isUuid } from '../../../lib/collection/query.ts';
import { signedInContextOf } from '../../../lib/context.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { multipartReadError } from '../../../lib/multipart.ts';
import { errorResponses, ZXlsxFile } from '../../../lib/schemas.ts';
import { inTransition } from '../../../lib/workflow/run-transition.ts';
import { sendXlsx } from '../../../lib/xlsx-stream.ts';
import { companyTable, type TCompanyRef } from '../companies/company-tables.ts';
import { exportPriceList } from '../contracts/export-price-list.ts';
import { importPriceList } from '../contracts/import-price-list.ts';
import { MAX_PRICE_LIST_BYTES } from '../contracts/read-price-list-file.ts';
import { readerLanguage } from '../../../i18n/reader-language.ts';
import { acceptInvite, findInvite } from '../invites/accept-invite.ts';
import { inviteColleague } from '../invites/invite-colleague.ts';
import { revokeInvite } from '../invites/revoke-invite.ts';
import { inviteCompany, resendInvite } from '../invites/send-invite.ts';
import { agenciesCollection, contractsCollection, environmentalSettingsCollection, laboratoriesCollection, lotsCollection, ordersCollection } from './collections.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

function signedIn(request: FastifyRequest): TSignedInContext {
  return signedInContextOf(request);
}

const requestCtx = (request: { ip: string; id: unknown }) => ({ ip: request.ip, requestId: String(request.id) });

const COMPANIES = {
  agency: { path: 'agencies', resource: 'agencies', collection: agenciesCollection },
  laboratory: { path: 'laboratories', resource: 'laboratories', collection: laboratoriesCollection },
} as const satisfies Record<TCompanyKind, unknown>;

/**
 * The company `id` as the caller's grant for `action` reaches it: FORBIDDEN without the grant (or
 * its permission key), 404 outside the record scope.
 */
async function companyInScope(ctx: TSignedInContext, kind: TCompanyKind, id: string, action: 'listUsers' | 'updateContacts' | 'inviteUsers' | 'read') {
  const { resource, collection } = COMPANIES[kind];
  await requireAccess(ctx, resource, action);
  if (!isUuid(id)) throw notFound();
  const table = companyTable(kind);
  const scope = scopeCondition(ctx, resource, action, collection.scopes ?? {});
  const [row] = await ctx.db
    .select()
    .from(table)
    .where(and(eq(table.id, id), scope));
  if (!row) throw notFound(kind === 'agency' ? 'Agency' : 'Laboratory');
  return row;
}

const ZCompanyUser = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  role: z.string(),
  isEnabled: z.boolean(),
  isConfirmed: z.boolean(),
  isManager: z.boolean().describe("The account of the company's manager e-mail"),
  createdAt: z.string(),
});

const ZColleague = z.object({
  email: z.string().trim().toLowerCase().email('not a valid e-mail address').max(254),
  name: z.string().trim().min(1, 'validation.required').max(100),
  surname: z.string().trim().min(1, 'validation.required').max(100),
});

const ZInviteOutcome = z.object({ inviteStatus: z.string(), invitedAt: z.string().optional(), email: z.string().optional() });
const ZInviteDetails = z.object({
  companyKind: z.enum(['agency', 'laboratory']),
  companyId: z.string(),
  businessName: z.string(),
  email: z.string(),
  expiresAt: z.string(),
  purpose: z.enum(['manager', 'colleague']).optional().describe("manager: the company's invitation; colleague: a further account of the company"),
});
const ZTokenParams = z.object({ token: z.string().min(1).max(200) });

async function readPriceListUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', 'Send multipart/form-data with a file part', { details: [{ path: 'file', message: 'multipart/form-data expected' }] });
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || bytes) throw new AppError('VALIDATION_FAILED', 'Send one file part named file', { details: [{ path: part.fieldname, message: 'unexpected file part' }] });
      bytes = await part.toBuffer();
    }
  } catch (error) {
    throw multipartReadError(error, MAX_PRICE_LIST_BYTES);
  }
  if (!bytes) throw new AppError('VALIDATION_FAILED', 'Some fields are not valid', { details: [{ path: 'file', message: 'validation.required' }] });
  return bytes;
}

/** Environmental registry: lots, orders, agencies, laboratories, price lists, settings, invitations. */
export async function registerEnvironmentalRegistry(app: FastifyInstance) {
  const runtimes: Record<string, TCollectionRuntime> = {};
  runtimes[lotsCollection.name] = registerCollection(app, lotsCollection);
  runtimes[ordersCollection.name] = registerCollection(app, ordersCollection);
  runtimes[agenciesCollection.name] = registerCollection(app, agenciesCollection);
  runtimes[laboratoriesCollection.name] = registerCollection(app, laboratoriesCollection);
  runtimes[contractsCollection.name] = registerCollection(app, contractsCollection);
  runtimes[environmentalSettingsCollection.name] = registerCollection(app, environmentalSettingsCollection);
  const services = app.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const kind of ['agency', 'laboratory'] as const) {
    const { path, resource } = COMPANIES[kind];
    const ref = (id: string): TCompanyRef => ({ kind, id });
    const linkColumn = kind === 'agency' ? users.agencyId : users.laboratoryId;

    for (const [action, run] of [
      ['invite', inviteCompany],
      ['resend', resendInvite],
      ['revoke', revokeInvite],
    ] as const) {
      r.post(`/api/${path}/:id/${action}`, {
        schema: {
          tags: ['environmental'],
          summary: `${action[0].toUpperCase()}${action.slice(1)} the invitation of the ${kind}'s manager`,
          description: 'invite: to_invite -> invited; resend: a new link voids the old one; revoke: invited -> to_invite. INVALID_TRANSITION from any other status.',
          params: z.object({ id: z.string() }),
          response: { 200: ZInviteOutcome, ...errors, ...errorResponses(429) },
        },
        handler: async (request) => {
          const ctx = signedIn(request);
          requireGrant(ctx.actor, resource, 'invite');
          await companyInScope(ctx, kind, request.params.id, 'read');
          return run(services, ctx, ref(request.params.id), await readerLanguage(ctx.db, request.headers['accept-language'], ctx.actor.id));
        },
      });
    }

    r.get(`/api/${path}/:id/users`, {
      schema: { tags: ['environmental'], summary: `The accounts of the ${kind}`, params: z.object({ id: z.string() }), response: { 200: z.array(ZCompanyUser), ...errors } },
      handler: async (request) => {
        const ctx = signedIn(request);
        const company = await companyInScope(ctx, kind, request.params.id, 'listUsers');
        const rows = await ctx.db
          .select()
          .from(users)
          .where(and(eq(linkColumn, company.id), isNull(users.deletedAt)))
          .orderBy(asc(users.email));
        return rows.map((u) => ({
          _id: u.id,
          email: u.email,
          name: u.name,
          surname: u.surname,
          role: u.role,
          isEnabled: u.isEnabled,
          isConfirmed: u.isConfirmed,
          isManager: u.email.toLowerCase() === company.managerEmail.toLowerCase(),
          createdAt: u.createdAt.toISOString(),
        }));
      },
    });

    // More colleagues of the company: accounts with the company's role, activated through a single-use link.
    r.post(`/api/${path}/:id/users`, {
      schema: {
        tags: ['environmental'],
        summary: `Invite a colleague to the ${kind}: a disabled account and a single-use link (7 days) to choose a password, sent by e-mail`,
        params: z.object({ id: z.string() }),
        body: ZColleague,
        response: { 201: ZCompanyUser, ...errors },
      },
      handler: async (request, reply) => {
        const ctx = signedIn(request);
        const company = await companyInScope(ctx, kind, request.params.id, 'inviteUsers');
        const u = await inviteColleague(services, ctx, ref(company.id), company, request.body);
        reply.code(201);
        return {
          _id: u.id,
          email: u.email,
          name: u.name,
          surname: u.surname,
          role: u.role,
          isEnabled: u.isEnabled,
          isConfirmed: u.isConfirmed,
          isManager: false,
          createdAt: u.createdAt.toISOString(),
        };
      },
    });

    // A supplier edits its own contacts (and nothing else of its registry).
    r.put(`/api/${path}/:id/contacts`, {
      schema: {
        tags: ['environmental'],
        summary: `Replace the contacts of the ${kind}`,
        params: z.object({ id: z.string() }),
        body: z.object({ contacts: z.array(ZContact).max(50) }),
        response: { 200: z.object({ _id: z.string(), contacts: z.array(ZContactRecord), updatedAt: z.string() }), ...errors },
      },
      handler: async (request) => {
        const ctx = signedIn(request);
        const company = await companyInScope(ctx, kind, request.params.id, 'updateContacts');
        const table = companyTable(kind);
        const now = new Date(Math.max(Date.now(), company.updatedAt.getTime() + 1));
        // inTransition: once it commits, the watchers of the company list hear of the change.
        return inTransition(ctx.db, async ({ tx, changed }) => {
          const [row] = await tx.update(table).set({ contacts: request.body.contacts, updatedAt: now }).where(eq(table.id, company.id)).returning();
          await recordAudit(tx, ctx, { action: 'update', entityType: resource, entityId: company.id, changes: { contacts: { from: company.contacts, to: row.contacts } } });
          changed.push({ table, id: row.id, kind: 'updated', by: ctx.actor });
          return { _id: row.id, contacts: row.contacts, updatedAt: row.updatedAt.toISOString() };
        });
      },
    });
  }

  r.get('/api/laboratories/:id/price-list.xlsx', {
    schema: { tags: ['environmental'], summary: "Export the laboratory's price list (xlsx, the import's columns)", params: z.object({ id: z.string() }), response: { 200: ZXlsxFile, ...errors } },
    handler: async (request, reply) => {
      const ctx = signedIn(request);
      await requireAccess(ctx, 'contracts', 'export');
      await companyInScope(ctx, 'laboratory', request.params.id, 'read');
      const { fileName, stream } = await exportPriceList(ctx.db, request.params.id, reply.log, await readerLanguage(ctx.db, request.headers['accept-language'], ctx.actor.id));
      return sendXlsx(reply, fileName, stream);
    },
  });

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_PRICE_LIST_BYTES, files: 1, fields: 2, parts: 3 } });
    scope.withTypeProvider<ZodTypeProvider>().post('/api/laboratories/:id/price-list', {
      schema: {
        tags: ['environmental'],
        summary: "Import the laboratory's price list from xlsx; all or nothing",
        description: 'multipart/form-data with a `file` part. Every bad row is reported (400 IMPORT_INVALID, details [{row, path, value, message}]) and nothing is written.',
        consumes: ['multipart/form-data'],
        params: z.object({ id: z.string() }),
        response: { 200: z.object({ created: z.number(), updated: z.number(), total: z.number() }), ...errors, ...errorResponses(413) },
      },
      handler: async (request) => {
        const ctx = signedIn(request);
        await requireAccess(ctx, 'contracts', 'import');
        await companyInScope(ctx, 'laboratory', request.params.id, 'read');
        const bytes = await readPriceListUpload(request);
        // inTransition: once it commits, the watchers of the contracts list hear of the lines written.
        return inTransition(ctx.db, async ({ tx, changed }) => {
          const result = await importPriceList(tx, request.params.id, bytes, (id, kind) => changed.push({ table: contracts, id, kind, by: ctx.actor }));
          await recordAudit(tx, ctx, { action: 'import_price_list', entityType: 'contracts', entityId: request.params.id, changes: result });
          return result;
        });
      },
    });
  });

  // The invitee, not signed in, reads and accepts the invitation of the e-mailed link.
  r.get('/api/invites/:token', {
    schema: {
      tags: ['environmental'],
      summary: 'What an invitation link is for (refused like the acceptance)',
      params: ZTokenParams,
      response: { 200: ZInviteDetails, ...errorResponses(400, 409, 410) },
    },
    handler: async (request) => findInvite(services.db, request.params.token),
  });
  r.post('/api/invites/:token/accept', {
    schema: {
      tags: ['environmental'],
      summary: 'Accept an invitation with a password of your choice; then sign in',
      params: ZTokenParams,
      body: z.object({ password: z.string().max(200) }),
      response: { 200: z.object({ email: z.string(), companyKind: z.enum(['agency', 'laboratory']), inviteStatus: z.string() }), ...errorResponses(400, 409, 410) },
    },
    handler: async (request) => {
      const accepted = await acceptInvite(services, requestCtx(request), request.params.token, request.body.password);
      return { email: accepted.email, companyKind: accepted.companyKind, inviteStatus: accepted.inviteStatus };
    },
  });
  return runtimes;
}
