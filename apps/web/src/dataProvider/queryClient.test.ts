import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { shouldRetry } from './queryClient';

describe('query retries', () => {
  it('never retries a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) expect(shouldRetry(0, new HttpError('no', status))).toBe(false);
  });

  it('retries network errors and 5xx at most twice', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(1, new HttpError('boom', 503))).toBe(true);
    expect(shouldRetry(2, new HttpError('boom', 503))).toBe(false);
  });
});
