import type { AuthProvider } from 'ra-core';
import { getConfig } from './config';
import { signIn, signOutOnServer } from './dataProvider/api';
import { canAccessResource } from './routeAccess';
import { postSignInPath, startSession } from './session/landing';
import { clearPersistedState, getSession } from './session/store';
import { LOGIN_PATH } from './shellContext';

export { postSignInPath, startSession } from './session/landing';

export { LOGIN_PATH };

export type TLoginParams = { email: string; password: string; botCheckPayload?: string | null };

export const authProvider: AuthProvider = {
  async login({ email, password, botCheckPayload }: TLoginParams) {
    const response = await signIn(email, password, botCheckPayload);
    startSession(response, password);
    return { redirectTo: postSignInPath(response.user, getConfig().features) };
  },

  async logout() {
    if (getSession()?.token) {
      // The server side revocation is best effort: the local session is cleared either way.
      await signOutOnServer().catch(() => undefined);
    }
    clearPersistedState();
    return LOGIN_PATH;
  },

  async checkAuth() {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- react-admin's authProvider contract: the rejection value tells it where to redirect.
    if (!getSession()?.token) throw { redirectTo: LOGIN_PATH, message: false };
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      clearPersistedState();
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- react-admin's authProvider contract: the rejection value tells it where to redirect.
      throw { redirectTo: LOGIN_PATH, logoutUser: true };
    }
  },

  async getIdentity() {
    const user = getSession()?.user;
    if (!user) throw new Error('not signed in');
    const fullName = [user.name, user.surname].filter(Boolean).join(' ') || user.email;
    return { id: user._id, fullName, avatar: user.profileImage ?? undefined, email: user.email, role: user.role };
  },

  async getPermissions() {
    return getSession()?.user.role ?? null;
  },

  async canAccess({ resource, action }: { resource: string; action: string }) {
    return canAccessResource(getSession()?.user.role, resource, action);
  },
};
