import type { TIshikawaCategory } from '@app/domain/environmental/nca/ishikawa';
import { useCustomQuery } from '../../dataProvider/hooks';
import { errorCodeOf, errorStatusOf } from '../../dataProvider/errors';

/*
 * The NCA reads beyond the collections' CRUD (documented by the API in the NCA notes), as queries
 * over the data provider's methods: per-caller workflow facts, the timeline, the report's
 * signatures, "my signatures", the dashboard figures. A route the API does not answer yet (404
 * without a record) is reported as `notAvailable`, so the screens say so plainly instead of showing
 * an error or a guess.
 */

/** True for the answer of a route that does not exist (yet): 404 with no error code of ours. */
export function isNotAvailable(error: unknown): boolean {
  return errorStatusOf(error) === 404 && !errorCodeOf(error);
}

export function useReportFacts(reportId: string | undefined) {
  return useCustomQuery('ncaReportFacts', [reportId ?? ''], { enabled: !!reportId, retry: false });
}
export function useActionFacts(actionId: string | undefined) {
  return useCustomQuery('correctiveActionFacts', [actionId ?? ''], { enabled: !!actionId, retry: false });
}
export function useSignFacts(requestId: string | undefined) {
  return useCustomQuery('signRequestFacts', [requestId ?? ''], { enabled: !!requestId, retry: false });
}
export function useTimeline(reportId: string) {
  return useCustomQuery('ncaTimeline', [reportId], { retry: false });
}
export function useReportSignatures(reportId: string) {
  return useCustomQuery('ncaReportSignatures', [reportId], { retry: false });
}
export function useMySignatures() {
  return useCustomQuery('mySignRequests', [], { retry: false });
}
export function useSigningTerms() {
  return useCustomQuery('signingTerms', [], { retry: false });
}
export function useNcaDashboard(lotId?: string, ishikawa?: TIshikawaCategory) {
  return useCustomQuery('ncaDashboard', [lotId, ishikawa], { retry: false });
}

/** What a report's save or workflow action changes beside the record: its facts, timeline and signatures. */
export const REPORT_READS = ['ncaReportFacts', 'ncaTimeline', 'ncaReportSignatures', 'ncaDashboard'] as const;
