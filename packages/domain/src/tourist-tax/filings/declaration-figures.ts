/**
 * The figures of a declaration, from the stays whose checkOut falls in the period (the tax is
 * collected at check-out). Every amount is integer cents and is a plain sum of what the tax engine
 * stored on each stay: nothing is recomputed or re-rounded here, so the declaration always equals the
 * sum of its stays to the cent.
 */

export type TStayForFigures = {
  id: string;
  checkOut: string;
  nightsNumber: number;
  taxableNights: number;
  componentsNumber: number;
  payingGuests: number;
  reducedGuests: number;
  exemptGuests: number;
  tariffImportCents: number;
  reductionImportCents: number;
  toPayAmountCents: number;
  paymentStatus: 'paid' | 'not_paid';
  noPaymentReason: string | null;
  guestName?: string | null;
  /** The presences the engine stored on the stay (null on rows it did not price with presences). */
  payingPresences?: number | null;
  reducedPresences?: number | null;
  exemptPresences?: number | null;
  beyondCapPresences?: number | null;
};

export type TRejectedPaymentLine = { stayId: string | null; guest: string | null; checkOut: string | null; amountCents: number; reason: string | null };

export type TDeclarationFigures = {
  numberOfStays: number;
  guestsNumber: number;
  nightsNumber: number;
  /** Guest-nights taxed at the full rate. */
  payingPresences: number;
  /** Guest-nights a reduction actually applied to (its own validity and maxNights). */
  reducedPresences: number;
  /** Guest-nights of exempt guests. */
  exemptPresences: number;
  /** Guest-nights of the other guests on the nights beyond the comune's cap (not taxed, not exempt). */
  beyondCapPresences: number;
  tariffCents: number;
  reductionCents: number;
  /** Tax of all the stays. */
  totalAmountCents: number;
  /** Tax of the stays the guest paid: what the hotelier collected and pays to the comune. */
  toPayAmountCents: number;
  /** Tax of the stays the guest did not pay. */
  unpaidAmountCents: number;
  /** Number of stays the guest did not pay, each listed with its reason. */
  rejectedPayments: number;
  rejectedDetails: TRejectedPaymentLine[];
};

export const ZERO_FIGURES: TDeclarationFigures = Object.freeze({
  numberOfStays: 0,
  guestsNumber: 0,
  nightsNumber: 0,
  payingPresences: 0,
  reducedPresences: 0,
  exemptPresences: 0,
  beyondCapPresences: 0,
  tariffCents: 0,
  reductionCents: 0,
  totalAmountCents: 0,
  toPayAmountCents: 0,
  unpaidAmountCents: 0,
  rejectedPayments: 0,
  rejectedDetails: [],
});

export type TStayForPresences = Pick<
  TStayForFigures,
  'nightsNumber' | 'taxableNights' | 'componentsNumber' | 'payingGuests' | 'reducedGuests' | 'exemptGuests' | 'payingPresences' | 'reducedPresences' | 'exemptPresences' | 'beyondCapPresences'
>;

/**
 * The presences (guest-nights) of one stay by category; they add up to guests x nights. The engine's
 * own count (stored on the stay) is the figure: a reduction counts only the guest-nights it applied to.
 * A row without it (not priced since presences were stored) falls back to reduced guests x taxable nights.
 */
export function stayPresences(stay: TStayForPresences): { paying: number; reduced: number; exempt: number; beyondCap: number } {
  const { payingPresences, reducedPresences, exemptPresences, beyondCapPresences } = stay;
  if (payingPresences != null && reducedPresences != null && exemptPresences != null && beyondCapPresences != null) {
    return { paying: payingPresences, reduced: reducedPresences, exempt: exemptPresences, beyondCap: beyondCapPresences };
  }
  const fullGuests = stay.payingGuests - stay.reducedGuests;
  return {
    paying: fullGuests * stay.taxableNights,
    reduced: stay.reducedGuests * stay.taxableNights,
    exempt: stay.exemptGuests * stay.nightsNumber,
    beyondCap: stay.payingGuests * (stay.nightsNumber - stay.taxableNights),
  };
}

/**
 * The additive part of the figures of some stays, paid or not: plain sums of per-stay quantities, so that sums
 * kept per structure and day (the stored totals of a comune's stays) add up to the sums of any period.
 */
export type TFigureTotals = {
  notPaid: boolean;
  stays: number;
  guestsNumber: number;
  nightsNumber: number;
  payingPresences: number;
  reducedPresences: number;
  exemptPresences: number;
  beyondCapPresences: number;
  tariffCents: number;
  reductionCents: number;
  amountCents: number;
};

