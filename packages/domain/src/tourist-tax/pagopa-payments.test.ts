import { describe, expect, it } from 'vitest';
import { composePagopaNotice } from './pagopa.ts';
import { planPaymentImport, readPaymentImportRows, type TPaymentMatchTarget } from './pagopa-payments.ts';

const first = composePagopaNotice('01', 1);
const second = composePagopaNotice('01', 2);
const sheet = (rows: unknown[][], headers: unknown[] = ['Numero avviso', 'Importo', 'Data pagamento', 'TRN']) => ({ headers, rows: rows.map((cells, i) => ({ row: i + 2, cells })) });

describe('reading a list of pagoPA payments', () => {
  it('takes the notice number (as printed, with spaces) or the IUV, euros, Italian or ISO dates and the TRN', () => {
    const read = readPaymentImportRows(
      sheet([
        [first.noticeNumber.replace(/(\d{4})/g, '$1 '), '12,50', '15/03/2026', 'TRN-1'],
        [second.iuv, 7, '2026-03-16', 'TRN-2'],
        ['', '', '', ''],
      ]),
      '2026-04-01',
    );
    expect(read).toEqual({
      ok: true,
      rows: [
        { row: 2, reference: expect.any(String), iuv: first.iuv, amountCents: 1250, paymentDate: '2026-03-15', trn: 'TRN-1' },
        { row: 3, reference: second.iuv, iuv: second.iuv, amountCents: 700, paymentDate: '2026-03-16', trn: 'TRN-2' },
      ],
    });
  });

  it('matches headers in English or with units ("Importo (€)", "IUV", "Payment date", "IUR")', () => {
    const read = readPaymentImportRows(sheet([[second.iuv, '1', '2026-03-16', 'x']], ['IUV', 'Importo (€)', 'Payment date', 'IUR']), '2026-04-01');
    expect(read.ok).toBe(true);
  });

  it('reports every bad row with its field and value, and a missing column on row 1', () => {
    const read = readPaymentImportRows(
      sheet([
        ['301000000000000145', '-3', '31/02/2026', ''],
        [first.noticeNumber, '1,234', '2099-01-01', 'x'.repeat(101)],
      ]),
      '2026-04-01',
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors.map((e) => [e.row, e.field, e.value])).toEqual([
      [2, 'reference', '301000000000000145'],
      [2, 'amount', '-3'],
      [2, 'paymentDate', '31/02/2026'],
      [2, 'trn', ''],
      [3, 'amount', '1,234'],
      [3, 'paymentDate', '2099-01-01'],
      [3, 'trn', 'x'.repeat(101)],
    ]);
    const noTrn = readPaymentImportRows(sheet([], ['Numero avviso', 'Importo', 'Data']), '2026-04-01');
    expect(noTrn).toEqual({ ok: false, errors: [{ row: 1, field: 'trn', value: '', message: 'import.missingColumn: TRN' }] });
  });
});

describe('matching payments to notices', () => {
  const row = (n: number, iuv: string, trn: string) => ({ row: n, reference: iuv, iuv, amountCents: 100, paymentDate: '2026-03-01', trn });
  const targets = new Map<string, TPaymentMatchTarget>([
    [first.iuv, { declarationId: 'd1', payable: true, recordedTrns: ['OLD'] }],
    [second.iuv, { declarationId: 'd2', payable: false, recordedTrns: [] }],
  ]);

  it('matched, unmatched (unknown notice, declaration not submitted) and duplicated (same file, already recorded) rows', () => {
    const plan = planPaymentImport(
      [row(2, first.iuv, 'A'), row(3, first.iuv, 'a'), row(4, first.iuv, 'old'), row(5, '01202600000009999', 'B'), row(6, second.iuv, 'C'), row(7, first.iuv, 'D')],
      targets,
    );
    expect(plan.matched.map((r) => [r.row, r.declarationId])).toEqual([
      [2, 'd1'],
      [7, 'd1'],
    ]);
    expect(plan.unmatched.map((r) => [r.row, r.reason])).toEqual([
      [5, 'unknownNotice'],
      [6, 'notPayable'],
    ]);
    expect(plan.duplicates.map((r) => [r.row, r.reason, r.firstRow])).toEqual([
      [3, 'sameFile', 2],
      [4, 'alreadyRecorded', null],
    ]);
  });
});
