import { describe, expect, it } from 'vitest';
import { ALLOGGIATI_ITALY_CODE, ALLOGGIATI_RECORD_LENGTH, formatAlloggiatiFile, formatAlloggiatiRecord, parseAlloggiatiFile, type TAlloggiatiRecordInput } from './alloggiati.ts';

const ITALY = '100000100';
const GERMANY = '100000216';

function guest(overrides: Partial<TAlloggiatiRecordInput> = {}): TAlloggiatiRecordInput {
  return {
    guestKind: 16,
    arrivalDate: '2026-07-10',
    days: 3,
    surname: 'ROSSI',
    name: 'MARIO',
    sex: 'M',
    birthDate: '1980-05-17',
    birthPlace: '058091000',
    birthProvince: 'RM',
    birthCountry: ITALY,
    citizenship: ITALY,
    documentType: 'IDENT',
    documentNumber: 'CA12345AB',
    documentIssuePlace: '058091000',
    ...overrides,
  };
}

const member = (kind: 19 | 20, name: string, extra: Partial<TAlloggiatiRecordInput> = {}) =>
  guest({ guestKind: kind, name, documentType: null, documentNumber: null, documentIssuePlace: null, ...extra });

describe('formatAlloggiatiRecord', () => {
  it('writes 168 characters at the documented offsets', () => {
    const line = formatAlloggiatiRecord(guest());
    expect(line).toHaveLength(ALLOGGIATI_RECORD_LENGTH);
    expect(line.slice(0, 2)).toBe('16');
    expect(line.slice(2, 12)).toBe('10/07/2026');
    expect(line.slice(12, 14)).toBe('03');
    expect(line.slice(14, 64).trimEnd()).toBe('ROSSI');
    expect(line.slice(64, 94).trimEnd()).toBe('MARIO');
    expect(line[94]).toBe('1');
    expect(line.slice(95, 105)).toBe('17/05/1980');
    expect(line.slice(105, 114)).toBe('058091000');
    expect(line.slice(114, 116)).toBe('RM');
    expect(line.slice(116, 125)).toBe(ITALY);
    expect(line.slice(125, 134)).toBe(ITALY);
    expect(line.slice(134, 139)).toBe('IDENT');
    expect(line.slice(139, 159).trimEnd()).toBe('CA12345AB');
    expect(line.slice(159, 168)).toBe('058091000');
  });

  it('refuses values that do not fit', () => {
    expect(() => formatAlloggiatiRecord(guest({ name: 'X'.repeat(31) }))).toThrow(RangeError);
  });
});

