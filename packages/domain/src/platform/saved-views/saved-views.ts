import { z } from 'zod';
import { can, CONSORTIUM_AND_SUPPLIER_ROLES, holdsEveryPermission, scopeOf, tenantKindOf } from '../access/access-table.ts';
import { ROUTE_ACCESS } from '../access/routes.ts';
import { ROLES, ZRole, type TRole } from '../auth/roles.ts';
import { ZRecordBase } from '../records/fields.ts';

/*
 * Saved views of a list (issue 28): a user keeps the filters, sort, columns and page size of a list
 * under a name, privately or shared with everyone of a role. Who reads a shared view is a rule of
 * tenants: a role-shared view reaches the holders of that role in the owner's tenant (the same
 * comune, agency or laboratory), or in every tenant when the owner manages that role (an
 * administrator any role; the consortium its own staff and its suppliers' accounts, the accounts its
 * `users` grant reaches). A hotelier has no tenant beyond their own account: their views stay private.
 */

export const VIEW_VISIBILITIES = ['private', 'role'] as const;
export type TViewVisibility = (typeof VIEW_VISIBILITIES)[number];

/** Bounds of what a view keeps: it is a preference, not a data store. */
export const SAVED_VIEW_LIMITS = { name: 80, perPage: 500, columns: 60, columnName: 100, filterKeys: 40, filterKey: 100, text: 1000, listItems: 100, paramsChars: 8000 } as const;

const ZFilterScalar = z.union([z.string().max(SAVED_VIEW_LIMITS.text), z.number(), z.boolean(), z.null()]);
const ZFilterList = z.array(ZFilterScalar).max(SAVED_VIEW_LIMITS.listItems);
/** A filter value: a scalar, a list of scalars, or one level of named scalars or lists (a range's from/to). */
const ZFilterValue = z.union([ZFilterScalar, ZFilterList, z.record(z.string().max(SAVED_VIEW_LIMITS.filterKey), z.union([ZFilterScalar, ZFilterList]))]);

/** What a view restores: react-admin's list parameters and the table's visible columns, in order. */
export const ZSavedViewParams = z
  .strictObject({
    filter: z
      .record(z.string().min(1).max(SAVED_VIEW_LIMITS.filterKey), ZFilterValue)
      .refine((filter) => Object.keys(filter).length <= SAVED_VIEW_LIMITS.filterKeys, `at most ${SAVED_VIEW_LIMITS.filterKeys} filters`)
      .default({}),
    sort: z.string().trim().min(1).max(SAVED_VIEW_LIMITS.filterKey).optional(),
    order: z.enum(['ASC', 'DESC']).optional(),
    perPage: z.number().int().min(1).max(SAVED_VIEW_LIMITS.perPage).optional(),
    /** The table's visible columns (their source, or label when they have none), left to right; absent: the list's own. */
    columns: z.array(z.string().trim().min(1).max(SAVED_VIEW_LIMITS.columnName)).max(SAVED_VIEW_LIMITS.columns).optional(),
  })
  .refine((params) => JSON.stringify(params).length <= SAVED_VIEW_LIMITS.paramsChars, `a view keeps at most ${SAVED_VIEW_LIMITS.paramsChars} characters of parameters`);
export type TSavedViewParams = z.infer<typeof ZSavedViewParams>;

/** The lists a view may belong to: the web's list routes (a path without parameters nor `/create`). */
export function isListRoute(resource: string): boolean {
  return Object.hasOwn(ROUTE_ACCESS, resource) && ROUTE_ACCESS[resource].action === 'list' && !resource.includes(':');
}

/** Whether the role may open the list the view belongs to (the route table's answer). */
export function roleOpensList(role: string, resource: string): boolean {
  if (!isListRoute(resource)) return false;
  const route = ROUTE_ACCESS[resource];
  return can(role, route.resource, route.action);
}

/**
 * The roles whose accounts a role manages, so that it shares views with all of them whatever their
 * tenant: administrators every role; the consortium the accounts its `users` grant reaches
 * (consortiumAndSuppliers: its staff, agencies and laboratories).
 */
export function rolesManagedBy(role: string): TRole[] {
  if (holdsEveryPermission(role)) return [...ROLES];
  if (scopeOf(role, 'users', 'list') === 'consortiumAndSuppliers') return [...CONSORTIUM_AND_SUPPLIER_ROLES];
  return [];
}

/** A user's tenant, as a view's audience names it: the comune, agency or laboratory of the account; null when it has none. */
export type TViewTenantOwner = { role: string; cityId: string | null; agencyId: string | null; laboratoryId: string | null };

export function viewTenantOf(user: TViewTenantOwner): string | null {
  const kind = tenantKindOf(user.role);
  const id = kind === 'city' ? user.cityId : kind === 'agency' ? user.agencyId : kind === 'laboratory' ? user.laboratoryId : null;
  // The consortium is one organisation: its views reach its staff through rolesManagedBy, not a tenant id.
  return kind && id ? `${kind}:${id}` : null;
}

/**
 * Who a view shared by `owner` with `role` reaches: every tenant of a role the owner manages
 * (`{ tenant: null }`), the owner's own tenant for their own role, or nobody (null: the share is refused).
 */
export function shareAudienceOf(owner: TViewTenantOwner, role: string): { tenant: string | null } | null {
  if (rolesManagedBy(owner.role).some((managed) => managed === role)) return { tenant: null };
  if (owner.role !== role) return null;
  const tenant = viewTenantOf(owner);
  return tenant ? { tenant } : null;
}

/** The roles a user may share views with (the save dialog's choices). */
export function shareableRoles(owner: TViewTenantOwner): TRole[] {
  return ROLES.filter((role) => shareAudienceOf(owner, role) !== null);
}

const ZViewName = z.string().trim().min(1, 'validation.required').max(SAVED_VIEW_LIMITS.name);
const ZViewResource = z.string().trim().min(1).max(100);

export const ZSavedViewRecord = ZRecordBase.extend({
  name: z.string(),
  resource: z.string().describe('The list the view belongs to: its web route, e.g. `stays` or `management/settings`'),
  params: ZSavedViewParams,
  visibility: z.enum(VIEW_VISIBILITIES),
  role: ZRole.nullable().describe('With visibility `role`: the role whose holders read the view'),
  ownerId: z.string(),
  isDefault: z.boolean().describe("The owner's default view of the list (one per owner and list)"),
});
export type TSavedViewRecord = z.infer<typeof ZSavedViewRecord>;

export const ZSavedViewCreate = z.object({
  name: ZViewName,
  resource: ZViewResource,
  params: ZSavedViewParams,
  visibility: z.enum(VIEW_VISIBILITIES).default('private'),
  /** Defaults to the owner's own role when the view is shared. */
  role: ZRole.nullish(),
  isDefault: z.boolean().default(false),
});
export type TSavedViewCreate = z.input<typeof ZSavedViewCreate>;

/** A view stays on its list: `resource` is not changed. */
export const ZSavedViewUpdate = z.object({
  name: ZViewName.optional(),
  params: ZSavedViewParams.optional(),
  visibility: z.enum(VIEW_VISIBILITIES).optional(),
  role: ZRole.nullish(),
  isDefault: z.boolean().optional(),
});
