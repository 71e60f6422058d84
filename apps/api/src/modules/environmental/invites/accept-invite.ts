import { and, eq, isNull } from 'drizzle-orm';
import { INVITEE } from '@app/domain/environmental/invite-flow';
import { inviteTokens } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TServices } from '../../../lib/fastify-types.ts';
import type { TRequestContext } from '../../../lib/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { assertPasswordPolicy, recordAudit, replacePassword } from '../../platform/index.ts';
import { inTransition } from '../../../lib/workflow/run-transition.ts';
import { ENTITY_OF_COMPANY, companyTable } from '../companies/company-tables.ts';
import { inviteTransitions } from './invite-transitions.ts';
import { activateManagerAccount } from './manager-account.ts';
import { companyOfToken, usableInviteToken } from './invite-tokens.ts';
import { acceptColleagueInvite } from './invite-colleague.ts';

/** What the accept page shows before the invitee chooses a password; refused like acceptInvite. */
export async function findInvite(db: TDbOrTx, token: string) {
  const row = await usableInviteToken(db, token);
  const ref = companyOfToken(row);
  const table = companyTable(ref.kind);
  const [company] = await db.select({ businessName: table.businessName }).from(table).where(eq(table.id, ref.id));
  return {
    companyKind: ref.kind,
    companyId: ref.id,
    businessName: company.businessName,
    email: row.email,
    expiresAt: row.expiresAt.toISOString(),
    purpose: row.purpose === 'colleague' ? ('colleague' as const) : ('manager' as const),
  };
}

/**
 * The invitee, not signed in, accepts with the e-mailed link and a password of their choice
 * (invited -> accepted). The password policy is checked before the link is spent, so a refused
 * password can be corrected with the same link. The manager's account is created (or the existing
 * one reused), enabled, confirmed (the link proves the mailbox) and linked to the company. A
 * colleague's link (a further account of an accepted company) sets that account's password and
 * enables it; the company's status does not change.
 */
export async function acceptInvite(services: TServices, ctx: Pick<TRequestContext, 'ip' | 'requestId'>, token: string, password: string) {
  assertPasswordPolicy(password);
  // Nobody is signed in: the invitee acts with the link, which is checked before anything else.
  const context = { ...ctx, actor: null, db: services.db };
  return inTransition(services.db, async (unit) => {
    const { tx } = unit;
    const ref = companyOfToken(await usableInviteToken(tx, token));
    const invites = inviteTransitions[ref.kind];
    // Company first, then the link: the same lock order as invite and resend, so they cannot deadlock.
    const company = await invites.loadForUpdate(tx, context, ref.id);
    const row = await usableInviteToken(tx, token, { lock: true });
    if (row.purpose === 'colleague') {
      const userId = await acceptColleagueInvite(tx, ref, row, password);
      await recordAudit(
        tx,
        { actor: null, ...ctx },
        { action: 'accept_user_invite', entityType: ENTITY_OF_COMPANY[ref.kind], entityId: ref.id, actorId: userId, changes: { userId, email: row.email } },
      );
      return { userId, email: row.email, companyKind: ref.kind, companyId: ref.id, inviteStatus: company.inviteStatus };
    }
    await invites.check(tx, context, company, 'accept', {}, { as: INVITEE }).catch((error: unknown) => {
      // A manager's link is good only while the invitation is pending.
      throw error instanceof AppError && error.code === 'INVALID_TRANSITION' ? new AppError('INVITE_TOKEN_REVOKED', 'This invitation is no longer pending') : error;
    });
    const now = new Date();
    const spent = await tx
      .update(inviteTokens)
      .set({ usedAt: now, updatedAt: now })
      .where(and(eq(inviteTokens.id, row.id), isNull(inviteTokens.usedAt), isNull(inviteTokens.voidedAt)))
      .returning({ id: inviteTokens.id });
    if (spent.length === 0) throw new AppError('INVITE_TOKEN_USED', 'This invitation has already been accepted: sign in with your e-mail and password');
    const userId = await activateManagerAccount(tx, ref, row.email, company.businessName);
    await replacePassword(tx, userId, password);
    const saved = await invites.runInTx(unit, context, ref.id, 'accept', { userId }, { as: INVITEE });
    return { userId, email: row.email, companyKind: ref.kind, companyId: ref.id, inviteStatus: saved.inviteStatus };
  });
}
