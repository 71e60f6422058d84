/**
 * Modello 21 (conto giudiziale dell'agente contabile): one row per month with the tax collected from
 * guests and what was paid to the comune's treasury, reconciled month by month.
 *
 * Declarations may cover several months (a quarter). Their payment is spread over the months of the
 * period in proportion to what was collected in each month, so a period paid in full reconciles on
 * every one of its months; each share carries the payment's date and TRN.
 */
import { ITALIAN_MONTHS } from '../periods.ts';
import { modello21Deadline } from './deadlines.ts';

export type TModello21Payment = {
  declarationId: string;
  paymentDate: string;
  trn: string | null;
  amountCents: number;
  /** The treasury's reversale / ordinativo and quietanza numbers, when recorded. */
  treasuryReference?: string | null;
  receiptNumber?: string | null;
};

/**
 * The receipts of a month: the paid stays of the year numbered in check-out order, so month k holds
 * receipts "dal n. from al n. to", issued from dateFrom to dateTo. Null when the month has none.
 */
export type TModello21Receipts = { from: number; to: number; dateFrom: string | null; dateTo: string | null } | null;

export type TModello21Month = {
  number: number;
  name: string;
  /** Paid stays checked out this month (the receipts of the month). */
  receiptsCount: number;
  collectedCents: number;
  paidCents: number;
  paymentDate: string | null;
  trn: string | null;
  note: string | null;
  /** The hotelier changed collected/paid by hand: a refresh from the stays keeps this month as typed. */
  corrected: boolean;
  /** What the stays and the declarations' payments said at the last refresh. */
  prefill: { receiptsCount: number; collectedCents: number; paidCents: number; payments: TModello21Payment[]; receipts?: TModello21Receipts };
};

/** Paid stays: checkOut and the tax paid by the guest. */
export type TModello21Stay = { checkOut: string; toPayAmountCents: number };

/** A declaration's payment to the comune, over its period. */
export type TModello21DeclarationPayment = {
  declarationId: string;
  dateFrom: string;
  dateTo: string;
  paymentDate: string;
  trn: string | null;
  amountCents: number;
  treasuryReference?: string | null;
  receiptNumber?: string | null;
};

const monthOf = (date: string) => Number(date.slice(5, 7));
const yearOf = (date: string) => Number(date.slice(0, 4));

/** Months 1..12 of `year` covered by a period (periods may start or end in another year). */
export function monthsOfPeriod(year: number, dateFrom: string, dateTo: string): number[] {
  const months: number[] = [];
  for (let m = 1; m <= 12; m++) {
    const key = `${year}-${String(m).padStart(2, '0')}`;
    if (key >= dateFrom.slice(0, 7) && key <= dateTo.slice(0, 7)) months.push(m);
  }
  return months;
}

/**
 * Splits `amount` over weights, largest remainder first (ties to the earlier line), so the parts sum
 * exactly to the amount. All-zero weights put everything on the last line.
 */
export function splitByWeights(amount: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const total = weights.reduce((a, b) => a + b, 0);
  if (total === 0) return weights.map((_, i) => (i === weights.length - 1 ? amount : 0));
  const big = BigInt(amount);
  const bigTotal = BigInt(total);
  const parts = weights.map((w) => (big * BigInt(w)) / bigTotal);
  const remainders = weights.map((w, i) => ({ i, r: (big * BigInt(w)) % bigTotal }));
  let left = amount - parts.reduce((a, b) => a + Number(b), 0);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  const result = parts.map(Number);
  for (const { i } of remainders) {
    if (left <= 0) break;
    result[i] += 1;
    left -= 1;
  }
  return result;
}

/** Collected per month from the paid stays, and paid per month from the declarations' payments. */
export function prefillModello21(year: number, paidStays: readonly TModello21Stay[], payments: readonly TModello21DeclarationPayment[]): TModello21Month['prefill'][] {
  const monthly = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, receiptsCount: 0, collectedCents: 0 }));
  for (const stay of paidStays) {
    if (yearOf(stay.checkOut) !== year) continue;
    const m = monthly[monthOf(stay.checkOut) - 1];
    m.receiptsCount += 1;
    m.collectedCents += stay.toPayAmountCents;
  }
  return prefillModello21FromMonths(year, monthly, payments);
}

