/**
 * Police guest files (Alloggiati Web): fixed-width text, 168 characters per record, one record per
 * guest. Importing them saves the hotelier from typing the same guests again for the tourist tax.
 *
 * Grouping: a single guest (16) is a stay of one; a head of family (17) or group leader (18) opens a
 * stay that the following family members (19) or group members (20) join, so componentsNumber is
 * 1 + members. A stay is checkIn = arrival date, checkOut = arrival + days of stay.
 *
 * A stay is returned only when all its records are valid: a half-read family would be taxed wrongly,
 * and the fingerprint lets the corrected file be imported again without duplicating the good stays.
 * Errors carry the 1-based line number, the field, the raw value and a message.
 */
import { addDays, formatItalianDate, isIsoDate } from './dates.ts';
import { fnv1a64Hex } from './hash.ts';

export const ALLOGGIATI_RECORD_LENGTH = 168;
/** Police state code of Italy; Italian-born guests must have a birth comune. */
export const ALLOGGIATI_ITALY_CODE = '100000100';

export const ALLOGGIATI_FIELDS = [
  { key: 'guestKind', width: 2 },
  { key: 'arrivalDate', width: 10 },
  { key: 'days', width: 2 },
  { key: 'surname', width: 50 },
  { key: 'name', width: 30 },
  { key: 'sex', width: 1 },
  { key: 'birthDate', width: 10 },
  { key: 'birthPlace', width: 9 },
  { key: 'birthProvince', width: 2 },
  { key: 'birthCountry', width: 9 },
  { key: 'citizenship', width: 9 },
  { key: 'documentType', width: 5 },
  { key: 'documentNumber', width: 20 },
  { key: 'documentIssuePlace', width: 9 },
] as const;

export type TAlloggiatiField = (typeof ALLOGGIATI_FIELDS)[number]['key'];

/** 16 single guest, 17 head of family, 18 group leader, 19 family member, 20 group member. */
export type TAlloggiatiGuestKind = '16' | '17' | '18' | '19' | '20';

export type TAlloggiatiGuest = {
  guestKind: TAlloggiatiGuestKind;
  surname: string;
  name: string;
  sex: 'M' | 'F';
  birthDate: string;
  /** Police code of the birth comune (Italian-born guests), else null. */
  birthPlace: string | null;
  birthProvince: string | null;
  birthCountry: string;
  citizenship: string;
  /** Present for 16/17/18; members usually have none. */
  documentType: string | null;
  documentNumber: string | null;
  documentIssuePlace: string | null;
};

export type TAlloggiatiStay = {
  checkIn: string;
  checkOut: string;
  nightsNumber: number;
  componentsNumber: number;
  kind: 'single' | 'family' | 'group';
  /** The single guest, head of family or group leader. */
  guest: TAlloggiatiGuest;
  members: TAlloggiatiGuest[];
  /** 1-based line numbers of the stay's records. */
  rows: number[];
  /** FNV-1a 64 of the normalised records: the same stay in a re-imported file has the same fingerprint. */
  fingerprint: string;
};

export type TAlloggiatiError = { row: number; field: TAlloggiatiField | 'record'; value: string; message: string; messageKey: TAlloggiatiMessage };

export type TAlloggiatiParseResult = { stays: TAlloggiatiStay[]; errors: TAlloggiatiError[] };

type TRecord = {
  row: number;
  raw: Record<TAlloggiatiField, string>;
  guest: TAlloggiatiGuest;
  arrivalDate: string;
  days: number;
};

type TOpenStay = { head: TRecord; members: TRecord[]; broken: boolean };

