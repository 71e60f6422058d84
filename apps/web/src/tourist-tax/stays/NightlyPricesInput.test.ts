import { describe, expect, it } from 'vitest';
import { MAX_NIGHTS_PRICED_ONE_BY_ONE, nightsOf } from './NightlyPricesInput';
import { previewInputFrom } from './preview';

const stay = { structureId: 's1', checkIn: '2025-02-27', checkOut: '2025-03-02', componentsNumber: 2 };

describe('prices per night in the stay form', () => {
  it('lists the nights from check-in to the night before check-out, across the end of February', () => {
    expect(nightsOf('2025-02-27', '2025-03-02')).toEqual(['2025-02-27', '2025-02-28', '2025-03-01']);
    expect(nightsOf('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29']);
  });

  it('has no nights while the dates are missing or check-out is not after check-in', () => {
    expect(nightsOf('', '2025-03-02')).toEqual([]);
    expect(nightsOf('2025-03-02', '2025-03-02')).toEqual([]);
    expect(nightsOf('2025-03-03', '2025-03-02')).toEqual([]);
  });

  it('stops counting one night past the most it prices one by one (the form then offers no per-night prices)', () => {
    expect(nightsOf('2025-01-01', '2026-01-01')).toHaveLength(MAX_NIGHTS_PRICED_ONE_BY_ONE + 1);
  });

  it('sends the prices to the preview only once every night has one', () => {
    expect(previewInputFrom({ ...stay, nightlyPrices: [100, 120, 90] })?.nightlyPrices).toEqual([100, 120, 90]);
    expect(previewInputFrom({ ...stay, nightlyPrices: [100, null, 90] })).not.toHaveProperty('nightlyPrices');
    expect(previewInputFrom({ ...stay, nightlyPrices: null })).not.toHaveProperty('nightlyPrices');
  });
});
