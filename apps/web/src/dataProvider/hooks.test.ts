import { describe, expect, it, vi } from 'vitest';
import { callCustom, customQueryKey } from './hooks';
import type { TAppDataProvider } from './index';

describe('custom-method hooks', () => {
  it('call the named method with the arguments, on the provider, and answer its data', async () => {
    const ncaTimeline = vi.fn(function (this: unknown, reportId: string) {
      return Promise.resolve({ data: [{ _id: `${reportId}-1`, self: this }] });
    });
    const provider = { ncaTimeline } as unknown as TAppDataProvider;
    await expect(callCustom(provider, 'ncaTimeline', ['r1'])).resolves.toEqual([{ _id: 'r1-1', self: provider }]);
    expect(ncaTimeline).toHaveBeenCalledWith('r1');
  });

  it("key an answer by the method, then its arguments, so one method's answers are refreshed together", () => {
    expect(customQueryKey('ncaTimeline', ['r1'])).toEqual(['custom', 'ncaTimeline', 'r1']);
    expect(customQueryKey('ncaTimeline')).toEqual(['custom', 'ncaTimeline']);
    expect(customQueryKey('ncaTimeline', ['r1']).slice(0, 2)).toEqual(customQueryKey('ncaTimeline'));
  });
});