/** The messages of the parser, Italian and English (the import answers in the user's language). */
const MESSAGES = {
  recordTooLong: { en: 'Record longer than {n} characters', it: 'Riga più lunga di {n} caratteri' },
  recordTooShort: { en: 'Record shorter than {n} characters ({length}): the line is cut', it: 'Riga più corta di {n} caratteri ({length}): la riga è troncata' },
  memberWithoutHead: { en: 'Member record ({kind}) not preceded by {expected}', it: 'Componente ({kind}) non preceduto da {expected}' },
  arrivalDiffers: { en: 'Arrival date differs from the head of the family or group', it: 'Data di arrivo diversa da quella del capofamiglia o capogruppo' },
  daysDiffer: { en: 'Days of stay differ from the head of the family or group', it: 'Giorni di permanenza diversi da quelli del capofamiglia o capogruppo' },
  guestKind: { en: 'Guest kind must be 16, 17, 18, 19 or 20', it: 'Il tipo alloggiato deve essere 16, 17, 18, 19 o 20' },
  arrivalDate: { en: 'Arrival date must be a date DD/MM/YYYY', it: 'La data di arrivo deve essere una data GG/MM/AAAA' },
  days: { en: 'Days of stay must be a whole number from 1 to 30', it: 'I giorni di permanenza devono essere un numero intero da 1 a 30' },
  surname: { en: 'Surname is required', it: 'Il cognome è obbligatorio' },
  name: { en: 'Name is required', it: 'Il nome è obbligatorio' },
  sex: { en: 'Sex must be 1 (male) or 2 (female)', it: 'Il sesso deve essere 1 (maschio) o 2 (femmina)' },
  birthDate: { en: 'Birth date must be a date DD/MM/YYYY', it: 'La data di nascita deve essere una data GG/MM/AAAA' },
  birthAfterArrival: { en: 'Birth date is after the arrival date', it: 'La data di nascita è successiva alla data di arrivo' },
  birthCountry: { en: 'Birth state is required', it: 'Lo stato di nascita è obbligatorio' },
  birthPlace: { en: 'Birth comune is required for guests born in Italy', it: 'Il comune di nascita è obbligatorio per i nati in Italia' },
  citizenship: { en: 'Citizenship is required', it: 'La cittadinanza è obbligatoria' },
  documentType: { en: 'Document type is required for single guests and heads of family or group', it: 'Il tipo di documento è obbligatorio per ospiti singoli, capofamiglia e capogruppo' },
  documentNumber: { en: 'Document number is required for single guests and heads of family or group', it: 'Il numero di documento è obbligatorio per ospiti singoli, capofamiglia e capogruppo' },
} as const;

export type TAlloggiatiMessage = keyof typeof MESSAGES;
export type TAlloggiatiLanguage = 'it' | 'en';

