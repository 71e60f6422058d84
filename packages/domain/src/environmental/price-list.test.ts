import { describe, expect, it } from 'vitest';
import { PRICE_LIST_COLUMNS, priceListHeader, priceListKeyOfHeader, validatePriceListRows, type TPriceListCatalogue } from './price-list.ts';

const catalogue: TPriceListCatalogue = {
  matrices: [
    { id: 'm-soil', code: 'terre-e-rocce', name: 'Terre e rocce da scavo' },
    { id: 'm-water', code: 'acque-sotterranee', name: 'Acque sotterranee' },
  ],
  analyticPackages: [{ id: 'p-metals', code: 'metalli', name: 'Metalli pesanti' }],
};
const headers = PRICE_LIST_COLUMNS.map((c) => c.header);

describe('price list rows', () => {
  it('parses good rows: euros to cents, settings by code or name, blanks to null, blank rows skipped', () => {
    const result = validatePriceListRows(
      {
        headers,
        rows: [
          { row: 2, cells: ['CTR-1', 'A001', 'Analisi metalli su terreno', 'P1', 'Terre e rocce da scavo', 'metalli', 45.5] },
          { row: 3, cells: [null, '', '  ', null, null, null, null] },
          { row: 4, cells: ['CTR-1', { richText: [{ text: 'A0' }, { text: '02' }] }, 'Idrocarburi', null, 'ACQUE-SOTTERRANEE', '', '1.234,56'] },
          { row: 5, cells: ['CTR-1', 'A003', 'Prelievo', '', null, null, { formula: 'B1*2', result: 10 }] },
        ],
      },
      catalogue,
    );
    expect(result).toEqual({
      ok: true,
      rows: [
        { row: 2, code: 'CTR-1', articleCode: 'A001', articleName: 'Analisi metalli su terreno', packetCode: 'P1', matrixSettingId: 'm-soil', analyticPackageSettingId: 'p-metals', priceCents: 4550 },
        { row: 4, code: 'CTR-1', articleCode: 'A002', articleName: 'Idrocarburi', packetCode: null, matrixSettingId: 'm-water', analyticPackageSettingId: null, priceCents: 123456 },
        { row: 5, code: 'CTR-1', articleCode: 'A003', articleName: 'Prelievo', packetCode: null, matrixSettingId: null, analyticPackageSettingId: null, priceCents: 1000 },
      ],
    });
  });

  it('reports every bad cell of every row with row, field and value, and returns no rows', () => {
    const result = validatePriceListRows(
      {
        headers,
        rows: [
          { row: 2, cells: ['CTR-1', 'A001', 'Ok', null, null, null, 10] },
          { row: 3, cells: ['CTR-1', null, 'Senza codice', null, 'Fanghi', null, '12,345'] },
          { row: 4, cells: ['CTR-1', 'A001', 'Ripetuto', null, null, 'Sconosciuto', -3] },
          { row: 5, cells: ['', 'A009', 'x'.repeat(501), 'P'.repeat(51), null, null, 'gratis'] },
        ],
      },
      catalogue,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.row, e.field, e.value])).toEqual([
      [3, 'articleCode', ''],
      [3, 'matrix', 'Fanghi'],
      [3, 'price', '12,345'],
      [4, 'analyticPackage', 'Sconosciuto'],
      [4, 'price', '-3'],
      [4, 'articleCode', 'A001'],
      [5, 'code', ''],
      [5, 'articleName', 'x'.repeat(501)],
      [5, 'packetCode', 'P'.repeat(51)],
      [5, 'price', 'gratis'],
    ]);
    expect(result.errors.find((e) => e.row === 4 && e.field === 'articleCode')!.message).toMatch(/riga 2/);
    expect(result.errors[0].header).toBe('Codice articolo');
  });

  it('refuses a sheet without the required columns or without rows', () => {
    const missing = validatePriceListRows({ headers: ['Codice contratto', 'Descrizione articolo'], rows: [{ row: 2, cells: ['C', 'x'] }] }, catalogue);
    expect(missing).toMatchObject({
      ok: false,
      errors: [
        { row: 1, field: 'articleCode' },
        { row: 1, field: 'price' },
      ],
    });
    const empty = validatePriceListRows({ headers, rows: [{ row: 2, cells: [] }] }, catalogue);
    expect(empty).toMatchObject({ ok: false, errors: [{ field: 'file' }] });
  });

  it('matches headers ignoring case, accents, the unit and the English keys; columns may be in any order', () => {
    expect(priceListKeyOfHeader('PREZZO')).toBe('price');
    expect(priceListKeyOfHeader('Prezzo (€)')).toBe('price');
    expect(priceListKeyOfHeader(' codice  articolo ')).toBe('articleCode');
    expect(priceListKeyOfHeader('articleName')).toBe('articleName');
    expect(priceListKeyOfHeader('Note')).toBeNull();
    // The English export's headers read back as the Italian ones do.
    for (const column of PRICE_LIST_COLUMNS) expect(priceListKeyOfHeader(priceListHeader(column, 'en')), column.headerEn).toBe(column.key);
    expect(priceListKeyOfHeader('PRICE (€)')).toBe('price');
    expect(priceListKeyOfHeader('Article description')).toBe('articleName');
    const result = validatePriceListRows({ headers: ['price', 'Note', 'articleName', 'articleCode', 'code'], rows: [{ row: 2, cells: ['7', 'ignored', 'Nome', 'A1', 'C1'] }] }, catalogue);
    expect(result).toMatchObject({ ok: true, rows: [{ code: 'C1', articleCode: 'A1', articleName: 'Nome', priceCents: 700 }] });
  });
});
