import { columnsOfHeaders, displayValue, normaliseHeader, readCount, valuesOfRow, type TImportRowError, type TImportSheet } from './import-sheet.ts';

/*
 * The comune's cross-check against the Agenzia delle Entrate's data (DM MEF 11 November 2020, GU 2
 * December 2020: the Interior ministry's Alloggiati Web counts, anonymous and per structure, "the number
 * of guests lodged and the days of stay declared at registration", made available to comuni twice a year
 * on SIATELv2-PuntoFisco). The decree's Allegato A and its technical specifications give the record
 * layout; they were not found in a public source this product could read, so the file is read by its
 * header names (the aliases below: structure, tax code, name, address, year and month or period, guests,
 * days of stay) and README says so.
 */

export const MAX_SIATEL_ROWS = 50_000;

const ALIASES = {
  structureCode: ['codice struttura', 'id struttura', 'identificativo struttura', 'codice identificativo struttura', 'codice alloggiati'],
  cin: ['cin', 'codice identificativo nazionale'],
  taxCode: ['codice fiscale', 'codice fiscale gestore', 'codice fiscale titolare', 'codice fiscale struttura', 'cf', 'partita iva', 'tax code'],
  name: ['denominazione', 'denominazione struttura', 'nome struttura', 'struttura', 'structure', 'name'],
  address: ['indirizzo', 'indirizzo struttura', 'address'],
  year: ['anno', 'anno di riferimento', 'year'],
  month: ['mese', 'mese di riferimento', 'periodo', 'periodo di riferimento', 'month'],
  guests: ['numero alloggiati', 'alloggiati', 'numero soggetti alloggiati', 'soggetti alloggiati', 'numero ospiti', 'ospiti', 'arrivi', 'guests'],
  nights: ['giorni di permanenza', 'giorni permanenza', 'numero giorni di permanenza', 'totale giorni di permanenza', 'pernottamenti', 'presenze', 'notti', 'nights'],
} as const;
type TSiatelKey = keyof typeof ALIASES;
const KEYS: readonly TSiatelKey[] = ['structureCode', 'cin', 'taxCode', 'name', 'address', 'year', 'month', 'guests', 'nights'];
const REQUIRED: readonly TSiatelKey[] = ['month', 'nights'];
const HEADERS: Record<TSiatelKey, string> = {
  structureCode: 'Codice struttura',
  cin: 'CIN',
  taxCode: 'Codice fiscale',
  name: 'Denominazione',
  address: 'Indirizzo',
  year: 'Anno',
  month: 'Mese',
  guests: 'Numero alloggiati',
  nights: 'Giorni di permanenza',
};

export type TSiatelRow = {
  row: number;
  structureCode: string | null;
  cin: string | null;
  taxCode: string | null;
  name: string | null;
  address: string | null;
  /** YYYY-MM */
  month: string;
  guests: number | null;
  nights: number;
};
export type TSiatelRead = { ok: true; rows: TSiatelRow[] } | { ok: false; errors: TImportRowError[] };

const MONTH_NAMES = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];

/** The month of a row: "2026-07", "07/2026", "7/2026", "202607", or a month (1-12 or its Italian name) with the year column. */
export function readSiatelMonth(month: unknown, year: unknown): string | null {
  const text = displayValue(month).trim().toLowerCase();
  const fullYear = (y: string) => (/^(19|20)\d{2}$/.test(y) ? y : null);
  let match = /^(\d{4})-(\d{1,2})(-\d{2})?$/.exec(text);
  if (match) return monthOf(match[1], match[2]);
  match = /^(\d{1,2})[/.-](\d{4})$/.exec(text);
  if (match) return monthOf(match[2], match[1]);
  match = /^(\d{4})(\d{2})$/.exec(text);
  if (match) return monthOf(match[1], match[2]);
  const y = fullYear(displayValue(year).trim());
  if (!y) return null;
  if (/^\d{1,2}$/.test(text)) return monthOf(y, text);
  const named = MONTH_NAMES.indexOf(text);
  return named >= 0 ? monthOf(y, String(named + 1)) : null;
}

