import { useResourceContext } from 'react-admin';
import { can, scopeOf } from '@app/domain/platform/access/access-table';
import { ROUTE_ACCESS } from '@app/domain/platform/access/routes';
import { getSession } from '../session/store';
import { useSession } from '../session/useSession';
import type { TRole } from '../session/types';

/*
 * What the signed-in role may do, asked of the one access table (@app/domain platform/access) that
 * the API enforces: the screens use it to hide actions the server would refuse, nothing more (the
 * server also applies the record scope: a city user writes only its comune's rows, a hotelier only
 * its own structures and their stays).
 */

export function currentRole(): TRole | null {
  return getSession()?.user.role ?? null;
}

export function currentUserId(): string | null {
  return getSession()?.user._id ?? null;
}

export function currentCityId(): string | null {
  return getSession()?.user.cityId ?? null;
}

/** May the signed-in role take this action of the access table (outside React: read once). */
export function canNow(resource: string, action: string): boolean {
  return can(currentRole(), resource, action);
}

/** May the signed-in role take this action of the access table; follows session changes. */
export function useCan(resource: string, action: string): boolean {
  return can(useSession()?.user.role, resource, action);
}

/**
 * True when the signed-in role's grant reaches every record (an admin): such a caller names the
 * comune of what it creates, where a comune user's own is implied.
 */
export function reachesAllNow(resource: string, action: string): boolean {
  return scopeOf(currentRole(), resource, action) === 'all';
}

export function useReachesAll(resource: string, action: string): boolean {
  return scopeOf(useSession()?.user.role, resource, action) === 'all';
}

/** The access-table resource behind a react-admin resource ('documentation-area' -> documents). */
export function tableResourceOf(webResource: string): string {
  return Object.hasOwn(ROUTE_ACCESS, webResource) ? ROUTE_ACCESS[webResource].resource : webResource;
}

/** useCan for the react-admin resource of the screen it is rendered in. */
export function useCanHere(action: string): boolean {
  return useCan(tableResourceOf(useResourceContext() ?? ''), action);
}

export function useReachesAllHere(action: string): boolean {
  return useReachesAll(tableResourceOf(useResourceContext() ?? ''), action);
}
