import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useSession } from '../../session/useSession';
import { ChangePasswordDialog } from './ChangePasswordDialog';

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
      {user ? <ChangePasswordDialog key={user._id} open={open} onClose={() => setOpen(false)} /> : null}
    </ChangePasswordContext.Provider>
  );
}

export function useChangePassword() {
  return useContext(ChangePasswordContext);
}
