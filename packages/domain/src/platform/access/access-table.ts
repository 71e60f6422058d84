import type { TRole } from '../auth/roles.ts';

/*
 * Who may do what, declared once. Every resource (an API collection, a workflow, or a screen) lists
 * its actions; each action lists the roles that may take it and, per role, how far into the records
 * the grant reaches (the record scope). From this one table:
 * - the API derives each collection's role checks and picks the row scope for the caller's role;
 * - workflows take the `who` of each transition;
 * - the web derives its route table, its menu and react-admin's `canAccess`.
 * With the permission system switched on, a non-admin also needs the action's permission key
 * (`<permission>.<operation>`), whose record filters narrow the scope further.
 */

export const AREAS = ['platform', 'touristTax', 'environmental'] as const;
export type TArea = (typeof AREAS)[number];

/**
 * How far a grant reaches. The API implements each name as SQL for each resource that uses it;
 * rows outside the caller's scope do not exist for the caller (404).
 * - all: every record;
 * - ownCity: the records of the comune the user belongs to (`users.cityId`);
 * - managedStructures: the structures a hotelier manages (`structures.userIds`) and what hangs off
 *   them (stays, declarations, Modello 21, the comuni and rules of those structures);
 * - recipient: records addressed to the user (communications);
 * - published: records the owner made public (visible FAQs, active categories, confirmed events, or
 *   the user's own events);
 * - self: the user's own record or own rows;
 * - permissionSystemOn: readable only while the permission system is switched on;
 * - ownAgency / ownLaboratory: the records of the supplier agency or laboratory the user belongs to.
 */
export const RECORD_SCOPES = ['all', 'ownCity', 'managedStructures', 'recipient', 'published', 'self', 'permissionSystemOn', 'ownAgency', 'ownLaboratory'] as const;
export type TRecordScope = (typeof RECORD_SCOPES)[number];

/** Role -> record scope. A role absent from the grant may not take the action (403). */
export type TGrant = Partial<Record<TRole, TRecordScope>>;

export type TActionAccess = {
  grant: TGrant;
  /** Permission key checked when the permission system is on; defaults to `<resource permission>.<operation>`. */
  permission?: string;
};

export type TResourceAccess = {
  area: TArea;
  /** Entity name of the permission keys (`nca` in `nca.update`); without it the permission system does not apply. */
  permission?: string;
  actions: Record<string, TActionAccess>;
};

/** The standard operations of a collection, and the permission operation each one checks. */
export const COLLECTION_ACTIONS = { list: 'getAll', read: 'get', create: 'create', update: 'update', delete: 'delete' } as const;
export type TCollectionAction = keyof typeof COLLECTION_ACTIONS;

const ADMIN: TGrant = { admin: 'all' };
const COMUNE: TGrant = { admin: 'all', city: 'ownCity' };
const HOTELIER: TGrant = { admin: 'all', user: 'managedStructures' };
const TOURIST_TAX_READERS: TGrant = { admin: 'all', city: 'ownCity', user: 'managedStructures' };
const EVERYONE_SIGNED_IN: TGrant = { admin: 'all', city: 'all', user: 'all', agency_user: 'all', laboratory_user: 'all', consortium_user: 'all' };
const EVERYONE_SELF: TGrant = { admin: 'all', city: 'self', user: 'self', agency_user: 'self', laboratory_user: 'self', consortium_user: 'self' };

const allow = (grant: TGrant, permission?: string): TActionAccess => (permission ? { grant, permission } : { grant });

/** list + read with one grant, create/update/delete with another. */
function collection(read: TGrant, write: TGrant, extra: Record<string, TActionAccess> = {}): Record<string, TActionAccess> {
  return { list: allow(read), read: allow(read), create: allow(write), update: allow(write), delete: allow(write), ...extra };
}

