import { describe, expect, it } from 'vitest';
import { ALLOGGIATI_RECORD_LENGTH, parseAlloggiatiFile } from './alloggiati.ts';
import { ALLOGGIATI_TABLES_SOURCE, findAlloggiatiCode, resolveAlloggiatiCode, searchAlloggiatiCodes } from './alloggiati-codes.ts';
import { buildAlloggiatiExport, type TAlloggiatiExportStay } from './alloggiati-export.ts';
import { missingPoliceFields, type TPoliceGuest } from './alloggiati-requirements.ts';

// Codes of the Alloggiati Web tables Luoghi and Tipi_Documento (alloggiati-tables.data.ts).
const ITALY = '100000100';
const GERMANY = '100000216';
const GAETA = '412059009';
const ROMA = '412058091';
const ALTO_RENO_TERME = '408037062';
const PORRETTA_TERME = '408037049';

const lead = (overrides: Partial<TPoliceGuest> = {}): TPoliceGuest => ({
  surname: 'Rossi',
  name: 'Mario',
  sex: 'M',
  birthDate: '1980-05-17',
  birthCountry: ITALY,
  birthPlace: ROMA,
  birthProvince: 'RM',
  citizenship: ITALY,
  documentType: 'IDENT',
  documentNumber: 'CA12345AB',
  documentIssuePlace: ROMA,
  ...overrides,
});
const member = (name: string, overrides: Partial<TPoliceGuest> = {}): TPoliceGuest => ({
  surname: 'Rossi',
  name,
  sex: 'F',
  birthDate: '2012-03-02',
  birthCountry: GERMANY,
  citizenship: GERMANY,
  ...overrides,
});
const stay = (overrides: Partial<TAlloggiatiExportStay> = {}): TAlloggiatiExportStay => ({
  id: 'stay-1',
  checkIn: '2026-07-10',
  checkOut: '2026-07-13',
  componentsNumber: 1,
  guest: lead(),
  guests: [],
  ...overrides,
});

describe("code tables (Alloggiati Web Luoghi and Tipi_Documento, the portal's list of April 2025)", () => {
  it('finds comuni with their province, states and document types by name, accents and apostrophes ignored', () => {
    expect(searchAlloggiatiCodes('comune', 'gaeta')[0]).toEqual({ code: GAETA, name: 'GAETA', province: 'LT', kind: 'comune' });
    expect(searchAlloggiatiCodes('state', 'germ')[0]).toMatchObject({ code: GERMANY, name: 'GERMANIA' });
    expect(searchAlloggiatiCodes('comune', 'Agliè').map((e) => e.name)).toContain("AGLIE'");
    expect(searchAlloggiatiCodes('document', 'passaporto').map((e) => e.code)).toContain('PASOR');
    // A document's place of issue is a comune or a state.
    expect(searchAlloggiatiCodes('place', 'roma').map((e) => e.code)).toEqual(expect.arrayContaining([ROMA, '100000235']));
    expect(searchAlloggiatiCodes('state', 'gaeta')).toEqual([]);
  });

  it('resolves a typed name to one code, the province choosing among comuni of the same name', () => {
    expect(resolveAlloggiatiCode('state', 'Italia')).toEqual({ ok: true, entry: findAlloggiatiCode(ITALY) });
    // Biella is listed under Vercelli (before 1992) and under its own province.
    const biella = searchAlloggiatiCodes('comune', 'BIELLA', 500).filter((e) => e.name === 'BIELLA');
    expect(biella.map((e) => e.province).sort()).toEqual(['BI', 'VC']);
    expect(resolveAlloggiatiCode('comune', 'Biella')).toEqual({ ok: false, reason: 'ambiguous' });
    expect(resolveAlloggiatiCode('comune', 'Biella', 'bi')).toMatchObject({ ok: true, entry: { province: 'BI' } });
    expect(resolveAlloggiatiCode('state', GAETA)).toEqual({ ok: false, reason: 'unknownCode' });
    expect(resolveAlloggiatiCode('state', 'Italiana')).toEqual({ ok: false, reason: 'unknownCode' });
  });

  it("comes from the portal's list of April 2025 (zumatt/generatore-schedine-alloggiati-web), with comuni created after 2014", () => {
    expect(ALLOGGIATI_TABLES_SOURCE).toMatchObject({ repository: 'zumatt/generatore-schedine-alloggiati-web', commit: '86bf5ed7c669edc589e75d5f5567dc1d5a13e219', date: '2025-04-18' });
    // Alto Reno Terme (BO) replaced Granaglione and Porretta Terme on 1 January 2016; the 2014 copy lacked it.
    expect(searchAlloggiatiCodes('comune', 'alto reno')).toEqual([{ code: ALTO_RENO_TERME, name: 'ALTO RENO TERME', province: 'BO', kind: 'comune' }]);
    expect(searchAlloggiatiCodes('place', 'alto sermenza')).toMatchObject([{ code: '401002170', province: 'VC' }]);
    expect(resolveAlloggiatiCode('comune', 'Alto Reno Terme', 'BO')).toMatchObject({ ok: true, entry: { code: ALTO_RENO_TERME } });
    // New document types of the 2025 list.
    expect(findAlloggiatiCode('RIFUG')).toMatchObject({ kind: 'document', name: 'TITOLO VIAGGIO RIF.POLIT.' });
  });

  it('keeps closed codes readable with their last valid day, and sets them aside for a guest born after it', () => {
    expect(findAlloggiatiCode(PORRETTA_TERME)).toEqual({ code: PORRETTA_TERME, name: 'PORRETTA TERME', province: 'BO', kind: 'comune', validTo: '2015-12-31' });
    expect(resolveAlloggiatiCode('comune', 'Porretta Terme', 'BO', '1970-02-01')).toMatchObject({ ok: true, entry: { code: PORRETTA_TERME } });
    // States of the 2014 copy that the 2025 list no longer shows stay, without an end date.
    expect(findAlloggiatiCode('100000793')).toEqual({ code: '100000793', name: 'URSS', province: null, kind: 'state' });
    expect(findAlloggiatiCode('100000210')).toMatchObject({ name: 'CECOSLOVACCHIA', validTo: '1993-01-01' });
    // Montecopiolo: Pesaro e Urbino (PS until 1998, then PU until 16 June 2021), then Rimini.
    const montecopiolo = searchAlloggiatiCodes('comune', 'montecopiolo');
    expect(montecopiolo.map((e) => [e.province, e.validTo ?? null])).toEqual([
      ['RN', null],
      ['PS', '1998-12-31'],
      ['PU', '2021-06-16'],
    ]);
    expect(resolveAlloggiatiCode('comune', 'Montecopiolo')).toEqual({ ok: false, reason: 'ambiguous' });
    expect(resolveAlloggiatiCode('comune', 'Montecopiolo', null, '2022-05-01')).toMatchObject({ ok: true, entry: { code: '411099030', province: 'RN' } });
    // Born in 1990, province not given: the tables give no start dates, and the open codes are in different provinces.
    expect(resolveAlloggiatiCode('comune', 'Montecopiolo', null, '1990-05-01')).toEqual({ ok: false, reason: 'ambiguous' });
    expect(resolveAlloggiatiCode('comune', 'Montecopiolo', 'PU', '1990-05-01')).toMatchObject({ ok: true, entry: { code: '411141033' } });
    // Montalcino (SI) got a new code in 2017 (merged with San Giovanni d'Asso): the birth date picks the code of then.
    expect(resolveAlloggiatiCode('comune', 'Montalcino', 'SI')).toEqual({ ok: false, reason: 'ambiguous' });
    expect(resolveAlloggiatiCode('comune', 'Montalcino', 'SI', '1985-03-01')).toMatchObject({ ok: true, entry: { code: '409052014', validTo: '2016-12-31' } });
    expect(resolveAlloggiatiCode('comune', 'Montalcino', 'SI', '2019-03-01')).toMatchObject({ ok: true, entry: { code: '409052037' } });
  });
});

