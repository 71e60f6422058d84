import { and, asc, desc, eq, gt, gte, ilike, inArray, is, lt, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { PgArray, type PgColumn } from 'drizzle-orm/pg-core';
import { isCalendarDate } from '@app/domain/platform/records/fields';
import { AppError, type TErrorDetail } from '../errors.ts';
import { MAX_STORABLE_INTEGER } from '../schemas.ts';

/**
 * Turns the query string of a list request into SQL, using only the fields a collection declared.
 * Every value is coerced by the column's type and bound as a parameter; an unknown field is a 400.
 */
export const RESERVED_QUERY_KEYS = new Set(['limit', 'skip', 'sort', 'q', 'count', 'year', 'fields']);
export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 500;

const OPERATORS = ['eq', 'in', 'nin', 'ne', 'gt', 'gte', 'lt', 'lte'] as const;
type TOperator = (typeof OPERATORS)[number];
const isOperator = (name: string): name is TOperator => OPERATORS.some((operator) => operator === name);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TFieldMap = Record<string, PgColumn>;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

function columnKind(column: PgColumn): string {
  return column.columnType;
}

/** The column a query names, if declared: own keys only (`__proto__`, `toString` are not fields). */
const declared = (fields: TFieldMap, name: string): PgColumn | undefined => (Object.hasOwn(fields, name) ? fields[name] : undefined);

/** Coerces one query-string value to what the column holds, or explains why it cannot. */
function coerce(field: string, column: PgColumn, raw: string): unknown {
  const kind = columnKind(column);
  const fail = (message: string): never => {
    throw new AppError('INVALID_FILTER', `Invalid value for ${field}`, { details: [{ path: field, message, value: raw }] });
  };
  switch (kind) {
    case 'PgUUID':
      return isUuid(raw) ? raw : fail('must be a UUID');
    case 'PgInteger':
    case 'PgSmallInt':
    case 'PgBigInt53':
    case 'PgSerial': {
      const n = Number(raw);
      if (!Number.isInteger(n)) return fail('must be a whole number');
      return Math.abs(n) <= MAX_STORABLE_INTEGER ? n : fail('is out of range');
    }
    case 'PgNumeric':
    case 'PgNumericNumber':
    case 'PgDoublePrecision':
    case 'PgReal': {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n)) return fail('must be a number');
      return Math.abs(n) <= MAX_STORABLE_INTEGER ? n : fail('is out of range');
    }
    case 'PgBoolean':
      if (raw === 'true' || raw === '1') return true;
      if (raw === 'false' || raw === '0') return false;
      return fail('must be true or false');
    case 'PgTimestamp':
    case 'PgTimestampString': {
      const d = new Date(raw);
      // PostgreSQL timestamps stop at year 294276; JavaScript's reach 275760, so keep to four-digit years.
      return Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1 || d.getUTCFullYear() > 9999 ? fail('must be an ISO date-time') : d;
    }
    case 'PgDateString':
    case 'PgDate':
      return isCalendarDate(raw) ? raw : fail('must be a date YYYY-MM-DD');
    case 'PgArray': {
      return is(column, PgArray) ? coerce(field, column.baseColumn, raw) : raw;
    }
    case 'PgJsonb':
    case 'PgJson':
      return fail('cannot be filtered');
    default:
      return raw;
  }
}

function conditionFor(field: string, column: PgColumn, operator: TOperator, raw: string): SQL {
  const isArray = columnKind(column) === 'PgArray';
  const list = () => {
    const parts = raw
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    if (parts.length === 0) {
      throw new AppError('INVALID_FILTER', `Empty list for ${field}`, { details: [{ path: field, message: 'list must not be empty' }] });
    }
    return parts.map((p) => coerce(field, column, p));
  };
  if (isArray) {
    // Array columns (e.g. userIds): eq means "contains", in means "overlaps".
    const sqlType = is(column, PgArray) ? column.baseColumn.getSQLType() : column.getSQLType();
    if (operator === 'eq') return sql`${coerce(field, column, raw)}::${sql.raw(sqlType)} = any(${column})`;
    if (operator === 'in')
      return sql`${column} && ${sql`array[${sql.join(
        list().map((v) => sql`${v}`),
        sql`, `,
      )}]::${sql.raw(sqlType)}[]`}`;
    if (operator === 'ne') return sql`not (${coerce(field, column, raw)}::${sql.raw(sqlType)} = any(${column}))`;
    throw new AppError('INVALID_FILTER', `Operator ${operator} is not supported on ${field}`, {
      details: [{ path: field, message: `operator ${operator} not supported on a list field` }],
    });
  }
  if (raw === 'null' && (operator === 'eq' || operator === 'ne')) {
    return operator === 'eq' ? sql`${column} is null` : sql`${column} is not null`;
  }
  switch (operator) {
    case 'eq':
      return eq(column, coerce(field, column, raw));
    case 'ne':
      return ne(column, coerce(field, column, raw));
    case 'in':
      return inArray(column, list());
    case 'nin':
      return notInArray(column, list());
    case 'gt':
      return gt(column, coerce(field, column, raw));
    case 'gte':
      return gte(column, coerce(field, column, raw));
    case 'lt':
      return lt(column, coerce(field, column, raw));
    case 'lte':
      return lte(column, coerce(field, column, raw));
  }
}

