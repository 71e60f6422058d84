import { Navigate } from 'react-router-dom';
import { useSession } from '../session/useSession';

/** "My company": the detail of the supplier's own agency or laboratory. */
export function MyCompanyPage() {
  const user = useSession()?.user as { agencyId?: string | null; laboratoryId?: string | null } | undefined;
  if (user?.agencyId) return <Navigate to={`/agencies/${user.agencyId}`} replace />;
  if (user?.laboratoryId) return <Navigate to={`/laboratories/${user.laboratoryId}`} replace />;
  return <Navigate to="/profile" replace />;
}
