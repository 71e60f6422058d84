import type { DataProvider, Identifier, RaRecord } from 'ra-core';
import { environmentalMethods, type TEnvironmentalMethods } from './environmental';
import { filingMethods, type TFilingMethods } from './filings';
import { historyMethods, type THistoryMethods } from './history';
import { pagopaMethods, type TPagopaMethods } from './pagopa';
import { recordFileMethods, type TRecordFileMethods } from './recordFiles';
import { stayMethods, type TStayMethods } from './stays';
import { apiRequest } from './httpClient';
import { reportWriteConflict } from './conflicts';
import { HttpError } from './errors';
import { changedFields, collectionFor, filtersToQuery, fromApi, paginationToQuery, sortToQuery, toApi, type TApiRecord } from './query';

function path(resource: string, id?: Identifier): string {
  const base = `/${collectionFor(resource)}`;
  return id === undefined ? base : `${base}/${encodeURIComponent(String(id))}`;
}

/*
 * Year-scoped collections whose records, asked for by id, are found in any year: the comune's
 * declarations list with every year on names each declaration's period, whatever the selected year.
 */
const READ_BY_ID_ACROSS_YEARS = new Set(['declaration-templates']);

function totalFrom(headers: Headers, fallback: number): number {
  const header = headers.get('X-Total-Count');
  const total = header === null ? NaN : Number(header);
  return Number.isFinite(total) ? total : fallback;
}

async function list(resource: string, params: { pagination?: { page: number; perPage: number }; sort?: { field: string; order: string }; filter?: Record<string, unknown>; meta?: unknown }) {
  // `meta.fields`: a list screen that shows few fields asks only for them (the API's `?fields=`).
  const fields = (params.meta as { fields?: string[] } | undefined)?.fields;
  const query = {
    ...filtersToQuery(params.filter),
    ...paginationToQuery(params.pagination),
    sort: sortToQuery(params.sort),
    count: true,
    ...(fields ? { fields: fields.join(',') } : {}),
  };
  const { json, headers } = await apiRequest<TApiRecord[]>(path(resource), { query });
  const data = (json ?? []).map(fromApi);
  const skip = Number(query.skip ?? 0);
  return { data: data as unknown as RaRecord[], total: totalFrom(headers, skip + data.length) };
}

/**
 * The collection contract, the workflow actions of a record (`POST /api/{collection}/{id}/{action}`),
 * and the calls beyond CRUD of each area (filings' dashboards, attachments, payment, uploads and
 * downloads; stays' tax preview and repricing; the environmental workflows): every read and write of
 * the admin app goes through it, so a refused session logs out the same way everywhere.
 */
export type TAppDataProvider = DataProvider & TCustomMethods;

/** The methods beyond react-admin's, which screens reach with the hooks of ./hooks.ts. */
export type TCustomMethods = TFilingMethods &
  THistoryMethods &
  TPagopaMethods &
  TRecordFileMethods &
  TStayMethods &
  TEnvironmentalMethods & {
    transition<T extends RaRecord = RaRecord>(resource: string, params: { id: Identifier; action: string; data?: Record<string, unknown> }): Promise<{ data: T }>;
    /**
     * One action on many rows (`POST /api/{collection}/bulk`): the selected ids, or every row the list's
     * filter matches; answers what was done and what was refused, with the API's code and message.
     */
    bulkAction(resource: string, params: TBulkRequest): Promise<{ data: TBulkResult }>;
    /** Whether the collection has any row in the caller's scope in `year` (one row asked for, whatever year is selected). */
    hasRowsInYear(resource: string, year: number): Promise<{ data: boolean }>;
  };

/** A bulk request: `ids`, or `filter` (the list's react-admin filter values), and the action's `input`. */
export type TBulkRequest = { action: string; ids?: Identifier[]; filter?: Record<string, unknown>; input?: Record<string, unknown> };
export type TBulkResult = { done: string[]; refused: { id: string; code: string; message: string }[] };

export const dataProvider: TAppDataProvider = {
  getList: (resource, params) => list(resource, params) as never,

  getOne: async (resource, params) => {
    const { json } = await apiRequest<TApiRecord>(path(resource, params.id));
    return { data: fromApi(json) } as never;
  },

  getMany: async (resource, params) => {
    if (params.ids.length === 0) return { data: [] };
    const { json } = await apiRequest<TApiRecord[]>(path(resource), {
      query: { '_id[in]': params.ids.map(String).join(','), limit: params.ids.length, ...(READ_BY_ID_ACROSS_YEARS.has(resource) ? { allYears: 'true' } : {}) },
    });
    return { data: (json ?? []).map(fromApi) } as never;
  },

  getManyReference: (resource, params) => list(resource, { ...params, filter: { ...(params.filter as Record<string, unknown>), [params.target]: params.id } }) as never,

  create: async (resource, params) => {
    const { json } = await apiRequest<TApiRecord>(path(resource), { method: 'POST', body: toApi(params.data) });
    return { data: fromApi(json) } as never;
  },

  update: async (resource, params) => {
    const previous = params.previousData as Record<string, unknown>;
    const body = changedFields(params.data as Record<string, unknown>, previous);
    try {
      const { json } = await apiRequest<TApiRecord>(path(resource, params.id as Identifier), { method: 'PUT', body });
      return { data: fromApi(json) } as never;
    } catch (error) {
      // Someone else saved first: the edit form on screen offers to reload or to compare.
      if (error instanceof HttpError && error.body.code === 'STALE_WRITE') {
        const { updatedAt: _version, ...mine } = body;
        reportWriteConflict({ resource, id: String(params.id), mine, previous: previous ?? {} });
      }
      throw error;
    }
  },

  updateMany: async (resource, params) => {
    for (const id of params.ids) {
      await apiRequest(path(resource, id), { method: 'PUT', body: toApi(params.data) });
    }
    return { data: params.ids };
  },

  delete: async (resource, params) => {
    await apiRequest(path(resource, params.id), { method: 'DELETE' });
    return { data: (params.previousData ?? { id: params.id }) as never };
  },

  deleteMany: async (resource, params) => {
    for (const id of params.ids) await apiRequest(path(resource, id), { method: 'DELETE' });
    return { data: params.ids };
  },

  transition: async (resource, params) => {
    const { json } = await apiRequest<TApiRecord>(`${path(resource, params.id)}/${encodeURIComponent(params.action)}`, { method: 'POST', body: params.data ?? {} });
    return { data: fromApi(json) } as never;
  },

  bulkAction: async (resource, params) => {
    const body = {
      action: params.action,
      ...(params.ids ? { ids: params.ids.map(String) } : { filter: filtersToQuery(params.filter) }),
      ...(params.input ? { input: params.input } : {}),
    };
    const { json } = await apiRequest<TBulkResult>(`${path(resource)}/bulk`, { method: 'POST', body });
    return { data: json ?? { done: [], refused: [] } };
  },

  hasRowsInYear: async (resource, year) => {
    const { json } = await apiRequest<unknown[]>(path(resource), { query: { year, limit: 1, count: true } });
    return { data: Array.isArray(json) && json.length > 0 };
  },

  ...filingMethods,
  ...historyMethods,
  ...pagopaMethods,
  ...recordFileMethods,
  ...stayMethods,
  ...environmentalMethods,
};
