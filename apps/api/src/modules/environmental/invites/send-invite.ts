import { eq } from 'drizzle-orm';
import { INVITE_LINK_TTL_MS, type TInviteAction } from '@app/domain/environmental/invite-flow';
import { users } from '../../../db/schema/index.ts';
import { DEFAULT_LANGUAGE, languageOr, type TLanguage } from '../../../i18n/translate.ts';
import type { TServices } from '../../../lib/fastify-types.ts';
import type { TRequestContext } from '../../../lib/context.ts';
import { inTransition } from '../../../lib/workflow/run-transition.ts';
import type { TCompanyRef } from '../companies/company-tables.ts';
import { assertInviteQuota, issueInviteToken, voidInviteTokens } from './invite-tokens.ts';
import { inviteTransitions } from './invite-transitions.ts';
import { existingManagerAccount } from './manager-account.ts';

export type TInviteOutcome = { inviteStatus: 'invited'; invitedAt: string; email: string };

/** Where the invitee chooses a password (the web's onboarding page). */
export const acceptInviteLink = (publicUrl: string, token: string) => `${publicUrl}/on-boarding/accept-invite/${token}`;

/**
 * Invite (to_invite -> invited) or resend (invited -> invited) to the current manager e-mail:
 * checks that the e-mail can become the manager's account, voids any link still usable, issues a new
 * one and e-mails it after the commit, so a rolled-back invitation sends nothing.
 */
async function sendInvite(
  services: TServices,
  ctx: Pick<TRequestContext, 'actor' | 'ip' | 'requestId'>,
  ref: TCompanyRef,
  action: Extract<TInviteAction, 'invite' | 'resend'>,
  writerLanguage: TLanguage,
): Promise<TInviteOutcome> {
  const invites = inviteTransitions[ref.kind];
  const context = { ...ctx, db: services.db };
  const now = new Date();
  const sent = await inTransition(services.db, async (unit) => {
    const { tx } = unit;
    const company = await invites.loadForUpdate(tx, context, ref.id);
    // Who and the state first: a refused invitation touches no link.
    await invites.check(tx, context, company, action, {});
    await assertInviteQuota(tx, ref, now);
    const userId = await existingManagerAccount(tx, ref, company.managerEmail);
    const voidedLinks = await voidInviteTokens(tx, ref, 'resent');
    const token = await issueInviteToken(tx, ref, { email: company.managerEmail, userId }, ctx.actor?.id ?? null, now);
    await invites.runInTx(unit, context, ref.id, action, { managerEmail: company.managerEmail, voidedLinks });
    // The e-mail is written in the language of its reader when they have an account, else in the inviter's.
    const [owner] = userId ? await tx.select({ language: users.language }).from(users).where(eq(users.id, userId)) : [];
    return { token, email: company.managerEmail, businessName: company.businessName, language: owner ? languageOr(owner.language) : writerLanguage };
  });
  await services.mailer.send(
    sent.email,
    'companyInvite',
    {
      company: sent.businessName,
      email: sent.email,
      days: String(INVITE_LINK_TTL_MS / (24 * 3600_000)),
      link: acceptInviteLink(services.config.publicUrl, sent.token),
    },
    sent.language,
  );
  return { inviteStatus: 'invited', invitedAt: now.toISOString(), email: sent.email };
}

/** First invitation of a company's manager; `language`: the inviter's (the request's), for a manager without an account yet. */
export function inviteCompany(services: TServices, ctx: Pick<TRequestContext, 'actor' | 'ip' | 'requestId'>, ref: TCompanyRef, language: TLanguage = DEFAULT_LANGUAGE) {
  return sendInvite(services, ctx, ref, 'invite', language);
}

/** A new link for a pending invitation; the previous link stops working. Goes to the current manager e-mail. */
export function resendInvite(services: TServices, ctx: Pick<TRequestContext, 'actor' | 'ip' | 'requestId'>, ref: TCompanyRef, language: TLanguage = DEFAULT_LANGUAGE) {
  return sendInvite(services, ctx, ref, 'resend', language);
}
