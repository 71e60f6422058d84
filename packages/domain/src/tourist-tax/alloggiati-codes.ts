/**
 * The Alloggiati Web code tables (places: comuni and states; document types), searched by name and
 * used to turn what a guest record holds (a code picked from the list, or a name typed before the
 * list existed) into the code the questura's file carries. The data and its source are in
 * alloggiati-tables.data.ts; it is parsed once, on first use (the web app never imports this module).
 *
 * Codes: 9 digits; comuni start with 4 (e.g. 412059009 Gaeta), states with 1 (100000100 Italy);
 * document types are 5 letters (IDENT identity card, PASOR passport, PATEN driving licence).
 */
import { ALLOGGIATI_DOCUMENT_TYPES_TSV, ALLOGGIATI_PLACES_TSV, ALLOGGIATI_TABLES_SOURCE } from './alloggiati-tables.data.ts';

export { ALLOGGIATI_TABLES_SOURCE };

/** comune: a birth comune; state: a birth state or citizenship; place: a document's place of issue (comune or state); document: a document type. */
export type TAlloggiatiCodeKind = 'comune' | 'state' | 'place' | 'document';

/** validTo: the last day a place's code was valid (a suppressed comune, a former state); absent while it is in force. */
export type TAlloggiatiCode = { code: string; name: string; province: string | null; kind: 'comune' | 'state' | 'document'; validTo?: string };

type TTables = { all: TAlloggiatiCode[]; byCode: Map<string, TAlloggiatiCode>; byName: Map<string, TAlloggiatiCode[]>; keys: Map<TAlloggiatiCode, string> };

let tables: TTables | null = null;

/** Upper case without accents, apostrophes or punctuation: "Agliè", "AGLIE'" and "aglie" are one key. */
export function codeNameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

function loadTables(): TTables {
  if (tables) return tables;
  const all: TAlloggiatiCode[] = [];
  for (const line of ALLOGGIATI_PLACES_TSV.split('\n')) {
    const [code, name, province, validTo] = line.split('\t');
    all.push({ code, name, province: province || null, kind: code.startsWith('4') ? 'comune' : 'state', ...(validTo ? { validTo } : {}) });
  }
  for (const line of ALLOGGIATI_DOCUMENT_TYPES_TSV.split('\n')) {
    const [code, name] = line.split('\t');
    all.push({ code, name, province: null, kind: 'document' });
  }
  const byCode = new Map(all.map((entry) => [entry.code, entry]));
  const byName = new Map<string, TAlloggiatiCode[]>();
  const keys = new Map<TAlloggiatiCode, string>();
  for (const entry of all) {
    const key = codeNameKey(entry.name);
    keys.set(entry, key);
    byName.set(key, [...(byName.get(key) ?? []), entry]);
  }
  tables = { all, byCode, byName, keys };
  return tables;
}

function fitsKind(entry: TAlloggiatiCode, kind: TAlloggiatiCodeKind): boolean {
  if (kind === 'place') return entry.kind === 'comune' || entry.kind === 'state';
  return entry.kind === kind;
}

/** The entry of a code, if the table has it. */
export function findAlloggiatiCode(code: string): TAlloggiatiCode | undefined {
  return loadTables().byCode.get(code.trim().toUpperCase());
}

/** Whether a code was in force on a day (yyyy-mm-dd); without a day, whether it still is. */
function validOn(entry: TAlloggiatiCode, day?: string | null): boolean {
  if (!entry.validTo) return true;
  return day ? entry.validTo >= day : false;
}

/**
 * Entries of a kind whose name starts with the query (then those that contain it), alphabetical
 * within each, a code in force before a closed one of the same name; a query that is a code finds that code.
 */
export function searchAlloggiatiCodes(kind: TAlloggiatiCodeKind, query: string, limit = 20): TAlloggiatiCode[] {
  const { all, keys } = loadTables();
  const exact = findAlloggiatiCode(query);
  if (exact && fitsKind(exact, kind)) return [exact];
  const key = codeNameKey(query);
  const starts: TAlloggiatiCode[] = [];
  const contains: TAlloggiatiCode[] = [];
  for (const entry of all) {
    if (!fitsKind(entry, kind)) continue;
    const name = keys.get(entry) ?? '';
    if (name.startsWith(key)) starts.push(entry);
    else if (key && name.includes(key)) contains.push(entry);
  }
  const byName = (a: TAlloggiatiCode, b: TAlloggiatiCode) => a.name.localeCompare(b.name, 'it') || Number(!validOn(a)) - Number(!validOn(b));
  return [...starts.sort(byName), ...contains.sort(byName)].slice(0, limit);
}

export type TCodeResolution = { ok: true; entry: TAlloggiatiCode } | { ok: false; reason: 'unknownCode' | 'ambiguous' };

/**
 * The code a stored value stands for: a code of the right kind, or a name matching exactly one entry
 * (a comune's province, when given, picks among comuni of the same name; then a day, e.g. the birth date,
 * sets aside codes closed before it and, among codes of one name and province, picks the one in force that day).
 */
export function resolveAlloggiatiCode(kind: TAlloggiatiCodeKind, value: string, province?: string | null, day?: string | null): TCodeResolution {
  const byCode = findAlloggiatiCode(value);
  if (byCode) return fitsKind(byCode, kind) ? { ok: true, entry: byCode } : { ok: false, reason: 'unknownCode' };
  let matches = (loadTables().byName.get(codeNameKey(value)) ?? []).filter((entry) => fitsKind(entry, kind));
  const wanted = province?.trim().toUpperCase();
  if (matches.length > 1 && wanted) matches = matches.filter((entry) => entry.province === null || entry.province === wanted);
  if (matches.length > 1 && day) {
    const inForce = matches.filter((entry) => validOn(entry, day));
    if (inForce.length > 0) matches = inForce;
    // Codes of one name in one province are one comune's successive codes (Montalcino 409052014 until 2016, then
    // 409052037): on the day, it had the first of them to close.
    const closing = matches.filter((entry) => entry.validTo).sort((a, b) => (a.validTo ?? '').localeCompare(b.validTo ?? ''));
    if (matches.length > 1 && closing.length > 0 && new Set(matches.map((entry) => entry.province)).size === 1) matches = [closing[0]];
  }
  if (matches.length === 1) return { ok: true, entry: matches[0] };
  return { ok: false, reason: matches.length === 0 ? 'unknownCode' : 'ambiguous' };
}
