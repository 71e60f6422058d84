import { z } from 'zod';
import { isRecord } from '../records/keys.ts';

/*
 * Permission engine. A user's grants are a list of dotted keys:
 *   'nca.create'  grants exactly that key;
 *   'nca.*'       grants every key beneath 'nca.' (not 'nca' itself); '*' grants everything;
 *   '!nca.delete' denies; any matching denial refuses the key whatever the grants say.
 * Filters on granting entries restrict which records the permission covers and are turned into a
 * serialisable TRecordFilter that the API translates to SQL. Denials are absolute: filters on a
 * denial are ignored.
 */

export const PERMISSION_AREAS = ['nca', 'agencies', 'lots', 'roles', 'signs', 'actions', 'orders', 'settings', 'forms', 'laboratories', 'contracts', 'rdps'] as const;
export type TPermissionArea = (typeof PERMISSION_AREAS)[number];

export const ENTITY_OPERATIONS = ['get', 'getAll', 'create', 'update', 'delete'] as const;
export type TEntityOperation = (typeof ENTITY_OPERATIONS)[number];

export const AUTH_PERMISSION_KEYS = ['auth.assignRoles', 'auth.removeRoles', 'auth.assignPermissions', 'auth.removePermissions', 'auth.getEmployeePermissions', 'auth.changePassword'] as const;

export const NCA_FORCE_SKIP_SIGNATURES = 'nca.forceSkipSignatures';

export function entityPermissionKey(entity: string, operation: TEntityOperation): string {
  return `${entity}.${operation}`;
}

export function actionPermissionKey(entity: string, action: string): string {
  return `${entity}.${action}`;
}

/** `<area>.get|getAll|create|update|delete`, plus 'nca.forceSkipSignatures' for nca. */
export function permissionKeysForArea(area: TPermissionArea): string[] {
  const keys = ENTITY_OPERATIONS.map((operation) => entityPermissionKey(area, operation));
  if (area === 'nca') keys.push(NCA_FORCE_SKIP_SIGNATURES);
  return keys;
}

/** Every concrete key the product knows, for the role editor. */
export const KNOWN_PERMISSION_KEYS: readonly string[] = [...PERMISSION_AREAS.flatMap((area) => permissionKeysForArea(area)), ...AUTH_PERMISSION_KEYS];

const SEGMENT = '[A-Za-z0-9_-]+';
// Optional '!', then segments; '*' only as the last segment (or alone).
const PERMISSION_KEY_PATTERN = new RegExp(`^!?(?:\\*|${SEGMENT}(?:\\.${SEGMENT})*(?:\\.\\*)?)$`);
const CONCRETE_KEY_PATTERN = new RegExp(`^${SEGMENT}(?:\\.${SEGMENT})*$`);

/** A key as stored on a role or user: concrete, wildcard or denial. */
export const ZPermissionKey = z.string().regex(PERMISSION_KEY_PATTERN, 'validation.permissionKey');

export function isValidPermissionKey(key: string): boolean {
  return ZPermissionKey.safeParse(key).success;
}

export const FILTER_OPERATORS = ['eq', 'ne', 'in', 'nin', 'gt', 'gte', 'lt', 'lte'] as const;
export type TFilterOperator = (typeof FILTER_OPERATORS)[number];
const SET_OPERATORS: ReadonlySet<TFilterOperator> = new Set(['in', 'nin']);

export const ZPermissionFilterValue = z.object({
  value: z.unknown(),
  valueType: z.enum(['plain', 'user']),
});

/**
 * Scalar operators (eq, ne, gt, gte, lt, lte) take exactly one value; 'in'/'nin' take one or more.
 * A 'user' value names a field of the current user (dotted path allowed, e.g. 'agency.id').
 */
