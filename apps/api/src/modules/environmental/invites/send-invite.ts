import { eq } from 'drizzle-orm';
import { INVITE_LINK_TTL_MS, transitionInvite, type TInviteAction, type TInviteStatus } from '@app/domain/environmental/invite-flow';
import type { TServices } from '../../../lib/fastify-types.ts';
import type { TRequestContext } from '../../../lib/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { recordAudit } from '../../platform/index.ts';
import { ENTITY_OF_COMPANY, companyTable, lockCompany, type TCompanyRef } from '../companies/company-tables.ts';
import { assertInviteQuota, issueInviteToken, voidInviteTokens } from './invite-tokens.ts';
import { existingManagerAccount } from './manager-account.ts';
import { requireConsortiumActor } from './consortium-actor.ts';

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
): Promise<TInviteOutcome> {
  const actor = requireConsortiumActor(ctx, ref);
  const now = new Date();
  const sent = await services.db.transaction(async (tx) => {
    const company = await lockCompany(tx, ref);
    const step = transitionInvite(company.inviteStatus as TInviteStatus, action);
    if (!step.ok) {
      throw new AppError('INVALID_TRANSITION', `Cannot ${action} a company whose invitation is ${company.inviteStatus}`, {
        details: [{ path: 'inviteStatus', message: `allowed from ${step.allowedFrom.join(', ')}`, value: company.inviteStatus }],
      });
    }
    await assertInviteQuota(tx, ref, now);
    const userId = await existingManagerAccount(tx, ref, company.managerEmail);
    const voided = await voidInviteTokens(tx, ref, 'resent');
    const token = await issueInviteToken(tx, ref, { email: company.managerEmail, userId }, actor.id, now);
    const table = companyTable(ref.kind);
    await tx.update(table).set({ inviteStatus: step.to, invitedAt: now, updatedAt: now }).where(eq(table.id, ref.id));
    await recordAudit(tx, ctx, {
      action,
      entityType: ENTITY_OF_COMPANY[ref.kind],
      entityId: ref.id,
      changes: { inviteStatus: { from: step.from, to: step.to }, managerEmail: company.managerEmail, voidedLinks: voided },
    });
    return { token, email: company.managerEmail, businessName: company.businessName };
  });
  await services.mailer.send(sent.email, 'companyInvite', {
    company: sent.businessName,
    email: sent.email,
    days: String(INVITE_LINK_TTL_MS / (24 * 3600_000)),
    link: acceptInviteLink(services.config.publicUrl, sent.token),
  });
  return { inviteStatus: 'invited', invitedAt: now.toISOString(), email: sent.email };
}

/** First invitation of a company's manager. */
export function inviteCompany(services: TServices, ctx: Pick<TRequestContext, 'actor' | 'ip' | 'requestId'>, ref: TCompanyRef) {
  return sendInvite(services, ctx, ref, 'invite');
}

/** A new link for a pending invitation; the previous link stops working. Goes to the current manager e-mail. */
export function resendInvite(services: TServices, ctx: Pick<TRequestContext, 'actor' | 'ip' | 'requestId'>, ref: TCompanyRef) {
  return sendInvite(services, ctx, ref, 'resend');
}
