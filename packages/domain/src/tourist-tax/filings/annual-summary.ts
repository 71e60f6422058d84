/**
 * The four quarterly rows per structure that the annual declaration to the Agenzia delle Entrate
 * asks for (DM 29/4/2022): paying, exempt and reduced presences and the tax applied, per quarter of
 * check-out.
 */
import { quarterLabel, quarterOf, type TQuarter } from '../periods.ts';
import { stayPresences, type TStayForFigures, type TStayForPresences } from './declaration-figures.ts';

export type TQuarterRow = {
  quarter: TQuarter;
  label: string;
  payingPresences: number;
  exemptPresences: number;
  reducedPresences: number;
  /** Not taxed because beyond the cap (counted apart from the exempt presences). */
  beyondCapPresences: number;
  /** Tax applied to the guests (paid or not): the tariff total minus reductions. */
  taxAppliedCents: number;
  /** Of which collected from guests. */
  taxCollectedCents: number;
};

export type TStayForSummary = TStayForPresences & Pick<TStayForFigures, 'checkOut' | 'toPayAmountCents' | 'paymentStatus'>;

export function annualQuarterRows(year: number, stays: readonly TStayForSummary[]): TQuarterRow[] {
  const rows: TQuarterRow[] = ([1, 2, 3, 4] as const).map((quarter) => ({
    quarter,
    label: quarterLabel(quarter),
    payingPresences: 0,
    exemptPresences: 0,
    reducedPresences: 0,
    beyondCapPresences: 0,
    taxAppliedCents: 0,
    taxCollectedCents: 0,
  }));
  for (const stay of stays) {
    if (Number(stay.checkOut.slice(0, 4)) !== year) continue;
    const row = rows[quarterOf(stay.checkOut) - 1];
    const p = stayPresences(stay);
    row.payingPresences += p.paying;
    row.exemptPresences += p.exempt;
    row.reducedPresences += p.reduced;
    row.beyondCapPresences += p.beyondCap;
    row.taxAppliedCents += stay.toPayAmountCents;
    if (stay.paymentStatus === 'paid') row.taxCollectedCents += stay.toPayAmountCents;
  }
  return rows;
}
