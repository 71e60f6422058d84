import type { TServices } from '../../../lib/fastify-types.ts';
import type { TRequestContext } from '../../../lib/context.ts';
import { inTransition } from '../../../lib/workflow/run-transition.ts';
import type { TCompanyRef } from '../companies/company-tables.ts';
import { voidInviteTokens } from './invite-tokens.ts';
import { inviteTransitions } from './invite-transitions.ts';

/**
 * Withdraws a pending invitation (invited -> to_invite): every link still usable is voided. The
 * manager's account stays disabled, ready for a later invitation.
 */
export async function revokeInvite(services: TServices, ctx: Pick<TRequestContext, 'actor' | 'ip' | 'requestId'>, ref: TCompanyRef) {
  const invites = inviteTransitions[ref.kind];
  const context = { ...ctx, db: services.db };
  return inTransition(services.db, async (unit) => {
    // The company first, then its links: the lock order of every invitation step.
    const company = await invites.loadForUpdate(unit.tx, context, ref.id);
    await invites.check(unit.tx, context, company, 'revoke', {});
    const voidedLinks = await voidInviteTokens(unit.tx, ref, 'revoked');
    const saved = await invites.runInTx(unit, context, ref.id, 'revoke', { voidedLinks });
    return { inviteStatus: saved.inviteStatus };
  });
}
