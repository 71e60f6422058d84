import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TDemoAccount, type TTestApp } from './harness.ts';

/**
 * No request input can make the API answer 5xx. The routes come from the OpenAPI description the
 * API serves, so a new route is walked without touching this file: every path parameter, query
 * parameter and JSON body field gets the values that used to crash the server (a NUL character,
 * integers and amounts beyond what the database holds, an impossible date), and every route's
 * query string gets names that live on Object.prototype.
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
  minimum?: number;
  minItems?: number;
  default?: unknown;
};
type TParameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: TSchema };
type TOperation = { parameters?: TParameter[]; requestBody?: { content?: Record<string, { schema?: TSchema }> } };
type TLeaf = { path: (string | number)[]; kind: 'string' | 'date' | 'integer' | 'number' };

const NUL_TEXT = 'Giulia\u0000';
const HUGE_INTEGER = 9007199254740991;
const HUGE_AMOUNT = 1e308;
const IMPOSSIBLE_DATE = '2025-02-30';
const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

const typeOf = (schema: TSchema): string | undefined => (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type);

/** The first alternative that is not `null` (nullable fields are `anyOf: [X, {type: null}]`). */
function concrete(schema: TSchema): TSchema {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return concrete(options.find((o) => typeOf(o) !== 'null' && o.type !== 'null') ?? options[0]);
  if (schema.allOf?.length) return concrete(Object.assign({}, ...schema.allOf) as TSchema);
  return schema;
}

/** A plausible valid value, so that a bad value in one field is not hidden behind "required" errors in the others. */
function sample(raw: TSchema, depth = 0): unknown {
  const schema = concrete(raw);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (depth > 6) return undefined;
  switch (typeOf(schema)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) {
        const property = schema.properties?.[key];
        if (property) out[key] = sample(property, depth + 1);
      }
      return out;
    }
    case 'array':
      return schema.minItems && schema.items ? [sample(schema.items, depth + 1)] : [];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email') return 'someone@example.com';
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.pattern === DATE_PATTERN) return '2025-06-01';
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    default:
      return undefined;
  }
}

/** Every text, date and number field of a body schema, with its path. */
function leavesOf(raw: TSchema, path: (string | number)[] = [], depth = 0): TLeaf[] {
  const schema = concrete(raw);
  if (depth > 6 || schema.const !== undefined || schema.enum) return [];
  switch (typeOf(schema)) {
    case 'object':
      return Object.entries(schema.properties ?? {}).flatMap(([key, property]) => leavesOf(property, [...path, key], depth + 1));
    case 'array':
      return schema.items ? leavesOf(schema.items, [...path, 0], depth + 1) : [];
    case 'string':
      return [{ path, kind: schema.pattern === DATE_PATTERN ? 'date' : 'string' }];
    case 'integer':
      return [{ path, kind: 'integer' }];
    case 'number':
      return [{ path, kind: 'number' }];
    default:
      return [];
  }
}

const BAD_VALUES: Record<TLeaf['kind'], unknown[]> = {
  string: [NUL_TEXT],
  date: [IMPOSSIBLE_DATE, NUL_TEXT],
  integer: [HUGE_INTEGER, -HUGE_INTEGER],
  number: [HUGE_AMOUNT, HUGE_INTEGER],
};

/** `body` with `value` at `path` (containers created on the way; arrays get one element). */
function withValueAt(body: unknown, path: (string | number)[], value: unknown, schema: TSchema): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const node = concrete(schema);
  if (typeof head === 'number') {
    const items = node.items ?? {};
    const list = Array.isArray(body) && body.length > 0 ? [...(body as unknown[])] : [sample(items)];
    list[0] = withValueAt(list[0], rest, value, items);
    return list;
  }
  const property = node.properties?.[head] ?? {};
  const object = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
  object[head] = withValueAt(object[head] ?? sample(property), rest, value, property);
  return object;
}

let t: TTestApp;
let doc: { paths: Record<string, Record<string, TOperation>> };
beforeAll(async () => {
  t = await startTestApp();
  doc = (await t.request('GET', '/api/docs/json')).body;
});
afterAll(() => t?.close());

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Sends every hostile value to every route as `account`. A 401 (the walk may sign itself out, e.g.
 * through logout) signs in again. Returns the requests that answered 5xx.
 */