export const ACCESS = {
  // ---- platform ----
  users: {
    area: 'platform',
    actions: {
      // A comune sees its own staff and the hoteliers of its structures; everyone else only themselves.
      list: allow({ admin: 'all', city: 'ownCity', user: 'self', agency_user: 'self', laboratory_user: 'self', consortium_user: 'self' }),
      read: allow({ admin: 'all', city: 'ownCity', user: 'self', agency_user: 'self', laboratory_user: 'self', consortium_user: 'self' }),
      create: allow(ADMIN),
      update: allow(ADMIN),
      delete: allow(ADMIN),
      invite: allow(ADMIN),
      impersonate: allow(ADMIN),
    },
  },
  profile: { area: 'platform', actions: { view: allow(EVERYONE_SIGNED_IN), completeProfile: allow(EVERYONE_SIGNED_IN) } },
  roles: {
    area: 'platform',
    permission: 'roles',
    actions: collection({ admin: 'all', city: 'permissionSystemOn', user: 'permissionSystemOn', agency_user: 'permissionSystemOn', laboratory_user: 'permissionSystemOn', consortium_user: 'permissionSystemOn' }, ADMIN),
  },
  permissions: {
    area: 'platform',
    actions: collection({ admin: 'all', city: 'permissionSystemOn', user: 'permissionSystemOn', agency_user: 'permissionSystemOn', laboratory_user: 'permissionSystemOn', consortium_user: 'permissionSystemOn' }, ADMIN),
  },
  settings: { area: 'platform', permission: 'settings', actions: collection(EVERYONE_SIGNED_IN, ADMIN) },
  labels: { area: 'platform', actions: collection(ADMIN, ADMIN) },
  management: { area: 'platform', actions: { view: allow(ADMIN) } },
  notifications: { area: 'platform', actions: { list: allow(EVERYONE_SELF), update: allow(EVERYONE_SELF) } },
  uploads: { area: 'platform', actions: { list: allow(EVERYONE_SELF), read: allow(EVERYONE_SELF), create: allow(EVERYONE_SELF), delete: allow(EVERYONE_SELF) } },
  'audit-logs': { area: 'platform', actions: { list: allow(ADMIN), read: allow(ADMIN) } },
  'mail-outbox': { area: 'platform', actions: { list: allow(ADMIN), read: allow(ADMIN) } },
  search: { area: 'platform', actions: { view: allow(ADMIN) } },
  'app-versions': { area: 'platform', actions: { create: allow(ADMIN) } },
  documentation: { area: 'platform', actions: { view: allow(EVERYONE_SIGNED_IN) } },
  faqs: {
    area: 'platform',
    actions: collection({ admin: 'all', city: 'published', user: 'published', agency_user: 'published', laboratory_user: 'published', consortium_user: 'published' }, ADMIN),
  },
  categories: {
    area: 'platform',
    actions: collection({ admin: 'all', city: 'published', user: 'published', agency_user: 'published', laboratory_user: 'published', consortium_user: 'published' }, ADMIN),
  },
  events: { area: 'platform', actions: collection({ admin: 'all', user: 'published' }, { admin: 'all', user: 'self' }) },
  customers: { area: 'platform', actions: collection(ADMIN, ADMIN) },
  projects: { area: 'platform', actions: collection(ADMIN, ADMIN) },
  links: { area: 'platform', actions: collection(ADMIN, ADMIN) },

  // ---- tourist tax ----
  dashboard: { area: 'touristTax', actions: { view: allow(TOURIST_TAX_READERS) } },
  cities: {
    area: 'touristTax',
    actions: {
      // Hoteliers also read the active comuni, to pick one when they register a structure.
      list: allow(TOURIST_TAX_READERS),
      read: allow(TOURIST_TAX_READERS),
      create: allow(ADMIN),
      update: allow(COMUNE),
      delete: allow(ADMIN),
    },
  },
  'structure-types': { area: 'touristTax', actions: collection(TOURIST_TAX_READERS, COMUNE) },
  'structure-classes': { area: 'touristTax', actions: collection(TOURIST_TAX_READERS, COMUNE) },
  'relevant-areas': { area: 'touristTax', actions: collection(TOURIST_TAX_READERS, COMUNE) },
  structures: {
    area: 'touristTax',
    // A hotelier edits the contact data of its own structures; the comune registers and classifies them.
    actions: collection(TOURIST_TAX_READERS, TOURIST_TAX_READERS, { export: allow(TOURIST_TAX_READERS) }),
  },
  tariffs: { area: 'touristTax', actions: collection(TOURIST_TAX_READERS, COMUNE) },
  reductions: { area: 'touristTax', actions: collection(TOURIST_TAX_READERS, COMUNE) },
  exemptions: { area: 'touristTax', actions: collection(TOURIST_TAX_READERS, COMUNE) },
  stays: {
    area: 'touristTax',
    // Hoteliers enter their guests' stays; the comune reads them.
    actions: collection(TOURIST_TAX_READERS, HOTELIER, {
      preview: allow(TOURIST_TAX_READERS),
      import: allow(HOTELIER),
      export: allow(TOURIST_TAX_READERS),
    }),
  },
  'declaration-templates': { area: 'touristTax', actions: collection(TOURIST_TAX_READERS, COMUNE, { generate: allow(COMUNE) }) },
  'filing-settings': { area: 'touristTax', actions: { read: allow(COMUNE), update: allow(COMUNE) } },
  declarations: {
    area: 'touristTax',
    actions: collection(TOURIST_TAX_READERS, HOTELIER, {
      submit: allow(HOTELIER),
      validate: allow(COMUNE),
      return: allow(COMUNE),
      revoke: allow(COMUNE),
      recordPayment: allow(HOTELIER),
      manageAttachments: allow(HOTELIER),
      export: allow(COMUNE),
    }),
  },
  twentyOneModels: {
    area: 'touristTax',
    actions: collection(TOURIST_TAX_READERS, HOTELIER, {
      refresh: allow(HOTELIER),
      submit: allow(HOTELIER),
      validate: allow(COMUNE),
      return: allow(COMUNE),
    }),
  },
  communications: {
    area: 'touristTax',
    actions: {
      list: allow({ admin: 'all', city: 'ownCity', user: 'recipient' }),
      read: allow({ admin: 'all', city: 'ownCity', user: 'recipient' }),
      create: allow(COMUNE),
      delete: allow(COMUNE),
      listRecipients: allow(COMUNE),
      markRead: allow({ admin: 'all', city: 'ownCity', user: 'recipient' }),
    },
  },
  'documentation-area': { area: 'touristTax', actions: collection(TOURIST_TAX_READERS, COMUNE) },
} as const satisfies Record<string, TResourceAccess>;