function messageOf(key: TAlloggiatiMessage, language: TAlloggiatiLanguage, params: Record<string, string | number> = {}): string {
  return MESSAGES[key][language].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

const KINDS = new Set(['16', '17', '18', '19', '20']);
const MEMBER_OF: Record<string, string> = { '19': '17', '20': '18' };

export function parseAlloggiatiFile(text: string, options: { language?: TAlloggiatiLanguage } = {}): TAlloggiatiParseResult {
  const language = options.language ?? 'en';
  const stays: TAlloggiatiStay[] = [];
  const errors: TAlloggiatiError[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  let open: TOpenStay | null = null;

  const close = () => {
    if (open && !open.broken) stays.push(toStay(open.head, open.members));
    open = null;
  };

  lines.forEach((line, index) => {
    const row = index + 1;
    if (line.trim() === '') return;
    if (line.length > ALLOGGIATI_RECORD_LENGTH) {
      errors.push({ row, field: 'record', value: line, messageKey: 'recordTooLong', message: messageOf('recordTooLong', language, { n: ALLOGGIATI_RECORD_LENGTH }) });
      if (open) open.broken = true;
      return;
    }
    const raw = sliceFields(line.padEnd(ALLOGGIATI_RECORD_LENGTH, ' '));
    const rowErrors: TAlloggiatiError[] = [];
    const record = readRecord(row, raw, rowErrors, language);
    // An editor may trim the trailing blanks of a record: a short line that still reads is fine. One
    // that does not is reported as cut, not as the fields its missing end leaves empty.
    if (rowErrors.length > 0 && line.length < ALLOGGIATI_RECORD_LENGTH) {
      errors.push({ row, field: 'record', value: line, messageKey: 'recordTooShort', message: messageOf('recordTooShort', language, { n: ALLOGGIATI_RECORD_LENGTH, length: line.length }) });
    } else errors.push(...rowErrors);
    const kind = raw.guestKind;
    if (!KINDS.has(kind)) {
      // Unknown kind: we cannot tell whether the line belonged to the open family or group.
      if (open) open.broken = true;
      return;
    }
    if (kind === '16' || kind === '17' || kind === '18') {
      close();
      if (kind === '16') {
        if (record) stays.push(toStay(record, []));
        return;
      }
      // A head with errors still opens the stay, so its members are not reported as orphans.
      open = { head: record ?? placeholderHead(row, raw), members: [], broken: record === null };
      return;
    }
    const current: TOpenStay | null = open;
    if (!current || current.head.raw.guestKind !== MEMBER_OF[kind]) {
      const expected = { en: kind === '19' ? 'a head of family (17)' : 'a group leader (18)', it: kind === '19' ? 'un capofamiglia (17)' : 'un capogruppo (18)' }[language];
      errors.push({ row, field: 'guestKind', value: kind, messageKey: 'memberWithoutHead', message: messageOf('memberWithoutHead', language, { kind, expected }) });
      return;
    }
    if (!record) {
      current.broken = true;
      return;
    }
    if (!current.broken) {
      if (record.arrivalDate !== current.head.arrivalDate) {
        errors.push({ row, field: 'arrivalDate', value: raw.arrivalDate, messageKey: 'arrivalDiffers', message: messageOf('arrivalDiffers', language) });
        current.broken = true;
      } else if (record.days !== current.head.days) {
        errors.push({ row, field: 'days', value: raw.days, messageKey: 'daysDiffer', message: messageOf('daysDiffer', language) });
        current.broken = true;
      }
    }
    current.members.push(record);
  });
  close();
  return { stays, errors };
}

function sliceFields(line: string): Record<TAlloggiatiField, string> {
  const raw = {} as Record<TAlloggiatiField, string>;
  let offset = 0;
  for (const { key, width } of ALLOGGIATI_FIELDS) {
    raw[key] = line.slice(offset, offset + width).trim();
    offset += width;
  }
  return raw;
}

function readRecord(row: number, raw: Record<TAlloggiatiField, string>, errors: TAlloggiatiError[], language: TAlloggiatiLanguage): TRecord | null {
  const before = errors.length;
  const fail = (field: TAlloggiatiField, messageKey: TAlloggiatiMessage) => errors.push({ row, field, value: raw[field], messageKey, message: messageOf(messageKey, language) });

  const kind = raw.guestKind;
  if (!KINDS.has(kind)) fail('guestKind', 'guestKind');
  const arrivalDate = readDate(raw.arrivalDate);
  if (!arrivalDate) fail('arrivalDate', 'arrivalDate');
  const days = /^\d{1,2}$/.test(raw.days) ? Number(raw.days) : Number.NaN;
  if (!(days >= 1 && days <= 30)) fail('days', 'days');
  if (!raw.surname) fail('surname', 'surname');
  if (!raw.name) fail('name', 'name');
  if (raw.sex !== '1' && raw.sex !== '2') fail('sex', 'sex');
  const birthDate = readDate(raw.birthDate);
  if (!birthDate) fail('birthDate', 'birthDate');
  else if (arrivalDate && birthDate > arrivalDate) fail('birthDate', 'birthAfterArrival');
  if (!raw.birthCountry) fail('birthCountry', 'birthCountry');
  if (raw.birthCountry === ALLOGGIATI_ITALY_CODE && !raw.birthPlace) fail('birthPlace', 'birthPlace');
  if (!raw.citizenship) fail('citizenship', 'citizenship');
  if (kind === '16' || kind === '17' || kind === '18') {
    if (!raw.documentType) fail('documentType', 'documentType');
    if (!raw.documentNumber) fail('documentNumber', 'documentNumber');
  }
  if (errors.length > before || !arrivalDate || !birthDate) return null;
  return {
    row,
    raw,
    arrivalDate,
    days,
    guest: {
      guestKind: kind as TAlloggiatiGuestKind,
      surname: raw.surname,
      name: raw.name,
      sex: raw.sex === '1' ? 'M' : 'F',
      birthDate,
      birthPlace: raw.birthPlace || null,
      birthProvince: raw.birthProvince || null,
      birthCountry: raw.birthCountry,
      citizenship: raw.citizenship,
      documentType: raw.documentType || null,
      documentNumber: raw.documentNumber || null,
      documentIssuePlace: raw.documentIssuePlace || null,
    },
  };
}

/** Stands in for a head whose record had errors: the stay is already broken and never returned. */
function placeholderHead(row: number, raw: Record<TAlloggiatiField, string>): TRecord {
  return { row, raw, arrivalDate: '', days: 0, guest: {} as TAlloggiatiGuest };
}

function readDate(value: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isIsoDate(iso) ? iso : null;
}

function toStay(head: TRecord, members: TRecord[]): TAlloggiatiStay {
  const records = [head, ...members];
  return {
    checkIn: head.arrivalDate,
    checkOut: addDays(head.arrivalDate, head.days),
    nightsNumber: head.days,
    componentsNumber: records.length,
    kind: head.raw.guestKind === '16' ? 'single' : head.raw.guestKind === '17' ? 'family' : 'group',
    guest: head.guest,
    members: members.map((m) => m.guest),
    rows: records.map((r) => r.row),
    fingerprint: fnv1a64Hex(records.map((r) => normaliseRecord(r.raw)).join('\n')),
  };
}

/** Trimmed, upper-cased, inner spaces collapsed: editors and re-exports may change those, the guest is the same. */
function normaliseRecord(raw: Record<TAlloggiatiField, string>): string {
  return ALLOGGIATI_FIELDS.map(({ key }) => raw[key].replace(/\s+/g, ' ').toUpperCase()).join('|');
}

export type TAlloggiatiRecordInput = {
  guestKind: TAlloggiatiGuestKind | 16 | 17 | 18 | 19 | 20;
  /** 'YYYY-MM-DD' */
  arrivalDate: string;
  days: number;
  surname: string;
  name: string;
  sex: 'M' | 'F';
  /** 'YYYY-MM-DD' */
  birthDate: string;
  birthPlace?: string | null;
  birthProvince?: string | null;
  birthCountry: string;
  citizenship: string;
  documentType?: string | null;
  documentNumber?: string | null;
  documentIssuePlace?: string | null;
};

/** One 168-character record; throws RangeError when a value does not fit its field. */
export function formatAlloggiatiRecord(input: TAlloggiatiRecordInput): string {
  const values: Record<TAlloggiatiField, string> = {
    guestKind: String(input.guestKind),
    arrivalDate: formatItalianDate(input.arrivalDate),
    days: String(input.days).padStart(2, '0'),
    surname: input.surname,
    name: input.name,
    sex: input.sex === 'M' ? '1' : '2',
    birthDate: formatItalianDate(input.birthDate),
    birthPlace: input.birthPlace ?? '',
    birthProvince: input.birthProvince ?? '',
    birthCountry: input.birthCountry,
    citizenship: input.citizenship,
    documentType: input.documentType ?? '',
    documentNumber: input.documentNumber ?? '',
    documentIssuePlace: input.documentIssuePlace ?? '',
  };
  return ALLOGGIATI_FIELDS.map(({ key, width }) => {
    const value = values[key];
    if (value.length > width) throw new RangeError(`Alloggiati field ${key} is longer than ${width} characters: ${value}`);
    return value.padEnd(width, ' ');
  }).join('');
}

/** A whole file; CRLF by default, as the Police portal produces it. */
export function formatAlloggiatiFile(records: readonly TAlloggiatiRecordInput[], lineEnding: '\r\n' | '\n' = '\r\n'): string {
  return records.map((r) => formatAlloggiatiRecord(r) + lineEnding).join('');
}
