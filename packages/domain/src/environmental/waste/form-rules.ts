import { isValidCodiceFiscale, isValidPartitaIva, isValidPersonalCodiceFiscale, normalizeCodiceFiscale } from '../../platform/identifiers/index.ts';
import { eerNeedsDescription, findEerCode } from './eer.ts';

/*
 * The checks of a waste identification form (FIR) as RENTRI's `formulari` service makes them: the
 * value rules of single fields here, the rules across fields in `checkWasteForm`. Each refusal names
 * the field (a dotted path) so that the API answers 400 with per-field details and the web shows
 * the message under the field.
 */

/** `code`, where given, names the rule for a translated text (the `message` is the English fallback). */
export type TFormIssue = { path: string; message: string; value?: unknown; code?: string };

// ---- FIR number ----

/**
 * RENTRI's validated FIR number: 4 to 6 consonants (the series), the number, then 1 or 2
 * consonants (the check letters), optionally separated by spaces, dashes, slashes or underscores.
 */
const FIR_NUMBER = /^([BCDFGHJKLMNPQRSTVWXYZ]{4,6})[ \t\-/_]*([0-9]+)[ \t\-/_]*([BCDFGHJKLMNPQRSTVWXYZ]{1,2})$/;

export function normalizeFirNumber(value: string): string {
  return value.trim().toUpperCase();
}

export function isValidFirNumber(value: string): boolean {
  return FIR_NUMBER.test(normalizeFirNumber(value));
}

// ---- quantity ----

/** RENTRI's quantity: 0 to 9999999999.9999, at most 10 integer and 4 decimal digits. */
export const QUANTITY_UNITS = ['kg', 'l'] as const;
export type TQuantityUnit = (typeof QUANTITY_UNITS)[number];

/**
 * A quantity as typed ("1.250,5" is not accepted: no thousands separators; "1250,5" and "1250.5"
 * are) -> its exact decimal string without useless zeros ("1250.5"), or the reason it is refused.
 * Never a float: the value is kept as text and stored as numeric(14,4).
 */
export function parseQuantity(value: unknown): { ok: true; value: string } | { ok: false; message: string } {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  if (text === '') return { ok: false, message: 'validation.required' };
  const match = /^(\d+)(?:[.,](\d+))?$/.exec(text);
  if (!match) return { ok: false, message: 'must be a number with a dot or comma before the decimals' };
  const integer = match[1].replace(/^0+(?=\d)/, '');
  const decimals = (match[2] ?? '').replace(/0+$/, '');
  if (integer.length > 10) return { ok: false, message: 'at most 10 integer digits' };
  if (decimals.length > 4) return { ok: false, message: 'at most 4 decimal digits' };
  if (/^0+$/.test(integer) && decimals === '') return { ok: false, message: 'must be more than zero' };
  return { ok: true, value: decimals ? `${integer}.${decimals}` : integer };
}

/** Compares two canonical quantities exactly (no floats): -1, 0 or 1. */
export function compareQuantities(a: string, b: string): number {
  const [ai, ad = ''] = a.split('.');
  const [bi, bd = ''] = b.split('.');
  const width = Math.max(ai.length, bi.length);
  const left = ai.padStart(width, '0') + ad.padEnd(4, '0');
  const right = bi.padStart(width, '0') + bd.padEnd(4, '0');
  return left === right ? 0 : left < right ? -1 : 1;
}

// ---- parties ----

/**
 * A party's tax code: in Italy a 16-character codice fiscale (a person or sole trader) or an 11-digit
 * partita IVA / company codice fiscale, both with their check character; abroad 5 to 20 characters.
 */
export function checkPartyTaxCode(value: string, nationId: string | null | undefined): string | null {
  const code = normalizeCodiceFiscale(value);
  if (code === '') return 'validation.required';
  if ((nationId ?? 'IT').toUpperCase() !== 'IT') return code.length >= 5 && code.length <= 20 ? null : 'a foreign tax code has 5 to 20 characters';
  if (/^\d{11}$/.test(code)) return isValidPartitaIva(code) ? null : 'not a valid partita IVA (wrong check digit)';
  if (code.length === 16) return isValidPersonalCodiceFiscale(code) ? null : 'not a valid codice fiscale (wrong check character or date)';
  return isValidCodiceFiscale(code) ? null : 'a codice fiscale (16 characters) or a partita IVA (11 digits)';
}

/** Registration number in the national register of environmental operators (Albo gestori ambientali). */
export const ALBO_NUMBER = /^[A-Za-z]{2}\/[0-9]{6}$/;

// ---- waste ----

