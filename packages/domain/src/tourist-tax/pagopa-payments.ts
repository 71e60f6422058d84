import { parseEuroAmount } from '../platform/money/index.ts';
import { columnsOfHeaders, displayValue, valuesOfRow, type TImportRowError, type TImportSheet } from './import-sheet.ts';
import { iuvOfReference } from './pagopa.ts';
import { readImportDate } from './stay-import.ts';

/*
 * The rows of a comune's list of pagoPA payments received (its treasury's or intermediary's export, CSV
 * or xlsx): the notice number or IUV, the amount, the payment date and the TRN (or the receipt's IUR).
 * Every bad row is reported; the API then matches the good ones to the comune's notices.
 */

export const MAX_PAYMENT_IMPORT_ROWS = 20_000;

const ALIASES = {
  reference: ['numero avviso', 'codice avviso', 'avviso', 'nav', 'iuv', 'notice number', 'notice', 'codice iuv'],
  amount: ['importo', 'importo pagato', 'importo versato', 'amount', 'paid amount'],
  paymentDate: ['data', 'data pagamento', 'data del pagamento', 'data versamento', 'data esito', 'payment date', 'date'],
  trn: ['trn', 'cro', 'iur', 'id ricevuta', 'identificativo riscossione', 'receipt id', 'riferimento'],
} as const;
export type TPaymentImportKey = keyof typeof ALIASES;
const KEYS: readonly TPaymentImportKey[] = ['reference', 'amount', 'paymentDate', 'trn'];
export const PAYMENT_IMPORT_HEADERS: Record<TPaymentImportKey, string> = { reference: 'Numero avviso', amount: 'Importo', paymentDate: 'Data pagamento', trn: 'TRN' };

export type TPaymentImportRow = { row: number; reference: string; iuv: string; amountCents: number; paymentDate: string; trn: string };
export type TPaymentImportRead = { ok: true; rows: TPaymentImportRow[] } | { ok: false; errors: TImportRowError[] };

/** `today` is the comune's calendar date (YYYY-MM-DD): a payment cannot be dated after it. */
export function readPaymentImportRows(sheet: TImportSheet, today: string): TPaymentImportRead {
  const columns = columnsOfHeaders(sheet.headers, KEYS, ALIASES);
  const missing = KEYS.filter((key) => !columns.has(key));
  if (missing.length > 0) {
    return { ok: false, errors: missing.map((field) => ({ row: 1, field, value: '', message: `import.missingColumn: ${PAYMENT_IMPORT_HEADERS[field]}` })) };
  }
  const errors: TImportRowError[] = [];
  const rows: TPaymentImportRow[] = [];
  for (const { row, cells } of sheet.rows) {
    const values = valuesOfRow(cells, columns);
    if (values.size === 0) continue;
    const fail = (field: TPaymentImportKey, message: string) => errors.push({ row, field, value: displayValue(values.get(field)), message });
    const before = errors.length;
    const reference = displayValue(values.get('reference'));
    const iuv = iuvOfReference(reference);
    if (!reference) fail('reference', 'validation.required');
    else if (!iuv) fail('reference', 'pagopa.reference: not an 18-digit notice number (aux digit 3) nor a 17-digit IUV with right check digits');
    const amountCents = parseEuroAmount(values.get('amount'));
    if (amountCents === null || amountCents <= 0) fail('amount', 'validation.amount: a positive amount in euros, at most two decimals');
    const paymentDate = readImportDate(values.get('paymentDate'));
    if (!paymentDate) fail('paymentDate', 'validation.date: YYYY-MM-DD or DD/MM/YYYY');
    else if (paymentDate > today) fail('paymentDate', 'validation.date: cannot be in the future');
    const trn = displayValue(values.get('trn')).trim();
    if (!trn) fail('trn', 'validation.required');
    else if (trn.length > 100) fail('trn', 'validation.maxLength: 100');
    if (errors.length === before) rows.push({ row, reference, iuv: iuv!, amountCents: amountCents!, paymentDate: paymentDate!, trn });
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, rows };
}

export type TPaymentMatchTarget = { declarationId: string; payable: boolean; recordedTrns: readonly string[] };

export type TPaymentImportPlan = {
  matched: (TPaymentImportRow & { declarationId: string })[];
  unmatched: (TPaymentImportRow & { reason: 'unknownNotice' | 'notPayable' })[];
  duplicates: (TPaymentImportRow & { reason: 'sameFile' | 'alreadyRecorded'; firstRow: number | null })[];
};

/**
 * Sorts the rows: a row whose notice the comune did not issue, or whose declaration cannot take a
 * payment (not submitted), is unmatched; a row repeating an earlier row's notice and TRN, or a TRN
 * already recorded on that declaration, is a duplicate; the rest are matched. Pure, so a re-import of
 * the same file records nothing twice.
 */
export function planPaymentImport(rows: readonly TPaymentImportRow[], targetOfIuv: ReadonlyMap<string, TPaymentMatchTarget>): TPaymentImportPlan {
  const plan: TPaymentImportPlan = { matched: [], unmatched: [], duplicates: [] };
  const seen = new Map<string, number>();
  for (const row of rows) {
    const target = targetOfIuv.get(row.iuv);
    if (!target) {
      plan.unmatched.push({ ...row, reason: 'unknownNotice' });
      continue;
    }
    const key = `${row.iuv}|${row.trn.toUpperCase()}`;
    const firstRow = seen.get(key);
    if (firstRow !== undefined) {
      plan.duplicates.push({ ...row, reason: 'sameFile', firstRow });
      continue;
    }
    seen.set(key, row.row);
    if (target.recordedTrns.some((trn) => trn.toUpperCase() === row.trn.toUpperCase())) {
      plan.duplicates.push({ ...row, reason: 'alreadyRecorded', firstRow: null });
      continue;
    }
    if (!target.payable) {
      plan.unmatched.push({ ...row, reason: 'notPayable' });
      continue;
    }
    plan.matched.push({ ...row, declarationId: target.declarationId });
  }
  return plan;
}
