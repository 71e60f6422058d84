import type { ReactNode } from 'react';
import { CreateButton, FilterButton, TopToolbar, useResourceContext, useTranslate } from 'react-admin';
import { useSelectedYear } from '../session/useSession';
import { useCanHere } from './permissions';

/** The toolbar of a filtered list: the filter button, the create button for who may create, then `children`. */
export function FilterCreateActions({ children }: { children?: ReactNode }) {
  return (
    <TopToolbar>
      <FilterButton />
      {useCanHere('create') ? <CreateButton /> : null}
      {children}
    </TopToolbar>
  );
}

/** "<Resource plural> <selected year>", the title of the lists scoped by the year selector. */
export function YearListTitle() {
  const translate = useTranslate();
  const resource = useResourceContext();
  const year = useSelectedYear();
  return <>{`${translate(`resources.${resource}.name`, { smart_count: 2 })} ${year}`}</>;
}
