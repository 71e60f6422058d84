import { and, eq, getTableName, inArray, isNull, ne, or } from 'drizzle-orm';
import { ncaEffectivenessChecks, ncaReports } from '../db/schema/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ROLES, type TRole } from '@app/domain/platform/auth/roles';
import { can, COLLECTION_ACTIONS, type TCollectionAction } from '@app/domain/platform/access/access-table';
import { scopeCondition } from '../lib/access.ts';
import type { TCollectionRuntime } from '../lib/collection/routes.ts';
import type { TSignedInContext } from '../lib/collection/define.ts';
import { MAX_LIMIT } from '../lib/collection/query.ts';
import { NOT_WORKFLOW_STATES, STATUS_KEY } from '../lib/workflow/status-columns.ts';
import { startTestApp, type TResponse } from './harness.ts';
import { makePdf } from '../modules/platform/uploads/test-files.ts';

/*
 * Row scope, generated from the collection declarations and the access table: for every collection
 * registered in app.services.collections (including ones added after this file was written) and
 * every role, a role the table refuses an operation gets 403, and each row of the table that the
 * role's list does not return must be invisible and untouchable: GET by id 404, an `_id` list
 * filter counts 0, PUT and DELETE 403/404, and the row unchanged.
 *
 * A role is "scoped" on a collection when it may not read it at all, or when the record scope the
 * table grants it selects a condition (anything but a plain `all`). A scoped role must meet at least one out-of-scope row, or
 * the check proves nothing: FIXTURES (below) or the generic admin-POST fallback provide them, and
 * a collection without such rows FAILS the coverage test, naming the collection and role. When you
 * add a collection and that test fails, add an entry to FIXTURES that creates out-of-scope rows.
 */

const t = await startTestApp();
const collections = [...t.app.services.collections.entries()].sort(([a], [b]) => a.localeCompare(b));

const ACCOUNT_BY_ROLE: Record<TRole, string> = {
  admin: 'admin@demo.test',
  city: 'city@demo.test',
  user: 'hotelier@demo.test',
  agency_user: 'agency@demo.test',
  laboratory_user: 'lab@demo.test',
  consortium_user: 'consortium@demo.test',
};

type TSession = { token: string; user: Record<string, any> };
const sessions = {} as Record<TRole, TSession>;

