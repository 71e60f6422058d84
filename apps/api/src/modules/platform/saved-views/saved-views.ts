import { and, eq, isNull, ne, or, type SQL } from 'drizzle-orm';
import {
  roleOpensList,
  shareAudienceOf,
  viewTenantOf,
  ZSavedViewCreate,
  ZSavedViewParams,
  ZSavedViewRecord,
  ZSavedViewUpdate,
  type TViewVisibility,
} from '@app/domain/platform/saved-views/saved-views';
import { isRole } from '@app/domain/platform/auth/roles';
import { savedViews } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import { defineCollection, type TSignedInContext } from '../../../lib/collection/define.ts';
import { AppError } from '../../../lib/errors.ts';

type TViewRow = typeof savedViews.$inferSelect;

const visibilityOf = (row: TViewRow): TViewVisibility => (row.visibility === 'role' ? 'role' : 'private');

const invalid = (path: string, message: string, value?: unknown) =>
  new AppError('VALIDATION_FAILED', 'Some fields are not valid', { details: [{ path, message, ...(value === undefined ? {} : { value }) }] });

/**
 * The views a user reads: their own, and those shared with their role that reach their tenant (the
 * owner's comune, agency or laboratory, or every tenant when the owner manages the role). The tenant
 * is the caller's account's, so a comune's shared view never reaches another comune's staff.
 */
function ownOrSharedWithRole(ctx: TSignedInContext): SQL | undefined {
  const tenant = viewTenantOf(ctx.actor);
  const reachesCaller = tenant ? or(isNull(savedViews.audienceTenant), eq(savedViews.audienceTenant, tenant)) : isNull(savedViews.audienceTenant);
  return or(eq(savedViews.ownerId, ctx.actor.id), and(eq(savedViews.visibility, 'role'), eq(savedViews.role, ctx.actor.role), reachesCaller));
}

/** Only one default view per owner and list: the others lose it in the write's transaction. */
async function clearOtherDefaults(tx: TTx, ownerId: string, resource: string, exceptId: string | undefined) {
  await tx
    .update(savedViews)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(savedViews.ownerId, ownerId), eq(savedViews.resource, resource), eq(savedViews.isDefault, true), exceptId ? ne(savedViews.id, exceptId) : undefined));
}

/** Visibility, role and audience of a write: the audience comes from the owner's account, never from the body. */
function audienceOf(ctx: TSignedInContext, resource: string, visibility: TViewVisibility, role: string | null | undefined) {
  if (visibility === 'private') {
    if (role) throw invalid('role', 'a private view is shared with no role', role);
    return { visibility, role: null, audienceTenant: null };
  }
  const target = role ?? ctx.actor.role;
  const audience = shareAudienceOf(ctx.actor, target);
  if (!audience) {
    throw invalid(
      role ? 'role' : 'visibility',
      role && role !== ctx.actor.role
        ? 'you may share views only with your own role or the roles you manage'
        : 'your account has no comune, agency or laboratory to share views within: keep the view private',
      target,
    );
  }
  if (!roleOpensList(target, resource)) throw invalid('role', 'that role does not open this list', target);
  return { visibility, role: target, audienceTenant: audience.tenant };
}

/**
 * Saved views of the lists (issue 28): every user keeps their own (the owner is the caller, never
 * the body) and reads those shared with their role in their tenant; only the owner changes or
 * deletes a view. A view belongs to a list the owner opens, and a shared one to a list its role opens.
 */
export const savedViewsCollection = defineCollection({
  name: 'saved-views',
  resource: 'saved-views',
  tag: 'saved-views',
  table: savedViews,
  record: ZSavedViewRecord,
  create: ZSavedViewCreate,
  update: ZSavedViewUpdate,
  filterable: { resource: savedViews.resource, visibility: savedViews.visibility, ownerId: savedViews.ownerId, isDefault: savedViews.isDefault, name: savedViews.name },
  searchable: [savedViews.name],
  scopes: {
    sharedWithRole: ownOrSharedWithRole,
    self: (ctx) => eq(savedViews.ownerId, ctx.actor.id),
  },
  toRecord: (row: TViewRow) => ({
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    name: row.name,
    resource: row.resource,
    // Written through the schema; a row that no longer parses (a bound tightened) is answered empty rather than failing the list.
    params: ZSavedViewParams.safeParse(row.params).data ?? { filter: {} },
    visibility: visibilityOf(row),
    role: isRole(row.role) ? row.role : null,
    ownerId: row.ownerId,
    isDefault: row.isDefault,
  }),
  toRow: async (write) => {
    const { tx, ctx } = write;
    if (write.op === 'create') {
      const { input } = write;
      if (!roleOpensList(ctx.actor.role, input.resource)) throw invalid('resource', 'not a list you open', input.resource);
      const audience = audienceOf(ctx, input.resource, input.visibility, input.role);
      if (input.isDefault) await clearOtherDefaults(tx, ctx.actor.id, input.resource, undefined);
      return { name: input.name, resource: input.resource, params: input.params, isDefault: input.isDefault, ...audience, ownerId: ctx.actor.id };
    }
    const { input, existing } = write;
    const visibility = input.visibility ?? visibilityOf(existing);
    // A role named in the body wins; else a view that stays shared keeps its role, and one made private drops it.
    const role = input.role !== undefined ? input.role : visibility === 'role' ? existing.role : null;
    const audience = audienceOf(ctx, existing.resource, visibility, role);
    if (input.isDefault) await clearOtherDefaults(tx, existing.ownerId, existing.resource, existing.id);
    return {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.params === undefined ? {} : { params: input.params }),
      ...(input.isDefault === undefined ? {} : { isDefault: input.isDefault }),
      ...audience,
    };
  },
});
