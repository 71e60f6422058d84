import { and, eq, gt, gte, inArray, lt, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { areaOf, permissionKeyOf, scopeOf, type TArea, type TRecordScope, type TResource } from '@app/domain/platform/access/access-table';
import { isRecordFilterNode, type TRecordFilter } from '@app/domain/platform/auth/permissions';
import type { FastifyRequest } from 'fastify';
import type { TDbOrTx } from '../db/client.ts';
import { AppError } from './errors.ts';
import type { TActor, TRequestContext } from './context.ts';

/*
 * Who may do what is declared once, in the access table of @app/domain (platform/access). The API
 * asks it here: `requireAccess` for an action (403 when the caller's role has no grant, then the
 * action's permission key when the permission system is on), and `scopeCondition` for the SQL of
 * the record scope the grant reaches (rows outside it do not exist for the caller: 404).
 */

type TSignedIn = TRequestContext & { actor: TActor };

/**
 * The caller's permission keys. The platform's permission module provides it (lib does not know where
 * grants are stored); roles that hold every permission (the access table's ROLE_TRAITS) pass both.
 */
export type TPermissionGate = {
  /**
   * For an action the table grants: FORBIDDEN when the key is not granted, else the record filter
   * narrowing it (or null). A switched-off permission system passes with null: the table alone applies.
   */
  require: (ctx: TSignedIn, key: string) => Promise<TRecordFilter | null>;
  /**
   * Whether the caller holds the key outright: only with the permission system on and the key granted
   * (a switched-off system gives nobody a key), for rights that exist only as a key.
   */
  holds: (ctx: TSignedIn, key: string) => Promise<boolean>;
};

/** The SQL of one record scope over one resource's rows; undefined means every row. */
export type TScopeSql = (ctx: TSignedIn) => SQL | undefined;

/**
 * A resource's record scopes, keyed by the table's scope names. A scope that reaches further for
 * reading than for writing gives both (a comune reads the documents published for every comune but
 * manages only its own). `all` needs no entry unless some rows are hidden from everybody.
 */
export type TScopeImplementations = Partial<Record<TRecordScope, TScopeSql | { read: TScopeSql; write: TScopeSql }>>;

/**
 * The business areas switched on in this deployment (the touristTaxArea / environmentalArea
 * settings); `platform` is always among them. The platform's settings module provides it.
 */
export type TAreaGate = (db: TDbOrTx) => Promise<ReadonlySet<TArea>>;

const AREA_NAMES: Record<Exclude<TArea, 'platform'>, string> = { touristTax: 'tourist tax', environmental: 'environmental compliance' };

/** AREA_DISABLED (for everybody, admins included) when the area is switched off. */
export async function requireAreaEnabled(ctx: Pick<TRequestContext, 'db' | 'areas'>, area: TArea): Promise<void> {
  if (area === 'platform') return;
  if (!(await ctx.areas(ctx.db)).has(area)) throw new AppError('AREA_DISABLED', `The ${AREA_NAMES[area]} area is not enabled`);
}

/**
 * The hook a business area puts in front of every route it registers, so that a switched-off area
 * answers AREA_DISABLED on all of them (collections, use-case routes, public links alike).
 */
export function areaGuard(area: TArea) {
  return async (request: FastifyRequest) => {
    const { db, areas } = request.server.services;
    await requireAreaEnabled({ db, areas }, area);
  };
}

export type TAccess = { scope: TRecordScope; filter: TRecordFilter | null };

/**
 * The caller's grant for an action: AREA_DISABLED when the resource's area is switched off, FORBIDDEN
 * without a grant (or without its permission key).
 */
export async function requireAccess(ctx: TSignedIn, resource: TResource, action: string, message = 'Your role does not allow this'): Promise<TAccess> {
  const area = areaOf(resource);
  if (area) await requireAreaEnabled(ctx, area);
  const scope = scopeOf(ctx.actor.role, resource, action);
  if (scope === null) throw new AppError('FORBIDDEN', message);
  const key = permissionKeyOf(resource, action);
  return { scope, filter: key ? await ctx.permissions.require(ctx, key) : null };
}

/**
 * The same check, synchronous, for actions without a permission key (route guards that run before
 * validation, use cases without a request context). Asking it for an action with a key is a
 * programming error: use requireAccess.
 */
export function requireGrant(actor: TActor, resource: TResource, action: string, message = 'Your role does not allow this'): TRecordScope {
  if (permissionKeyOf(resource, action) !== null) throw new Error(`${resource}.${action} has a permission key: use requireAccess`);
  const scope = scopeOf(actor.role, resource, action);
  if (scope === null) throw new AppError('FORBIDDEN', message);
  return scope;
}

/**
 * Whether the caller may take an action that the table grants its role but that its permission key
 * must also allow outright: forcing an NCA phase past its signatures, confirming a corrective action,
 * a supplier reporting a non-conformity. Unlike requireAccess, a switched-off permission system
 * allows it only to roles that hold every permission. An answer, never an exception.
 */
export async function holdsPermission(ctx: TSignedIn, resource: TResource, action: string): Promise<boolean> {
  if (scopeOf(ctx.actor.role, resource, action) === null) return false;
  const key = permissionKeyOf(resource, action);
  return key === null || (await ctx.permissions.holds(ctx, key));
}

/**
 * The comune the caller's grant for the action confines it to: its own under an `ownCity` grant,
 * else null (a grant over every comune, none, or an account without a comune). A write's comune
 * defaults to it.
 */
export function ownCityOf(actor: TActor, resource: TResource, action: string): string | null {
  return scopeOf(actor.role, resource, action) === 'ownCity' ? actor.cityId : null;
}

const nothing = sql`false`;

/**
 * The condition selecting the rows the caller's grant for `action` reaches, from the resource's
 * scope implementations; no grant selects nothing. A granted scope without an implementation is a
 * programming error (the collection tests catch it), never an open door.
 */
export function scopeCondition(ctx: TSignedIn, resource: TResource, action: string, scopes: TScopeImplementations, kind: 'read' | 'write' = 'read'): SQL | undefined {
  const name = scopeOf(ctx.actor.role, resource, action);
  if (name === null) return nothing;
  const implementation = scopes[name];
  if (!implementation) {
    if (name === 'all') return undefined;
    throw new Error(`${resource}.${action}: no implementation of record scope "${name}" (role ${ctx.actor.role})`);
  }
  return (typeof implementation === 'function' ? implementation : implementation[kind])(ctx);
}

/** True when the caller's grant for the action reaches every record. */
export function reachesAll(actor: TActor, resource: TResource, action: string): boolean {
  return scopeOf(actor.role, resource, action) === 'all';
}

/** Turns a permission's record filter into SQL over the declared fields; unknown fields fail closed. */
export function recordFilterToSql(filter: TRecordFilter, fields: Record<string, PgColumn>): SQL {
  const parts = filter.conditions.map((node): SQL => {
    if (isRecordFilterNode(node)) return recordFilterToSql(node, fields);
    const column = fields[node.field];
    if (!column) return sql`false`;
    const [first] = node.values;
    switch (node.operator) {
      case 'eq':
        return eq(column, first);
      case 'ne':
        return ne(column, first);
      case 'in':
        return inArray(column, node.values);
      case 'nin':
        return notInArray(column, node.values);
      case 'gt':
        return gt(column, first);
      case 'gte':
        return gte(column, first);
      case 'lt':
        return lt(column, first);
      case 'lte':
        return lte(column, first);
    }
  });
  if (parts.length === 0) return sql`true`;
  return (filter.op === 'and' ? and(...parts) : or(...parts))!;
}
