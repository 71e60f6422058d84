import type { FastifyInstance } from 'fastify';
import { requireAccess } from '../../../lib/access.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { signRequestTransitions } from './sign-request-transitions.ts';
import { refuseImpersonation } from './signing-codes.ts';

/**
 * reject (the signer, with an explanation), manualReject (the consortium, with a reason), unlock (the
 * consortium clears the wrong-code count). A refusal settles the round in the same transaction.
 */
export async function decideSignRequest(app: FastifyInstance, ctx: TSignedInContext, id: string, action: 'reject' | 'manualReject' | 'unlock', reason: string | null) {
  if (action === 'reject') refuseImpersonation(ctx);
  await requireAccess(ctx, 'sign-requests', action);
  return signRequestTransitions(app).run(ctx, id, action, { reason });
}
