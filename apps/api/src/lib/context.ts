import type { FastifyRequest } from 'fastify';
import type { TRole } from '@app/domain/platform/auth/roles';
import type { TDb } from '../db/client.ts';
import { AppError } from './errors.ts';
import type { TAreaGate, TPermissionGate } from './access.ts';

/** The signed-in user as the API sees it on one request. */
export type TActor = {
  id: string;
  email: string;
  role: TRole;
  cityId: string | null;
  agencyId: string | null;
  laboratoryId: string | null;
  /** The admin acting as this user, when the request runs under impersonation. */
  impersonatorId: string | null;
  /** The session of the access token (sessions table); absent for actors the system builds itself. */
  sessionId?: string | null;
};

/** What a use case needs from the request: who asks, which year is selected, and where to log. */
export type TRequestContext = {
  actor: TActor | null;
  db: TDb;
  year: number | null;
  requestId: string;
  ip: string;
  /** Resolves permission keys while the permission system is on (see access.ts). */
  permissions: TPermissionGate;
  /** The business areas switched on (see access.ts). */
  areas: TAreaGate;
};

export function contextOf(request: FastifyRequest): TRequestContext {
  return {
    actor: request.actor,
    db: request.server.services.db,
    year: request.selectedYear,
    requestId: String(request.id),
    ip: request.ip,
    permissions: request.server.services.permissions,
    areas: request.server.services.areas,
  };
}

export function requireActor(request: FastifyRequest): TActor {
  if (!request.actor) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
  return request.actor;
}

/** The context of a request that needs a signed-in user (401 otherwise), typed as such. */
export function signedInContextOf(request: FastifyRequest): TRequestContext & { actor: TActor } {
  const actor = requireActor(request);
  return { ...contextOf(request), actor };
}