/** The same, from per-month totals of the paid stays (the database sums them for large years). */
export function prefillModello21FromMonths(
  year: number,
  monthly: readonly { month: number; receiptsCount: number; collectedCents: number; firstDate?: string | null; lastDate?: string | null }[],
  payments: readonly TModello21DeclarationPayment[],
): TModello21Month['prefill'][] {
  const months = Array.from({ length: 12 }, (): TModello21Month['prefill'] => ({ receiptsCount: 0, collectedCents: 0, paidCents: 0, payments: [], receipts: null }));
  const dates = Array.from({ length: 12 }, (): { first: string | null; last: string | null } => ({ first: null, last: null }));
  for (const m of monthly) {
    months[m.month - 1].receiptsCount += m.receiptsCount;
    months[m.month - 1].collectedCents += m.collectedCents;
    const d = dates[m.month - 1];
    if (m.firstDate && (!d.first || m.firstDate < d.first)) d.first = m.firstDate;
    if (m.lastDate && (!d.last || m.lastDate > d.last)) d.last = m.lastDate;
  }
  // Receipts numbered through the year in check-out order.
  let issued = 0;
  months.forEach((m, i) => {
    if (m.receiptsCount === 0) return;
    m.receipts = { from: issued + 1, to: issued + m.receiptsCount, dateFrom: dates[i].first, dateTo: dates[i].last };
    issued += m.receiptsCount;
  });
  for (const payment of payments) {
    const covered = monthsOfPeriod(year, payment.dateFrom, payment.dateTo);
    if (covered.length === 0) continue;
    const shares = splitByWeights(
      payment.amountCents,
      covered.map((m) => months[m - 1].collectedCents),
    );
    covered.forEach((m, k) => {
      if (shares[k] === 0 && covered.length > 1) return;
      months[m - 1].paidCents += shares[k];
      months[m - 1].payments.push({
        declarationId: payment.declarationId,
        paymentDate: payment.paymentDate,
        trn: payment.trn,
        amountCents: shares[k],
        treasuryReference: payment.treasuryReference ?? null,
        receiptNumber: payment.receiptNumber ?? null,
      });
    });
  }
  return months;
}

/**
 * Applies a fresh prefill to the model's months: months the hotelier corrected keep their typed
 * figures (the new prefill is stored next to them), the others take the prefill; notes are kept.
 */
export function mergePrefill(existing: readonly TModello21Month[] | null, prefill: readonly TModello21Month['prefill'][]): TModello21Month[] {
  return prefill.map((p, i) => {
    const old = existing?.[i];
    const lastPayment = [...p.payments].sort((a, b) => (a.paymentDate < b.paymentDate ? 1 : -1))[0];
    const fromPrefill = {
      receiptsCount: p.receiptsCount,
      collectedCents: p.collectedCents,
      paidCents: p.paidCents,
      paymentDate: lastPayment?.paymentDate ?? null,
      trn: joinTrns(p.payments),
    };
    const base = { number: i + 1, name: ITALIAN_MONTHS[i], note: old?.note ?? null, prefill: p };
    if (old?.corrected) {
      return { ...base, receiptsCount: old.receiptsCount, collectedCents: old.collectedCents, paidCents: old.paidCents, paymentDate: old.paymentDate, trn: old.trn, corrected: true };
    }
    return { ...base, ...fromPrefill, corrected: false };
  });
}

function joinTrns(payments: readonly TModello21Payment[]): string | null {
  const trns = [...new Set(payments.map((p) => p.trn).filter((t): t is string => !!t))];
  return trns.length > 0 ? trns.join(', ') : null;
}

/**
 * Carico and scarico of the account: the agente contabile is charged with the opening balance (tax
 * collected the year before and paid to the treasury this year, typically the last quarter paid in
 * January) plus what was collected this year; discharged by what was paid this year, the opening
 * balance included. The closing balance is carried to the next year.
 */
