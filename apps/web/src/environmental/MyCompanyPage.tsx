import { ResourceContextProvider } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { useSession } from '../session/useSession';
import { AgencyEdit } from './agencies/screens';
import { LaboratoryEdit } from './laboratories/screens';

/** "My company": the detail of the supplier's own agency or laboratory, at its own address. */
export function MyCompanyPage() {
  const user = useSession()?.user;
  if (user?.agencyId) {
    return (
      <ResourceContextProvider value="agencies">
        <AgencyEdit id={user.agencyId} />
      </ResourceContextProvider>
    );
  }
  if (user?.laboratoryId) {
    return (
      <ResourceContextProvider value="laboratories">
        <LaboratoryEdit id={user.laboratoryId} />
      </ResourceContextProvider>
    );
  }
  return <Navigate to="/profile" replace />;
}
