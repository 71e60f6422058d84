import type { THistoryEntry } from '@app/domain/platform/history/history';
import { apiRequest } from './httpClient';
import { collectionFor, fromApi, type TApiRecord } from './query';

/*
 * A record's history and the restore of one of its versions: the two routes every collection
 * serves beyond CRUD (`GET /api/{collection}/{id}/history`, `POST .../history/{entryId}/restore`).
 * The API decides who may read (as the record) and who may restore (the access table's `restore`).
 */

const recordPath = (resource: string, recordId: string) => `/${collectionFor(resource)}/${encodeURIComponent(recordId)}/history`;

export type THistoryMethods = {
  /** Who changed which fields of the record, when, before and after, newest first. */
  recordHistory(resource: string, recordId: string): Promise<{ data: THistoryEntry[] }>;
  /** Brings back the record's editable fields as they were after the entry; answers the saved record. */
  restoreRecordVersion(resource: string, recordId: string, entryId: string): Promise<{ data: Record<string, unknown> }>;
};

export const historyMethods: THistoryMethods = {
  recordHistory: async (resource, recordId) => {
    const { json } = await apiRequest<THistoryEntry[]>(recordPath(resource, recordId));
    return { data: json ?? [] };
  },
  restoreRecordVersion: async (resource, recordId, entryId) => {
    const { json } = await apiRequest<TApiRecord>(`${recordPath(resource, recordId)}/${encodeURIComponent(entryId)}/restore`, { method: 'POST' });
    return { data: fromApi(json) };
  },
};
