import { describe, expect, it } from 'vitest';
import { draftDetails, summaryOf } from './report-name.ts';

describe('draft report names', () => {
  it('keeps a short description whole, on one line', () => {
    expect(summaryOf('  Sversamento\n di olio ')).toBe('Sversamento di olio');
    expect(summaryOf('   ')).toBeNull();
    expect(summaryOf(null)).toBeNull();
  });

  it('cuts a long description at a word, with an ellipsis, within 60 characters', () => {
    const summary = summaryOf('Sversamento di olio idraulico da un escavatore nella zona di deposito temporaneo dei rifiuti')!;
    expect(summary).toBe('Sversamento di olio idraulico da un escavatore nella zona…');
    expect(summary.length).toBeLessThanOrEqual(60);
    expect(summaryOf('x'.repeat(80))).toBe(`${'x'.repeat(59)}…`);
  });

  it('joins what is known', () => {
    expect(draftDetails({ lot: 'Lotto 3', agency: 'Edil Rossi', createdOn: '2026-11-02', summary: 'Rumore' })).toBe('Lotto 3 · Edil Rossi · Rumore');
    expect(draftDetails({ lot: null, agency: 'Edil Rossi', createdOn: '2026-11-02', summary: null })).toBe('Edil Rossi');
  });
});
