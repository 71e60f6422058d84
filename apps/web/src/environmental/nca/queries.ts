import { useQuery } from '@tanstack/react-query';
import type { HttpError } from 'ra-core';
import { useDataProvider } from 'react-admin';
import { permissionKeyOf } from '@app/domain/platform/access/access-table';
import { hasPermission } from '@app/domain/platform/auth/permissions';
import type { TAppDataProvider } from '../../dataProvider';

/*
 * The NCA reads beyond the collections' CRUD (documented by the API in the NCA notes), as queries
 * over the data provider's methods: per-caller workflow facts, the timeline, the report's
 * signatures, "my signatures", the dashboard figures. A route the API does not answer yet (404
 * without a record) is reported as `notAvailable`, so the screens say so plainly instead of showing
 * an error or a guess.
 */

/** True for the answer of a route that does not exist (yet): 404 with no error code of ours. */
export function isNotAvailable(error: unknown): boolean {
  const http = error as HttpError | null;
  return !!http && http.status === 404 && !(http.body as { code?: string } | undefined)?.code;
}

export function useReportFacts(reportId: string | undefined) {
  const dataProvider = useDataProvider<TAppDataProvider>();
  return useQuery({ queryKey: ['nca-reports', 'facts', reportId], queryFn: async () => (await dataProvider.ncaReportFacts(reportId!)).data, enabled: !!reportId, retry: false });
}
export function useActionFacts(actionId: string | undefined) {
  const dataProvider = useDataProvider<TAppDataProvider>();
  return useQuery({ queryKey: ['corrective-actions', 'facts', actionId], queryFn: async () => (await dataProvider.correctiveActionFacts(actionId!)).data, enabled: !!actionId, retry: false });
}
export function useSignFacts(requestId: string | undefined) {
  const dataProvider = useDataProvider<TAppDataProvider>();
  return useQuery({ queryKey: ['sign-requests', 'facts', requestId], queryFn: async () => (await dataProvider.signRequestFacts(requestId!)).data, enabled: !!requestId, retry: false });
}
export function useTimeline(reportId: string) {
  const dataProvider = useDataProvider<TAppDataProvider>();
  return useQuery({ queryKey: ['nca-reports', 'timeline', reportId], queryFn: async () => (await dataProvider.ncaTimeline(reportId)).data, retry: false });
}
export function useReportSignatures(reportId: string) {
  const dataProvider = useDataProvider<TAppDataProvider>();
  return useQuery({ queryKey: ['nca-reports', 'signatures', reportId], queryFn: async () => (await dataProvider.ncaReportSignatures(reportId)).data, retry: false });
}
export function useMySignatures() {
  const dataProvider = useDataProvider<TAppDataProvider>();
  return useQuery({ queryKey: ['sign-requests', 'mine'], queryFn: async () => (await dataProvider.mySignRequests()).data, retry: false });
}
export function useNcaDashboard(lotId?: string) {
  const dataProvider = useDataProvider<TAppDataProvider>();
  return useQuery({ queryKey: ['nca-reports', 'dashboard', lotId ?? ''], queryFn: async () => (await dataProvider.ncaDashboard(lotId)).data, retry: false });
}

/**
 * Whether the signed-in supplier may report a non-conformity it detected: the API allows it only
 * holding nca.create with the permission system on (the consortium always may).
 */
export function useSupplierMayReport(enabled: boolean) {
  const dataProvider = useDataProvider<TAppDataProvider>();
  return useQuery({
    queryKey: ['permissions', 'me'],
    queryFn: async () => (await dataProvider.myPermissions()).data,
    // The key of the table's create action on reports (nca.create).
    select: (mine) => mine.permissionsSystem && hasPermission(mine.permissions, permissionKeyOf('nca-reports', 'create') ?? ''),
    enabled,
    retry: false,
  });
}
