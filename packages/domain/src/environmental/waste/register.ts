import { italianDateOf } from '../../platform/time/index.ts';
import type { TFormStatus } from './form-schemas.ts';
import type { ACCEPTANCE_TYPES, TQuantityUnit } from './form-rules.ts';

/*
 * The chronological register of loads and unloads (registro cronologico di carico e scarico, DM 4 aprile
 * 2023 n. 59, art. 4 and Allegato I; its columns as RENTRI's "dati registri" service takes a movement:
 * numero_registrazione {anno, progressivo}, data, causale_operazione, riferimento_operazione, rifiuto
 * {codice_eer, descrizione_eer, provenienza, caratteristiche_pericolo, stato_fisico, quantita,
 * destinato_attivita}, integrazione_fir {numero_fir, data_inizio_trasporto}, esito), built from the forms:
 * nothing is typed twice.
 *
 * Which movement a form makes, from the data a form holds:
 * - a LOAD (carico, causale DT "prodotto nell'unità locale") on the day the producer signed the form
 *   (`approvedAt`): that is when the producer identified, classified and weighed the waste, the first
 *   moment our data says the waste exists as such. A form still compiled (not signed, still changing) makes
 *   no movement; a revoked signature takes the load away with it.
 * - an UNLOAD (scarico, causale aT "scarico a terzi") on the day the load left with its FIR
 *   (`transportStartedAt`), for every form that left (in transport, accepted, accepted in part, rejected),
 *   pointing to its load's number; the destination's outcome, when recorded, is shown beside it.
 * - a cancelled form makes none: RENTRI voids an annulled FIR, and the same waste goes on a new form
 *   (which makes its own load), so keeping it would count the waste twice.
 *
 * Numbers are progressive per register (one producer site) and year, restarting at 1 on 1 January, in
 * the order of the movements: by day, a day's loads before its unloads, then by the instant, then by FIR
 * number. A number is the register's own, so a movement keeps its number whatever period is asked for and
 * whoever asks (an agency's extract shows only its forms' rows, with the register's numbers).
 */

export const REGISTER_CAUSES = { load: 'DT', unload: 'aT' } as const;
export type TMovementKind = keyof typeof REGISTER_CAUSES;

/** The states of a form that left its producer site with its FIR. */
const LEFT_STATES: readonly TFormStatus[] = ['inTransport', 'accepted', 'partiallyAccepted', 'rejected'];
/** The states a signed form may be in (cancelled makes no movement, see above). */
const SIGNED_STATES: readonly TFormStatus[] = ['producerSigned', ...LEFT_STATES];

/** What the register reads of a form. Instants are ISO strings. */
export type TRegisterForm = {
  id: string;
  code: string;
  rentriState: TFormStatus;
  approvedAt: string | null;
  transportStartedAt: string | null;
  cer: string;
  cerDescription: string | null;
  origin: 'U' | 'S';
  physicalState: string;
  dangerClass: readonly string[];
  quantity: { value: string; unit: TQuantityUnit };
  wasteDestination: string;
  receiverName: string;
  transporterName: string;
  acceptance: { type: (typeof ACCEPTANCE_TYPES)[number]; acceptedQuantity: string | null } | null;
};

export type TRegisterMovement = {
  formId: string;
  kind: TMovementKind;
  cause: (typeof REGISTER_CAUSES)[TMovementKind];
  year: number;
  number: number;
  /** `12/2026`: progressive number and year, as the register writes it. */
  label: string;
  /** YYYY-MM-DD, in Italy. */
  date: string;
  instant: string;
  /** For an unload, the label of its load. */
  loadLabel: string | null;
  firNumber: string;
  /** The day the load left with the FIR (unloads only). */
  firDate: string | null;
  form: TRegisterForm;
};

type TUnnumbered = Omit<TRegisterMovement, 'year' | 'number' | 'label' | 'loadLabel'>;

function movementsOf(form: TRegisterForm): TUnnumbered[] {
  if (!SIGNED_STATES.includes(form.rentriState) || !form.approvedAt) return [];
  const base = { formId: form.id, firNumber: form.code, form };
  const loadDate = italianDateOf(new Date(form.approvedAt));
  const out: TUnnumbered[] = [{ ...base, kind: 'load', cause: REGISTER_CAUSES.load, date: loadDate, instant: form.approvedAt, firDate: null }];
  if (LEFT_STATES.includes(form.rentriState)) {
    // A form that left always has its departure instant (the startTransport transition writes it); the
    // signature's is the floor, so an unload never comes before its load.
    const instant = form.transportStartedAt && form.transportStartedAt > form.approvedAt ? form.transportStartedAt : form.approvedAt;
    const date = italianDateOf(new Date(instant));
    out.push({ ...base, kind: 'unload', cause: REGISTER_CAUSES.unload, date, instant, firDate: date });
  }
  return out;
}

const order = (a: TUnnumbered, b: TUnnumbered) =>
  a.date.localeCompare(b.date) ||
  (a.kind === b.kind ? 0 : a.kind === 'load' ? -1 : 1) ||
  new Date(a.instant).getTime() - new Date(b.instant).getTime() ||
  a.firNumber.localeCompare(b.firNumber) ||
  a.formId.localeCompare(b.formId);

/**
 * The register's movements dated within [from, to] (YYYY-MM-DD, both included), numbered. `forms` must hold
 * every form of the register signed from 1 January of the first year involved (`from`'s year, or the year
 * of the load of an unload in the period, see registerFirstYear) up to `to`, so that each number counts
 * every earlier movement of its year.
 */
export function registerMovements(forms: readonly TRegisterForm[], period: { from: string; to: string }): TRegisterMovement[] {
  const sorted = forms
    .flatMap(movementsOf)
    .filter((m) => m.date <= period.to)
    .sort(order);
  const next = new Map<number, number>();
  const loadLabels = new Map<string, string>();
  const numbered = sorted.map((m): TRegisterMovement => {
    const year = Number(m.date.slice(0, 4));
    const number = (next.get(year) ?? 0) + 1;
    next.set(year, number);
    const label = `${number}/${year}`;
    if (m.kind === 'load') loadLabels.set(m.formId, label);
    return { ...m, year, number, label, loadLabel: m.kind === 'unload' ? (loadLabels.get(m.formId) ?? null) : null };
  });
  return numbered.filter((m) => m.date >= period.from);
}

/**
 * The first year whose movements the numbering of [from, to] needs: `from`'s year, or earlier when an
 * unload in the period left with a form signed (loaded) in an earlier year, whose load number it shows.
 */
export function registerFirstYear(from: string, earliestSignatureOfAnUnload: string | null): number {
  const fromYear = Number(from.slice(0, 4));
  if (!earliestSignatureOfAnUnload) return fromYear;
  return Math.min(fromYear, Number(italianDateOf(new Date(earliestSignatureOfAnUnload)).slice(0, 4)));
}

/** The longest period one register download covers: a year (the register's numbering restarts every year anyway). */
export const REGISTER_MAX_DAYS = 366;

/** Why a period cannot be a register's (paths are the query's), or [] when it can. */
export function checkRegisterPeriod(from: string, to: string): { path: string; message: string; value?: string }[] {
  if (to < from) return [{ path: 'to', message: 'must not be before from', value: to }];
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > REGISTER_MAX_DAYS) return [{ path: 'to', message: `a register covers at most ${REGISTER_MAX_DAYS} days`, value: to }];
  return [];
}
