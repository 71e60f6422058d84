import type { TModello21MonthRecord, TModello21Record } from '@app/domain/tourist-tax/filings/modello21-schemas';

export type { TModello21MonthRecord };
import { italianDateOf } from '@app/domain/tourist-tax/filings/deadlines';
import { reconcileModello21, type TModello21Issue } from '@app/domain/tourist-tax/filings/modello21';
import { centsToEuros, parseEuroAmount } from '@app/domain/tourist-tax/money';

/*
 * The Modello 21 monthly table as the hotelier edits it (amounts as typed text), and the live check
 * of it with the server's own reconciliation (reconcileModello21): every difference between collected
 * and paid needs a note, every payment its TRN and date, the account its signature and owner.
 */

export type TMonthDraft = { number: number; collected: string; paid: string; paymentDate: string; trn: string; note: string };
export type TOwnerDraft = {
  ownerName: string;
  ownerSurname: string;
  ownerTaxCode: string;
  ownerVatNumber: string;
  ownerAddress: string;
  /** A company as agente contabile: ragione sociale, legale rappresentante and qualifica of the signer. */
  ownerCompanyName: string;
  ownerLegalRepresentative: string;
  ownerRole: string;
  /** Euros as typed: the previous year's tax paid to the treasury this year (prefilled by the server). */
  openingBalance: string;
  signatureDate: string;
  notes: string;
};

/** Euros as the hotelier types them: comma decimals in Italian, no grouping (so "1.234" is never ambiguous). */
export function eurosToText(euros: number, locale: string): string {
  const text = euros.toFixed(2);
  return locale.startsWith('en') ? text : text.replace('.', ',');
}

export function draftOfMonth(month: TModello21MonthRecord, locale: string): TMonthDraft {
  return {
    number: month.number,
    collected: eurosToText(month.collectedImport, locale),
    paid: eurosToText(month.paidImport, locale),
    paymentDate: month.paymentDate ?? '',
    trn: month.trn ?? '',
    note: month.note ?? '',
  };
}

/** The agente contabile (owner or company) who signs the account, as a draft of typed text. */
export function ownerDraftOf(record: TModello21Record, locale: string): TOwnerDraft {
  return {
    ownerName: record.ownerName ?? '',
    ownerSurname: record.ownerSurname ?? '',
    ownerTaxCode: record.ownerTaxCode ?? '',
    ownerVatNumber: record.ownerVatNumber ?? '',
    ownerAddress: record.ownerAddress ?? '',
    ownerCompanyName: record.ownerCompanyName ?? '',
    ownerLegalRepresentative: record.ownerLegalRepresentative ?? '',
    ownerRole: record.ownerRole ?? '',
    openingBalance: eurosToText(record.openingBalance, locale),
    signatureDate: record.signatureDate ?? '',
    notes: record.notes ?? '',
  };
}

/**
 * The Modello 21 page's form values: the record's version as typed text, under `draft` (beside the
 * record's own fields, which react-admin's form also holds); the comune's validation number and notes too.
 */
export type TModello21Draft = { months: TMonthDraft[]; owner: TOwnerDraft; validationNumber: string; cityNotes: string };

export type TModello21FormValues = { draft: TModello21Draft };

export function draftOf(record: TModello21Record, locale: string): TModello21Draft {
  return { months: record.months.map((m) => draftOfMonth(m, locale)), owner: ownerDraftOf(record, locale), validationNumber: record.validationNumber ?? '', cityNotes: record.cityNotes ?? '' };
}

export type TDraftProblems = Record<string, string>;