export type TResource = keyof typeof ACCESS;
export type TActionOf<R extends TResource> = keyof (typeof ACCESS)[R]['actions'] & string;

function actionAccess(resource: string, action: string): TActionAccess | undefined {
  if (!Object.hasOwn(ACCESS, resource)) return undefined;
  const actions = (ACCESS as Record<string, TResourceAccess>)[resource].actions;
  return Object.hasOwn(actions, action) ? actions[action] : undefined;
}

/** The record scope this role's grant has for the action, or null when the role may not take it. */
export function scopeOf(role: string | null | undefined, resource: string, action: string): TRecordScope | null {
  if (!role) return null;
  const grant = actionAccess(resource, action)?.grant as Record<string, TRecordScope> | undefined;
  return grant && Object.hasOwn(grant, role) ? grant[role] : null;
}

/** True when the role may take the action on some records of the resource (before permission keys). */
export function can(role: string | null | undefined, resource: string, action: string): boolean {
  return scopeOf(role, resource, action) !== null;
}

/** The roles that may take an action. */
export function rolesFor(resource: string, action: string): TRole[] {
  return Object.keys(actionAccess(resource, action)?.grant ?? {}) as TRole[];
}

/** The permission key checked for an action when the permission system is on, or null if none applies. */
export function permissionKeyOf(resource: string, action: string): string | null {
  const access = actionAccess(resource, action);
  if (!access) return null;
  if (access.permission) return access.permission;
  const entity = (ACCESS as Record<string, TResourceAccess>)[resource].permission;
  if (!entity) return null;
  const operation = Object.hasOwn(COLLECTION_ACTIONS, action) ? COLLECTION_ACTIONS[action as TCollectionAction] : action;
  return `${entity}.${operation}`;
}

export function areaOf(resource: string): TArea | null {
  return Object.hasOwn(ACCESS, resource) ? (ACCESS as Record<string, TResourceAccess>)[resource].area : null;
}
