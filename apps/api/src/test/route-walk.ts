import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { startTestApp, type TTestApp } from './harness.ts';

/**
 * The generated route walk: every route of the OpenAPI description the API serves, called as one
 * signed-in user with valid and hostile values in every path parameter, query parameter and JSON
 * body field, so that a new route is walked without touching the walk. Ids in paths and in id
 * fields of bodies are real records the user can list (so updates and deletes reach real rows and
 * the database's own checks), or unknown and malformed ids. Reads go first, then writes, then
 * deletes, so that what a delete removes does not make the rest of the walk meaningless.
 * Nothing a client sends may make the API answer 5xx: each 5xx is reported as a failure.
 */

type TSchema = {
  type?: string | string[];
  properties?: Record<string, TSchema>;
  required?: string[];
  items?: TSchema;
  anyOf?: TSchema[];
  oneOf?: TSchema[];
  allOf?: TSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  default?: unknown;
};
type TParameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: TSchema };
type TOperation = {
  parameters?: TParameter[];
  requestBody?: { content?: Record<string, { schema?: TSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: TSchema }> }>;
};
type TDocument = { paths: Record<string, Record<string, TOperation>> };
type TLeaf = { path: (string | number)[]; schema: TSchema };
type TRequest = { method: string; url: string; body?: unknown; raw?: { body: BodyInit; type: string }; headers?: Record<string, string>; what: string };

export type TWalkResult = { requests: number; failures: string[]; statuses: Record<number, number> };
export type TWalkOptions = {
  /** Hostile values sent per field and parameter (default: all of them). */
  valuesPerField?: number;
  /** Where the rotation over each field's values starts (walks as other users take other values). */
  offset?: number;
  /** Called with each answer, for a caller that wants to see what the walk reached. */
  onAnswer?: (answer: TWalkAnswer) => void;
};
/** One answered request, for a caller that wants to see what the walk reached. */
export type TWalkAnswer = { method: string; url: string; what: string; status: number; code?: string; ms: number };

const NUL_TEXT = 'Giulia\u0000';
const HUGE_INTEGER = 9007199254740991;
const IMPOSSIBLE_DATE = '2025-02-30';
const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** Requests in flight at once: a few, as a browser with a few tabs would send. */
const CONCURRENCY = 4;
const REQUEST_TIMEOUT_MS = 30_000;
const LAST_PHASE = 6;
/** JSON nested deeper than any record: free-form JSON fields must refuse or store it, not crash. */
const DEEP_JSON: unknown = JSON.parse(`${'['.repeat(2000)}${']'.repeat(2000)}`);
/** A token signed by nobody (`alg: none`) for the first demo user id's shape, and other broken credentials. */
const UNSIGNED_TOKEN = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"00000000-0000-0000-0000-000000000000","role":"admin"}').toString('base64url')}.`;
const HOSTILE_HEADERS: Record<string, string>[] = [
  { authorization: 'Bearer not.a.jwt' },
  { authorization: `Bearer ${UNSIGNED_TOKEN}` },
  { authorization: 'Basic %%%' },
  { 'if-match': 'W/"2025-02-30T99:99:99Z"' },
  { 'accept-language': `${'x'.repeat(2000)};q=NaN` },
  { 'x-altcha': 'bm90IGpzb24=' },
];

const typeOf = (schema: TSchema): string | undefined => (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type);

/** The first alternative that is not `null` (nullable fields are `anyOf: [X, {type: null}]`). */
function concrete(schema: TSchema): TSchema {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return concrete(options.find((o) => typeOf(o) !== 'null' && o.type !== 'null') ?? options[0]);
  if (schema.allOf?.length) return concrete(Object.assign({}, ...schema.allOf) as TSchema);
  return schema;
}

