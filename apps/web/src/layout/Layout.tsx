import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { NotificationCountProvider } from '../notifications/NotificationCountProvider';
import { ChangePasswordProvider } from '../profile/ChangePasswordProvider';
import { canAccessPath } from '../routeAccess';
import { useSession } from '../session/useSession';
import { VersionBanner } from '../versions/VersionBanner';
import { AppBar } from './AppBar';
import { ImpersonationBar } from './ImpersonationBar';
import { Menu } from './Menu';
import { NavigationEffects } from './NavigationEffects';
import { ForbiddenPage } from './StatusPages';

/** A forbidden path typed by hand shows a clear page; the API refuses the data anyway. */
function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const role = useSession()?.user.role;
  if (role && !canAccessPath(role, location.pathname)) return <ForbiddenPage />;
  return <>{children}</>;
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <NotificationCountProvider>
      <ChangePasswordProvider>
        <NavigationEffects />
        <RaLayout appBar={AppBar} menu={Menu} sx={{ '& .RaLayout-content': { pt: 0 } }}>
          <ImpersonationBar />
          <VersionBanner />
          <RouteGuard>{children}</RouteGuard>
        </RaLayout>
      </ChangePasswordProvider>
    </NotificationCountProvider>
  );
}
