import { createContext, useContext, useEffect } from 'react';

/**
 * The page is either the onboarding part (sign-in, registration, password reset, invitation; no
 * react-admin loaded) or the admin app. Each part hands over to the other through this context;
 * a notice can travel along (registration's "welcome" shown by the admin app's toast).
 */
export type TShell = {
  showAdmin: (path: string, options?: { notice?: string; replace?: boolean }) => void;
  showOnboarding: () => void;
};

export const ShellContext = createContext<TShell | null>(null);

export function useShell(): TShell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell outside Shell');
  return shell;
}

export function isOnboardingPath(path: string): boolean {
  return path === '/on-boarding' || path.startsWith('/on-boarding/');
}

export const LOGIN_PATH = '/on-boarding/login';

/** The admin app's pages a visitor opens without a session (the public home only when the public site is on). */
const PUBLIC_PAGES = new Set(['/delete-user', '/test']);

/**
 * Whether a page load needs the admin app. A signed-out visitor on any other admin path would only
 * be sent to the sign-in page by it, so the page goes there at once and never fetches react-admin.
 * `publicSite` is null while the configuration is loading: the root then waits for it.
 */
export function needsAdminApp(path: string, signedIn: boolean, publicSite: boolean | null): boolean {
  if (isOnboardingPath(path)) return false;
  if (signedIn || PUBLIC_PAGES.has(path)) return true;
  return path === '/' && publicSite === true;
}

let handoverNotice: string | null = null;

export function setHandoverNotice(notice: string | null): void {
  handoverNotice = notice;
}

/** The notice the onboarding part left for the admin app, once. */
export function takeHandoverNotice(): string | null {
  const notice = handoverNotice;
  handoverNotice = null;
  return notice;
}

/** The admin app's route for /on-boarding/*: hands the page back to the onboarding part (after a sign-out, or a 401). */
export function LeaveForOnboarding() {
  const { showOnboarding } = useShell();
  useEffect(showOnboarding, [showOnboarding]);
  return null;
}
