import { QueryClient } from '@tanstack/react-query';
import { errorStatusOf } from './errors';

/** HTTP status of a failed request (react-admin's HttpError carries it), or null for network errors. */
function statusOf(error: unknown): number | null {
  return errorStatusOf(error) ?? null;
}

/**
 * Whether a failed query is worth retrying: a 4xx answer (forbidden, not found, invalid) will be
 * the same next time, so only network errors and 5xx are retried, at most twice.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status !== null && status >= 400 && status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
}
