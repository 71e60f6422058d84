import { describe, expect, it } from 'vitest';
import { findMissingStayImportHeaders, readImportDate, STAY_IMPORT_COLUMNS, stayImportFingerprint, validateStayImportRow, type TStayImportRow } from './stay-import.ts';

const ROW = {
  'Data arrivo': '10/07/2026',
  'Data partenza': '13/07/2026',
  'Numero ospiti': 4,
  Cognome: 'Rossi',
  Nome: 'Mario',
  'Codice fiscale': 'rccmnl83s18d969h',
  'Data di nascita': '1983-11-18',
  'Stato pagamento': 'Pagato',
  Esenti: 1,
  'Tipo esenzione': 'Minori di 14 anni',
  Ridotti: '1',
  'Tipo riduzione': 'Gita scolastica',
  'Importo soggiorno': '450,00',
};

function errorsOf(row: Record<string, unknown>) {
  const result = validateStayImportRow(row, 7);
  if (result.ok) throw new Error('expected errors');
  return result.errors.map((e) => [e.field, e.value]);
}

describe('validateStayImportRow', () => {
  it('normalises a complete row', () => {
    expect(validateStayImportRow(ROW, 2)).toEqual({
      ok: true,
      value: {
        checkIn: '2026-07-10',
        checkOut: '2026-07-13',
        nightsNumber: 3,
        componentsNumber: 4,
        surname: 'Rossi',
        name: 'Mario',
        taxCode: 'RCCMNL83S18D969H',
        birthDate: '1983-11-18',
        citizenship: null,
        paymentStatus: 'paid',
        noPaymentReason: null,
        exemptCount: 1,
        exemptionName: 'Minori di 14 anni',
        reducedCount: 1,
        reductionName: 'Gita scolastica',
        accommodationAmountCents: 45000,
      },
    });
  });

  it('accepts exceljs cells: Dates, serial numbers, rich text, formula results, and loose headers', () => {
    const result = validateStayImportRow(
      {
        ' data ARRIVO* ': new Date(Date.UTC(2026, 6, 10)),
        'Data partenza': 46216, // Excel serial of 2026-07-13
        'numero ospiti': { formula: 'A1+1', result: 2 },
        Cognome: { richText: [{ text: 'De ' }, { text: 'Luca' }] },
        Nome: { text: 'Anna', hyperlink: 'mailto:x' },
        'Stato pagamento': 'non pagato',
        'Motivo mancato pagamento': 'Rifiuto dell’ospite',
        'Colonna extra': 'ignored',
      },
      3,
    );
    expect(result.ok && result.value).toMatchObject({
      checkIn: '2026-07-10',
      checkOut: '2026-07-13',
      componentsNumber: 2,
      surname: 'De Luca',
      name: 'Anna',
      paymentStatus: 'notPaid',
      noPaymentReason: 'Rifiuto dell’ospite',
      exemptCount: 0,
      reducedCount: 0,
      accommodationAmountCents: null,
    });
  });

  it('lists every missing required column with the row number', () => {
    const result = validateStayImportRow({}, 9);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.map((e) => e.header)).toEqual(['Data arrivo', 'Data partenza', 'Numero ospiti', 'Cognome', 'Nome', 'Stato pagamento']);
      expect(result.errors.every((e) => e.row === 9)).toBe(true);
    }
  });

  it('answers in Italian by default and in English when asked', () => {
    const bad = { ...ROW, 'Data arrivo': '31/02/2026', 'Stato pagamento': 'forse' };
    const messages = (language?: 'it' | 'en') => {
      const result = validateStayImportRow(bad, 4, language ? { language } : {});
      return result.ok ? [] : result.errors.map((e) => e.message);
    };
    expect(messages()).toEqual(['Data non valida (usare GG/MM/AAAA)', 'Usare "Pagato" o "Non pagato"']);
    expect(messages('en')).toEqual(['Not a valid date (use DD/MM/YYYY)', 'Use "Pagato" (paid) or "Non pagato" (not paid)']);
    const missing = validateStayImportRow({}, 9, { language: 'en' });
    expect(missing.ok ? [] : missing.errors[0].message).toBe('Check-in date is required');
  });

  it('reports bad values with field and value', () => {
    expect(errorsOf({ ...ROW, 'Data arrivo': '31/02/2026' })).toEqual([['checkIn', '31/02/2026']]);
    expect(errorsOf({ ...ROW, 'Data partenza': '10/07/2026' })).toEqual([['checkOut', '10/07/2026']]);
    expect(errorsOf({ ...ROW, 'Numero ospiti': 0, Esenti: 0, Ridotti: 0 })).toEqual([['componentsNumber', '0']]);
    expect(errorsOf({ ...ROW, 'Numero ospiti': 2.5 })).toEqual([['componentsNumber', '2.5']]);
    expect(errorsOf({ ...ROW, 'Codice fiscale': 'RCCMNL83S18D969A' })).toEqual([['taxCode', 'RCCMNL83S18D969A']]);
    expect(errorsOf({ ...ROW, 'Data di nascita': '2026-07-11' })).toEqual([['birthDate', '2026-07-11']]);
    expect(errorsOf({ ...ROW, 'Stato pagamento': 'forse' })).toEqual([['paymentStatus', 'forse']]);
    expect(errorsOf({ ...ROW, 'Stato pagamento': 'Non pagato' })).toEqual([['noPaymentReason', '']]);
    expect(errorsOf({ ...ROW, Esenti: -1 })).toEqual([['exemptCount', '-1']]);
    expect(errorsOf({ ...ROW, Esenti: 2, Ridotti: 3 })).toEqual([['exemptCount', '2']]);
    expect(errorsOf({ ...ROW, 'Tipo riduzione': '' })).toEqual([['reductionName', '']]);
    expect(errorsOf({ ...ROW, 'Importo soggiorno': '12,345' })).toEqual([['accommodationAmount', '12,345']]);
    expect(errorsOf({ ...ROW, 'Importo soggiorno': -5 })).toEqual([['accommodationAmount', '-5']]);
  });

  it('finds missing required headers in a header row', () => {
    expect(findMissingStayImportHeaders(STAY_IMPORT_COLUMNS.map((c) => c.header))).toEqual([]);
    expect(findMissingStayImportHeaders(['Data arrivo', 'DATA PARTENZA', 'Cognome', 'Nome'])).toEqual(['Numero ospiti', 'Stato pagamento']);
    // English headers are read too, and an English reader is told the English names.
    expect(findMissingStayImportHeaders(STAY_IMPORT_COLUMNS.map((c) => c.headerEn))).toEqual([]);
    expect(findMissingStayImportHeaders(['Check-in date', 'Data partenza', 'surname', 'First name'], 'en')).toEqual(['Number of guests', 'Payment status']);
  });

  it("names the column in the reader's language in a row error", () => {
    const result = validateStayImportRow({ 'Check-in date': '10/07/2026', 'Check-out date': '12/07/2026', 'Number of guests': 2, Surname: 'Rossi', 'First name': 'Anna' }, 2, { language: 'en' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((e) => [e.field, e.header])).toEqual([['paymentStatus', 'Payment status']]);
  });

  it('reads dates in all accepted forms', () => {
    expect(readImportDate('2026-07-10')).toBe('2026-07-10');
    expect(readImportDate('10/07/2026')).toBe('2026-07-10');
    expect(readImportDate(new Date(Date.UTC(2026, 6, 10) - 3))).toBe('2026-07-10');
    expect(readImportDate(45292)).toBe('2024-01-01');
    expect(readImportDate('07/31/2026')).toBeNull();
    expect(readImportDate(new Date('nope'))).toBeNull();
    expect(readImportDate(45292.5)).toBeNull();
  });
});

describe('stayImportFingerprint', () => {
  const stay = (validateStayImportRow(ROW, 2) as { ok: true; value: TStayImportRow }).value;
  it('is stable across case, spacing and payment changes, and changes with the stay', () => {
    const same = (
      validateStayImportRow({ ...ROW, Cognome: ' ROSSI ', 'Stato pagamento': 'Non pagato', 'Motivo mancato pagamento': 'x' }, 5) as {
        ok: true;
        value: TStayImportRow;
      }
    ).value;
    expect(stayImportFingerprint(same)).toBe(stayImportFingerprint(stay));
    expect(stayImportFingerprint({ ...stay, checkOut: '2026-07-14' })).not.toBe(stayImportFingerprint(stay));
    expect(stayImportFingerprint({ ...stay, name: 'Maria' })).not.toBe(stayImportFingerprint(stay));
  });
});
