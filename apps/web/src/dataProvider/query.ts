import type { TQueryValue } from './httpClient';

/** react-admin resource names that live under another route than their API collection. */
const COLLECTION_BY_RESOURCE: Record<string, string> = {
  'management/settings': 'settings',
  'management/labels': 'labels',
  twentyOneModels: 'twenty-one-models',
  'documentation-area': 'documents',
};

export function collectionFor(resource: string): string {
  return COLLECTION_BY_RESOURCE[resource] ?? resource;
}

const OPERATOR_SUFFIXES = ['gte', 'lte', 'gt', 'lt', 'ne', 'in', 'nin'] as const;

function serialise(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/**
 * react-admin filter values to the collection contract: `q` as is, arrays as `field[in]=a,b`,
 * `field_gte` style suffixes as `field[gte]`, `id` as `_id`. Empty values are left out.
 */
export function filtersToQuery(filter: Record<string, unknown> = {}): Record<string, TQueryValue> {
  const query: Record<string, TQueryValue> = {};
  for (const [rawKey, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    let field = rawKey;
    let operator: string | null = null;
    const suffix = OPERATOR_SUFFIXES.find((op) => rawKey.endsWith(`_${op}`));
    if (suffix) {
      field = rawKey.slice(0, -(suffix.length + 1));
      operator = suffix;
    }
    if (field === 'id') field = '_id';
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      query[`${field}[${operator === 'nin' ? 'nin' : 'in'}]`] = value.map(serialise).join(',');
    } else if (operator) {
      query[`${field}[${operator}]`] = serialise(value);
    } else {
      query[field] = serialise(value);
    }
  }
  return query;
}

export function sortToQuery(sort?: { field: string; order: string }): string | undefined {
  if (!sort?.field) return undefined;
  const field = sort.field === 'id' ? '_id' : sort.field;
  return sort.order === 'DESC' ? `-${field}` : field;
}

export function paginationToQuery(pagination?: { page: number; perPage: number }): { limit?: number; skip?: number } {
  if (!pagination) return {};
  const { page, perPage } = pagination;
  return { limit: perPage, skip: Math.max(0, (page - 1) * perPage) };
}

export type TApiRecord = { _id: string; [key: string]: unknown };
export type TRaRecord = { id: string; [key: string]: unknown };

/** An API record (a domain record schema's type) as react-admin holds it: with `id` beside `_id`. */
export type TRaRecordOf<TRecord extends { _id: string }> = TRecord & { id: string };

export function fromApi<T extends TApiRecord>(record: T): T & { id: string } {
  return { ...record, id: record._id };
}

const READ_ONLY_FIELDS = new Set(['id', '_id', 'createdAt']);

/** Back to the API shape: no `id`, no server-owned fields. */
export function toApi(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) if (!READ_ONLY_FIELDS.has(key)) out[key] = value;
  return out;
}

/**
 * Partial update payload: only the fields that changed, plus the `updatedAt` of the edited
 * version so the API can refuse a stale write.
 */
export function changedFields(data: Record<string, unknown>, previous?: Record<string, unknown>): Record<string, unknown> {
  const payload = toApi(data);
  if (!previous) return payload;
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (key === 'updatedAt') continue;
    if (JSON.stringify(value) !== JSON.stringify(previous[key])) changed[key] = value;
  }
  if (typeof previous.updatedAt === 'string') changed.updatedAt = previous.updatedAt;
  return changed;
}
