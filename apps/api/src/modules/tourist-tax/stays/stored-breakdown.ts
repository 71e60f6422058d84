import { addDays } from '@app/domain/tourist-tax/dates';
import type { TStayNight } from '@app/domain/tourist-tax/types';
import type { TStoredBreakdown, TStoredNight } from '../../../db/schema/index.ts';

/**
 * A stay's breakdown as stored: the engine's nights in runs. Consecutive nights priced alike (same tariff,
 * price, taxability and amounts: a week in one season is one run) are kept once, with `count` nights from its
 * `date`. A breakdown was about 1.8 KB of jsonb per stay, a night's object repeated for every night; the import
 * of 100,000 stays wrote (and the database parsed, compressed and stored) all of it (issue 24). Each run keeps
 * `tariffId`, so `breakdown->'nights' @> [{"tariffId": ...}]` (tariffs in use, repricing) finds a stay as before.
 * Rows stored before runs (one entry per night, no `count`) read the same way.
 */
export function storedBreakdown(b: { nights: TStayNight[]; categories: TStoredBreakdown['categories']; guestLines?: TStoredBreakdown['guestLines'] }): TStoredBreakdown {
  return { nights: nightRuns(b.nights), categories: b.categories, guestLines: b.guestLines };
}

/** The nights of a stored breakdown, one entry per night, as the engine gave them. */
export function nightsOfStored(nights: TStoredNight[]): TStayNight[] {
  if (!nights.some((n) => n.count !== undefined)) return nights;
  const all: TStayNight[] = [];
  for (const { count = 1, ...night } of nights) {
    all.push(night);
    for (let i = 1; i < count; i++) all.push({ ...night, date: addDays(night.date, i) });
  }
  return all;
}

/** The stored breakdown with its nights one per night again (what the API and the engine read). */
export function breakdownOfStored(b: TStoredBreakdown): TStoredBreakdown & { nights: TStayNight[] } {
  return { ...b, nights: nightsOfStored(b.nights) };
}

const samePricing = (a: TStayNight, b: TStayNight) =>
  a.tariffId === b.tariffId &&
  a.tariffName === b.tariffName &&
  a.tariffType === b.tariffType &&
  a.nightlyPriceCents === b.nightlyPriceCents &&
  a.percentageBasisPoints === b.percentageBasisPoints &&
  a.taxable === b.taxable &&
  a.tariffCents === b.tariffCents &&
  a.reductionCents === b.reductionCents &&
  a.toPayCents === b.toPayCents;

function nightRuns(nights: TStayNight[]): TStoredNight[] {
  const runs: TStoredNight[] = [];
  let run: TStoredNight | null = null;
  let previous: TStayNight | null = null;
  for (const night of nights) {
    if (run && previous && samePricing(previous, night) && addDays(previous.date, 1) === night.date) {
      run.count = (run.count ?? 1) + 1;
    } else {
      // The run's own object: the engine's night stays as it was.
      run = { ...night };
      runs.push(run);
    }
    previous = night;
  }
  return runs;
}