function monthOf(year: string, month: string): string | null {
  const m = Number(month);
  if (!/^(19|20)\d{2}$/.test(year) || !Number.isInteger(m) || m < 1 || m > 12) return null;
  return `${year}-${String(m).padStart(2, '0')}`;
}

export function readSiatelRows(sheet: TImportSheet): TSiatelRead {
  const columns = columnsOfHeaders(sheet.headers, KEYS, ALIASES);
  const errors: TImportRowError[] = REQUIRED.filter((key) => !columns.has(key)).map((field) => ({ row: 1, field, value: '', message: `import.missingColumn: ${HEADERS[field]}` }));
  if (!columns.has('taxCode') && !columns.has('name') && !columns.has('cin') && !columns.has('structureCode')) {
    errors.push({ row: 1, field: 'taxCode', value: '', message: `import.missingColumn: ${HEADERS.taxCode} / ${HEADERS.name}` });
  }
  if (errors.length > 0) return { ok: false, errors };
  const rows: TSiatelRow[] = [];
  for (const { row, cells } of sheet.rows) {
    const values = valuesOfRow(cells, columns);
    if (values.size === 0) continue;
    const before = errors.length;
    const fail = (field: TSiatelKey, message: string) => errors.push({ row, field, value: displayValue(values.get(field)), message });
    const text = (key: TSiatelKey) => {
      const value = displayValue(values.get(key)).trim();
      return value === '' ? null : value.slice(0, 200);
    };
    const month = readSiatelMonth(values.get('month'), values.get('year'));
    if (!month) fail('month', 'siatel.month: YYYY-MM, MM/YYYY, or the month with the year column');
    const nights = readCount(values.get('nights'));
    if (nights === null) fail('nights', 'validation.count: a whole number');
    const guests = values.has('guests') ? readCount(values.get('guests')) : null;
    if (values.has('guests') && guests === null) fail('guests', 'validation.count: a whole number');
    const identity = { structureCode: text('structureCode'), cin: text('cin')?.toUpperCase() ?? null, taxCode: text('taxCode')?.toUpperCase().replace(/\s+/g, '') ?? null, name: text('name') };
    if (!identity.structureCode && !identity.cin && !identity.taxCode && !identity.name) fail('taxCode', 'siatel.structure: the row names no structure');
    if (errors.length === before) rows.push({ row, ...identity, address: text('address'), month: month!, guests, nights: nights! });
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, rows };
}

export type TSiatelStructure = { id: string; name: string; taxCode: string | null; vatNumber: string | null; cin: string | null };

const nameKey = (name: string) => normaliseHeader(name).replace(/[^a-z0-9]+/g, '');

/**
 * The registered structure a row is about: the CIN when both have one; else the tax code (the
 * structure's codice fiscale or partita IVA), narrowed by the name when one manager runs several
 * structures; else the name alone. Null when nothing matches, or when several do and the name does not
 * say which.
 */
export function matchSiatelStructure(row: Pick<TSiatelRow, 'cin' | 'taxCode' | 'name'>, structures: readonly TSiatelStructure[]): TSiatelStructure | null {
  if (row.cin) {
    const byCin = structures.find((s) => s.cin?.toUpperCase() === row.cin);
    if (byCin) return byCin;
  }
  const named = (list: readonly TSiatelStructure[]) => (row.name ? list.filter((s) => nameKey(s.name) === nameKey(row.name!)) : []);
  if (row.taxCode) {
    const byCode = structures.filter((s) => s.taxCode?.toUpperCase() === row.taxCode || s.vatNumber === row.taxCode);
    if (byCode.length === 1) return byCode[0];
    if (byCode.length > 1) {
      const both = named(byCode);
      return both.length === 1 ? both[0] : null;
    }
  }
  const byName = named(structures);
  return byName.length === 1 ? byName[0] : null;
}

/** What the comune declared for one structure and month: the guest-nights, and whether a submitted declaration covers the month. */
export type TDeclaredMonth = { presences: number; covered: boolean };

