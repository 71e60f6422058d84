import { useDeferredValue, type ReactNode } from 'react';
import { ListContextProvider, Pagination, useListContext } from 'react-admin';

/*
 * A new page of records reaches a list through the query cache, and React renders such updates in
 * one pass that cannot be interrupted: rendering a page of rows of MUI components in that pass kept
 * a phone's main thread busy for a few hundred milliseconds. Parts of a list that render from this
 * deferred copy of the list's state follow in a background render instead, which yields to input
 * every few milliseconds. The rows and the pagination under them use it together, so the
 * pagination never shows a page's count above rows that have not arrived yet (the page would jump).
 */
export function DeferredListContext({ children }: { children: ReactNode }) {
  const deferred = useDeferredValue(useListContext());
  return <ListContextProvider value={deferred}>{children}</ListContextProvider>;
}

/** react-admin's pagination, from the deferred list state (the theme's default for every list). */
export function DeferredPagination() {
  return (
    <DeferredListContext>
      <Pagination />
    </DeferredListContext>
  );
}
