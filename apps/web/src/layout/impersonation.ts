import { impersonateUser } from '../dataProvider/api';
import { getSession, setSession } from '../session/store';

/** The original user and token are saved once; reverting restores them. */
export async function startImpersonation(userId: string): Promise<void> {
  const session = getSession();
  if (!session) throw new Error('not signed in');
  const { token, user } = await impersonateUser(userId);
  const realSession = session.realSession ?? { token: session.token, refreshToken: session.refreshToken ?? null, user: session.user };
  setSession({ token, refreshToken: null, user, temporaryPassword: null, realSession });
}

export function stopImpersonation(): boolean {
  const session = getSession();
  if (!session?.realSession) return false;
  const { realSession } = session;
  setSession({ token: realSession.token, refreshToken: realSession.refreshToken ?? null, user: realSession.user, temporaryPassword: null, realSession: null });
  return true;
}
