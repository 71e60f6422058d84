import { describe, expect, it } from 'vitest';
import { conflictRows, shownValue } from './conflictRows';

describe('conflictRows', () => {
  const previous = { id: 's1', name: 'Hotel Serapo', phone: '0771 1', email: 'a@b.it', updatedAt: '2026-01-01T00:00:00.000Z' };

  it("lists the user's changed fields and the other user's, with both values, and nothing that agrees", () => {
    const current = { ...previous, phone: '0771 3', email: 'c@d.it', updatedAt: '2026-01-02T00:00:00.000Z' };
    const rows = conflictRows({ resource: 'structures', id: 's1', mine: { phone: '0771 4', name: 'Hotel Serapo' }, previous }, current);
    expect(rows).toEqual([
      { field: 'phone', yours: '0771 4', theirs: '0771 3' },
      { field: 'email', yours: 'a@b.it', theirs: 'c@d.it' },
    ]);
  });

  it('leaves out a field both users set to the same value, and the bookkeeping fields', () => {
    const current = { ...previous, phone: '0771 4', updatedAt: '2026-01-02T00:00:00.000Z' };
    expect(conflictRows({ resource: 'structures', id: 's1', mine: { phone: '0771 4' }, previous }, current)).toEqual([]);
  });

  it('shows empty values as the given text and booleans as marks', () => {
    expect(shownValue(null, '(vuoto)')).toBe('(vuoto)');
    expect(shownValue('', '(vuoto)')).toBe('(vuoto)');
    expect(shownValue(true, '-')).toBe('✓');
    expect(shownValue(3, '-')).toBe('3');
  });
});