describe('what the questura needs (DM Interno 7 January 2013, Allegato tecnico)', () => {
  it('asks the lead guest for the document and the Italian-born for the birth comune, and counts guests not recorded', () => {
    expect(missingPoliceFields(stay())).toEqual([]);
    const missing = missingPoliceFields(
      stay({ componentsNumber: 3, guest: lead({ documentIssuePlace: null, birthPlace: ' ' }), guests: [member('Anna', { birthCountry: 'Italia', citizenship: null })] }),
    );
    expect(missing).toEqual([
      { guestIndex: 0, field: 'birthPlace' },
      { guestIndex: 0, field: 'documentIssuePlace' },
      { guestIndex: 1, field: 'birthPlace' },
      { guestIndex: 1, field: 'citizenship' },
      { guestIndex: 2, field: 'guest' },
    ]);
  });
});

describe('the day file (Alloggiati Web record layout, 168 characters, guest types 16-20)', () => {
  it('round trip over every guest type 16, 17, 18, 19, 20: what it writes, the importer reads back unchanged', () => {
    const single = stay({
      id: 'a',
      guest: lead({ surname: 'Müller', name: 'Jürgen', birthCountry: 'Germania', birthPlace: null, birthProvince: null, citizenship: GERMANY, documentType: 'PASOR', documentIssuePlace: GERMANY }),
    });
    const family = stay({
      id: 'b',
      componentsNumber: 3,
      partyKind: 'family',
      guest: lead({ surname: 'Esposito' }),
      guests: [member('Lucia'), member('Marco', { sex: 'M', birthCountry: ITALY, birthPlace: 'Gaeta', birthProvince: 'LT', citizenship: ITALY })],
    });
    const group = stay({
      id: 'c',
      componentsNumber: 2,
      partyKind: 'group',
      checkOut: '2026-08-09',
      guest: lead({ surname: "D'Angelo", documentType: 'PATEN', documentIssuePlace: GAETA }),
      guests: [member('Sara', { surname: 'Bianchi' })],
    });
    const result = buildAlloggiatiExport([single, family, group]);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const lines = result.text.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((line) => line.slice(0, 2))).toEqual(['16', '17', '19', '19', '18', '20']);
    for (const line of lines) expect(line).toHaveLength(ALLOGGIATI_RECORD_LENGTH);
    // A name typed before the lists existed is written as its code; the province is the table's.
    expect(lines[3].slice(105, 116)).toBe(`${GAETA}LT`);
    expect(lines[0].slice(116, 125)).toBe(GERMANY);

    const read = parseAlloggiatiFile(result.text);
    expect(read.errors).toEqual([]);
    expect(read.stays.map((s) => [s.kind, s.checkIn, s.checkOut, s.componentsNumber])).toEqual([
      ['single', '2026-07-10', '2026-07-13', 1],
      ['family', '2026-07-10', '2026-07-13', 3],
      ['group', '2026-07-10', '2026-08-09', 2],
    ]);
    expect(read.stays[0].guest).toMatchObject({
      guestKind: '16',
      surname: 'Müller',
      name: 'Jürgen',
      sex: 'M',
      birthDate: '1980-05-17',
      birthPlace: null,
      birthCountry: GERMANY,
      documentType: 'PASOR',
      documentNumber: 'CA12345AB',
      documentIssuePlace: GERMANY,
    });
    expect(read.stays[1].guest).toMatchObject({ guestKind: '17', birthPlace: ROMA, birthProvince: 'RM', documentIssuePlace: ROMA });
    expect(read.stays[1].members).toMatchObject([
      { guestKind: '19', name: 'Lucia', sex: 'F', birthCountry: GERMANY, documentType: null },
      { guestKind: '19', name: 'Marco', sex: 'M', birthPlace: GAETA, birthProvince: 'LT' },
    ]);
    expect(read.stays[2].guest).toMatchObject({ guestKind: '18', surname: "D'Angelo", documentType: 'PATEN', documentIssuePlace: GAETA });
    expect(read.stays[2].members).toMatchObject([{ guestKind: '20', surname: 'Bianchi', name: 'Sara' }]);
    // Written again from what was read, the file is the same bytes.
    const again = buildAlloggiatiExport(
      read.stays.map((s, i) => ({
        id: String(i),
        checkIn: s.checkIn,
        checkOut: s.checkOut,
        componentsNumber: s.componentsNumber,
        partyKind: s.kind === 'group' ? 'group' : 'family',
        guest: s.guest,
        guests: s.members,
      })),
    );
    expect(again.ok && again.text).toBe(result.text);
  });

  it('writes a comune created after 2014, typed by name, with its code from the 2025 list; a born-before-closure one with the old code', () => {
    const result = buildAlloggiatiExport([
      stay({ id: 'new', guest: lead({ birthPlace: 'Alto Reno Terme', birthProvince: 'BO', birthDate: '2017-04-02', documentIssuePlace: 'alto reno terme' }) }),
      stay({ id: 'old', guest: lead({ birthPlace: 'Montecopiolo', birthProvince: null, birthDate: '2023-01-09' }) }),
    ]);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const lines = result.text.split('\r\n');
    expect(lines[0].slice(105, 116)).toBe(`${ALTO_RENO_TERME}BO`);
    expect(lines[0].slice(159, 168)).toBe(ALTO_RENO_TERME);
    expect(lines[1].slice(105, 116)).toBe('411099030RN');
  });

  it('names every guest and field it cannot write, and writes nothing then', () => {
    const result = buildAlloggiatiExport([
      stay({ id: 'ok' }),
      stay({ id: 'x', componentsNumber: 3, guest: lead({ documentType: 'TESSERA', citizenship: 'Italiana', name: 'Ł'.padEnd(3, 'a') }), guests: [member('Anna', { birthDate: null })] }),
      stay({ id: 'y', checkOut: '2026-08-20', guest: lead({ surname: 'S'.repeat(51) }) }),
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([
      { stayId: 'x', guestIndex: 1, guestName: 'Rossi Anna', field: 'birthDate', value: null, reason: 'missing' },
      { stayId: 'x', guestIndex: 2, guestName: null, field: 'guest', value: null, reason: 'missing' },
      { stayId: 'x', guestIndex: 0, guestName: 'Rossi Łaa', field: 'name', value: 'Łaa', reason: 'charset' },
      { stayId: 'x', guestIndex: 0, guestName: 'Rossi Łaa', field: 'citizenship', value: 'Italiana', reason: 'unknownCode' },
      { stayId: 'x', guestIndex: 0, guestName: 'Rossi Łaa', field: 'documentType', value: 'TESSERA', reason: 'unknownCode' },
      { stayId: 'y', guestIndex: 0, guestName: `${'S'.repeat(51)} Mario`, field: 'days', value: '41', reason: 'stayTooLong' },
      { stayId: 'y', guestIndex: 0, guestName: `${'S'.repeat(51)} Mario`, field: 'surname', value: 'S'.repeat(51), reason: 'tooLong' },
    ]);
  });
});
