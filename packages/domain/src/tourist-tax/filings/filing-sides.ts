import { can } from '../../platform/access/index.ts';

/** The two sides of a filing: the hotelier (role user, or an admin for them) and the comune. */
export type TFilingSide = 'hotelier' | 'comune';

/**
 * The side that takes an action on a filing, read from the access table: an action a hotelier may take
 * is the hotelier's, any other the comune's. The other side is the one notified.
 */
export function actingSide(resource: 'declarations' | 'twentyOneModels', action: string): TFilingSide {
  return can('user', resource, action) ? 'hotelier' : 'comune';
}

export function otherSide(side: TFilingSide): TFilingSide {
  return side === 'hotelier' ? 'comune' : 'hotelier';
}