const permissionFilterFields = {
  entityField: z.string().min(1),
  operator: z.enum(FILTER_OPERATORS),
  values: z.array(ZPermissionFilterValue).min(1),
  junctionOperator: z.enum(['$and', '$or']),
};
/** A stored filter as the API answers it (checked by ZPermissionFilter when it was written). */
export const ZPermissionFilterRecord = z.object(permissionFilterFields);
export const ZPermissionFilter = z.object(permissionFilterFields).superRefine((filter, ctx) => {
  if (!SET_OPERATORS.has(filter.operator) && filter.values.length !== 1) {
    ctx.addIssue({ code: 'custom', message: `operator ${filter.operator} takes exactly one value`, path: ['values'] });
  }
  filter.values.forEach((entry, index) => {
    if (entry.valueType === 'user' && (typeof entry.value !== 'string' || entry.value.length === 0)) {
      ctx.addIssue({ code: 'custom', message: 'a user value must name a user field', path: ['values', index, 'value'] });
    }
  });
});
export type TPermissionFilter = z.infer<typeof ZPermissionFilter>;

export const ZPermissionGrant = z.object({ key: ZPermissionKey, filters: z.array(ZPermissionFilter).optional() });
export type TPermissionGrant = { key: string; filters?: TPermissionFilter[] };

export type TRecordCondition = { field: string; operator: TFilterOperator; values: unknown[] };
/**
 * Serialisable record filter. Semantics: 'and' holds when every condition holds, 'or' when at least
 * one does. For eq/ne/gt/gte/lt/lte `values` has exactly one element; for in/nin it is the set.
 */
export type TRecordFilter = { op: 'and' | 'or'; conditions: Array<TRecordCondition | TRecordFilter> };

export function isRecordFilterNode(node: TRecordCondition | TRecordFilter): node is TRecordFilter {
  return 'op' in node;
}

export type TPermissionResolution = { allowed: boolean; filter: TRecordFilter | null };

const REFUSED: TPermissionResolution = { allowed: false, filter: null };

function patternMatches(pattern: string, key: string): boolean {
  if (!PERMISSION_KEY_PATTERN.test(pattern)) return false;
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return key.startsWith(pattern.slice(0, -1));
  return pattern === key;
}

function isDenial(grant: TPermissionGrant): boolean {
  return grant.key.startsWith('!');
}

/** Grants whose key applies to `key`, or null when `key` is refused (denied, not granted, malformed). */
function matchingGrants(grants: readonly TPermissionGrant[], key: string): TPermissionGrant[] | null {
  // The key asked about must be concrete: asking about 'nca.*' or '!x' is a caller mistake, refused.
  if (!CONCRETE_KEY_PATTERN.test(key)) return null;
  if (grants.some((grant) => isDenial(grant) && patternMatches(grant.key.slice(1), key))) return null;
  const granting = grants.filter((grant) => !isDenial(grant) && patternMatches(grant.key, key));
  return granting.length > 0 ? granting : null;
}

/**
 * Whether `key` is granted for at least some records. Filters are not looked at: use
 * resolvePermission to learn which records.
 */
export function hasPermission(grants: readonly TPermissionGrant[], key: string): boolean {
  return matchingGrants(grants, key) !== null;
}

function readUserField(user: Record<string, unknown>, path: string): unknown {
  let current: unknown = user;
  for (const segment of path.split('.')) {
    if (!isRecord(current)) return undefined;
    current = current[segment];
  }
  return current;
}

/** Resolves user values; null when the filter cannot be applied (malformed, or user field missing). */
function toCondition(filter: TPermissionFilter, user: Record<string, unknown>): TRecordCondition | null {
  if (!ZPermissionFilter.safeParse(filter).success) return null;
  const isSet = SET_OPERATORS.has(filter.operator);
  const values: unknown[] = [];
  for (const entry of filter.values) {
    if (entry.valueType === 'plain') {
      values.push(entry.value);
      continue;
    }
    // A user value names a field (ZPermissionFilter refused any other above).
    if (typeof entry.value !== 'string') return null;
    const resolved = readUserField(user, entry.value);
    if (resolved === undefined || resolved === null) return null;
    if (Array.isArray(resolved)) {
      if (!isSet) return null;
      const list: readonly unknown[] = resolved;
      values.push(...list);
    } else {
      values.push(resolved);
    }
  }
  if (values.length === 0 || (!isSet && values.length !== 1)) return null;
  return { field: filter.entityField, operator: filter.operator, values };
}

