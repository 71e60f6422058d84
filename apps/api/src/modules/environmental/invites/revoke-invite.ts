import { eq } from 'drizzle-orm';
import { type TInviteStatus, transitionInvite } from '@app/domain/environmental/invite-flow';
import type { TServices } from '../../../lib/fastify-types.ts';
import type { TRequestContext } from '../../../lib/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { recordAudit } from '../../platform/index.ts';
import { ENTITY_OF_COMPANY, companyTable, lockCompany, type TCompanyRef } from '../companies/company-tables.ts';
import { voidInviteTokens } from './invite-tokens.ts';
import { requireConsortiumActor } from './consortium-actor.ts';

/**
 * Withdraws a pending invitation (invited -> to_invite): every link still usable is voided. The
 * manager's account stays disabled, ready for a later invitation.
 */
export async function revokeInvite(services: TServices, ctx: Pick<TRequestContext, 'actor' | 'ip' | 'requestId'>, ref: TCompanyRef) {
  requireConsortiumActor(ctx, ref);
  return services.db.transaction(async (tx) => {
    const company = await lockCompany(tx, ref);
    const step = transitionInvite(company.inviteStatus as TInviteStatus, 'revoke');
    if (!step.ok) {
      throw new AppError('INVALID_TRANSITION', `Cannot revoke an invitation that is ${company.inviteStatus}`, {
        details: [{ path: 'inviteStatus', message: `allowed from ${step.allowedFrom.join(', ')}`, value: company.inviteStatus }],
      });
    }
    const voided = await voidInviteTokens(tx, ref, 'revoked');
    const table = companyTable(ref.kind);
    const now = new Date();
    await tx.update(table).set({ inviteStatus: step.to, invitedAt: null, updatedAt: now }).where(eq(table.id, ref.id));
    await recordAudit(tx, ctx, {
      action: 'revoke_invite',
      entityType: ENTITY_OF_COMPANY[ref.kind],
      entityId: ref.id,
      changes: { inviteStatus: { from: step.from, to: step.to }, voidedLinks: voided },
    });
    return { inviteStatus: step.to };
  });
}