describe('parseAlloggiatiFile', () => {
  it('reads a single guest as a stay of one', () => {
    const { stays, errors } = parseAlloggiatiFile(formatAlloggiatiFile([guest()]));
    expect(errors).toEqual([]);
    expect(stays).toHaveLength(1);
    expect(stays[0]).toMatchObject({
      checkIn: '2026-07-10',
      checkOut: '2026-07-13',
      nightsNumber: 3,
      componentsNumber: 1,
      kind: 'single',
      members: [],
      rows: [1],
      guest: {
        guestKind: '16',
        surname: 'ROSSI',
        name: 'MARIO',
        sex: 'M',
        birthDate: '1980-05-17',
        birthPlace: '058091000',
        birthProvince: 'RM',
        birthCountry: ITALY,
        citizenship: ITALY,
        documentType: 'IDENT',
        documentNumber: 'CA12345AB',
      },
    });
    expect(stays[0].fingerprint).toMatch(/^[0-9a-f]{16}$/);
  });

  it('groups a family and a group into one stay each, with the following single guest apart', () => {
    const file = formatAlloggiatiFile([
      guest({ guestKind: 17, surname: 'BIANCHI', name: 'LUCA' }),
      member(19, 'ANNA', { surname: 'BIANCHI', sex: 'F' }),
      member(19, 'SOFIA', { surname: 'BIANCHI', sex: 'F', birthDate: '2018-02-01' }),
      guest({ guestKind: 18, surname: 'MULLER', name: 'HANS', birthPlace: null, birthProvince: null, birthCountry: GERMANY, citizenship: GERMANY, arrivalDate: '2026-07-11', days: 2 }),
      member(20, 'PETRA', { surname: 'SCHMIDT', sex: 'F', birthPlace: null, birthProvince: null, birthCountry: GERMANY, citizenship: GERMANY, arrivalDate: '2026-07-11', days: 2 }),
      guest({ name: 'GIULIA', sex: 'F', days: 1 }),
    ]);
    const { stays, errors } = parseAlloggiatiFile(file);
    expect(errors).toEqual([]);
    expect(stays.map((s) => [s.kind, s.componentsNumber, s.checkIn, s.checkOut, s.rows])).toEqual([
      ['family', 3, '2026-07-10', '2026-07-13', [1, 2, 3]],
      ['group', 2, '2026-07-11', '2026-07-13', [4, 5]],
      ['single', 1, '2026-07-10', '2026-07-11', [6]],
    ]);
    expect(stays[0].members.map((m) => [m.name, m.sex, m.documentNumber])).toEqual([
      ['ANNA', 'F', null],
      ['SOFIA', 'F', null],
    ]);
    expect(stays[1].guest.birthPlace).toBeNull();
  });

  it('accepts LF and CRLF, trailing spaces trimmed by an editor, blank lines and a BOM', () => {
    const records = [guest({ guestKind: 17 }), member(19, 'ANNA')];
    const crlf = parseAlloggiatiFile(formatAlloggiatiFile(records, '\r\n'));
    const lf = parseAlloggiatiFile(formatAlloggiatiFile(records, '\n'));
    const trimmed = parseAlloggiatiFile('\uFEFF' + records.map((r) => formatAlloggiatiRecord(r).trimEnd()).join('\n\n') + '\n');
    expect(crlf.errors).toEqual([]);
    expect(lf.stays).toEqual(crlf.stays);
    expect(trimmed.errors).toEqual([]);
    expect(trimmed.stays[0].fingerprint).toBe(crlf.stays[0].fingerprint);
    expect(trimmed.stays[0].componentsNumber).toBe(2);
  });

  it('gives the same fingerprint to the same stay in another file, and different ones to different stays', () => {
    const a = parseAlloggiatiFile(formatAlloggiatiFile([guest(), guest({ name: 'LUIGI' })])).stays;
    const b = parseAlloggiatiFile(formatAlloggiatiFile([guest({ name: 'LUIGI' }), guest({ name: 'Luigi' }), guest()])).stays;
    expect(a[0].fingerprint).toBe(b[2].fingerprint);
    expect(a[1].fingerprint).toBe(b[0].fingerprint);
    expect(b[1].fingerprint).toBe(b[0].fingerprint); // case is normalised
    expect(a[0].fingerprint).not.toBe(a[1].fingerprint);
    const longer = parseAlloggiatiFile(formatAlloggiatiFile([guest({ days: 4 })])).stays[0];
    expect(longer.fingerprint).not.toBe(a[0].fingerprint);
  });

  it('reports bad fields with row, field and value, and drops only the stays concerned', () => {
    const good = formatAlloggiatiRecord(guest());
    const badKind = '15' + good.slice(2);
    const badDate = good.slice(0, 2) + '31/02/2026' + good.slice(12);
    const badDays = good.slice(0, 12) + '31' + good.slice(14);
    const zeroDays = good.slice(0, 12) + '00' + good.slice(14);
    const badSex = good.slice(0, 94) + '3' + good.slice(95);
    const noDocument = formatAlloggiatiRecord(guest({ documentType: null, documentNumber: null }));
    const bornAfter = formatAlloggiatiRecord(guest({ birthDate: '2026-07-11' }));
    const noComune = formatAlloggiatiRecord(guest({ birthPlace: null }));
    const tooLong = good + 'X';
    const { stays, errors } = parseAlloggiatiFile([good, badKind, badDate, badDays, zeroDays, badSex, noDocument, bornAfter, noComune, tooLong, good].join('\r\n'));
    expect(stays.map((s) => s.rows)).toEqual([[1], [11]]);
    expect(errors.map((e) => [e.row, e.field, e.value])).toEqual([
      [2, 'guestKind', '15'],
      [3, 'arrivalDate', '31/02/2026'],
      [4, 'days', '31'],
      [5, 'days', '00'],
      [6, 'sex', '3'],
      [7, 'documentType', ''],
      [7, 'documentNumber', ''],
      [8, 'birthDate', '11/07/2026'],
      [9, 'birthPlace', ''],
      [10, 'record', tooLong],
    ]);
    expect(errors.every((e) => e.message.length > 0)).toBe(true);
  });

  it('reports members without a head, or of the wrong kind', () => {
    const { stays, errors } = parseAlloggiatiFile(formatAlloggiatiFile([member(19, 'ORPHAN'), guest({ guestKind: 18 }), member(19, 'WRONG'), guest(), member(20, 'LATE')]));
    expect(errors.map((e) => [e.row, e.field, e.value])).toEqual([
      [1, 'guestKind', '19'],
      [3, 'guestKind', '19'],
      [5, 'guestKind', '20'],
    ]);
    // the group leader (row 2) is still a valid stay of one; the single guest (row 4) too
    expect(stays.map((s) => [s.rows, s.componentsNumber])).toEqual([
      [[2], 1],
      [[4], 1],
    ]);
  });

  it('drops the whole family when a member is wrong or arrives on another date, without cascading errors', () => {
    const { stays, errors } = parseAlloggiatiFile(
      formatAlloggiatiFile([
        guest({ guestKind: 17 }),
        member(19, 'ANNA', { arrivalDate: '2026-07-11' }),
        member(19, 'SOFIA'),
        guest({ guestKind: 17, surname: '' }),
        member(19, 'PIETRO'),
        guest({ guestKind: 17, name: 'FRANCO' }),
        member(19, 'LIA', { days: 5 }),
        guest({ name: 'SOLO' }),
      ]),
    );
    expect(errors.map((e) => [e.row, e.field])).toEqual([
      [2, 'arrivalDate'],
      [4, 'surname'],
      [7, 'days'],
    ]);
    expect(stays.map((s) => s.guest.name)).toEqual(['SOLO']);
  });

  // How fast is the bench's business (npm run bench); here, that a file of this size reads whole and right.
  it('reads a file of 10,000 guests in groups, every stay once', () => {
    const records: TAlloggiatiRecordInput[] = [];
    for (let i = 0; i < 2500; i++) {
      records.push(guest({ guestKind: 17, surname: `FAMIGLIA${i}` }), member(19, 'A'), member(19, 'B'), guest({ name: `SINGOLO${i}` }));
    }
    const { stays, errors } = parseAlloggiatiFile(formatAlloggiatiFile(records));
    expect(errors).toEqual([]);
    expect(stays).toHaveLength(5000);
    expect(stays.reduce((a, s) => a + s.componentsNumber, 0)).toBe(10_000);
    expect(new Set(stays.map((s) => s.fingerprint)).size).toBe(5000);
  });
});

