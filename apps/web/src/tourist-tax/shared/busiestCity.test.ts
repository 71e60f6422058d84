import { describe, expect, it } from 'vitest';
import { busiestCityId } from './busiestCity';

const cities = [
  { id: 'formia', name: 'Comune di Formia' },
  { id: 'gaeta', name: 'Comune di Gaeta' },
  { id: 'itri', name: 'Comune di Itri' },
];

describe('the comune an administrator starts on', () => {
  it('is the one with the most structures, not the first by name', () => {
    const structures = [
      { id: 1, cityId: 'formia' },
      { id: 2, cityId: 'gaeta' },
      { id: 3, cityId: 'gaeta' },
      { id: 4, cityId: null },
    ];
    expect(busiestCityId(cities, structures)).toBe('gaeta');
  });

  it('is the first by name on a tie or without structures, and nothing without comuni', () => {
    expect(
      busiestCityId(cities, [
        { id: 1, cityId: 'itri' },
        { id: 2, cityId: 'gaeta' },
      ]),
    ).toBe('gaeta');
    expect(busiestCityId(cities, [])).toBe('formia');
    expect(busiestCityId([], [{ id: 1, cityId: 'gaeta' }])).toBe('');
  });
});
