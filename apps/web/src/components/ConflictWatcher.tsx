import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { onWriteConflict, type TWriteConflict } from '../dataProvider/conflicts';

const ConflictDialog = lazy(() => import('./ConflictDialog').then((module) => ({ default: module.ConflictDialog })));

/**
 * Mounted once, in the layout, so that every edit screen has it whatever its form (DetailForm, a react-admin form of
 * its own, a button that saves one field): when a save through the data provider is refused because someone else
 * saved the record first, it opens the conflict dialog (fetched then). Leaving the page closes it.
 */
export function ConflictWatcher() {
  const { pathname } = useLocation();
  const [conflict, setConflict] = useState<TWriteConflict | null>(null);
  const [seen, setSeen] = useState(0);

  useEffect(
    () =>
      onWriteConflict((reported) => {
        setConflict(reported);
        setSeen((count) => count + 1);
      }),
    [],
  );
  // The conflict belongs to the page where the save was made.
  useEffect(() => setConflict(null), [pathname]);

  if (!conflict?.resource) return null;
  return (
    <Suspense fallback={null}>
      {/* A new conflict opens a new dialog: not comparing, not confirming. */}
      <ConflictDialog key={seen} conflict={conflict} seen={seen} onClose={() => setConflict(null)} />
    </Suspense>
  );
}