describe('Alloggiati messages and short lines', () => {
  const single = formatAlloggiatiRecord({
    guestKind: 16,
    arrivalDate: '2026-07-01',
    days: 2,
    surname: 'Rossi',
    name: 'Mario',
    sex: 'M',
    birthDate: '1980-01-01',
    birthPlace: '405058091',
    birthProvince: 'RM',
    birthCountry: ALLOGGIATI_ITALY_CODE,
    citizenship: ALLOGGIATI_ITALY_CODE,
    documentType: 'IDENT',
    documentNumber: 'AB123',
  });

  it('reports a line cut short as such, in the language asked', () => {
    const cut = single.slice(0, 100);
    const en = parseAlloggiatiFile(cut);
    expect(en.errors).toEqual([{ row: 1, field: 'record', value: cut, messageKey: 'recordTooShort', message: 'Record shorter than 168 characters (100): the line is cut' }]);
    const it = parseAlloggiatiFile(cut, { language: 'it' });
    expect(it.errors[0].message).toBe('Riga più corta di 168 caratteri (100): la riga è troncata');
  });

  it('answers field errors in Italian too', () => {
    const noName = single.slice(0, 64) + ' '.repeat(30) + single.slice(94);
    expect(parseAlloggiatiFile(noName, { language: 'it' }).errors.map((e) => [e.field, e.message])).toEqual([['name', 'Il nome è obbligatorio']]);
  });
});
