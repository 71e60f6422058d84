import { useQuery } from '@tanstack/react-query';
import type { HttpError } from 'ra-core';
import { permissionKeyOf } from '@app/domain/platform/access/access-table';
import { hasPermission, type TPermissionGrant } from '@app/domain/platform/auth/permissions';
import type { TCorrectiveActionFacts, TNcaReportFacts, TSignRequestFacts, TSignRequestRecord } from '@app/domain/environmental/nca/index';
import { apiRequest } from '../../dataProvider/httpClient';
import { uploadWithProgress } from '../../dataProvider/files';
import { uploadPurposeFor, type TUploadRecord } from '../../dataProvider/filings';

/*
 * The NCA calls beyond the collections' CRUD (documented by the API in the NCA notes): per-caller
 * workflow facts, the timeline, the report's signatures, "my signatures", the dashboard figures.
 * A route the API does not answer yet (404 without a record) is reported as `notAvailable`, so the
 * screens say so plainly instead of showing an error or a guess.
 */

export type TTimelineEntry = {
  _id: string;
  createdAt: string;
  kind: 'transition' | 'signature' | 'comment' | 'change';
  action: string | null;
  actorId: string | null;
  actorName: string | null;
  impersonatorId: string | null;
  entityType: string | null;
  entityId: string | null;
  fromStatus: string | null;
  toStatus: string | null;
  message: string | null;
};

export type TMySignRequest = TSignRequestRecord & { reportDescription: string | null; reportStatus: string };

export type TNcaDashboard = {
  /** Every report, open or closed. */
  total: number;
  /** Reports per status, closed included. */
  byStatus: { status: string; count: number }[];
  openByLot: { lotId: string; lotName: string; count: number }[];
  openByAgency: { agencyId: string; agencyName: string; count: number }[];
  openBySeverity: { settingId: string | null; name: string | null; color: string | null; count: number }[];
  openByCategory: { category: string | null; count: number }[];
  overdueActions: number;
  averageDaysToClose: number | null;
  closedCount: number;
};

export type TSendCodeAnswer = { sentAt: string; expiresAt: string; destinationMasked: string };

const id = encodeURIComponent;

/** True for the answer of a route that does not exist (yet): 404 with no error code of ours. */
export function isNotAvailable(error: unknown): boolean {
  const http = error as HttpError | null;
  return !!http && http.status === 404 && !(http.body as { code?: string } | undefined)?.code;
}

async function get<T>(path: string, query?: Record<string, string | undefined>): Promise<T> {
  const { json } = await apiRequest<T>(path, { query });
  return json;
}

export function useReportFacts(reportId: string | undefined) {
  return useQuery({ queryKey: ['nca-reports', 'facts', reportId], queryFn: () => get<TNcaReportFacts>(`/nca-reports/${id(reportId!)}/facts`), enabled: !!reportId, retry: false });
}
export function useActionFacts(actionId: string | undefined) {
  return useQuery({
    queryKey: ['corrective-actions', 'facts', actionId],
    queryFn: () => get<TCorrectiveActionFacts>(`/corrective-actions/${id(actionId!)}/facts`),
    enabled: !!actionId,
    retry: false,
  });
}
/** A sign request's facts as the API answers them: the request's own lock, and until when the signer is locked out of all their requests (ISO, or null). */
export type TSignFactsAnswer = TSignRequestFacts & { locked: boolean; signerLockedUntil?: string | null };
export function useSignFacts(requestId: string | undefined) {
  return useQuery({ queryKey: ['sign-requests', 'facts', requestId], queryFn: () => get<TSignFactsAnswer>(`/sign-requests/${id(requestId!)}/facts`), enabled: !!requestId, retry: false });
}
export function useTimeline(reportId: string) {
  return useQuery({ queryKey: ['nca-reports', 'timeline', reportId], queryFn: () => get<TTimelineEntry[]>(`/nca-reports/${id(reportId)}/timeline`), retry: false });
}
export function useReportSignatures(reportId: string) {
  return useQuery({ queryKey: ['nca-reports', 'signatures', reportId], queryFn: () => get<TSignRequestRecord[]>(`/nca-reports/${id(reportId)}/signatures`), retry: false });
}
export function useMySignatures() {
  return useQuery({ queryKey: ['sign-requests', 'mine'], queryFn: () => get<TMySignRequest[]>('/sign-requests/mine'), retry: false });
}
export function useNcaDashboard(lotId?: string) {
  return useQuery({ queryKey: ['nca-reports', 'dashboard', lotId ?? ''], queryFn: () => get<TNcaDashboard>('/nca-reports/dashboard', { lotId }), retry: false });
}

/**
 * Whether the signed-in supplier may report a non-conformity it detected: the API allows it only
 * holding nca.create with the permission system on (the consortium always may).
 */
export function useSupplierMayReport(enabled: boolean) {
  return useQuery({
    queryKey: ['permissions', 'me'],
    queryFn: () => get<{ permissionsSystem: boolean; permissions: TPermissionGrant[] }>('/auth/permission/employee/me'),
    // The key of the table's create action on reports (nca.create).
    select: (mine) => mine.permissionsSystem && hasPermission(mine.permissions, permissionKeyOf('nca-reports', 'create') ?? ''),
    enabled,
    retry: false,
  });
}

export async function addComment(reportId: string, text: string): Promise<void> {
  await apiRequest(`/nca-reports/${id(reportId)}/comments`, { method: 'POST', body: { text } });
}
export async function sendCode(requestId: string): Promise<TSendCodeAnswer> {
  const { json } = await apiRequest<TSendCodeAnswer>(`/sign-requests/${id(requestId)}/sendCode`, { method: 'POST', body: {} });
  return json;
}
export async function signWithCode(requestId: string, code: string): Promise<void> {
  await apiRequest(`/sign-requests/${id(requestId)}/sign`, { method: 'POST', body: { code } });
}
export async function rejectSignature(requestId: string, explanation: string): Promise<void> {
  await apiRequest(`/sign-requests/${id(requestId)}/reject`, { method: 'POST', body: { explanation } });
}

/** A document of a corrective action: an upload linked to the action, tagged with the document's name. */
export function uploadActionDocument(actionId: string, file: File, documentName: string, onProgress: (percent: number) => void): Promise<TUploadRecord> {
  const form = new FormData();
  const dot = file.name.lastIndexOf('.');
  const data = {
    linkedEntityType: 'corrective-actions',
    linkedEntityId: actionId,
    purpose: uploadPurposeFor(file.name),
    additionalInfo: { name: dot > 0 ? file.name.slice(0, dot) : file.name, format: dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '', fullName: file.name, size: file.size },
    tags: [documentName],
  };
  form.append('data', JSON.stringify(data));
  form.append('file', file, file.name);
  return uploadWithProgress<TUploadRecord>('/uploads', form, ({ loaded, total }) => onProgress(total > 0 ? Math.round((loaded / total) * 100) : 0));
}
