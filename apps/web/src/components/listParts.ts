import { createElement, use } from 'react';
import type { DataTableBodyProps } from 'react-admin';

/*
 * The parts the theme gives every list: the pagination that follows the rows' deferred render and a table body whose
 * cells know their column's heading. They bring react-admin's lists and forms with them (the vendor-admin-forms
 * chunk), so they are not part of the app's first chunk: a page that may show a list fetches them beside its own code
 * (lazyPage), and a page that shows none (the dashboards) starts without them. A list rendered before they are in
 * waits for them under its page's loading indicator.
 */
type TListParts = [typeof import('./DeferredListContext'), typeof import('./LabelledDataTableBody')];
let parts: Promise<TListParts> | undefined;

export const loadListParts = () =>
  (parts ??= Promise.all([import('./DeferredListContext'), import('./LabelledDataTableBody')]).catch((error: unknown) => {
    // A failed fetch (a network blip, a new deployment) is tried again by the next page, not remembered.
    parts = undefined;
    throw error;
  }));

/** The theme's pagination of every list (RaList's default). */
export function ThemePagination() {
  const [{ DeferredPagination }] = use(loadListParts());
  return createElement(DeferredPagination);
}

/** The theme's table body of every DataTable (RaDataTable's default). */
export function ThemeDataTableBody(props: DataTableBodyProps) {
  const [, { LabelledDataTableBody }] = use(loadListParts());
  return createElement(LabelledDataTableBody, props);
}