const FILTER_KEY = /^([A-Za-z_][A-Za-z0-9_.]*)(?:\[([a-z]+)\])?$/;

export type TListQuery = {
  limit: number;
  skip: number;
  count: boolean;
  where: SQL[];
  orderBy: SQL[];
};

/** An ILIKE pattern matching text that contains `text` literally (its %, _ and backslash escaped). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function parseListQuery(query: Record<string, unknown>, options: { filterable: TFieldMap; sortable: TFieldMap; searchable: PgColumn[]; idColumn: PgColumn }): TListQuery {
  const errors: TErrorDetail[] = [];
  const where: SQL[] = [];
  const single = (key: string): string | undefined => {
    const value = query[key];
    if (value === undefined) return undefined;
    return Array.isArray(value) ? String(value[value.length - 1]) : String(value);
  };

  const limitRaw = single('limit');
  const skipRaw = single('skip');
  const limit = limitRaw === undefined ? DEFAULT_LIMIT : Number(limitRaw);
  const skip = skipRaw === undefined ? 0 : Number(skipRaw);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) errors.push({ path: 'limit', message: `must be a whole number from 1 to ${MAX_LIMIT}`, value: limitRaw });
  if (!Number.isInteger(skip) || skip < 0 || skip > MAX_STORABLE_INTEGER) errors.push({ path: 'skip', message: `must be a whole number from 0 to ${MAX_STORABLE_INTEGER}`, value: skipRaw });
  const countRaw = single('count');
  if (countRaw !== undefined && !['true', 'false', '1', '0'].includes(countRaw)) errors.push({ path: 'count', message: 'must be true or false', value: countRaw });

  for (const [key, value] of Object.entries(query)) {
    if (RESERVED_QUERY_KEYS.has(key)) continue;
    const match = FILTER_KEY.exec(key);
    const field = match?.[1];
    const operator = match?.[2] ?? 'eq';
    const column = field === undefined ? undefined : declared(options.filterable, field);
    if (!match || !column) {
      errors.push({ path: key, message: 'unknown filter field' });
      continue;
    }
    if (!isOperator(operator)) {
      errors.push({ path: key, message: `unknown operator ${operator}` });
      continue;
    }
    const values = Array.isArray(value) ? value.map(String) : [String(value)];
    try {
      for (const raw of values) where.push(conditionFor(field!, column, operator, raw));
    } catch (error) {
      if (error instanceof AppError && error.details) errors.push(...error.details);
      else throw error;
    }
  }

  const q = single('q')?.trim();
  if (q) {
    if (options.searchable.length === 0) errors.push({ path: 'q', message: 'this collection has no free-text search' });
    else {
      const pattern = containsPattern(q);
      where.push(or(...options.searchable.map((c) => ilike(c, pattern)))!);
    }
  }

  const orderBy: SQL[] = [];
  const sortRaw = single('sort');
  if (sortRaw) {
    for (const part of sortRaw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const descending = part.startsWith('-');
      const field = descending ? part.slice(1) : part;
      const column = declared(options.sortable, field);
      if (!column) {
        errors.push({ path: 'sort', message: `unknown sort field ${field}`, value: field });
        continue;
      }
      orderBy.push(descending ? desc(column) : asc(column));
    }
  }
  // A unique tie-breaker keeps paging stable when sort values repeat.
  orderBy.push(asc(options.idColumn));

  if (errors.length > 0) {
    const unknown = errors.some((e) => e.message.startsWith('unknown'));
    throw new AppError(unknown ? 'UNKNOWN_FIELD' : 'INVALID_FILTER', 'The list request has invalid parameters', { details: errors });
  }
  return { limit, skip, count: countRaw === 'true' || countRaw === '1', where, orderBy };
}

export function allOf(conditions: (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  if (present.length === 0) return undefined;
  return present.length === 1 ? present[0] : and(...present);
}
