import { Suspense, lazy, type ComponentType } from 'react';
import { Loading } from 'react-admin';

/** A route page whose code is fetched on demand; `preload` starts the fetch before the page renders. */
export type TLazyPage<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A route page loaded on demand: its code is a chunk of its own, fetched on first visit.
 * A failed chunk load is only logged: a route load failure is not shown to the user.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): TLazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const loadOnce = () =>
    (loading ??= load()
      .then((component) => ({ default: component }))
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
  return Object.assign(LazyPage, { preload: loadOnce });
}
