import { and, between, eq, isNull, or, sql } from 'drizzle-orm';
import { checkManualFigures, computeDeclarationFigures, type TDeclarationFigures, type TManualFiguresInput, type TStayForFigures } from '@app/domain/tourist-tax/filings/declaration-figures';
import { stays } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { validationFailed } from '../../../lib/errors.ts';

/** The stays a declaration counts: checked out in the period, not already counted by another declaration. */
export function countedStaysWhere(structureId: string, dateFrom: string, dateTo: string, declarationId: string | null) {
  return and(
    eq(stays.structureId, structureId),
    between(stays.checkOut, dateFrom, dateTo),
    declarationId ? or(isNull(stays.declarationId), eq(stays.declarationId, declarationId)) : isNull(stays.declarationId),
  );
}

export async function loadStaysForFigures(db: TDbOrTx, structureId: string, dateFrom: string, dateTo: string, declarationId: string | null): Promise<TStayForFigures[]> {
  return db
    .select({
      id: stays.id,
      checkOut: stays.checkOut,
      nightsNumber: stays.nightsNumber,
      taxableNights: stays.taxableNights,
      componentsNumber: stays.componentsNumber,
      payingGuests: stays.payingGuests,
      reducedGuests: stays.reducedGuests,
      exemptGuests: stays.exemptGuests,
      tariffImportCents: stays.tariffImportCents,
      reductionImportCents: stays.reductionImportCents,
      toPayAmountCents: stays.toPayAmountCents,
      paymentStatus: stays.paymentStatus,
      noPaymentReason: stays.noPaymentReason,
      payingPresences: stays.payingPresences,
      reducedPresences: stays.reducedPresences,
      exemptPresences: stays.exemptPresences,
      beyondCapPresences: stays.beyondCapPresences,
      guestName: sql<string | null>`nullif(trim(coalesce(${stays.guest}->>'surname', '') || ' ' || coalesce(${stays.guest}->>'name', '')), '')`,
    })
    .from(stays)
    .where(countedStaysWhere(structureId, dateFrom, dateTo, declarationId))
    .orderBy(stays.checkOut, stays.id);
}

export type TFigureColumns = TDeclarationFigures;

/** Totals a hotelier typed by hand: the domain's shape, checked by checkManualFigures. */
export type TManualFigures = TManualFiguresInput;

/**
 * The figures a declaration carries. Automatic: the sum of the counted stays (a no-guests declaration
 * must have none). Manual: the totals the hotelier typed, checked to add up.
 */
export async function figuresForDeclaration(
  db: TDbOrTx,
  d: { id: string | null; structureId: string; dateFrom: string; dateTo: string; type: 'automatic' | 'manual'; noGuests: boolean; manual: TManualFigures | null },
): Promise<TDeclarationFigures> {
  if (d.type === 'automatic') {
    const counted = await loadStaysForFigures(db, d.structureId, d.dateFrom, d.dateTo, d.id);
    if (d.noGuests && counted.length > 0) {
      throw validationFailed([{ path: 'noGuests', message: `the structure has ${counted.length} stays checked out in this period` }]);
    }
    return computeDeclarationFigures(counted);
  }
  const manual = d.noGuests ? { numberOfStays: 0, nightsNumber: 0, totalAmountCents: 0, toPayAmountCents: 0, unpaidAmountCents: 0, rejectedPayments: 0 } : d.manual;
  if (!manual) throw validationFailed([{ path: 'figures', message: 'a manual declaration needs its totals' }]);
  const issues = checkManualFigures(manual, d.noGuests);
  if (issues.length > 0) throw validationFailed(issues.map((i) => ({ path: `figures.${i.path}`, message: i.message })));
  return {
    numberOfStays: manual.numberOfStays,
    guestsNumber: manual.guestsNumber ?? 0,
    nightsNumber: manual.nightsNumber,
    payingPresences: manual.payingPresences ?? 0,
    reducedPresences: manual.reducedPresences ?? 0,
    exemptPresences: manual.exemptPresences ?? 0,
    beyondCapPresences: manual.beyondCapPresences ?? 0,
    tariffCents: manual.tariffCents ?? manual.totalAmountCents + (manual.reductionCents ?? 0),
    reductionCents: manual.reductionCents ?? 0,
    totalAmountCents: manual.totalAmountCents,
    toPayAmountCents: manual.toPayAmountCents,
    unpaidAmountCents: manual.unpaidAmountCents,
    rejectedPayments: manual.rejectedPayments,
    rejectedDetails: manual.rejectedDetails ?? [],
  };
}