/** One stay's contribution to the totals. */
export function stayFigureTotals(stay: TStayForFigures): TFigureTotals {
  const presences = stayPresences(stay);
  return {
    notPaid: stay.paymentStatus !== 'paid',
    stays: 1,
    guestsNumber: stay.componentsNumber,
    nightsNumber: stay.nightsNumber,
    payingPresences: presences.paying,
    reducedPresences: presences.reduced,
    exemptPresences: presences.exempt,
    beyondCapPresences: presences.beyondCap,
    tariffCents: stay.tariffImportCents,
    reductionCents: stay.reductionImportCents,
    amountCents: stay.toPayAmountCents,
  };
}

/**
 * The figures of stays given as totals (any grouping of them: per stay, per day, per month), without the
 * rejected lines: the tax of the paid ones is what the hotelier collected, that of the others is unpaid.
 */
export function computeFiguresFromTotals(totals: Iterable<TFigureTotals>): TDeclarationFigures {
  const figures: TDeclarationFigures = { ...ZERO_FIGURES, rejectedDetails: [] };
  for (const t of totals) {
    figures.numberOfStays += t.stays;
    figures.guestsNumber += t.guestsNumber;
    figures.nightsNumber += t.nightsNumber;
    figures.payingPresences += t.payingPresences;
    figures.reducedPresences += t.reducedPresences;
    figures.exemptPresences += t.exemptPresences;
    figures.beyondCapPresences += t.beyondCapPresences;
    figures.tariffCents += t.tariffCents;
    figures.reductionCents += t.reductionCents;
    figures.totalAmountCents += t.amountCents;
    if (t.notPaid) {
      figures.unpaidAmountCents += t.amountCents;
      figures.rejectedPayments += t.stays;
    } else figures.toPayAmountCents += t.amountCents;
  }
  return figures;
}

export function computeDeclarationFigures(stays: readonly TStayForFigures[]): TDeclarationFigures {
  const figures = computeFiguresFromTotals(stays.map(stayFigureTotals));
  for (const stay of stays) {
    if (stay.paymentStatus === 'paid') continue;
    figures.rejectedDetails.push({
      stayId: stay.id,
      guest: stay.guestName ?? null,
      checkOut: stay.checkOut,
      amountCents: stay.toPayAmountCents,
      reason: stay.noPaymentReason,
    });
  }
  return figures;
}

export type TManualFiguresInput = {
  numberOfStays: number;
  guestsNumber?: number;
  nightsNumber: number;
  payingPresences?: number;
  reducedPresences?: number;
  exemptPresences?: number;
  beyondCapPresences?: number;
  tariffCents?: number;
  reductionCents?: number;
  totalAmountCents: number;
  toPayAmountCents: number;
  unpaidAmountCents: number;
  rejectedPayments: number;
  rejectedDetails?: TRejectedPaymentLine[];
};

export type TFigureIssue = { path: string; message: string };

/**
 * Checks totals a hotelier typed by hand (structures that do not record stays one by one). The
 * totals must add up the same way the automatic figures do.
 */
export function checkManualFigures(input: TManualFiguresInput, noGuests: boolean): TFigureIssue[] {
  const issues: TFigureIssue[] = [];
  const counts = ['numberOfStays', 'guestsNumber', 'nightsNumber', 'payingPresences', 'reducedPresences', 'exemptPresences', 'beyondCapPresences', 'rejectedPayments'] as const;
  const amounts = ['tariffCents', 'reductionCents', 'totalAmountCents', 'toPayAmountCents', 'unpaidAmountCents'] as const;
  for (const key of [...counts, ...amounts]) {
    const value = input[key];
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) issues.push({ path: key, message: 'must be a whole number, not negative' });
  }
  if (issues.length > 0) return issues;
  if (input.toPayAmountCents + input.unpaidAmountCents !== input.totalAmountCents) {
    issues.push({ path: 'totalAmount', message: 'must equal the amount paid by guests plus the unpaid amount' });
  }
  if (input.tariffCents !== undefined && input.reductionCents !== undefined && input.tariffCents - input.reductionCents !== input.totalAmountCents) {
    issues.push({ path: 'totalAmount', message: 'must equal the tariff total minus the reductions' });
  }
  if (input.rejectedPayments > input.numberOfStays) issues.push({ path: 'rejectedPayments', message: 'cannot be more than the stays' });
  if ((input.rejectedPayments === 0) !== (input.unpaidAmountCents === 0)) {
    issues.push({ path: 'unpaidAmount', message: 'an unpaid amount needs the number of stays not paid, and the other way round' });
  }
  if (input.nightsNumber < input.numberOfStays) issues.push({ path: 'nightsNumber', message: 'every stay has at least one night' });
  if (noGuests && (input.numberOfStays > 0 || input.totalAmountCents > 0)) {
    issues.push({ path: 'noGuests', message: 'a period declared without guests has no stays and no tax' });
  }
  return issues;
}
