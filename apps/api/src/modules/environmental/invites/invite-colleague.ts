import { and, eq, isNull } from 'drizzle-orm';
import { ROLE_OF_COMPANY } from '@app/domain/environmental/companies';
import { INVITE_LINK_TTL_MS } from '@app/domain/environmental/invite-flow';
import { inviteTokens, users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TServices } from '../../../lib/fastify-types.ts';
import type { TRequestContext } from '../../../lib/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { emailTaken, findEmailOwner, normaliseEmail, recordAudit, replacePassword } from '../../platform/index.ts';
import { ENTITY_OF_COMPANY, USER_LINK_OF_COMPANY, type TCompanyRef } from '../companies/company-tables.ts';
import { issueInviteToken, type TInviteTokenRow } from './invite-tokens.ts';
import { acceptInviteLink } from './send-invite.ts';
import { languageOr } from '../../../i18n/translate.ts';

export type TColleague = { email: string; name: string; surname: string };
type TAcceptedCompany = { id: string; businessName: string; inviteStatus: string };

/**
 * A further account of an accepted company (its users tab, "invite users"): created disabled and
 * without a password, with a single-use link (hashed, 7 days) e-mailed after the commit; the
 * colleague chooses the password on the accept-invite page, which enables the account. No secret
 * that signs in ever travels by e-mail.
 */
export async function inviteColleague(services: TServices, ctx: Pick<TRequestContext, 'actor' | 'ip' | 'requestId'>, ref: TCompanyRef, company: TAcceptedCompany, colleague: TColleague) {
  if (company.inviteStatus !== 'accepted') {
    throw new AppError('INVALID_TRANSITION', 'The company has not accepted its invitation yet', {
      details: [{ path: 'inviteStatus', message: 'must be accepted', value: company.inviteStatus }],
    });
  }
  const { user, token } = await services.db.transaction(async (tx) => {
    if (await findEmailOwner(tx, colleague.email)) throw emailTaken('email', colleague.email);
    const [row] = await tx
      .insert(users)
      .values({
        email: normaliseEmail(colleague.email),
        name: colleague.name,
        surname: colleague.surname,
        role: ROLE_OF_COMPANY[ref.kind],
        [USER_LINK_OF_COMPANY[ref.kind]]: company.id,
        commercialName: company.businessName,
        isEnabled: false,
        isConfirmed: false,
      })
      .returning();
    const issued = await issueInviteToken(tx, ref, { email: row.email, userId: row.id }, ctx.actor?.id ?? null, new Date(), 'colleague');
    await recordAudit(tx, ctx, { action: 'invite_user', entityType: ENTITY_OF_COMPANY[ref.kind], entityId: company.id, changes: { userId: row.id, email: row.email } });
    return { user: row, token: issued };
  });
  await services.mailer.send(
    user.email,
    'colleagueInvite',
    {
      name: [user.name, user.surname].filter(Boolean).join(' '),
      company: company.businessName,
      email: user.email,
      days: String(INVITE_LINK_TTL_MS / (24 * 3600_000)),
      link: acceptInviteLink(services.config.publicUrl, token),
    },
    languageOr(user.language),
  );
  return user;
}

/**
 * Accepting a colleague's link (already locked and checked usable): the password of their choice,
 * and the account enabled and confirmed (the link proves the mailbox). The account must still be
 * the company's; one deleted or moved meanwhile makes the link void.
 */
export async function acceptColleagueInvite(tx: TDbOrTx, ref: TCompanyRef, row: TInviteTokenRow, password: string): Promise<string> {
  const link = USER_LINK_OF_COMPANY[ref.kind];
  const [account] = row.userId ? await tx.select().from(users).where(eq(users.id, row.userId)).for('update') : [];
  if (!account || account.deletedAt || account[link] !== ref.id) throw new AppError('INVITE_TOKEN_REVOKED', 'This invitation is no longer valid');
  const now = new Date();
  const spent = await tx
    .update(inviteTokens)
    .set({ usedAt: now, updatedAt: now })
    .where(and(eq(inviteTokens.id, row.id), isNull(inviteTokens.usedAt), isNull(inviteTokens.voidedAt)))
    .returning({ id: inviteTokens.id });
  if (spent.length === 0) throw new AppError('INVITE_TOKEN_USED', 'This invitation has already been accepted: sign in with your e-mail and password');
  await replacePassword(tx, account.id, password);
  await tx.update(users).set({ isEnabled: true, isConfirmed: true, updatedAt: now }).where(eq(users.id, account.id));
  return account.id;
}
