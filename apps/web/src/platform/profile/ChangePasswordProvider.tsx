import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useSession } from '../../session/useSession';

// A chunk of its own, fetched when the dialog opens (a user who must change their password gets it on their first page).
const ChangePasswordDialog = lazy(() => import('./ChangePasswordDialog').then((module) => ({ default: module.ChangePasswordDialog })));

const ChangePasswordContext = createContext<{ openChangePassword: () => void }>({ openChangePassword: () => undefined });

/** Holds the dialog and opens it after every navigation while the user must change their password. */
export function ChangePasswordProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const user = useSession()?.user;
  const mustChange = !!user && (user.needsPasswordChange === true || user.hasTemporaryPassword === true);

  useEffect(() => {
    if (mustChange) setOpen(true);
  }, [location.pathname, mustChange]);

  const openChangePassword = useCallback(() => setOpen(true), []);
  const value = useMemo(() => ({ openChangePassword }), [openChangePassword]);

  return (
    <ChangePasswordContext.Provider value={value}>
      {children}
      {user && open ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog key={user._id} open onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </ChangePasswordContext.Provider>
  );
}

export function useChangePassword() {
  return useContext(ChangePasswordContext);
}