export function modello21Carico(openingBalanceCents: number, months: readonly Pick<TModello21Month, 'collectedCents' | 'paidCents'>[]) {
  const collected = months.reduce((a, m) => a + m.collectedCents, 0);
  const paid = months.reduce((a, m) => a + m.paidCents, 0);
  const caricoCents = openingBalanceCents + collected;
  const scaricoCents = openingBalanceCents + paid;
  return { openingBalanceCents, caricoCents, scaricoCents, closingBalanceCents: caricoCents - scaricoCents };
}

/** Every payment of a month in words, each with its own date and treasury references. */
export function describeMonthPayments(payments: readonly TModello21Payment[], formatDate: (iso: string) => string): string {
  return payments
    .map((p) => {
      const refs = [p.treasuryReference ? `rev./ord. ${p.treasuryReference}` : '', p.receiptNumber ? `quiet. ${p.receiptNumber}` : ''].filter(Boolean).join(', ');
      return `${p.trn ?? 's.n.'} del ${formatDate(p.paymentDate)}${refs ? ` (${refs})` : ''}`;
    })
    .join('; ');
}

export type TModello21Totals = { collectedCents: number; paidCents: number; dueCents: number; receiptsCount: number };

/** `due` is what the agente contabile still owes the comune (negative: paid more than collected). */
export function modello21Totals(months: readonly Pick<TModello21Month, 'collectedCents' | 'paidCents' | 'receiptsCount'>[]): TModello21Totals {
  const collectedCents = months.reduce((a, m) => a + m.collectedCents, 0);
  const paidCents = months.reduce((a, m) => a + m.paidCents, 0);
  return { collectedCents, paidCents, dueCents: collectedCents - paidCents, receiptsCount: months.reduce((a, m) => a + m.receiptsCount, 0) };
}

export type TModello21Issue = { path: string; message: string; month?: number };

/**
 * What stops a model from being submitted: a month where collected differs from paid without a note,
 * a payment without TRN or date, a missing or impossible signature date, missing owner data.
 */
export function reconcileModello21(
  model: {
    year: number;
    months: readonly Pick<TModello21Month, 'number' | 'collectedCents' | 'paidCents' | 'paymentDate' | 'trn' | 'note'>[];
    signatureDate: string | null;
    ownerTaxCode: string | null;
    ownerName: string | null;
  },
  today: string,
): { issues: TModello21Issue[]; warnings: TModello21Issue[] } {
  const issues: TModello21Issue[] = [];
  const warnings: TModello21Issue[] = [];
  model.months.forEach((m, i) => {
    if (m.collectedCents !== m.paidCents && !m.note?.trim()) {
      issues.push({ path: `months.${i}.note`, month: m.number, message: 'collected and paid differ: explain the difference' });
    }
    if (m.paidCents > 0 && !m.trn?.trim()) issues.push({ path: `months.${i}.trn`, month: m.number, message: 'every payment needs its TRN/CRO' });
    if (m.paidCents > 0 && !m.paymentDate) issues.push({ path: `months.${i}.paymentDate`, month: m.number, message: 'every payment needs its date' });
    if (m.collectedCents < 0 || m.paidCents < 0) issues.push({ path: `months.${i}`, month: m.number, message: 'amounts cannot be negative' });
  });
  if (!model.signatureDate) {
    issues.push({ path: 'signatureDate', message: 'the signature date is required' });
  } else {
    if (model.signatureDate <= `${model.year}-12-31`) issues.push({ path: 'signatureDate', message: 'the account is signed after the end of the year' });
    if (model.signatureDate > today) issues.push({ path: 'signatureDate', message: 'the signature date cannot be in the future' });
    if (model.signatureDate > modello21Deadline(model.year)) {
      warnings.push({ path: 'signatureDate', message: `signed after the deadline (${modello21Deadline(model.year)})` });
    }
  }
  if (!model.ownerTaxCode?.trim()) issues.push({ path: 'ownerTaxCode', message: "the agente contabile's codice fiscale is required" });
  if (!model.ownerName?.trim()) issues.push({ path: 'ownerName', message: "the agente contabile's name is required" });
  return { issues, warnings };
}