export type TSiatelShortfall = {
  structureId: string;
  name: string;
  month: string;
  siatelGuests: number | null;
  siatelNights: number;
  declaredPresences: number;
  /** siatelNights - declaredPresences (> 0). */
  gap: number;
  /** The gap as a percentage of the ministry's nights, one decimal. */
  gapPercent: number;
};
export type TSiatelUnregistered = {
  name: string | null;
  taxCode: string | null;
  cin: string | null;
  structureCode: string | null;
  address: string | null;
  months: string[];
  siatelNights: number;
  rows: number[];
};
export type TSiatelUndeclaredMonth = { structureId: string; name: string; month: string; siatelNights: number };
export type TSiatelResult = {
  months: string[];
  rows: number;
  shortfalls: TSiatelShortfall[];
  unregistered: TSiatelUnregistered[];
  undeclaredMonths: TSiatelUndeclaredMonth[];
  totals: { siatelNights: number; declaredPresences: number; structuresMatched: number };
};

/**
 * Lines the file up with what the comune's structures declared: per matched structure and month, the
 * ministry's days of stay against the declared guest-nights (a shortfall when fewer were declared); the
 * file's structures that are not registered; and the months with guests in the file that no submitted
 * declaration of the structure covers. `declared(structureId, month)` answers from the declarations.
 */
export function compareSiatel(rows: readonly TSiatelRow[], structures: readonly TSiatelStructure[], declared: (structureId: string, month: string) => TDeclaredMonth): TSiatelResult {
  const perStructureMonth = new Map<string, { structure: TSiatelStructure; month: string; guests: number | null; nights: number }>();
  const unregistered = new Map<string, TSiatelUnregistered>();
  for (const row of rows) {
    const structure = matchSiatelStructure(row, structures);
    if (!structure) {
      const key = [row.cin, row.taxCode, row.name && nameKey(row.name), row.structureCode].join('|');
      const entry = unregistered.get(key) ?? { name: row.name, taxCode: row.taxCode, cin: row.cin, structureCode: row.structureCode, address: row.address, months: [], siatelNights: 0, rows: [] };
      if (!entry.months.includes(row.month)) entry.months.push(row.month);
      entry.siatelNights += row.nights;
      entry.rows.push(row.row);
      unregistered.set(key, entry);
      continue;
    }
    const key = `${structure.id}|${row.month}`;
    const entry = perStructureMonth.get(key) ?? { structure, month: row.month, guests: null, nights: 0 };
    entry.nights += row.nights;
    if (row.guests !== null) entry.guests = (entry.guests ?? 0) + row.guests;
    perStructureMonth.set(key, entry);
  }
  const shortfalls: TSiatelShortfall[] = [];
  const undeclaredMonths: TSiatelUndeclaredMonth[] = [];
  let siatelNights = 0;
  let declaredPresences = 0;
  for (const { structure, month, guests, nights } of perStructureMonth.values()) {
    const declaredMonth = declared(structure.id, month);
    siatelNights += nights;
    declaredPresences += declaredMonth.presences;
    if (!declaredMonth.covered) {
      if (nights > 0) undeclaredMonths.push({ structureId: structure.id, name: structure.name, month, siatelNights: nights });
      continue;
    }
    const gap = nights - declaredMonth.presences;
    if (gap > 0) {
      shortfalls.push({
        structureId: structure.id,
        name: structure.name,
        month,
        siatelGuests: guests,
        siatelNights: nights,
        declaredPresences: declaredMonth.presences,
        gap,
        gapPercent: Math.round((gap * 1000) / nights) / 10,
      });
    }
  }
  const byNameMonth = (a: { name: string | null; month?: string }, b: { name: string | null; month?: string }) =>
    (a.name ?? '').localeCompare(b.name ?? '', 'it') || (a.month ?? '').localeCompare(b.month ?? '');
  return {
    months: [...new Set(rows.map((r) => r.month))].sort(),
    rows: rows.length,
    shortfalls: shortfalls.sort((a, b) => b.gap - a.gap || byNameMonth(a, b)),
    unregistered: [...unregistered.values()].map((u) => ({ ...u, months: u.months.sort() })).sort(byNameMonth),
    undeclaredMonths: undeclaredMonths.sort(byNameMonth),
    totals: { siatelNights, declaredPresences, structuresMatched: new Set([...perStructureMonth.values()].map((e) => e.structure.id)).size },
  };
}