async function walkEveryRoute(account: TDemoAccount) {
  let session = await t.signedIn(account);
  const failures: string[] = [];
  const realIds = new Map<string, string>();
  let requests = 0;

  /** A real record id for `/api/things/{id}/...`, so that deeper checks (and the database) are reached. */
  async function realIdFor(collectionPath: string): Promise<string> {
    if (!realIds.has(collectionPath)) {
      const list = await t.request('GET', `${collectionPath}?limit=1`, { token: session.token });
      const first = Array.isArray(list.body) ? (list.body[0] as { _id?: string } | undefined)?._id : undefined;
      realIds.set(collectionPath, first ?? randomUUID());
    }
    return realIds.get(collectionPath)!;
  }

  async function send(method: string, url: string, body: unknown, what: string) {
    requests++;
    let res = await t.request(method.toUpperCase(), url, { token: session.token, ...(body === undefined ? {} : { body }) });
    if (res.status === 401) {
      session = await t.signedIn(account);
      res = await t.request(method.toUpperCase(), url, { token: session.token, ...(body === undefined ? {} : { body }) });
    }
    if (res.status >= 500) failures.push(`${method.toUpperCase()} ${url} ${what} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  }

  for (const [template, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.includes(method)) continue;
      const parameters = operation.parameters ?? [];
      const pathParams = parameters.filter((p) => p.in === 'path');
      const queryParams = parameters.filter((p) => p.in === 'query');
      const goodPath: Record<string, string> = {};
      for (const p of pathParams) {
        const collection = template.slice(0, template.indexOf(`{${p.name}}`) - 1);
        goodPath[p.name] = p.name === 'id' ? await realIdFor(collection) : randomUUID();
      }
      const urlOf = (values: Record<string, string>) => template.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(values[name] ?? goodPath[name]));
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const goodBody = bodySchema ? sample(bodySchema) : undefined;
      const goodQuery = (): URLSearchParams => new URLSearchParams();

      for (const p of pathParams) {
        for (const bad of [NUL_TEXT, IMPOSSIBLE_DATE, String(HUGE_INTEGER), '__proto__']) await send(method, urlOf({ [p.name]: bad }), goodBody, `path ${p.name}=${JSON.stringify(bad)}`);
      }
      for (const p of queryParams) {
        for (const bad of [NUL_TEXT, IMPOSSIBLE_DATE, String(HUGE_INTEGER), '1e308']) {
          const query = goodQuery();
          query.set(p.name, bad);
          await send(method, `${urlOf({})}?${query}`, goodBody, `query ${p.name}=${JSON.stringify(bad)}`);
        }
      }
      if (method === 'get') {
        for (const extra of ['sort=__proto__', '__proto__=x', 'toString[gt]=1', 'constructor=x', 'q=%00']) await send(method, `${urlOf({})}?${extra}`, undefined, `query ${extra}`);
      }
      if (bodySchema) {
        for (const leaf of leavesOf(bodySchema)) {
          for (const bad of BAD_VALUES[leaf.kind]) await send(method, urlOf({}), withValueAt(goodBody, leaf.path, bad, bodySchema), `body ${leaf.path.join('.')}=${JSON.stringify(bad)}`);
        }
      }
    }
  }
  return { failures, requests };
}

describe('hostile input on every route of the OpenAPI description', () => {
  it('no route answers 5xx to an admin sending NUL characters, huge numbers, impossible dates or prototype names', async () => {
    const { failures, requests } = await walkEveryRoute('admin');
    expect(requests).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 600_000);

  it('no route answers 5xx to a hotelier sending the same values', async () => {
    const { failures, requests } = await walkEveryRoute('hotelier');
    expect(requests).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 600_000);
});

describe('the cases reported as 500 are 400 with a code', () => {
  it('a NUL character in a text field is VALIDATION_FAILED naming the field', async () => {
    const admin = await t.signedIn('admin');
    const res = await t.request('PUT', '/api/users/me', { token: admin.token, body: { name: 'Giulia\u0000' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details).toEqual([{ path: 'name', message: 'must not contain NUL characters' }]);
  });

  it('an integer beyond the column range is VALIDATION_FAILED', async () => {
    const admin = await t.signedIn('admin');
    const res = await t.request('POST', '/api/faqs', { token: admin.token, body: { question: 'Q?', answer: 'A.', order: 9007199254740991 } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details[0].path).toBe('order');
  });

  it('prototype names in the query string and in sort are UNKNOWN_FIELD on a list', async () => {
    const city = await t.signedIn('city');
    for (const query of ['sort=__proto__', '__proto__=x', 'toString[gt]=1', 'constructor=x', 'sort=-constructor', 'hasOwnProperty=1']) {
      const res = await t.request('GET', `/api/structures?${query}`, { token: city.token });
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('UNKNOWN_FIELD');
    }
  });

  it('a payment of 1e308, or of more than the product holds, is VALIDATION_FAILED', async () => {
    const hotelier = await t.signedIn('hotelier');
    const list = await t.request('GET', '/api/declarations?limit=50', { token: hotelier.token });
    const submitted = (list.body as { _id: string; status: string }[]).find((d) => d.status === 'submitted' || d.status === 'validated');
    expect(submitted).toBeDefined();
    for (const paidAmount of [1e308, 99_999_999.99]) {
      const res = await t.request('POST', `/api/declarations/${submitted!._id}/payment`, { token: hotelier.token, body: { paymentDate: '2025-05-10', trn: 'TRN1', paidAmount } });
      expect(res.status, String(paidAmount)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('an impossible date (2025-02-30) is VALIDATION_FAILED in a body and INVALID_FILTER in a list filter', async () => {
    const hotelier = await t.signedIn('hotelier');
    const body = await t.request('PUT', '/api/users/me', { token: hotelier.token, body: { birthDate: '2025-02-30' } });
    expect(body.status).toBe(400);
    expect(body.body.code).toBe('VALIDATION_FAILED');
    const filter = await t.request('GET', '/api/stays?checkIn[gte]=2025-02-30', { token: hotelier.token });
    expect(filter.status).toBe(400);
    expect(filter.body.code).toBe('INVALID_FILTER');
  });

  it('a NUL character in the Basic authorization of a sign-in is a 400, not a 500', async () => {
    const res = await t.request('POST', '/api/auth', { headers: { authorization: t.basic('admin@demo.test\u0000', 'Demo1234') } });
    expect(res.status).toBe(400);
  });
});