export const WASTE_ORIGINS = ['U', 'S'] as const; // urban, special
export const PHYSICAL_STATES = ['SP', 'S', 'FP', 'L', 'VS'] as const; // powder, solid, sludge, liquid, viscous
export const HAZARD_PROPERTIES: readonly string[] = Array.from({ length: 15 }, (_, i) => `HP${String(i + 1).padStart(2, '0')}`);

/** `hp1`, `HP 1`, `HP01` -> `HP01`; anything else is returned as typed (and refused). */
export function normalizeHazardProperty(value: string): string {
  const match = /^\s*HP\s*0?([1-9]|1[0-5])\s*$/i.exec(value);
  return match ? `HP${match[1].padStart(2, '0')}` : value.trim().toUpperCase();
}

/** The receiver's operation: recovery R1-R13 or disposal D1-D15. */
export const WASTE_OPERATIONS: readonly string[] = [...Array.from({ length: 13 }, (_, i) => `R${i + 1}`), ...Array.from({ length: 15 }, (_, i) => `D${i + 1}`)];

export const TRANSPORT_TYPES = ['Terrestre', 'Ferroviario', 'Marittimo'] as const;
export const RECEIVER_AUTHORIZATION_TYPES = [
  'RecSmalArt208',
  'RecSmalImpMobiliArt208',
  'RicercaSperimentazione',
  'AIA',
  'RecProcSemplificata',
  'OpBonifica',
  'Straordinario',
  'ComTrattamentoAcqueReflue',
  'AutTrattamentoAcqueReflue',
] as const;
export const ANALYSIS_TYPES = ['Analisi', 'Classificazione'] as const;

/** Acceptance at destination: A accepted, P partially accepted, R rejected. */
export const ACCEPTANCE_TYPES = ['A', 'P', 'R'] as const;
/** Why (part of) a load was turned back: NC non-conformity, IR not receivable, A other. */
export const REJECTION_CAUSES = ['NC', 'IR', 'A'] as const;

/** What `checkWasteForm` looks at: the saved or submitted form, whole (an update merged over the saved one). */
export type TWasteFacts = {
  cer: string;
  cerDescription?: string | null;
  dangerClass?: readonly string[] | null;
  quantity?: { value: string; unit: TQuantityUnit } | null;
  certificate?: { type: string; number: string; date?: string | null } | null;
  analysisRdpId?: string | null;
  adr?: boolean | null;
  adrData?: { unNumber?: string | null; class?: string | null; notes?: string | null } | null;
  acceptance?: {
    type: (typeof ACCEPTANCE_TYPES)[number];
    acceptedQuantity?: string | null;
    rejectionCause?: (typeof REJECTION_CAUSES)[number] | null;
    rejectionReason?: string | null;
  } | null;
  referencePeriodFrom?: string | null;
  referencePeriodTo?: string | null;
};

/**
 * The rules across fields: the EER code is in the list; codes ending in 99 are described; hazard
 * properties are given for hazardous codes and only for them; a mirror code names the analysis that
 * chose it; ADR data exactly when the load travels under ADR; the acceptance carries what its kind
 * needs. Returns every problem, not only the first.
 */
export function checkWasteForm(form: TWasteFacts): TFormIssue[] {
  const issues: TFormIssue[] = [];
  const entry = findEerCode(form.cer);
  const hp = form.dangerClass ?? [];
  if (!entry) issues.push({ path: 'cer', message: 'not in the European List of Waste', value: form.cer });
  else {
    if (eerNeedsDescription(entry.code) && !form.cerDescription?.trim()) issues.push({ path: 'cerDescription', message: 'a code ending in 99 needs the waste described' });
    if (entry.hazardous && hp.length === 0) issues.push({ path: 'dangerClass', message: 'a hazardous code needs its hazard properties (HP01-HP15)' });
    if (!entry.hazardous && hp.length > 0) issues.push({ path: 'dangerClass', message: 'a non-hazardous code has no hazard properties', value: hp });
    if (entry.mirror && !form.certificate?.number?.trim() && !form.analysisRdpId) {
      issues.push({ path: 'certificate', message: 'a mirror code needs the analysis that classified the waste' });
    }
  }
  if (form.adr && !form.adrData?.unNumber?.trim()) issues.push({ path: 'adrData.unNumber', message: 'ADR transport needs the UN number' });
  if (form.adr && !form.adrData?.class?.trim()) issues.push({ path: 'adrData.class', message: 'ADR transport needs the ADR class' });
  if (!form.adr && form.adrData && (form.adrData.unNumber || form.adrData.class || form.adrData.notes)) {
    issues.push({ path: 'adrData', message: 'ADR data only when the transport is under ADR' });
  }
  if (form.referencePeriodFrom && form.referencePeriodTo && form.referencePeriodTo < form.referencePeriodFrom) {
    issues.push({ path: 'referencePeriodTo', message: 'must not be before the start of the period', value: form.referencePeriodTo });
  }
  issues.push(...checkAcceptance(form));
  return issues;
}

