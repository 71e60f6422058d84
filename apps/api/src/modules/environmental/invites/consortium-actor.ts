import { requireGrant } from '../../../lib/access.ts';
import type { TActor, TRequestContext } from '../../../lib/context.ts';
import { AppError } from '../../../lib/errors.ts';
import type { TCompanyRef } from '../companies/company-tables.ts';

/** Companies are invited by the consortium: the access table's `invite` action of agencies and laboratories. */
export function requireConsortiumActor(ctx: Pick<TRequestContext, 'actor'>, ref: TCompanyRef): TActor {
  if (!ctx.actor) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
  requireGrant(ctx.actor, ref.kind === 'agency' ? 'agencies' : 'laboratories', 'invite');
  return ctx.actor;
}