function expectCreated(res: TResponse, what: string) {
  if (res.status !== 201) throw new Error(`fixture ${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

type TFixtureContext = { admin: string; sessions: Record<TRole, TSession>; post: (url: string, body: unknown, token?: string) => Promise<any> };

/** Rows some demo roles may not see, per collection. Keep each small: one or two rows suffice. */
const FIXTURES: Record<string, (f: TFixtureContext) => Promise<void>> = {
  faqs: async ({ post }) => {
    await post('/api/faqs', { question: 'Visible?', answer: 'Yes', isVisible: true });
    await post('/api/faqs', { question: 'Hidden?', answer: 'Only admins see it', isVisible: false });
  },
  categories: async ({ post }) => {
    await post('/api/categories', { name: 'Active', isActive: true });
    await post('/api/categories', { name: 'Inactive', isActive: false });
  },
  events: async ({ post, sessions }) => {
    await post('/api/events', { name: 'Proposed by the admin' });
    await post('/api/events', { name: 'Proposed by the hotelier' }, sessions.user.token);
  },
  users: async ({ post, admin }) => {
    // A deleted (anonymised) account is out of scope even for admins; the invite also fills mail-outbox.
    const gone = await post('/api/users', { email: 'row-scope-deleted@example.test', name: 'Row', surname: 'Scope', role: 'user' });
    const res = await t.request('DELETE', `/api/users/${gone._id}`, { token: admin });
    if (res.status !== 200) throw new Error(`fixture users delete failed: ${res.status} ${JSON.stringify(res.body)}`);
  },
  'nca-effectiveness-checks': async ({ sessions }) => {
    // A check on a report that neither targets nor was detected by the demo agency user's agency: out of its scope.
    const own = String(sessions.agency_user.user.agencyId);
    const others = await t.db
      .select({ id: ncaReports.id })
      .from(ncaReports)
      .where(and(ne(ncaReports.targetAgencyId, own), or(isNull(ncaReports.detectedByAgencyId), ne(ncaReports.detectedByAgencyId, own))));
    for (const report of others) {
      const inserted = await t.db.insert(ncaEffectivenessChecks).values({ reportId: report.id, dueDate: '2027-01-31' }).onConflictDoNothing().returning({ id: ncaEffectivenessChecks.id });
      if (inserted.length > 0) return;
    }
    throw new Error('no report of another agency to hang an effectiveness check on');
  },
  'saved-views': async ({ post, sessions }) => {
    // Every role owns a private view (out of every other account's scope) and a comune shares one with its staff.
    await post('/api/saved-views', { name: 'Row scope admin', resource: 'structures', params: { filter: {} } });
    await post('/api/saved-views', { name: 'Row scope hotelier', resource: 'structures', params: { filter: {} } }, sessions.user.token);
    await post('/api/saved-views', { name: 'Row scope comune', resource: 'structures', params: { filter: {} }, visibility: 'role' }, sessions.city.token);
  },
  roles: async ({ post }) => {
    await post('/api/roles', { name: 'Row scope role' });
  },
  labels: async ({ post }) => {
    await post('/api/labels', { key: 'rowScope.label', value: 'Etichetta', language: 'it' });
  },
  cities: async ({ post }) => {
    // An inactive comune without structures: hoteliers do not see it.
    await post('/api/cities', { name: 'Comune inattivo', isActive: false });
  },
  communications: async () => {
    const { problem } = await createFromSchema('communications', { cityId: await otherComuneWithStructures(), audience: 'all' });
    if (problem) throw new Error(problem);
  },
  documents: async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await makePdf())]), 'row-scope.pdf');
    form.append('data', JSON.stringify({ purpose: 'document' }));
    const res = await fetch(`${t.baseUrl}/api/uploads`, { method: 'POST', body: form, headers: { authorization: `Bearer ${sessions.admin.token}` } });
    const upload = await res.json();
    if (res.status !== 201) throw new Error(`upload answered ${res.status} ${JSON.stringify(upload)}`);
    const { problem } = await createFromSchema('documents', { uploadId: upload._id, cityId: await otherComuneWithStructures() });
    if (problem) throw new Error(problem);
  },
  reductions: async () => {
    const { problem } = await createFromSchema('reductions', { reductionType: 'flat', amount: 1 });
    if (problem) throw new Error(problem);
  },
  'declaration-templates': async ({ post }) => {
    await post('/api/declaration-templates', {
      cityId: await leastVisibleId('cities'),
      year: 2024,
      periodName: 'Row scope Q1',
      dateFrom: '2024-01-01',
      dateTo: '2024-03-31',
      submitBy: '2024-04-16',
      payBy: '2024-04-16',
    });
  },
  declarations: async ({ post }) => {
    const structureId = (await leastVisibleId('structures'))!;
    const structure = await rowOf('structures', structureId);
    const template = await post('/api/declaration-templates', {
      cityId: structure.cityId,
      year: 2023,
      periodName: 'Row scope declaration period',
      dateFrom: '2023-01-01',
      dateTo: '2023-03-31',
      submitBy: '2023-04-16',
      payBy: '2023-04-16',
    });
    await post('/api/declarations', { structureId, declarationTemplateId: template._id, type: 'automatic' });
  },
};

/**
 * The id of the row of `collection` that the fewest non-admin demo roles can list: referencing it
 * gives a row out of scope for as many roles as possible (e.g. the comune that is not the demo
 * city user's). Null when the collection is unknown or empty.
 */
async function leastVisibleId(collection: string): Promise<string | null> {
  const runtime = t.app.services.collections.get(collection);
  if (!runtime) return null;
  const rows = await allRows(runtime);
  if (rows.length === 0) return null;
  const seenBy = new Map(rows.map((row) => [String(row.id), 0]));
  for (const role of ROLES.filter((r) => r !== 'admin')) {
    const visible = await listVisibleIds(collection, runtime, role, rows);
    if (visible === 'forbidden') continue;
    for (const id of visible) seenBy.set(id, (seenBy.get(id) ?? 0) + 1);
  }
  // Stable choice among equals: the earliest created, then the smallest id.
  return rows.map((row) => String(row.id)).sort((a, b) => seenBy.get(a)! - seenBy.get(b)!)[0];
}

/** A comune with structures (and so hoteliers) that the demo city and hotelier accounts do not see. */
async function otherComuneWithStructures(): Promise<string> {
  return (await rowOf('structures', (await leastVisibleId('structures'))!)).cityId;
}

async function rowOf(collection: string, id: string): Promise<Record<string, any>> {
  const table = t.app.services.collections.get(collection)!.def.table as any;
  const [row] = await t.db.select().from(table).where(eq(table.id, id));
  return row as Record<string, any>;
}

/** `cityId` -> cities, `declarationTemplateId` -> declaration-templates, `agencyId` -> agencies. */
function collectionForReference(field: string): string | null {
  if (!/^[a-z][A-Za-z]*Id$/.test(field)) return null;
  const base = field.slice(0, -2).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  for (const candidate of [`${base}s`, base.replace(/y$/, 'ies'), `${base}es`]) if (t.app.services.collections.has(candidate)) return candidate;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Generic fallback: an admin POST with a body derived from the collection's create schema.

const SKIP = Symbol('skip');
const STRING_CANDIDATES = ['Row scope fixture', 'rowscope', '2024-01-01', 'ROWSCOPE01', 'https://example.test/row-scope', '#336699', 'IT', 'EUR', '1'];

const isUuidString = (schema: z.ZodType): boolean => {
  const def = (schema as any)._zod.def;
  if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default') return isUuidString(def.innerType);
  return def.type === 'string' && ((schema as any)._zod.bag?.format ?? def.format) === 'uuid';
};

const isOptional = (schema: z.ZodType) => ['optional', 'default', 'prefault'].includes((schema as any)._zod.def.type);

/**
 * A value `schema` accepts, for field `key`: optional fields are left out unless named in
 * `include` (fields a first attempt was refused for), references (`cityId`...) point at an
 * existing row, preferably one few roles can see.
 */
async function sampleValue(schema: z.ZodType, key: string, include: ReadonlySet<string> = new Set()): Promise<unknown> {
  const def = (schema as any)._zod.def;
  const bag = (schema as any)._zod.bag ?? {};
  if (isOptional(schema) && !include.has(key)) return SKIP;
  if (isUuidString(schema)) {
    const collection = collectionForReference(key);
    return (collection && (await leastVisibleId(collection))) ?? SKIP;
  }
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
      return sampleValue(def.innerType, key);
    case 'nullable':
    case 'readonly':
    case 'catch':
      return sampleValue(def.innerType, key);
    case 'pipe':
      return sampleValue(def.in, key);
    case 'boolean':
      return true;
    case 'number':
    case 'int': {
      const minimum = bag.minimum ?? def.checks?.map((c: any) => c._zod.def).find((c: any) => c.check === 'greater_than')?.value;
      return typeof minimum === 'number' && minimum > 1 ? Math.ceil(minimum) : 1;
    }
    case 'enum':
      return Object.values(def.entries)[0];
    case 'literal':
      return def.values[0];
    case 'union':
      return sampleValue(def.options[0], key);
    case 'array': {
      const element = await sampleValue(def.element, key);
      return element === SKIP ? [] : [element];
    }
    case 'record':
      return {};
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [field, child] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const value = await sampleValue(child, field, include);
        if (value !== SKIP) out[field] = value;
      }
      return out;
    }
    case 'string': {
      const format = bag.format ?? def.format;
      if (format === 'email') return `row-scope-${key.toLowerCase()}@example.test`;
      if (format === 'url') return 'https://example.test/row-scope';
      const candidate = STRING_CANDIDATES.find((c) => schema.safeParse(c).success);
      return candidate ?? 'Row scope fixture';
    }
    default:
      return SKIP;
  }
}

/**
 * Creates a row as admin with a body derived from the create schema (plus `overrides`). When the
 * API refuses optional fields that were left out (e.g. an admin must name the comune), they are
 * filled in and the request retried. Returns the created record, or why it failed.
 */
async function createFromSchema(collection: string, overrides: Record<string, unknown> = {}): Promise<{ record?: any; problem?: string }> {
  const def = t.app.services.collections.get(collection)!.def;
  const include = new Set<string>();
  let last = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const body = { ...((await sampleValue(def.create, collection, include)) as Record<string, unknown>), ...overrides };
    const res = await t.request('POST', `/api/${collection}`, { token: sessions.admin.token, body });
    if (res.status === 201) return { record: res.body };
    last = `admin POST ${JSON.stringify(body)} answered ${res.status} ${JSON.stringify(res.body)}`;
    const missing = ((res.body?.details ?? []) as { path: string }[]).map((d) => d.path).filter((path) => path in def.create.shape && !(path in body) && !include.has(path));
    if (missing.length === 0) break;
    for (const path of missing) include.add(path);
  }
  return { problem: last };
}

async function seedByAdminPost(name: string, runtime: TCollectionRuntime): Promise<string | null> {
  const def = runtime.def;
  if (!can('admin', def.resource, 'create')) return 'admins may not create';
  // A collection without the generic create may still have its own POST route (communications).
  return (await createFromSchema(name)).problem ?? null;
}

// ---------------------------------------------------------------------------------------------

type TScopeFacts = { readable: boolean; scoped: boolean; visible: Set<string>; outOfScope: Record<string, unknown>[] };
const fallbackProblems = new Map<string, string>();
const factsCache = new Map<string, TScopeFacts>();

function contextFor(role: TRole): TSignedInContext {
  const user = sessions[role].user;
  return {
    actor: { id: user._id, email: user.email, role, cityId: user.cityId ?? null, agencyId: user.agencyId ?? null, laboratoryId: user.laboratoryId ?? null, impersonatorId: null },
    db: t.db,
    year: null,
    requestId: 'row-scope-test',
    ip: '127.0.0.1',
    permissions: t.app.services.permissions,
    areas: t.app.services.areas,
  };
}

/** Every row of the collection's table, oldest first (insertion order is deterministic). */
async function allRows(runtime: TCollectionRuntime) {
  const table = runtime.def.table as any;
  return (await t.db.select().from(table).orderBy(table.createdAt, table.id)) as Record<string, unknown>[];
}

/**
 * Per-row HTTP probes (GET, PUT, DELETE) run on at most SAMPLE rows per collection and role: the
 * oldest, the newest (the fixtures) and evenly spaced ones between. Every out-of-scope row is still
 * checked by the batched `_id[in]` count and the database comparison. ROW_SCOPE_SAMPLE=0 probes all.
 */
const SAMPLE = Number(process.env.ROW_SCOPE_SAMPLE ?? 30);

function sampleOf<T>(rows: T[]): T[] {
  if (SAMPLE <= 0 || rows.length <= SAMPLE) return rows;
  const ends = Math.floor(SAMPLE / 3);
  const middle = rows.slice(ends, rows.length - ends);
  const step = middle.length / (SAMPLE - 2 * ends);
  const spaced = Array.from({ length: SAMPLE - 2 * ends }, (_, i) => middle[Math.floor(i * step)]);
  return [...rows.slice(0, ends), ...spaced, ...rows.slice(rows.length - ends)];
}

async function listVisibleIds(name: string, runtime: TCollectionRuntime, role: TRole, rows: Record<string, unknown>[]): Promise<Set<string> | 'forbidden'> {
  const token = sessions[role].token;
  const visible = new Set<string>();
  if (runtime.def.disabled?.includes('getAll')) {
    // No generic list: a row is visible when it can be read by id.
    for (const row of rows) {
      const res = await t.request('GET', `/api/${name}/${String(row.id)}`, { token });
      if (res.status === 403) return 'forbidden';
      if (res.status === 200) visible.add(String(row.id));
    }
    return visible;
  }
  for (let skip = 0; ; skip += MAX_LIMIT) {
    const res = await t.request('GET', `/api/${name}?limit=${MAX_LIMIT}&skip=${skip}`, { token });
    if (res.status === 403) return 'forbidden';
    if (res.status !== 200) throw new Error(`${role} GET /api/${name} answered ${res.status} ${JSON.stringify(res.body)}`);
    for (const record of res.body as { _id: string }[]) visible.add(record._id);
    if ((res.body as unknown[]).length < MAX_LIMIT) return visible;
  }
}

async function scopeFacts(name: string, runtime: TCollectionRuntime, role: TRole): Promise<TScopeFacts> {
  const cacheKey = `${name}\u0000${role}`;
  const cached = factsCache.get(cacheKey);
  if (cached) return cached;
  const def = runtime.def;
  const rows = await allRows(runtime);
  const listed = await listVisibleIds(name, runtime, role, rows);
  const readable = listed !== 'forbidden';
  const visible = listed === 'forbidden' ? new Set<string>() : listed;
  const scoped = !readable || scopeCondition(contextFor(role), def.resource, 'list', def.scopes ?? {}, 'read') !== undefined;
  const facts = { readable, scoped, visible, outOfScope: rows.filter((row) => !visible.has(String(row.id))) };
  factsCache.set(cacheKey, facts);
  return facts;
}

/** Runs `work` over `items`, a few at a time (the server is real; keep its queue short). */
async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

const serialise = (row: unknown) => JSON.stringify(row);

beforeAll(async () => {
  for (const role of ROLES) sessions[role] = await t.login(ACCOUNT_BY_ROLE[role]);
  const context: TFixtureContext = {
    admin: sessions.admin.token,
    sessions,
    post: async (url, body, token = sessions.admin.token) => expectCreated(await t.request('POST', url, { token, body }), `POST ${url}`),
  };
  for (const [name, runtime] of collections) {
    const fixture = FIXTURES[name];
    if (fixture) {
      // A broken fixture is reported by the coverage test, not by aborting every other collection.
      await fixture(context).catch((error: Error) => fallbackProblems.set(name, `fixture failed: ${error.message}`));
    } else {
      const problem = await seedByAdminPost(name, runtime);
      if (problem) fallbackProblems.set(name, problem);
    }
  }
}, 120_000);

afterAll(() => t.close());

describe('row scope of every registered collection', () => {
  it('finds the collections', () => {
    expect(collections.map(([name]) => name)).toEqual(expect.arrayContaining(['users', 'roles', 'permissions', 'settings', 'labels', 'faqs']));
  });

  it('implements every record scope the table grants on each collection (a missing one is a programming error)', () => {
    const missing: string[] = [];
    for (const [name, runtime] of collections) {
      for (const role of ROLES) {
        for (const action of Object.keys(COLLECTION_ACTIONS) as TCollectionAction[]) {
          const kind = action === 'list' || action === 'read' ? 'read' : 'write';
          try {
            scopeCondition(contextFor(role), runtime.def.resource, action, runtime.def.scopes ?? {}, kind);
          } catch (error) {
            missing.push(`${name} / ${role} / ${action}: ${(error as Error).message}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("lets a PUT change a status only through the collection's workflow (the runner), never as a plain column write", () => {
    const unguarded: string[] = [];
    for (const [name, runtime] of collections) {
      const body = runtime.def.update ?? runtime.def.create;
      const table = getTableName(runtime.def.table);
      for (const key of Object.keys(body.shape)) {
        if (STATUS_KEY.test(key) && !(`${table}.${key}` in NOT_WORKFLOW_STATES) && runtime.def.workflow?.statusKey !== key) unguarded.push(`${name}.${key}`);
      }
    }
    expect(unguarded).toEqual([]);
  });

  it('answers 403 to exactly the roles the access table refuses', async () => {
    const wrong: string[] = [];
    for (const [name, runtime] of collections) {
      const disabled = new Set(runtime.def.disabled ?? []);
      for (const role of ROLES) {
        const token = sessions[role].token;
        const probes: [TCollectionAction, boolean, () => Promise<TResponse>][] = [
          ['list', !disabled.has('getAll'), () => t.request('GET', `/api/${name}?limit=1`, { token })],
          ['read', !disabled.has('get'), () => t.request('GET', `/api/${name}/00000000-0000-4000-8000-000000000000`, { token })],
          ['update', !disabled.has('update'), () => t.request('PUT', `/api/${name}/00000000-0000-4000-8000-000000000000`, { token, body: {} })],
          ['delete', !disabled.has('delete'), () => t.request('DELETE', `/api/${name}/00000000-0000-4000-8000-000000000000`, { token })],
        ];
        for (const [action, served, probe] of probes) {
          if (!served) continue;
          const res = await probe();
          const allowed = can(role, runtime.def.resource, action);
          // Granted: never 403 (a missing row is 404); refused: always 403.
          if (allowed ? res.status === 403 : res.status !== 403) wrong.push(`${role} ${action} ${name}: ${res.status}, table says ${allowed ? 'granted' : 'refused'}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("users: consortium staff read the consortium staff and the suppliers' accounts (the order pickers), agency and lab users only themselves", async () => {
    const list = async (role: TRole, query = '') => (await t.request('GET', `/api/users?limit=${MAX_LIMIT}${query}`, { token: sessions[role].token })).body as { email: string; role: string }[];
    const byConsortium = await list('consortium_user');
    expect(new Set(byConsortium.map((u) => u.role))).toEqual(new Set(['consortium_user', 'agency_user', 'laboratory_user']));
    const emails = byConsortium.map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['consortium@demo.test', 'ambiente@demo.test', 'agency@demo.test', 'agency3@demo.test', 'lab@demo.test']));
    for (const outsider of ['admin@demo.test', 'city@demo.test', 'hotelier@demo.test']) expect(emails).not.toContain(outsider);
    expect((await list('consortium_user', '&role=consortium_user')).map((u) => u.email)).toEqual(expect.arrayContaining(['consortium@demo.test', 'ambiente@demo.test']));
    expect((await list('agency_user')).map((u) => u.email)).toEqual(['agency@demo.test']);
    expect((await list('laboratory_user')).map((u) => u.email)).toEqual(['lab@demo.test']);
  });

  it('has rows out of scope for every role that is scoped on a collection (add FIXTURES entries otherwise)', async () => {
    const uncovered: string[] = [];
    for (const [name, runtime] of collections) {
      for (const role of ROLES) {
        const facts = await scopeFacts(name, runtime, role);
        if (facts.scoped && facts.outOfScope.length === 0) {
          const why = fallbackProblems.get(name);
          uncovered.push(`${name} / ${role}: ${facts.readable ? 'scoped' : 'may not read'} but no out-of-scope rows${why ? ` (generic fallback: ${why})` : ''}`);
        }
      }
    }
    expect(uncovered, `Collections without out-of-scope rows for a scoped role; add a fixture in apps/api/src/test/row-scope.test.ts:\n${uncovered.join('\n')}`).toEqual([]);
  }, 120_000);

  for (const [name, runtime] of collections) {
    it(`${name}: rows outside a role's scope cannot be read, counted, changed or deleted`, async () => {
      const leaks: string[] = [];
      const table = runtime.def.table as any;
      const listable = !runtime.def.disabled?.includes('getAll');
      for (const role of ROLES) {
        const facts = await scopeFacts(name, runtime, role);
        if (facts.outOfScope.length === 0) continue;
        const token = sessions[role].token;
        const readDenied = facts.readable ? [404] : [403, 404];
        const ids = facts.outOfScope.map((row) => String(row.id));

        // Every out-of-scope row: none may be counted or listed through an _id filter.
        for (let i = 0; i < ids.length; i += 100) {
          const chunk = ids.slice(i, i + 100);
          const res = await t.request('GET', `/api/${name}?_id[in]=${chunk.join(',')}&count=true&limit=${MAX_LIMIT}`, { token });
          if (facts.readable && listable) {
            if (res.status !== 200 || res.headers.get('x-total-count') !== '0' || (res.body as unknown[]).length !== 0) {
              leaks.push(`${role} ${name}: _id[in] filter over out-of-scope rows answered ${res.status}, count ${res.headers.get('x-total-count')}`);
            }
          } else if (res.status === 200 && (res.body as { _id: string }[]).some((r) => chunk.includes(r._id))) {
            leaks.push(`${role} ${name}: out-of-scope rows listed by the _id[in] filter`);
          }
        }

        await inBatches(sampleOf(facts.outOfScope), 6, async (row) => {
          const id = String(row.id);
          const where = `${role} ${name}/${id}`;
          const one = await t.request('GET', `/api/${name}/${id}`, { token });
          if (!readDenied.includes(one.status)) leaks.push(`${where}: GET by id answered ${one.status}`);
          const counted = await t.request('GET', `/api/${name}?_id=${id}&count=true`, { token });
          if (facts.readable && listable) {
            if (counted.status !== 200 || counted.headers.get('x-total-count') !== '0') leaks.push(`${where}: _id filter answered ${counted.status}, count ${counted.headers.get('x-total-count')}`);
          } else if (counted.status === 200 && (counted.body as { _id: string }[]).some((r) => r._id === id)) {
            leaks.push(`${where}: listed by the _id filter`);
          }
          const put = await t.request('PUT', `/api/${name}/${id}`, { token, body: {} });
          if (put.status !== 403 && put.status !== 404) leaks.push(`${where}: PUT answered ${put.status} ${JSON.stringify(put.body)}`);
          const del = await t.request('DELETE', `/api/${name}/${id}`, { token });
          if (del.status !== 403 && del.status !== 404) leaks.push(`${where}: DELETE answered ${del.status} ${JSON.stringify(del.body)}`);
        });

        // Nothing the role tried may have changed an out-of-scope row.
        const after = new Map<string, string>();
        for (let i = 0; i < ids.length; i += 500) {
          const rows = (await t.db
            .select()
            .from(table)
            .where(inArray(table.id, ids.slice(i, i + 500)))) as Record<string, unknown>[];
          for (const row of rows) after.set(String(row.id), serialise(row));
        }
        for (const row of facts.outOfScope) {
          if (after.get(String(row.id)) !== serialise(row)) leaks.push(`${role} ${name}/${String(row.id)}: row changed or removed in the database`);
        }
      }
      expect(leaks, leaks.slice(0, 20).join('\n')).toEqual([]);
    }, 120_000);
  }
});
