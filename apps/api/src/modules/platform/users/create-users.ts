import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TServices } from '../../../lib/fastify-types.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import type { TCollectionRuntime } from '../../../lib/collection/routes.ts';
import { validationFailed, type TErrorDetail } from '../../../lib/errors.ts';
import { inTransition } from '../../../lib/workflow/run-transition.ts';
import { issueOneTimeToken, ONE_TIME_TOKEN_TTL_MS } from '../auth/one-time-tokens.ts';
import { linkProblems } from './users.ts';
import { normaliseEmail, roleLinkProblems, ZUserCreate } from './user-input.ts';
import { languageOr } from '../../../i18n/translate.ts';

type TUserRow = typeof users.$inferSelect;

/**
 * An invited account has no password until its owner chooses one: the invitation carries a
 * single-use link (hashed in one_time_tokens, 7 days, like the suppliers' invitations) to the page
 * that sets it (the password-reset page and POST /api/auth/reset-password, which accept it). No
 * secret that signs in is generated, stored or mailed.
 */
async function issueInviteLink(tx: TDbOrTx, userId: string) {
  return issueOneTimeToken(tx, userId, 'invite');
}

/** Mails the invitation link. Sent only after the account is committed. */
export async function sendInvite(services: TServices, user: Pick<TUserRow, 'email' | 'name' | 'language'>, token: string) {
  await services.mailer.send(
    user.email,
    'invite',
    {
      name: user.name ?? user.email,
      email: user.email,
      days: String(ONE_TIME_TOKEN_TTL_MS.invite / (24 * 3600_000)),
      link: `${services.config.publicUrl}/on-boarding/reset-password/${token}`,
    },
    languageOr(user.language),
  );
}

/** One account; without a chosen password it gets an invitation link to choose one. */
export async function createUser(services: TServices, runtime: TCollectionRuntime, ctx: TSignedInContext, input: Record<string, unknown>) {
  if (input.password) return (await runtime.create(ctx, input)) as TUserRow;
  // inTransition: the users list's watchers hear of the account once the unit commits (the runtime does not, inside it).
  const { row, token } = await inTransition(ctx.db, async ({ tx, changed }) => {
    const created = (await runtime.create({ ...ctx, db: tx }, input)) as TUserRow;
    changed.push({ table: users, id: created.id, kind: 'created', by: ctx.actor });
    return { row: created, token: await issueInviteLink(tx, created.id) };
  });
  await sendInvite(services, row, token);
  return row;
}

export const MAX_INVITES = 500;
export const ZInviteRow = ZUserCreate.omit({ password: true });
export const ZInviteBody = z.object({ users: z.array(z.unknown()).min(1, 'validation.required').max(MAX_INVITES) });

function valueAt(source: unknown, path: PropertyKey[]): unknown {
  let current = source;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * Every problem of an invite list, each with the list path (`users.<index>.<field>`), the 1-based row
 * and the offending value: schema errors, role/link rules, duplicates inside the list and e-mails
 * that already have an account.
 */
export async function findInviteProblems(db: TSignedInContext['db'], rows: unknown[]) {
  const problems: TErrorDetail[] = [];
  const valid: { index: number; data: z.infer<typeof ZInviteRow> }[] = [];
  const at = (index: number, field: string, message: string, value: unknown) => problems.push({ path: `users.${index}${field ? `.${field}` : ''}`, message, row: index + 1, value });

  for (const [index, raw] of rows.entries()) {
    const parsed = ZInviteRow.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) at(index, issue.path.join('.'), issue.message, valueAt(raw, issue.path));
      continue;
    }
    const linkIssues = [...roleLinkProblems(parsed.data), ...(await linkProblems(db, parsed.data))];
    for (const issue of linkIssues) at(index, issue.path, issue.message, issue.value ?? valueAt(raw, [issue.path]));
    if (linkIssues.length === 0) valid.push({ index, data: parsed.data });
  }

  const firstIndexByEmail = new Map<string, number>();
  for (const [index, raw] of rows.entries()) {
    const email = valueAt(raw, ['email']);
    if (typeof email !== 'string') continue;
    const key = normaliseEmail(email);
    const first = firstIndexByEmail.get(key);
    if (first === undefined) firstIndexByEmail.set(key, index);
    else at(index, 'email', `duplicate of row ${first + 1}`, email);
  }

  const emails = [...firstIndexByEmail.keys()];
  if (emails.length > 0) {
    const taken = await db
      .select({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(
        sql`lower(${users.email}) in (${sql.join(
          emails.map((e) => sql`${e}`),
          sql`, `,
        )})`,
      );
    for (const { email } of taken) {
      for (const [index, raw] of rows.entries()) {
        const value = valueAt(raw, ['email']);
        if (typeof value === 'string' && normaliseEmail(value) === email) at(index, 'email', 'errors.EMAIL_TAKEN', value);
      }
    }
  }
  problems.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  return { problems, valid };
}

/**
 * Invites a list of accounts, all or nothing: any bad row refuses the whole list with every problem
 * listed; otherwise all accounts are created in one transaction and each gets its invitation link
 * by e-mail once the transaction has committed.
 */
export async function inviteUsers(services: TServices, runtime: TCollectionRuntime, ctx: TSignedInContext, rows: unknown[]) {
  // Refuse callers who may not create accounts before telling them anything about the list.
  await runtime.conditions(ctx, 'create');
  const { problems, valid } = await findInviteProblems(ctx.db, rows);
  if (problems.length > 0) throw validationFailed(problems, `${new Set(problems.map((p) => p.row)).size} of ${rows.length} rows are not valid`);

  const created = await inTransition(ctx.db, async ({ tx, changed }) => {
    const txCtx = { ...ctx, db: tx as never };
    const out: { row: TUserRow; token: string }[] = [];
    for (const { data } of valid) {
      const row = (await runtime.create(txCtx, data)) as TUserRow;
      changed.push({ table: users, id: row.id, kind: 'created', by: ctx.actor });
      out.push({ row, token: await issueInviteLink(tx, row.id) });
    }
    return out;
  });
  for (const { row, token } of created) await sendInvite(services, row, token);
  return created.map((c) => c.row);
}
