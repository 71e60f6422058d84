import { useCallback } from 'react';
import { useMutation, useQueries, useQuery, useQueryClient, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import { useDataProvider } from 'ra-core';
import type { TAppDataProvider, TCustomMethods } from './index';

/*
 * The data provider's custom methods (the calls beyond react-admin's CRUD) as react-query hooks,
 * the way react-admin's own `useGetOne` or `useUpdate` wrap its methods: a screen names the method
 * and its arguments, typed from the method itself, and never holds a query key or the provider.
 * Every key starts with CUSTOM_KEY and the method's name, so `useInvalidateCustom` refreshes a
 * method's answers for every argument, and react-admin's `useRefresh` (which invalidates every
 * query) refreshes them with the records.
 */

export type TCustomMethod = keyof TCustomMethods;
export type TCustomArgs<M extends TCustomMethod> = Parameters<TCustomMethods[M]>;
export type TCustomData<M extends TCustomMethod> = Awaited<ReturnType<TCustomMethods[M]>>['data'];

/** For a read whose arguments change (another period, another year): the figures shown stay while the next ones load. */
export { keepPreviousData } from '@tanstack/react-query';

const CUSTOM_KEY = 'custom';

/** The query key of a custom method's answer: the method, then its arguments. */
export function customQueryKey<M extends TCustomMethod>(method: M, args?: TCustomArgs<M>): readonly unknown[] {
  return args ? [CUSTOM_KEY, method, ...args] : [CUSTOM_KEY, method];
}

/** Calls a custom method by name; the `{ data }` envelope is unwrapped, as react-admin's hooks do. */
export async function callCustom<M extends TCustomMethod>(dataProvider: TAppDataProvider, method: M, args: TCustomArgs<M>): Promise<TCustomData<M>> {
  // One cast: TypeScript cannot relate a method looked up by a generic name to its own parameters.
  const call = dataProvider[method] as (...rest: TCustomArgs<M>) => Promise<{ data: TCustomData<M> }>;
  return (await call.apply(dataProvider, args)).data;
}

type TQueryOptions<M extends TCustomMethod, TSelected> = Omit<UseQueryOptions<TCustomData<M>, Error, TSelected>, 'queryKey' | 'queryFn'>;

/** A read through a custom method, e.g. `useCustomQuery('ncaTimeline', [reportId])`. */
export function useCustomQuery<M extends TCustomMethod, TSelected = TCustomData<M>>(method: M, args: TCustomArgs<M>, options?: TQueryOptions<M, TSelected>) {
  const dataProvider = useDataProvider<TAppDataProvider>();
  return useQuery({ queryKey: customQueryKey(method, args), queryFn: () => callCustom(dataProvider, method, args), ...options });
}

/** The same custom read with several argument lists (one request each, in parallel); the answers in the same order. */
export function useCustomQueries<M extends TCustomMethod>(method: M, argsList: TCustomArgs<M>[], options?: TQueryOptions<M, TCustomData<M>>) {
  const dataProvider = useDataProvider<TAppDataProvider>();
  return useQueries({ queries: argsList.map((args) => ({ queryKey: customQueryKey(method, args), queryFn: () => callCustom(dataProvider, method, args), ...options })) });
}

type TMutationOptions<M extends TCustomMethod> = Omit<UseMutationOptions<TCustomData<M>, Error, TCustomArgs<M>>, 'mutationFn'>;

/** A write through a custom method: `mutate([...the method's arguments])`. */
export function useCustomMutation<M extends TCustomMethod>(method: M, options?: TMutationOptions<M>) {
  const dataProvider = useDataProvider<TAppDataProvider>();
  return useMutation({ mutationFn: (args: TCustomArgs<M>) => callCustom(dataProvider, method, args), ...options });
}

/** Marks the answers of the named custom methods stale, whatever their arguments, so the screens showing them fetch them again. */
export function useInvalidateCustom() {
  const queryClient = useQueryClient();
  return useCallback((...methods: TCustomMethod[]) => Promise.all(methods.map((method) => queryClient.invalidateQueries({ queryKey: customQueryKey(method) }))).then(() => undefined), [queryClient]);
}

/** Marks react-admin's cached answers of one resource stale (its lists and records): the screens showing them read them again, keeping what they show meanwhile. */
export function useInvalidateResource() {
  const queryClient = useQueryClient();
  return useCallback((resource: string) => queryClient.invalidateQueries({ queryKey: [resource] }), [queryClient]);
}

/** Forgets every cached answer, react-admin's and the custom methods': after the acting user changes (impersonation), none of the previous user's data may show. */
export function useForgetCachedData() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.clear(), [queryClient]);
}

/** Replaces the cached answer of one custom call (after a write that answered the new value). */
export function useSetCustomData() {
  const queryClient = useQueryClient();
  return useCallback(<M extends TCustomMethod>(method: M, args: TCustomArgs<M>, data: TCustomData<M>) => queryClient.setQueryData(customQueryKey(method, args), data), [queryClient]);
}
