import { Suspense, lazy, memo, type ComponentType } from 'react';
import { Loading } from 'react-admin';
import { loadListParts } from './listParts';

/** A route page whose code is fetched on demand; `preload` starts the fetch before the page renders. */
export type TLazyPage<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A route page loaded on demand: its code is a chunk of its own, fetched on first visit, with the parts the theme
 * gives lists (components/listParts.ts) unless the page says it shows none (`lists: false`).
 * A failed chunk load is only logged: a route load failure is not shown to the user.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>, options: { lists?: boolean } = {}): TLazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const loadOnce = () =>
    (loading ??= Promise.all([load(), options.lists === false ? null : loadListParts()])
      .then(([component]) => ({ default: component }))
      .catch((error) => {
        console.error('route load failed', error);
        return { default: (() => null) as unknown as ComponentType<P> };
      }));
  const Lazy = lazy(loadOnce);
  function LazyPage(props: P) {
    return (
      <Suspense fallback={<Loading />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  // Memoised: react-admin re-creates every route's element whenever its router re-renders (an auth or resource
  // state settling while the app starts), and a page of filters, toolbar and rows re-rendered with it each time.
  // A page takes no props from the route, so it now re-renders only for its own state and the contexts it reads.
  return Object.assign(memo(LazyPage), { preload: loadOnce });
}
