import type { TActor, TRequestContext } from '../../../lib/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { requireRole } from '../../../lib/context.ts';

/**
 * Companies are invited by the consortium: an admin or a consortium user. (Once the access table
 * is wired, the agencies/laboratories `invite` action replaces this list.)
 */
export function requireConsortiumActor(ctx: Pick<TRequestContext, 'actor'>): TActor {
  if (!ctx.actor) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
  requireRole(ctx.actor, ['admin', 'consortium_user']);
  return ctx.actor;
}
