import { centsToEuros } from '@app/domain/tourist-tax/money';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { validationFailed } from '../../../lib/errors.ts';
import { comuneFiguresFromTotals } from '../declarations/declaration-figures.ts';
import { dashboardCityId } from './city-dashboard.ts';

/** One collator for every comparison: `localeCompare(b, 'it')` builds one per call (most of the time of 500 names). */
const byName = new Intl.Collator('it');

/**
 * What every structure of the comune would declare for a period: the figures of its stays checked out in the
 * period and not yet counted by a declaration, by structure (name order). Read from the stored totals
 * (migration 0060), so the time follows the number of structures, not of stays.
 */
export async function readComunePeriodFigures(ctx: TSignedInContext, query: { cityId?: string; dateFrom: string; dateTo: string }) {
  const cityId = dashboardCityId(ctx, query.cityId);
  if (query.dateFrom > query.dateTo) throw validationFailed([{ path: 'dateTo', message: 'must not be before dateFrom' }]);
  const byStructure = await comuneFiguresFromTotals(ctx.db, cityId, query.dateFrom, query.dateTo);
  const structures = [...byStructure].map(([structureId, { name, figures: f }]) => ({
    structureId,
    name,
    numberOfStays: f.numberOfStays,
    guestsNumber: f.guestsNumber,
    nightsNumber: f.nightsNumber,
    payingPresences: f.payingPresences,
    reducedPresences: f.reducedPresences,
    exemptPresences: f.exemptPresences,
    beyondCapPresences: f.beyondCapPresences,
    tariff: centsToEuros(f.tariffCents),
    reduction: centsToEuros(f.reductionCents),
    totalAmount: centsToEuros(f.totalAmountCents),
    toPayAmount: centsToEuros(f.toPayAmountCents),
    unpaidAmount: centsToEuros(f.unpaidAmountCents),
    rejectedPayments: f.rejectedPayments,
  }));
  structures.sort((a, b) => byName.compare(a.name, b.name) || (a.structureId < b.structureId ? -1 : 1));
  return { cityId, dateFrom: query.dateFrom, dateTo: query.dateTo, structures };
}
