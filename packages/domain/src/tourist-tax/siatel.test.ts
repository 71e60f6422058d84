import { describe, expect, it } from 'vitest';
import { compareSiatel, matchSiatelStructure, readSiatelMonth, readSiatelRows, type TSiatelStructure } from './siatel.ts';

const sheet = (headers: unknown[], rows: unknown[][]) => ({ headers, rows: rows.map((cells, i) => ({ row: i + 2, cells })) });

describe('reading the SIATEL file (DM MEF 11/11/2020: guests and days of stay per structure and month)', () => {
  it('reads the month in the forms a file may carry', () => {
    expect(readSiatelMonth('2026-07', null)).toBe('2026-07');
    expect(readSiatelMonth('7/2026', null)).toBe('2026-07');
    expect(readSiatelMonth('202607', null)).toBe('2026-07');
    expect(readSiatelMonth('7', '2026')).toBe('2026-07');
    expect(readSiatelMonth('Luglio', 2026)).toBe('2026-07');
    expect(readSiatelMonth('13', '2026')).toBeNull();
    expect(readSiatelMonth('7', null)).toBeNull();
  });

  it('reads rows by header names and reports every bad one', () => {
    const read = readSiatelRows(
      sheet(
        ['Codice fiscale', 'Denominazione', 'Anno', 'Mese', 'Numero alloggiati', 'Giorni di permanenza'],
        [
          ['rssmra80a01d843x', 'Hotel Serapo', 2026, 7, 10, 40],
          ['', '', 2026, 13, 'x', '-1'],
        ],
      ),
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors.map((e) => [e.row, e.field])).toEqual([
      [3, 'month'],
      [3, 'nights'],
      [3, 'guests'],
      [3, 'taxCode'],
    ]);
    const good = readSiatelRows(sheet(['CF', 'Struttura', 'Periodo', 'Pernottamenti'], [['rssmra80a01d843x', 'Hotel Serapo', '2026-07', '40']]));
    expect(good).toEqual({
      ok: true,
      rows: [{ row: 2, structureCode: null, cin: null, taxCode: 'RSSMRA80A01D843X', name: 'Hotel Serapo', address: null, month: '2026-07', guests: null, nights: 40 }],
    });
    expect(readSiatelRows(sheet(['Denominazione', 'Mese'], [])).ok).toBe(false);
  });
});

const structures: TSiatelStructure[] = [
  { id: 's1', name: 'Hotel Serapo', taxCode: 'RSSMRA80A01D843X', vatNumber: null, cin: 'IT059009A1B2C3D4E5' },
  { id: 's2', name: 'B&B Il Faro', taxCode: 'RSSMRA80A01D843X', vatNumber: '01234567890', cin: null },
  { id: 's3', name: 'Casa Vacanze Sole', taxCode: null, vatNumber: null, cin: null },
];

describe('matching a SIATEL row to a registered structure', () => {
  it('by CIN, by tax code narrowed by the name, by partita IVA, by the name alone', () => {
    expect(matchSiatelStructure({ cin: 'IT059009A1B2C3D4E5', taxCode: null, name: null }, structures)?.id).toBe('s1');
    expect(matchSiatelStructure({ cin: null, taxCode: 'RSSMRA80A01D843X', name: 'B&B IL FARO' }, structures)?.id).toBe('s2');
    expect(matchSiatelStructure({ cin: null, taxCode: 'RSSMRA80A01D843X', name: null }, structures)).toBeNull();
    expect(matchSiatelStructure({ cin: null, taxCode: '01234567890', name: null }, structures)?.id).toBe('s2');
    expect(matchSiatelStructure({ cin: null, taxCode: null, name: 'casa vacanze  sole' }, structures)?.id).toBe('s3');
    expect(matchSiatelStructure({ cin: null, taxCode: 'XXXXXX', name: 'Altro' }, structures)).toBeNull();
  });
});

describe('the cross-check', () => {
  const row = (n: number, name: string, taxCode: string | null, month: string, nights: number, guests: number | null = null) => ({
    row: n,
    structureCode: null,
    cin: null,
    taxCode,
    name,
    address: null,
    month,
    guests,
    nights,
  });
  const declared = (structureId: string, month: string) => {
    const table: Record<string, { presences: number; covered: boolean }> = {
      's1|2026-07': { presences: 30, covered: true },
      's1|2026-08': { presences: 50, covered: true },
      's3|2026-07': { presences: 0, covered: false },
    };
    return table[`${structureId}|${month}`] ?? { presences: 0, covered: false };
  };

  it('lists shortfalls (absolute and %), unregistered structures and months not declared', () => {
    const result = compareSiatel(
      [
        row(2, 'Hotel Serapo', 'RSSMRA80A01D843X', '2026-07', 25, 8),
        row(3, 'Hotel Serapo', 'RSSMRA80A01D843X', '2026-07', 15, 4),
        row(4, 'Hotel Serapo', 'RSSMRA80A01D843X', '2026-08', 50),
        row(5, 'Casa Vacanze Sole', null, '2026-07', 12),
        row(6, 'Villa Nuova', 'VLLNVA70A01D843X', '2026-07', 9),
        row(7, 'Villa Nuova', 'VLLNVA70A01D843X', '2026-08', 3),
      ],
      structures,
      declared,
    );
    expect(result.months).toEqual(['2026-07', '2026-08']);
    expect(result.shortfalls).toEqual([{ structureId: 's1', name: 'Hotel Serapo', month: '2026-07', siatelGuests: 12, siatelNights: 40, declaredPresences: 30, gap: 10, gapPercent: 25 }]);
    expect(result.undeclaredMonths).toEqual([{ structureId: 's3', name: 'Casa Vacanze Sole', month: '2026-07', siatelNights: 12 }]);
    expect(result.unregistered).toEqual([
      { name: 'Villa Nuova', taxCode: 'VLLNVA70A01D843X', cin: null, structureCode: null, address: null, months: ['2026-07', '2026-08'], siatelNights: 12, rows: [6, 7] },
    ]);
    expect(result.totals).toEqual({ siatelNights: 102, declaredPresences: 80, structuresMatched: 2 });
  });
});
