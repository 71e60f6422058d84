import { eq } from 'drizzle-orm';
import { AppError } from '../../../lib/errors.ts';
import { allOf } from '../../../lib/collection/query.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import type { TCollectionRuntime } from '../../../lib/collection/routes.ts';

/** Whether the caller may see (or change) the record an upload is linked to. */
export type TUploadLinkPolicy = (ctx: TSignedInContext, linkedEntityId: string) => Promise<boolean>;

const policies = new Map<string, { canSee: TUploadLinkPolicy; canModify?: TUploadLinkPolicy }>();
const attachNeedsChange = new Set<string>();

/**
 * Files linked to records of this type are added only by who may change the record (its update
 * scope), not by everyone who may read it: a comune reads its hoteliers' stays but does not attach
 * files to them, and a hotelier reads its comune but does not upload its logo.
 */
export function requireChangeToAttach(linkedEntityType: string) {
  attachNeedsChange.add(linkedEntityType);
}

/**
 * Lets a module decide who may see uploads linked to its records (`linkedEntityType`), and
 * optionally who else may delete them (`canModify`; without it only the owner and admins may).
 * Collections need not register: a linked type that is a collection name uses the collection's
 * own rules (see defaultPolicy).
 */
export function registerUploadLinkPolicy(linkedEntityType: string, canSee: TUploadLinkPolicy, canModify?: TUploadLinkPolicy) {
  policies.set(linkedEntityType, { canSee, canModify });
}

/** Not found and forbidden both mean "no"; anything else is a real failure. */
async function allowed(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch (error) {
    if (error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN')) return false;
    throw error;
  }
}

/**
 * Default for collections: you may see the upload when you can GET the record through its
 * collection (role, row scope and permissions), and modify it when the record is inside your
 * update scope.
 */
function defaultPolicy(runtime: TCollectionRuntime) {
  const table = runtime.def.table;
  return {
    canSee: (ctx: TSignedInContext, id: string) => allowed(() => runtime.getById(ctx, id)),
    canModify: (ctx: TSignedInContext, id: string) =>
      allowed(async () => {
        const scope = await runtime.conditions(ctx, 'update');
        const rows = await ctx.db
          .select({ id: table.id })
          .from(table)
          .where(allOf([eq(table.id, id), scope]));
        if (rows.length === 0) throw new AppError('NOT_FOUND', 'not found');
      }),
  };
}

export type TLinkAccess = { known: boolean; canSee: TUploadLinkPolicy; canModify: TUploadLinkPolicy; attachNeedsChange: boolean };

/** The rules for one linked type: a registered policy first, then the collection of that name. */
export function linkAccessFor(collections: Map<string, TCollectionRuntime>, linkedEntityType: string): TLinkAccess {
  const attach = attachNeedsChange.has(linkedEntityType);
  const registered = policies.get(linkedEntityType);
  if (registered) return { known: true, canSee: registered.canSee, canModify: registered.canModify ?? (async () => false), attachNeedsChange: attach };
  const runtime = collections.get(linkedEntityType);
  if (runtime) return { known: true, ...defaultPolicy(runtime), attachNeedsChange: attach };
  const no = async () => false;
  return { known: false, canSee: no, canModify: no, attachNeedsChange: attach };
}
