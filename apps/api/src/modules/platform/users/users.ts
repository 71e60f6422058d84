import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { CONSORTIUM_AND_SUPPLIER_ROLES } from '@app/domain/platform/access/access-table';
import { users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { defineCollection, type TRowValues, type TSignedInContext } from '../../../lib/collection/define.ts';
import { scopeCondition, type TScopeImplementations } from '../../../lib/access.ts';
import { AppError, validationFailed, type TErrorDetail } from '../../../lib/errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import { endAllSessionsOfUser } from '../auth/sessions.ts';
import { normaliseEmail, roleLinkProblems, ZUserCreate, ZUserUpdate } from './user-input.ts';
import { userToRecord, ZUserRecord } from './user-record.ts';

/** What toRow reads from a create or an update body, the internal temporary password included. */
type TUserWriteInput = z.infer<typeof ZUserUpdate> & { password?: string };
type TVisibilityRule = (ctx: TSignedInContext) => SQL | undefined;
type TVisibilityScope = 'ownCity';

/**
 * Extra rows a record scope reaches, OR-ed with "yourself" and "your comune's accounts".
 * Hoteliers linked to a comune's structures belong to that comune's view (ownCity), but structures
 * are owned by the tourist-tax module: it registers that rule here (addUserVisibilityRule) so this
 * module does not depend on it.
 */
const visibilityRules: { scope: TVisibilityScope; rule: TVisibilityRule }[] = [];

export function addUserVisibilityRule(scope: TVisibilityScope, rule: TVisibilityRule) {
  visibilityRules.push({ scope, rule });
}

/**
 * Checks that a linked record (comune, agency, laboratory) exists. The owning modules register
 * them (cities, agencies and laboratories live elsewhere); without a check any UUID is accepted.
 */
export type TUserLinkField = 'cityId' | 'agencyId' | 'laboratoryId';
const linkChecks: Partial<Record<TUserLinkField, (db: TDbOrTx, id: string) => Promise<boolean>>> = {};

export function registerUserLinkCheck(field: TUserLinkField, exists: (db: TDbOrTx, id: string) => Promise<boolean>) {
  linkChecks[field] = exists;
}

/**
 * The check of the company functions a user holds (the environmental area's settings): it returns the
 * ids that are not active company functions. Without a registered check any UUID is accepted.
 */
type TFunctionCheck = (db: TDbOrTx, ids: readonly string[]) => Promise<string[]>;
let functionCheck: TFunctionCheck | undefined;

export function registerUserFunctionCheck(check: TFunctionCheck) {
  functionCheck = check;
}

const alive = isNull(users.deletedAt);

function visibleBy(scope: TVisibilityScope, ctx: TSignedInContext, own: SQL[]): SQL {
  const extra = visibilityRules.filter((r) => r.scope === scope).map((r) => r.rule(ctx));
  return and(alive, or(...own, ...extra.filter((sql): sql is SQL => sql !== undefined)))!;
}

/**
 * The record scopes of the users resource. Deleted (anonymised) accounts never appear, not even to
 * admins; `ownCity` is the comune's accounts (and the hoteliers of its structures) and yourself;
 * `consortiumAndSuppliers` the consortium's staff and the accounts of its agencies and laboratories.
 */
export const userScopes: TScopeImplementations = {
  all: () => alive,
  consortiumAndSuppliers: (ctx) => and(alive, or(eq(users.id, ctx.actor.id), inArray(users.role, [...CONSORTIUM_AND_SUPPLIER_ROLES]))),
  ownCity: (ctx) => visibleBy('ownCity', ctx, [eq(users.id, ctx.actor.id), ...(ctx.actor.cityId ? [eq(users.cityId, ctx.actor.cityId)] : [])]),
  self: (ctx) => and(alive, eq(users.id, ctx.actor.id)),
};

/** The accounts the caller may read (the users list's scope). */
export function userReadScope(ctx: TSignedInContext): SQL | undefined {
  return scopeCondition(ctx, 'users', 'read', userScopes);
}

export async function findEmailOwner(db: TDbOrTx, email: string, exceptId?: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${normaliseEmail(email)}`, exceptId ? ne(users.id, exceptId) : undefined));
  return row;
}

export const emailTaken = (path = 'email', value?: string) => new AppError('EMAIL_TAKEN', 'This e-mail address is already registered', { details: [{ path, message: 'errors.EMAIL_TAKEN', value }] });

/** Link-existence problems for the linked ids present in `values`. */
export async function linkProblems(db: TDbOrTx, values: Partial<Record<TUserLinkField, string | null | undefined>> & { companyFunctionSettingIds?: readonly string[] }): Promise<TErrorDetail[]> {
  const problems: TErrorDetail[] = [];
  for (const field of ['cityId', 'agencyId', 'laboratoryId'] as const) {
    const id = values[field];
    const exists = linkChecks[field];
    if (id && exists && !(await exists(db, id))) problems.push({ path: field, message: 'does not exist', value: id });
  }
  if (values.companyFunctionSettingIds?.length && functionCheck) {
    for (const id of await functionCheck(db, values.companyFunctionSettingIds)) problems.push({ path: 'companyFunctionSettingIds', message: 'not an active company function', value: id });
  }
  return problems;
}

/**
 * Users. Admins manage every account; a municipality account reads its comune's
 * accounts; everybody else reads only themselves. Creation and deletion have their own routes
 * (invite e-mail after commit; deletion anonymises), served in routes.ts.
 */
export const usersCollection = defineCollection({
  name: 'users',
  resource: 'users',
  table: users,
  record: ZUserRecord,
  create: ZUserCreate,
  update: ZUserUpdate,
  filterable: {
    role: users.role,
    isEnabled: users.isEnabled,
    isConfirmed: users.isConfirmed,
    cityId: users.cityId,
    agencyId: users.agencyId,
    laboratoryId: users.laboratoryId,
    email: users.email,
    name: users.name,
    surname: users.surname,
  },
  sortable: {
    role: users.role,
    isEnabled: users.isEnabled,
    email: users.email,
    name: users.name,
    surname: users.surname,
    commercialName: users.commercialName,
    lastLoginAt: users.lastLoginAt,
  },
  searchable: [users.name, users.surname, users.email, users.commercialName],
  scopes: userScopes,
  auditOmit: ['passwordHash', 'permissionGrants'],
  disabled: ['create', 'delete'],
  toRecord: (row) => userToRecord(row),
  async toRow({ input, tx, ctx, existing }) {
    // The password is not a column.
    const { password: chosen, ...fields }: TUserWriteInput = input;
    const values: TRowValues<typeof users> = { ...fields };
    if (typeof input.email === 'string') {
      values.email = normaliseEmail(input.email);
      if (await findEmailOwner(tx, input.email, existing?.id)) throw emailTaken('email', input.email);
    }
    const merged = existing ? { ...existing, ...values } : { ...values, role: input.role };
    const touchesLinks = !existing || ['role', 'cityId', 'agencyId', 'laboratoryId', 'companyFunctionSettingIds'].some((k) => k in input);
    const problems = touchesLinks ? [...roleLinkProblems(merged), ...(await linkProblems(tx, input))] : [];
    if (problems.length > 0) throw validationFailed(problems);

    if (existing && existing.id === ctx.actor.id) {
      // An administrator cannot lock themselves out of the user screens.
      if (input.isEnabled === false) throw new AppError('CONFLICT', 'You cannot disable your own account', { details: [{ path: 'isEnabled', message: 'cannot disable yourself' }] });
      // A rule about a field: one's own role (an administrator would drop their own rights).
      if (input.role !== undefined && input.role !== existing.role)
        throw new AppError('CONFLICT', 'You cannot change your own role', { details: [{ path: 'role', message: 'cannot change your own role' }] });
    }

    // A disabled account's sessions end now, and stay ended if it is enabled again.
    if (existing && input.isEnabled === false && existing.isEnabled) await endAllSessionsOfUser(tx, existing.id);

    if (!existing) {
      // Without a password the account gets one through its invitation link (create-users.ts) or a reset.
      values.passwordHash = chosen ? await hashPassword(chosen) : null;
      values.hasTemporaryPassword = false;
      values.needsPasswordChange = false;
      values.passwordChangedAt = chosen ? new Date() : null;
    }
    return values;
  },
  // Generic hard deletion is not offered (see deleteUser); this guards programmatic callers too.
  beforeDelete(row, { ctx }) {
    if (row.id === ctx.actor.id) throw new AppError('CANNOT_DELETE_YOURSELF', 'You cannot delete your own account');
    throw new AppError('CONFLICT', 'Accounts are anonymised, not removed: use DELETE /api/users/{id}');
  },
});
