import type { TArea } from '@app/domain/platform/access/access-table';
import { homePathForRole } from '@app/domain/platform/access/routes';
import { getConfig, type TFeatureFlags } from '../config';
import type { TSessionResponse } from '../dataProvider/api';
import { setSession } from './store';
import type { TUser } from './types';

/*
 * Starting a session and where it lands: shared by the sign-in pages (loaded without react-admin)
 * and the admin app, so nothing here imports react-admin.
 */

/** The areas on in this deployment, from the flags of /api/config (the platform is always on). */
export function enabledAreas(features: Pick<TFeatureFlags, 'touristTaxArea' | 'environmentalArea'> = getConfig().features): TArea[] {
  return [...(features.touristTaxArea ? (['touristTax'] as const) : []), ...(features.environmentalArea ? (['environmental'] as const) : [])];
}

/**
 * The root redirect after sign-in: incomplete non-admin profiles first (when the control is on), then
 * by role among the enabled areas.
 */
export function postSignInPath(user: TUser, features: Pick<TFeatureFlags, 'profileCompletionControl' | 'touristTaxArea' | 'environmentalArea'>): string {
  // A rule about the user: an administrator is never held at the profile form, as it runs the control's switch.
  if (features.profileCompletionControl && user.role !== 'admin' && !user.isProfileComplete) {
    return `/complete-profile/${user._id}`;
  }
  return homePathForRole(user.role, enabledAreas(features));
}

/** Stores a fresh session; the typed password is kept only while it is a temporary one. */
export function startSession(response: TSessionResponse, typedPassword?: string): void {
  setSession({
    token: response.token,
    refreshToken: response.refreshToken ?? null,
    user: response.user,
    temporaryPassword: response.user.hasTemporaryPassword && typedPassword ? typedPassword : null,
    realSession: null,
  });
}
