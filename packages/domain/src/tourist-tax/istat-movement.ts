/**
 * The monthly movement of guests of one structure, shaped on ISTAT's model C/59 (Movimento dei
 * clienti negli esercizi ricettivi, IST-00139): for each day of the month, the guests arrived, the
 * guests departed and the guests present that night, by residence (the Italian province for
 * residents of Italy, the state for the others).
 *
 * A night is the engine's night (eachNight: checkIn .. checkOut - 1), so a month's presences are the
 * guest-nights the declarations count for the same nights (componentsNumber x nights per stay; the
 * test istat-movement.test.ts checks it against computeDeclarationFigures).
 *
 * Residence comes from the guest's `country` and `province`. The guests a stay counts but does not
 * record one by one are given the lead guest's residence (a family or group travelling together);
 * a stay whose lead guest has no residence goes under `unknown`, which the form of C/59 does not
 * have: the hotelier completes it before filing.
 */
import { addDays, daysInMonth, eachNight, isoDateOf } from './dates.ts';

export type TIstatGuest = { country?: string | null; province?: string | null };
export type TIstatStay = { checkIn: string; checkOut: string; componentsNumber: number; guest: TIstatGuest; guests?: readonly TIstatGuest[] | null };

/** province: an Italian province's 2-letter code; state: the state as recorded (upper case); unknown: not recorded. */
export type TResidence = { kind: 'province'; code: string } | { kind: 'state'; code: string } | { kind: 'unknown'; code: '' };

export type TMovementFigures = { arrivals: number; departures: number; presences: number };
export type TIstatDay = TMovementFigures & { date: string };
export type TIstatResidenceRow = TMovementFigures & { residence: TResidence; days: TIstatDay[] };

export type TIstatMovement = {
  month: string;
  days: TIstatDay[];
  residences: TIstatResidenceRow[];
  totals: TMovementFigures;
};

const ITALY_NAMES = new Set(['ITALIA', 'ITALY', 'IT', 'ITA', '100000100']);

export function residenceOf(guest: TIstatGuest): TResidence {
  const country = (guest.country ?? '').trim().toUpperCase();
  const province = (guest.province ?? '').trim().toUpperCase();
  if (ITALY_NAMES.has(country) || (!country && province)) return province ? { kind: 'province', code: province } : { kind: 'unknown', code: '' };
  if (country) return { kind: 'state', code: country };
  return { kind: 'unknown', code: '' };
}

/** 'YYYY-MM' -> first day and the day after the last. */
export function monthBounds(month: string): { first: string; afterLast: string; days: number } {
  const [year, monthNumber] = month.split('-').map(Number);
  const days = daysInMonth(year, monthNumber);
  const first = isoDateOf(year, monthNumber, 1);
  return { first, afterLast: addDays(first, days), days };
}

const residenceKey = (residence: TResidence) => `${residence.kind}:${residence.code}`;
const zero = (): TMovementFigures => ({ arrivals: 0, departures: 0, presences: 0 });

/** The movement of `month` ('YYYY-MM') from the stays that touch it (others are ignored). */
export function computeIstatMovement(month: string, stays: readonly TIstatStay[]): TIstatMovement {
  const { first, afterLast, days } = monthBounds(month);
  const dates = Array.from({ length: days }, (_, i) => addDays(first, i));
  const dayIndex = new Map(dates.map((date, i) => [date, i]));
  const rows = new Map<string, { residence: TResidence; days: TMovementFigures[] }>();
  const rowOf = (residence: TResidence) => {
    const key = residenceKey(residence);
    let row = rows.get(key);
    if (!row) {
      row = { residence, days: dates.map(zero) };
      rows.set(key, row);
    }
    return row;
  };
  for (const stay of stays) {
    if (stay.checkOut < first || stay.checkIn >= afterLast) continue;
    // Each guest the stay counts, by residence: the recorded ones by their own, the others by the lead guest's.
    const recorded = [stay.guest, ...(stay.guests ?? [])].slice(0, stay.componentsNumber);
    const counts = new Map<string, { residence: TResidence; guests: number }>();
    const add = (residence: TResidence, guests: number) => {
      const key = residenceKey(residence);
      counts.set(key, { residence, guests: (counts.get(key)?.guests ?? 0) + guests });
    };
    for (const guest of recorded) add(residenceOf(guest), 1);
    if (stay.componentsNumber > recorded.length) add(residenceOf(stay.guest), stay.componentsNumber - recorded.length);
    for (const { residence, guests } of counts.values()) {
      const row = rowOf(residence);
      const arrival = dayIndex.get(stay.checkIn);
      if (arrival !== undefined) row.days[arrival].arrivals += guests;
      const departure = dayIndex.get(stay.checkOut);
      if (departure !== undefined) row.days[departure].departures += guests;
      for (const night of eachNight(stay.checkIn < first ? first : stay.checkIn, stay.checkOut < afterLast ? stay.checkOut : afterLast)) {
        row.days[dayIndex.get(night)!].presences += guests;
      }
    }
  }
  const sum = (figures: TMovementFigures[]): TMovementFigures =>
    figures.reduce((acc, f) => ({ arrivals: acc.arrivals + f.arrivals, departures: acc.departures + f.departures, presences: acc.presences + f.presences }), zero());
  const order = (a: TResidence, b: TResidence) =>
    a.kind === b.kind ? a.code.localeCompare(b.code) : ['province', 'state', 'unknown'].indexOf(a.kind) - ['province', 'state', 'unknown'].indexOf(b.kind);
  const residences = [...rows.values()]
    .sort((a, b) => order(a.residence, b.residence))
    .map((row) => ({ residence: row.residence, ...sum(row.days), days: row.days.map((figures, i) => ({ date: dates[i], ...figures })) }));
  const dayTotals = dates.map((date, i) => ({ date, ...sum(residences.map((row) => row.days[i])) }));
  return { month, days: dayTotals, residences, totals: sum(dayTotals) };
}
