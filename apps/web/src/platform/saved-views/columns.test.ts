import { describe, expect, it } from 'vitest';
import { columnChoiceOf, visibleColumns, type TColumnLayout } from './columns';

const layout: TColumnLayout = { keys: ['name', 'city', 'status', null, 'createdAt'], defaultHidden: ['createdAt'] };

describe('saved view columns', () => {
  it('reads the visible columns in order from the stored choice, or the defaults without one', () => {
    expect(visibleColumns(layout, undefined, undefined)).toEqual(['name', 'city', 'status']);
    expect(visibleColumns(layout, ['city'], [2, 0])).toEqual(['status', 'name', 'createdAt']);
    // Positions past the table (a column removed since) are ignored.
    expect(visibleColumns(layout, [], [9, 4])).toEqual(['createdAt', 'name', 'city', 'status']);
  });

  it("turns a view's columns into the stored choice, and back", () => {
    const choice = columnChoiceOf(layout, ['status', 'name', 'gone', 'name']);
    expect(choice).toEqual({ hidden: ['city', 'createdAt'], ranks: [2, 0, 1, 3, 4] });
    expect(visibleColumns(layout, choice.hidden, choice.ranks)).toEqual(['status', 'name']);
    const all = columnChoiceOf(layout, ['createdAt', 'city', 'name', 'status']);
    expect(visibleColumns(layout, all.hidden, all.ranks)).toEqual(['createdAt', 'city', 'name', 'status']);
  });
});