/** The acceptance's own rules: what its kind needs, a partial quantity below the one shipped. */
export function checkAcceptance(form: TWasteFacts): TFormIssue[] {
  const a = form.acceptance;
  if (!a) return [];
  const issues: TFormIssue[] = [];
  const hasCause = !!a.rejectionCause;
  const hasReason = !!a.rejectionReason?.trim();
  if (a.type === 'A') {
    if (hasCause || hasReason) issues.push({ path: 'acceptance.rejectionCause', message: 'an accepted load has no rejection cause' });
  } else {
    if (!hasCause) issues.push({ path: 'acceptance.rejectionCause', message: 'validation.required' });
    if (!hasReason) issues.push({ path: 'acceptance.rejectionReason', message: 'validation.required' });
  }
  if (a.type === 'P') {
    if (!a.acceptedQuantity) issues.push({ path: 'acceptance.acceptedQuantity', message: 'a partial acceptance needs the accepted quantity' });
    else if (form.quantity?.unit === 'kg' && compareQuantities(a.acceptedQuantity, form.quantity.value) >= 0) {
      issues.push({ path: 'acceptance.acceptedQuantity', message: 'a partial acceptance takes less than the quantity shipped', value: a.acceptedQuantity });
    }
  }
  if (a.type === 'R' && a.acceptedQuantity) issues.push({ path: 'acceptance.acceptedQuantity', message: 'a rejected load has no accepted quantity', value: a.acceptedQuantity });
  return issues;
}

/** A form turned back at destination for non-conformity: the consortium may open an NCA on it. */
export function rejectedForNonConformity(acceptance: TWasteFacts['acceptance']): boolean {
  return !!acceptance && acceptance.type !== 'A' && acceptance.rejectionCause === 'NC';
}

/** What the destination reports with its outcome (the body of accept, acceptInPart and refuse). */
export type TDestinationOutcome = {
  acceptedQuantity?: string | null;
  rejectionCause?: (typeof REJECTION_CAUSES)[number] | null;
  reason?: string | null;
  arrivedAt?: string | null;
  awaitingAnalysis?: boolean;
};

/** An acceptance as the form keeps it, every field present. */
export type TRecordedAcceptance = {
  type: (typeof ACCEPTANCE_TYPES)[number];
  acceptedQuantity: string | null;
  rejectionCause: (typeof REJECTION_CAUSES)[number] | null;
  rejectionReason: string | null;
  arrivedAt: string | null;
  awaitingAnalysis: boolean;
};

/**
 * The acceptance an outcome records: A with the quantity taken at destination; P with the quantity
 * taken, below the one shipped, the cause and the reason; R with the cause and the reason and no
 * quantity. Returns the acceptance, or every problem with the body's field names.
 */
export function acceptanceOfOutcome(
  type: (typeof ACCEPTANCE_TYPES)[number],
  outcome: TDestinationOutcome,
  shipped: { value: string; unit: TQuantityUnit },
): { ok: true; acceptance: TRecordedAcceptance } | { ok: false; issues: TFormIssue[] } {
  const acceptance: TRecordedAcceptance = {
    type,
    acceptedQuantity: type === 'R' ? null : (outcome.acceptedQuantity ?? null),
    rejectionCause: type === 'A' ? null : (outcome.rejectionCause ?? null),
    rejectionReason: type === 'A' ? null : (outcome.reason?.trim() ?? null),
    arrivedAt: outcome.arrivedAt ?? null,
    awaitingAnalysis: outcome.awaitingAnalysis ?? false,
  };
  const issues: TFormIssue[] = [];
  if (type === 'A' && !acceptance.acceptedQuantity) issues.push({ path: 'acceptedQuantity', message: 'the quantity taken at destination is needed' });
  if (type === 'R' && outcome.acceptedQuantity) issues.push({ path: 'acceptedQuantity', message: 'a rejected load has no accepted quantity', value: outcome.acceptedQuantity });
  for (const issue of checkAcceptance({ cer: '', quantity: shipped, acceptance })) issues.push({ ...issue, path: issue.path.replace('acceptance.', '').replace('rejectionReason', 'reason') });
  return issues.length ? { ok: false, issues: dedupe(issues) } : { ok: true, acceptance };
}

const dedupe = (issues: TFormIssue[]) => issues.filter((issue, i) => issues.findIndex((o) => o.path === issue.path) === i);
