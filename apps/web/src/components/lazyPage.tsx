import { Suspense, lazy, type ComponentType } from 'react';
import { Loading } from 'react-admin';

/**
 * A route page loaded on demand: its code is a chunk of its own, fetched on first visit.
 * A failed chunk load is only logged: a route load failure is not shown to the user.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() =>
    load()
      .then((component) => ({ default: component }))
      .catch((error) => {
        console.error('route load failed', error);
        return { default: (() => null) as unknown as ComponentType<P> };
      }),
  );
  return function LazyPage(props: P) {
    return (
      <Suspense fallback={<Loading />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
