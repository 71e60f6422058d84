import { routeNameForPath } from '@app/domain/platform/access/routes';

const PUBLIC_PAGES: Record<string, string> = {
  '': 'home',
  'delete-user': 'delete-user',
  test: 'test',
  'on-boarding': 'on-boarding',
  'on-boarding/login': 'login',
  'on-boarding/register': 'register',
  'on-boarding/forgot-password': 'forgot-password',
  'on-boarding/first-access': 'first-access',
};

/** The page name recorded with a page view: the route pattern, never ids. */
export function pageNameForPath(pathname: string): string {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '');
  if (trimmed in PUBLIC_PAGES) return PUBLIC_PAGES[trimmed];
  if (trimmed.startsWith('on-boarding/reset-password/')) return 'reset-password';
  const pattern = routeNameForPath(pathname);
  if (pattern) return pattern;
  // Resource sub-pages react-admin adds (users/create, roles/:id).
  const [first, second] = trimmed.split('/');
  if (second === 'create') return `${first}/create`;
  return second ? `${first}/:id` : first || 'home';
}
