import { Children, isValidElement, useEffect, type ReactNode } from 'react';
import { useResourceContext, useStore } from 'react-admin';
import { useSession } from '../../session/useSession';
import { isColumnLayout, type TColumnLayout } from './columns';

/**
 * The store key of a list's column choice: per user, because the store is the browser's
 * (localStorage) and people share browsers; `variant` tells apart the lists one resource shows
 * (the environmental settings, one list per setting type).
 */
export function useColumnsStoreKey(variant?: string): string {
  const resource = useResourceContext() ?? '';
  const userId = useSession()?.user._id ?? 'signed-out';
  return `${userId}.${resource}${variant ? `.${variant}` : ''}.datatable`;
}

/** Where a table publishes its columns, for the views menu that saves and restores them from the toolbar. */
export const columnLayoutKey = (storeKey: string) => `${storeKey}_layout`;
/** react-admin's DataTable keeps the order here (ColumnsSelector), the hidden columns under the key itself. */
export const columnRanksKey = (storeKey: string) => `${storeKey}_columnRanks`;

function keyOf(child: ReactNode): string | null {
  if (!isValidElement<{ source?: unknown; label?: unknown }>(child)) return null;
  const { source, label } = child.props;
  if (typeof source === 'string' && source) return source;
  return typeof label === 'string' && label ? label : null;
}

/** The table publishes its columns' keys (as react-admin's chooser names them) whenever they change. */
export function usePublishColumnLayout(storeKey: string, children: ReactNode, defaultHidden: string[] | undefined) {
  const [layout, setLayout] = useStore<TColumnLayout | null>(columnLayoutKey(storeKey), null);
  // Compared as text: the children are new elements on every render, their keys seldom change.
  const text = JSON.stringify({ keys: Children.toArray(children).map(keyOf), defaultHidden: defaultHidden ?? [] });
  useEffect(() => {
    if (JSON.stringify(layout) === text) return;
    const next: unknown = JSON.parse(text);
    if (isColumnLayout(next)) setLayout(next);
  }, [layout, text, setLayout]);
}
