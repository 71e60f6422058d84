import { describe, expect, it } from 'vitest';
import { payloadOf, validateDeclarationForm } from './ManualFiguresForm';

const figures = { numberOfStays: 2, nightsNumber: 5, totalAmount: 20, toPayAmount: 15, unpaidAmount: 5, rejectedPayments: 1 };

describe('manual declaration figures (client check = server checkManualFigures)', () => {
  it('accepts totals that add up', () => {
    expect(validateDeclarationForm({ type: 'manual', noGuests: false, notes: null, figures })).toEqual({});
  });

  it('flags a total that is not paid + unpaid, under the total', () => {
    expect(validateDeclarationForm({ type: 'manual', noGuests: false, notes: null, figures: { ...figures, totalAmount: 21 } })).toEqual({
      figures: { totalAmount: 'filings.validation.totalIsPaidPlusUnpaid' },
    });
  });

  it('requires the totals, and an unpaid amount needs the stays not paid', () => {
    expect(validateDeclarationForm({ type: 'manual', noGuests: false, notes: null, figures: { ...figures, nightsNumber: null } })).toEqual({ figures: { nightsNumber: 'validation.required' } });
    expect(validateDeclarationForm({ type: 'manual', noGuests: false, notes: null, figures: { ...figures, rejectedPayments: 0 } })).toEqual({
      figures: { unpaidAmount: 'filings.validation.unpaidNeedsRejected' },
    });
  });

  it('does not check automatic declarations or periods without guests', () => {
    expect(validateDeclarationForm({ type: 'automatic', noGuests: false, notes: null, figures: {} })).toEqual({});
    expect(validateDeclarationForm({ type: 'manual', noGuests: true, notes: null, figures: {} })).toEqual({});
  });

  it('sends the figures only for a manual declaration with guests', () => {
    expect(payloadOf({ type: 'manual', noGuests: false, notes: ' ', figures })).toEqual({ type: 'manual', noGuests: false, notes: null, figures });
    expect(payloadOf({ type: 'automatic', noGuests: false, notes: 'x', figures })).toEqual({ type: 'automatic', noGuests: false, notes: 'x' });
  });
});
