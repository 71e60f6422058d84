import { describe, expect, it } from 'vitest';
import { checkDraft, draftOfMonth, eurosToText, updatePayload, type TModello21MonthRecord, type TOwnerDraft } from './monthRows';

const month = (number: number, collected: number, paid: number, extra: Partial<TModello21MonthRecord> = {}): TModello21MonthRecord => ({
  number,
  name: `m${number}`,
  receiptsCount: 0,
  collectedImport: collected,
  paidImport: paid,
  paymentDate: paid > 0 ? '2025-04-30' : null,
  trn: paid > 0 ? 'TRN1' : null,
  note: null,
  corrected: false,
  prefill: { receiptsCount: 0, collectedImport: collected, paidImport: paid, payments: [] },
  ...extra,
});

const owner: TOwnerDraft = {
  ownerName: 'Giulia',
  ownerSurname: 'A',
  ownerTaxCode: '12003400590',
  ownerVatNumber: '',
  ownerAddress: '',
  ownerCompanyName: '',
  ownerLegalRepresentative: '',
  ownerRole: '',
  openingBalance: '0,00',
  signatureDate: '2026-01-15',
  notes: '',
};
const twelve = (override: Record<number, TModello21MonthRecord> = {}) => Array.from({ length: 12 }, (_, i) => override[i + 1] ?? month(i + 1, 0, 0));

describe('Modello 21 draft check (mirrors the server reconciliation)', () => {
  it('passes a reconciled year', () => {
    const months = twelve({ 1: month(1, 10, 10) }).map((m) => draftOfMonth(m, 'it'));
    expect(checkDraft(2025, months, owner, '2026-02-01').problems).toEqual({});
  });

  it('asks for a note where collected and paid differ, and clears it once written', () => {
    const months = twelve({ 10: month(10, 20, 0) }).map((m) => draftOfMonth(m, 'it'));
    expect(checkDraft(2025, months, owner, '2026-02-01').problems).toEqual({ 'months.9.note': 'filings.modello21.issues.explainDifference' });
    months[9] = { ...months[9], note: 'versato a gennaio' };
    expect(checkDraft(2025, months, owner, '2026-02-01').problems).toEqual({});
  });

  it('needs a TRN and date for every payment, a signature after the year and the owner', () => {
    const months = twelve().map((m) => draftOfMonth(m, 'en'));
    months[2] = { ...months[2], collected: '5.00', paid: '5.00' };
    const { problems } = checkDraft(2025, months, { ...owner, signatureDate: '2025-12-31', ownerTaxCode: ' ' }, '2026-02-01');
    expect(problems).toMatchObject({
      'months.2.trn': 'filings.modello21.issues.trnRequired',
      'months.2.paymentDate': 'filings.modello21.issues.dateRequired',
      signatureDate: 'filings.modello21.issues.signatureAfterYear',
      ownerTaxCode: 'filings.modello21.issues.ownerTaxCodeRequired',
    });
  });

  it('refuses amounts with more than two decimals and reads Italian commas', () => {
    const months = twelve().map((m) => draftOfMonth(m, 'it'));
    months[0] = { ...months[0], collected: '1,234', paid: '12,50' };
    const { problems } = checkDraft(2025, months, owner, '2026-02-01');
    expect(problems['months.0.collected']).toBe('validation.twoDecimals');
    expect(updatePayload(months, owner).months[0].paidImport).toBe(12.5);
  });

  it('warns about a signature after the 30 January deadline without blocking', () => {
    const months = twelve().map((m) => draftOfMonth(m, 'it'));
    const result = checkDraft(2025, months, { ...owner, signatureDate: '2026-02-10' }, '2026-03-01');
    expect(result.problems).toEqual({});
    expect(result.warnings.signatureDate).toBe('filings.modello21.issues.lateSignature');
  });

  it('sends a company as agente contabile and the opening balance carried from the previous year', () => {
    const months = twelve().map((m) => draftOfMonth(m, 'it'));
    const company = { ...owner, ownerCompanyName: ' Laguna Srl ', ownerLegalRepresentative: 'Giulia Rossi', ownerRole: 'amministratore unico', openingBalance: '310,50' };
    expect(checkDraft(2025, months, company, '2026-02-01').problems).toEqual({});
    expect(updatePayload(months, company)).toMatchObject({ ownerCompanyName: 'Laguna Srl', ownerLegalRepresentative: 'Giulia Rossi', ownerRole: 'amministratore unico', openingBalance: 310.5 });
    expect(updatePayload(months, owner)).toMatchObject({ ownerCompanyName: null, ownerLegalRepresentative: null, ownerRole: null, openingBalance: 0 });
  });

  it('refuses an opening balance that is not an amount', () => {
    const months = twelve().map((m) => draftOfMonth(m, 'it'));
    expect(checkDraft(2025, months, { ...owner, openingBalance: '12,345' }, '2026-02-01').problems).toEqual({ openingBalance: 'validation.twoDecimals' });
    expect(checkDraft(2025, months, { ...owner, openingBalance: '-5' }, '2026-02-01').problems).toEqual({ openingBalance: 'validation.notNegative' });
  });

  it('formats euros for typing in the active language', () => {
    expect(eurosToText(46.5, 'it')).toBe('46,50');
    expect(eurosToText(46.5, 'en')).toBe('46.50');
  });
});