/** Singular kebab name of an id field (`laboratoryId` -> `laboratory`, `orderIds` -> `order`), to find its list route. */
function resourceOfIdField(name: string): string | undefined {
  const match = /^(.*?)Ids?$/.exec(name);
  if (!match || !match[1]) return undefined;
  return match[1].replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/**
 * Walks every route as the account signed in with `email` and answers what came back. `t` is a
 * test app of the caller's own: the walk writes and deletes real rows.
 */
export async function walkEveryRoute(t: TTestApp, email: string, options: TWalkOptions = {}): Promise<TWalkResult> {
  // Each field (or parameter) takes its next `valuesPerField` values from where the previous one
  // stopped, starting at `offset`: walks with different offsets together send every value.
  let rotation = options.offset ?? 0;
  const pick = <T>(values: T[]): T[] => {
    const count = options.valuesPerField ?? values.length;
    if (count >= values.length) return values;
    const start = rotation;
    rotation += count;
    return Array.from({ length: count }, (_, i) => values[(start + i) % values.length]);
  };
  const doc = (await t.request('GET', '/api/docs/json')).body as TDocument;
  let session = await t.login(email);
  let signingIn: Promise<void> | undefined;
  const failures: string[] = [];
  const statuses: Record<number, number> = {};
  let requests = 0;
  let currentPhase = 0;

  /** Signs in again once, however many requests met the 401 of a walk that signed itself out. */
  async function signInAgain(stale: string) {
    if (session.token !== stale) return;
    signingIn ??= t.login(email).then((s) => {
      session = s;
      signingIn = undefined;
    });
    await signingIn;
  }

  async function send(request: TRequest): Promise<{ status: number; body: unknown }> {
    const attempt = async () => {
      const token = session.token;
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...request.headers };
      let body: BodyInit | undefined;
      if (request.raw) {
        // A FormData body brings its own content type (with the boundary).
        if (request.raw.type) headers['content-type'] = request.raw.type;
        body = request.raw.body;
      } else if (request.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(request.body);
      }
      const response = await fetch(t.baseUrl + request.url, { method: request.method.toUpperCase(), headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        /* not JSON (a file): keep the text */
      }
      return { status: response.status, body: parsed, token };
    };
    requests++;
    const started = performance.now();
    let result: { status: number; body: unknown; token: string };
    try {
      result = await attempt();
      if (result.status === 401 && !request.headers?.authorization) {
        await signInAgain(result.token);
        result = await attempt();
      }
    } catch (error) {
      // The account removed itself in the last phase: what follows cannot sign in, as it should.
      if (currentPhase === LAST_PHASE && /^login /.test((error as Error).message)) return { status: 401, body: undefined };
      failures.push(`${request.method.toUpperCase()} ${request.url} ${request.what} -> ${(error as Error).name}: ${(error as Error).message}`);
      return { status: 0, body: undefined };
    }
    statuses[result.status] = (statuses[result.status] ?? 0) + 1;
    options.onAnswer?.({
      method: request.method,
      url: request.url,
      what: request.what,
      status: result.status,
      code: (result.body as { code?: string } | undefined)?.code,
      ms: performance.now() - started,
    });
    if (result.status >= 500) failures.push(`${request.method.toUpperCase()} ${request.url} ${request.what} -> ${result.status} ${JSON.stringify(result.body).slice(0, 200)}`);
    return result;
  }

  /** Runs `requests` a few at a time, in order of start. */
  async function sendAll(list: TRequest[]) {
    let next = 0;
    const worker = async () => {
      while (next < list.length) await send(list[next++]);
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  }

  // Real records: what a list route answers, by the list's URL (their ids fill paths and id fields).
  const listed = new Map<string, Promise<Record<string, unknown>[]>>();
  function recordsListedAt(url: string): Promise<Record<string, unknown>[]> {
    let records = listed.get(url);
    if (!records) {
      records = send({ method: 'get', url: `${url}?limit=3`, what: 'list for real records' }).then(({ status, body }) =>
        status === 200 && Array.isArray(body)
          ? body.filter((item: unknown): item is Record<string, unknown> => typeof item === 'object' && item !== null && '_id' in item && typeof item._id === 'string')
          : [],
      );
      listed.set(url, records);
    }
    return records;
  }
  const idsListedAt = async (url: string) => (await recordsListedAt(url)).map((record) => record._id as string);
  const listRoutes = Object.entries(doc.paths)
    .filter(([template, operations]) => operations.get && !template.includes('{'))
    .map(([template]) => template);
  /** Real ids for a body field such as `lotId`: the records of the list route named after it. */
  async function idsForField(name: string): Promise<string[]> {
    const resource = resourceOfIdField(name);
    if (!resource) return [];
    const list = listRoutes.find((r) => r.endsWith(`/${resource}s`) || r.endsWith(`/${resource.replace(/y$/, 'ies')}`) || r.endsWith(`/${resource}`));
    return list ? idsListedAt(list) : [];
  }

  /** A plausible valid value, so that a bad value in one field is not hidden behind "required" errors in the others. */
  async function sample(raw: TSchema, name: string, full: boolean, depth = 0): Promise<unknown> {
    const schema = concrete(raw);
    if (schema.const !== undefined) return schema.const;
    if (schema.enum?.length) return schema.enum[0];
    if (schema.default !== undefined && !full) return schema.default;
    if (depth > 6) return undefined;
    switch (typeOf(schema)) {
      case 'object': {
        const out: Record<string, unknown> = {};
        const keys = full ? Object.keys(schema.properties ?? {}) : (schema.required ?? []);
        for (const key of keys) {
          const property = schema.properties?.[key];
          if (property) out[key] = await sample(property, key, full, depth + 1);
        }
        return out;
      }
      case 'array':
        return (schema.minItems || full) && schema.items ? [await sample(schema.items, name, full, depth + 1)] : [];
      case 'integer':
      case 'number':
        return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
      case 'boolean':
        return false;
      case 'string': {
        if (schema.format === 'uuid') return (await idsForField(name))[0] ?? randomUUID();
        if (schema.format === 'email') return `walk-${randomUUID().slice(0, 8)}@example.com`;
        if (schema.format === 'date-time') return new Date().toISOString();
        if (schema.pattern === DATE_PATTERN || schema.format === 'date') return '2025-06-01';
        const ids = name.endsWith('Id') ? await idsForField(name) : [];
        if (ids[0]) return ids[0];
        return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
      }
      default:
        return undefined;
    }
  }

  /** Every leaf field of a body schema (and every array and object), with its path. */
  function leavesOf(raw: TSchema, path: (string | number)[] = [], depth = 0): TLeaf[] {
    const schema = concrete(raw);
    if (depth > 6) return [];
    const here = path.length > 0 ? [{ path, schema }] : [];
    switch (typeOf(schema)) {
      case 'object':
        return [...here, ...Object.entries(schema.properties ?? {}).flatMap(([key, property]) => leavesOf(property, [...path, key], depth + 1))];
      case 'array':
        return [...here, ...(schema.items ? leavesOf(schema.items, [...path, 0], depth + 1) : [])];
      default:
        return here;
    }
  }

  /** Hostile and edge values for one field: what used to crash servers, and what a careless client sends. */
  async function badValuesOf(leaf: TLeaf): Promise<unknown[]> {
    const schema = leaf.schema;
    const name = String(leaf.path.filter((p) => typeof p === 'string').at(-1) ?? '');
    if (schema.const !== undefined || schema.enum) return ['__not_one_of_them__', null];
    switch (typeOf(schema)) {
      case 'object':
        return [null, 'x', DEEP_JSON];
      case 'array':
        return [null, 'x', DEEP_JSON, Array.from({ length: 300 }, () => (schema.items ? (concrete(schema.items).enum?.[0] ?? 'x') : 'x'))];
      case 'integer':
        return [HUGE_INTEGER, -HUGE_INTEGER, 2147483648, -1, 1.5, '7', null];
      case 'number':
        return [1e308, -1e308, HUGE_INTEGER, -1, 0.005, '7'];
      case 'boolean':
        return ['true', null];
      case 'string':
        if (schema.format === 'uuid' || name.endsWith('Id')) {
          // Another real record's id: one of the right kind but not the first (a different record), else a
          // record of another kind (the user's own).
          const other = (await idsForField(name))[1] ?? (session.user._id as string | undefined);
          return [randomUUID(), 'not-a-uuid', NUL_TEXT, '', ...(other ? [other] : [])];
        }
        if (schema.pattern === DATE_PATTERN || schema.format === 'date') return [IMPOSSIBLE_DATE, '0001-01-01', '9999-12-31', '', NUL_TEXT];
        if (schema.format === 'date-time') return ['2025-02-30T10:00:00Z', '+275760-09-13T00:00:00.000Z', 'yesterday', NUL_TEXT];
        if (schema.format === 'email') return ['a@b', `${'x'.repeat(300)}@example.com`, NUL_TEXT];
        return [NUL_TEXT, '', 'x'.repeat(Math.max((schema.maxLength ?? 5000) + 1, 5001)), "' or 1=1 --", 12345, null];
      default:
        return [null];
    }
  }

  /** `body` with `value` at `path` (containers created on the way; arrays get one element). */
  async function withValueAt(body: unknown, path: (string | number)[], value: unknown, schema: TSchema, name = ''): Promise<unknown> {
    if (path.length === 0) return value;
    const [head, ...rest] = path;
    const node = concrete(schema);
    if (typeof head === 'number') {
      const items = node.items ?? {};
      const list = Array.isArray(body) && body.length > 0 ? [...(body as unknown[])] : [await sample(items, name, false)];
      list[0] = await withValueAt(list[0], rest, value, items, name);
      return list;
    }
    const property = node.properties?.[head] ?? {};
    const object = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
    object[head] = await withValueAt(object[head] ?? (await sample(property, head, false)), rest, value, property, head);
    return object;
  }

  /**
   * A realistic valid body: the fields of a real record the schema takes (the record a PUT edits, or
   * one of the list a POST adds to), over the schema's own minimal sample.
   */
  async function realisticBody(schema: TSchema, method: string, template: string, url: string): Promise<unknown> {
    const minimal = await sample(schema, '', false);
    const object = concrete(schema);
    if (typeOf(object) !== 'object' || !object.properties) return minimal;
    let record: Record<string, unknown> | undefined;
    if (method === 'put' && template.endsWith('/{id}')) {
      const { status, body } = await send({ method: 'get', url, what: 'the record to edit' });
      if (status === 200 && body && typeof body === 'object') record = body as Record<string, unknown>;
    } else if (method === 'post' && doc.paths[template]?.get && !template.includes('{')) {
      record = (await recordsListedAt(template))[0];
    }
    if (!record) return minimal;
    const fields: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(object.properties)) {
      const value = record[key];
      if (value === undefined || key === 'updatedAt') continue;
      const nullable = [property, ...(property.anyOf ?? []), ...(property.oneOf ?? [])].some((o) => o.type === 'null' || (Array.isArray(o.type) && o.type.includes('null')));
      if (value === null && !nullable) continue;
      fields[key] = value;
    }
    return { ...(minimal as Record<string, unknown>), ...fields };
  }

  /** Every request of one route: valid and invalid ids, query values and bodies. */
  async function requestsOf(template: string, method: string, operation: TOperation): Promise<TRequest[]> {
    const out: TRequest[] = [];
    const parameters = operation.parameters ?? [];
    const pathParams = parameters.filter((p) => p.in === 'path');
    const queryParams = parameters.filter((p) => p.in === 'query');
    // Real ids for each path parameter: the records listed by the route before it, the earlier parameters filled in.
    const realPath: Record<string, string[]> = {};
    for (const p of pathParams) {
      const listTemplate = template.slice(0, template.indexOf(`{${p.name}}`) - 1);
      const listUrl = listTemplate.replace(/\{([^}]+)\}/g, (_m, name: string) => realPath[name]?.[0] ?? randomUUID());
      const ids = doc.paths[listTemplate]?.get ? await idsListedAt(listUrl) : [];
      realPath[p.name] = ids.length > 0 ? ids : [randomUUID()];
    }
    const urlOf = (values: Record<string, string> = {}, query = '') =>
      template.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(values[name] ?? realPath[name][0])) + (query ? `?${query}` : '');

    const jsonSchema = operation.requestBody?.content?.['application/json']?.schema;
    const goodBody = jsonSchema ? await sample(jsonSchema, '', false) : undefined;
    const fullBody = jsonSchema ? await sample(jsonSchema, '', true) : undefined;
    const realBody = jsonSchema ? await realisticBody(jsonSchema, method, template, urlOf()) : undefined;

    // Valid requests: each real record; a minimal, a complete and a realistic body.
    for (const p of pathParams) for (const id of realPath[p.name].slice(1)) out.push({ method, url: urlOf({ [p.name]: id }), body: realBody, what: `real ${p.name}` });
    out.push({ method, url: urlOf(), body: goodBody, what: 'valid' });
    if (jsonSchema) {
      out.push({ method, url: urlOf(), body: fullBody, what: 'complete body' });
      out.push({ method, url: urlOf(), body: realBody, what: 'realistic body' });
      for (const odd of [{}, null, []]) out.push({ method, url: urlOf(), body: odd, what: `body ${JSON.stringify(odd)}` });
      out.push({ method, url: urlOf(), raw: { body: '{"broken": ', type: 'application/json' }, what: 'malformed JSON' });
    } else if (method === 'post' || method === 'put') {
      // Uploads take multipart bodies the description does not detail: a file that is no document, and a broken body.
      const form = new FormData();
      form.append('file', new Blob([Buffer.from('not really a document \u0000 %PDF-1.4 PK\u0003\u0004')], { type: 'application/pdf' }), 'walk.pdf');
      out.push({ method, url: urlOf(), raw: { body: form, type: '' }, what: 'multipart with a garbage file' });
      out.push({ method, url: urlOf(), raw: { body: '--x\r\nbroken', type: 'multipart/form-data; boundary=x' }, what: 'malformed multipart' });
    }
    for (const headers of pick(HOSTILE_HEADERS)) out.push({ method, url: urlOf(), body: realBody, headers, what: `headers ${JSON.stringify(headers).slice(0, 60)}` });
    for (const p of pathParams) {
      for (const bad of pick([NUL_TEXT, IMPOSSIBLE_DATE, String(HUGE_INTEGER), '__proto__', randomUUID(), '%25'])) {
        out.push({ method, url: urlOf({ [p.name]: bad }), body: realBody, what: `path ${p.name}=${JSON.stringify(bad)}` });
      }
    }
    for (const p of queryParams) {
      for (const bad of pick([NUL_TEXT, IMPOSSIBLE_DATE, String(HUGE_INTEGER), '1e308', '-1'])) {
        out.push({ method, url: urlOf({}, new URLSearchParams({ [p.name]: bad }).toString()), body: realBody, what: `query ${p.name}=${JSON.stringify(bad)}` });
      }
    }
    if (method === 'get') {
      for (const extra of pick([
        'sort=__proto__',
        '__proto__=x',
        'toString[gt]=1',
        'q=%00',
        'limit=100000',
        'skip=1e308',
        'q=%25_%5C',
        'fields=_id,__proto__',
        'limit=1&limit=2',
        'q=a&q=b',
        'sort[]=x',
      ])) {
        out.push({ method, url: urlOf({}, extra), what: `query ${extra}` });
      }
      // A list's filters and sorts: fields of its records, with values of every kind.
      const item = operation.responses?.['200']?.content?.['application/json']?.schema;
      const record = item && typeOf(concrete(item)) === 'array' && concrete(item).items ? concrete(concrete(item).items!) : undefined;
      for (const field of Object.keys(record?.properties ?? {}).slice(0, 6)) {
        for (const filter of pick([`${field}=${encodeURIComponent(NUL_TEXT)}`, `${field}[gte]=${IMPOSSIBLE_DATE}`, `${field}[lt]=${HUGE_INTEGER}0`, `${field}[in]=x,,1e308&sort=-${field}`])) {
          out.push({ method, url: urlOf({}, filter), what: `filter ${filter}` });
        }
      }
    }
    if (jsonSchema) {
      for (const leaf of leavesOf(jsonSchema)) {
        for (const bad of pick(await badValuesOf(leaf))) {
          out.push({
            method,
            url: urlOf(),
            body: await withValueAt(realBody, leaf.path, bad, jsonSchema),
            what: `body ${leaf.path.join('.')}=${bad === DEEP_JSON ? 'JSON nested 2000 deep' : JSON.stringify(bad)?.slice(0, 40)}`,
          });
        }
      }
    }
    return out;
  }

  // Reads first, then writes, then deletes; signing out (and revoking sessions) at the end of each,
  // and removing one's own account last of all (nothing can be signed in after it).
  const phaseOf = (template: string, method: string) => {
    if (method === 'delete' && /\/me$/.test(template)) return LAST_PHASE;
    return (method === 'get' ? 0 : method === 'delete' ? 2 : 1) * 2 + (/logout|sessions|revoke/.test(template) ? 1 : 0);
  };
  const routes = Object.entries(doc.paths)
    .flatMap(([template, operations]) =>
      Object.entries(operations)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, operation]) => ({ template, method, operation })),
    )
    .sort((a, b) => phaseOf(a.template, a.method) - phaseOf(b.template, b.method));
  for (let phase = 0; phase <= LAST_PHASE; phase++) {
    currentPhase = phase;
    const inPhase = routes.filter((r) => phaseOf(r.template, r.method) === phase);
    const planned: TRequest[] = [];
    for (const route of inPhase) planned.push(...(await requestsOf(route.template, route.method, route.operation)));
    await sendAll(planned);
  }
  return { requests, failures, statuses };
}

/**
 * One role's walk on its own copy of the demo database (a walk deletes what it may): one hostile value
 * per field from `offset` of the rotation, no 5xx, and over 3,000 requests sent.
 */
export async function expectNoServerErrorsInWalk(email: string, offset: number) {
  const t = await startTestApp();
  try {
    const { failures, requests } = await walkEveryRoute(t, email, { valuesPerField: 1, offset });
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(3_000);
  } finally {
    await t.close();
  }
}