/**
 * One grant's filter list as a tree. Each filter after the first joins the previous ones through its
 * junctionOperator (the first one's is ignored), with AND binding tighter than OR, as in SQL:
 * [A, $or B, $and C] means A OR (B AND C).
 * Returns null when some filter cannot be applied: the grant then grants nothing (fail closed).
 */
function grantFilterTree(filters: readonly TPermissionFilter[], user: Record<string, unknown>): TRecordFilter | null {
  const groups: TRecordCondition[][] = [];
  for (const [index, filter] of filters.entries()) {
    const condition = toCondition(filter, user);
    if (condition === null) return null;
    if (index === 0 || filter.junctionOperator === '$or') groups.push([condition]);
    else groups[groups.length - 1].push(condition);
  }
  if (groups.length === 1) return { op: 'and', conditions: groups[0] };
  return { op: 'or', conditions: groups.map((conditions) => ({ op: 'and', conditions })) };
}

/**
 * Decides `key` for `user` and, when allowed, which records it covers.
 * - any matching denial, no matching grant, or a non-concrete key => refused;
 * - a matching grant without filters => allowed on every record (filter null);
 * - otherwise the matching grants' filters are OR-ed (any one grant suffices).
 * A filtered grant that cannot be applied (user field missing, malformed filter) is skipped; if no
 * grant is left the key is refused.
 */
export function resolvePermission(grants: readonly TPermissionGrant[], key: string, user: Record<string, unknown>): TPermissionResolution {
  const granting = matchingGrants(grants, key);
  if (granting === null) return REFUSED;
  if (granting.some((grant) => !grant.filters || grant.filters.length === 0)) return { allowed: true, filter: null };

  const trees = granting.map((grant) => grantFilterTree(grant.filters ?? [], user)).filter((tree): tree is TRecordFilter => tree !== null);
  if (trees.length === 0) return REFUSED;
  if (trees.length === 1) return { allowed: true, filter: trees[0] };
  // Flatten top-level ORs so the tree stays shallow.
  const conditions = trees.flatMap((tree) => (tree.op === 'or' ? tree.conditions : [tree]));
  return { allowed: true, filter: { op: 'or', conditions } };
}

function compare(left: unknown, right: unknown): number | null {
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  if (typeof left === 'string' && typeof right === 'string') return left < right ? -1 : left > right ? 1 : 0;
  return null;
}

function conditionHolds(condition: TRecordCondition, record: Record<string, unknown>): boolean {
  const actual = record[condition.field];
  const [first] = condition.values;
  switch (condition.operator) {
    case 'eq':
      return actual === first;
    case 'ne':
      return actual !== first;
    case 'in':
      return condition.values.includes(actual);
    case 'nin':
      return !condition.values.includes(actual);
    default: {
      const order = compare(actual, first);
      if (order === null) return false;
      if (condition.operator === 'gt') return order > 0;
      if (condition.operator === 'gte') return order >= 0;
      if (condition.operator === 'lt') return order < 0;
      return order <= 0;
    }
  }
}

/**
 * In-memory reference semantics of a TRecordFilter (strict equality, numbers and strings ordered).
 * The API's SQL translation should agree with it; the web can use it to grey out actions.
 */
export function recordMatchesFilter(filter: TRecordFilter, record: Record<string, unknown>): boolean {
  const holds = (node: TRecordCondition | TRecordFilter) => (isRecordFilterNode(node) ? recordMatchesFilter(node, record) : conditionHolds(node, record));
  return filter.op === 'and' ? filter.conditions.every(holds) : filter.conditions.some(holds);
}
