import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { LOGIN_PATH } from '../authProvider';
import { NotificationCountProvider } from '../platform/notifications/NotificationCountProvider';
import { AdminOnboardingText } from '../onboarding/AdminOnboardingText';
import { ChangePasswordProvider } from '../platform/profile/ChangePasswordProvider';
import { canAccessPath } from '../routeAccess';
import { useSession } from '../session/useSession';
import { VersionBanner } from '../versions/VersionBanner';
import { AppBar } from './AppBar';
import { ImpersonationBar } from './ImpersonationBar';
import { FloatingSidebarToggle, Menu } from './Menu';
import { useAppConfig } from '../config';
import { NavigationEffects } from './NavigationEffects';
import { DocumentTitleFromPage } from './DocumentTitle';
import { ForbiddenPage } from './StatusPages';
import { ConflictWatcher } from '../components/ConflictWatcher';

/** A forbidden path typed by hand shows a clear page; the API refuses the data anyway. */
function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const role = useSession()?.user.role;
  if (role && !canAccessPath(role, location.pathname)) return <ForbiddenPage />;
  return <>{children}</>;
}

/**
 * Its children mount in a background render after what is around them has painted. The layout (app bar,
 * menu) and then the page (filters, toolbar, list) each go through one: mounted in the same pass, they
 * blocked a phone's main thread for about a second on the first load, where a transition's render
 * yields to input every few milliseconds. Later navigations keep them mounted.
 */
function MountInTransition({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return mounted ? <>{children}</> : null;
}

/** Every page inside the layout needs a session; signed-out users go to login. */
export function Layout({ children }: { children: ReactNode }) {
  const session = useSession();
  const { features } = useAppConfig();
  if (!session?.token) return <Navigate to={LOGIN_PATH} replace />;
  return (
    <AdminOnboardingText>
      <NotificationCountProvider>
        <ChangePasswordProvider>
          <NavigationEffects />
          <DocumentTitleFromPage />
          <MountInTransition>
            <RaLayout appBar={AppBar} menu={Menu} sx={{ '& .RaLayout-content': { pt: 0 } }}>
              <ImpersonationBar />
              <VersionBanner />
              <MountInTransition>
                <RouteGuard>{children}</RouteGuard>
              </MountInTransition>
            </RaLayout>
          </MountInTransition>
          {features.floatingSidebarToggle ? <FloatingSidebarToggle /> : null}
          {/* A save refused because someone else saved first offers to reload or to compare, on every edit screen. */}
          <ConflictWatcher />
        </ChangePasswordProvider>
      </NotificationCountProvider>
    </AdminOnboardingText>
  );
}