/** Problems of the table and owner data, keyed by the server's paths (months.3.note, signatureDate...). */
export function checkDraft(year: number, months: readonly TMonthDraft[], owner: TOwnerDraft, today: string): { problems: TDraftProblems; warnings: TDraftProblems } {
  const problems: TDraftProblems = {};
  const parsed = months.map((m, i) => {
    const collected = parseEuroAmount(m.collected);
    const paid = parseEuroAmount(m.paid);
    if (collected === null) problems[`months.${i}.collected`] = 'validation.twoDecimals';
    else if (collected < 0) problems[`months.${i}.collected`] = 'validation.notNegative';
    if (paid === null) problems[`months.${i}.paid`] = 'validation.twoDecimals';
    else if (paid < 0) problems[`months.${i}.paid`] = 'validation.notNegative';
    if (m.paymentDate && !/^\d{4}-\d{2}-\d{2}$/.test(m.paymentDate)) problems[`months.${i}.paymentDate`] = 'filings.validation.date';
    return {
      number: m.number,
      collectedCents: collected ?? 0,
      paidCents: paid ?? 0,
      paymentDate: m.paymentDate || null,
      trn: m.trn.trim() || null,
      note: m.note.trim() || null,
    };
  });
  const openingBalance = parseEuroAmount(owner.openingBalance);
  if (openingBalance === null) problems.openingBalance = 'validation.twoDecimals';
  else if (openingBalance < 0) problems.openingBalance = 'validation.notNegative';
  const { issues, warnings } = reconcileModello21(
    {
      year,
      months: parsed,
      signatureDate: owner.signatureDate || null,
      ownerTaxCode: owner.ownerTaxCode.trim() || null,
      ownerName: owner.ownerName.trim() || null,
    },
    today,
  );
  for (const issue of issues) {
    if (!(issue.path in problems)) problems[issue.path] = issueKey(issue);
  }
  const warningMap: TDraftProblems = {};
  for (const warning of warnings) warningMap[warning.path] = warning.message.startsWith('signed after the deadline') ? 'filings.modello21.issues.lateSignature' : warning.message;
  return { problems, warnings: warningMap };
}

const ISSUE_KEYS: [RegExp, string][] = [
  [/explain the difference/, 'filings.modello21.issues.explainDifference'],
  [/needs its TRN/, 'filings.modello21.issues.trnRequired'],
  [/needs its date/, 'filings.modello21.issues.dateRequired'],
  [/cannot be negative/, 'validation.notNegative'],
  [/signature date is required/, 'filings.modello21.issues.signatureRequired'],
  [/signed after the end of the year/, 'filings.modello21.issues.signatureAfterYear'],
  [/cannot be in the future/, 'filings.modello21.issues.signatureFuture'],
  [/codice fiscale is required/, 'filings.modello21.issues.ownerTaxCodeRequired'],
  [/name is required/, 'filings.modello21.issues.ownerNameRequired'],
];

/** A translation key for a reconciliation issue (the server's English text otherwise). */
export function issueKey(issue: Pick<TModello21Issue, 'message'>): string {
  return ISSUE_KEYS.find(([pattern]) => pattern.test(issue.message))?.[1] ?? issue.message;
}

/** The PUT body of the table and owner data (amounts in euros, as the API takes them). */
export function updatePayload(months: readonly TMonthDraft[], owner: TOwnerDraft) {
  const euros = (text: string) => centsToEuros(parseEuroAmount(text) ?? 0);
  const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    months: months.map((m) => ({ number: m.number, collectedImport: euros(m.collected), paidImport: euros(m.paid), paymentDate: m.paymentDate || null, trn: orNull(m.trn), note: orNull(m.note) })),
    ownerName: orNull(owner.ownerName),
    ownerSurname: orNull(owner.ownerSurname),
    ownerTaxCode: orNull(owner.ownerTaxCode),
    ownerVatNumber: orNull(owner.ownerVatNumber),
    ownerAddress: orNull(owner.ownerAddress),
    ownerCompanyName: orNull(owner.ownerCompanyName),
    ownerLegalRepresentative: orNull(owner.ownerLegalRepresentative),
    ownerRole: orNull(owner.ownerRole),
    openingBalance: euros(owner.openingBalance),
    signatureDate: owner.signatureDate || null,
    notes: orNull(owner.notes),
  };
}

/** Today in Italy (the comuni's calendar), as the server judges signature dates. */
export function todayInItaly(now = new Date()): string {
  return italianDateOf(now);
}
