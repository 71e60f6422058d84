import { describe, expect, it } from 'vitest';
import { composePagopaNotice, isCreditorTaxCode, isSegregationCode, isValidNoticeNumber, iuvCheckDigits, pagopaQrPayload } from './pagopa.ts';

// SACI = pagoPA "Specifiche attuative dei codici identificativi di versamento, riversamento e rendicontazione",
// chapter "Numero avviso e codice IUV nel caso di pagamenti attivati presso i PSP", value 3 of <Aux Digit>
// (docs.pagopa.it/saci), restated in pagopa-specifichepagamenti-docs "Avviso di Pagamento": check digits are
// the remainder of dividing by 93 the number formed by every preceding digit.
describe('pagoPA notice number, aux digit 3 (SACI, Valore 3 del componente <Aux Digit>)', () => {
  it('SACI: check digits = (3 | segregation code | IUV base) mod 93, two digits zero-padded', () => {
    // 3010000000000001 = 93 * 32365591397849 + 44
    expect(iuvCheckDigits('01', '0000000000001')).toBe('44');
    // 3470000000012345 = 93 * 37311827957122 + 92 (the largest remainder)
    expect(iuvCheckDigits('47', '0000000012345')).toBe('92');
    // 3000000000000031 leaves 34; 3000000000000000 leaves 3, written 03:
    expect(iuvCheckDigits('00', '0000000000031')).toBe('34');
    expect(iuvCheckDigits('00', '0000000000000')).toBe('03');
    const padded = ['0000000000000', '0000000000001', '0000000000002', '0000000000003'].map((b) => iuvCheckDigits('00', b));
    expect(padded.every((d) => /^\d{2}$/.test(d))).toBe(true);
  });

  it('SACI: notice number = 3 + segregation code (2) + IUV base (13) + check digits (2), 18 digits; IUV = the last 17', () => {
    const notice = composePagopaNotice('01', 1);
    expect(notice.noticeNumber).toBe('301000000000000144');
    expect(notice.iuv).toBe('01000000000000144');
    expect(notice.noticeNumber).toHaveLength(18);
    expect(notice.iuv).toBe(notice.noticeNumber.slice(1));
    expect(isValidNoticeNumber(notice.noticeNumber)).toBe(true);
    expect(isValidNoticeNumber('301000000000000145')).toBe(false);
    expect(isValidNoticeNumber('001000000000000144')).toBe(false);
  });

  it('different progressive numbers give different notice numbers (uniqueness within the comune)', () => {
    const numbers = new Set(Array.from({ length: 500 }, (_, i) => composePagopaNotice('12', i + 1).noticeNumber));
    expect(numbers.size).toBe(500);
    expect(composePagopaNotice('12', 9_999_999_999_999).noticeNumber.slice(3, 16)).toBe('9999999999999');
    expect(() => composePagopaNotice('12', 0)).toThrow(RangeError);
    expect(() => composePagopaNotice('12', 10_000_000_000_000)).toThrow(RangeError);
    expect(() => composePagopaNotice('1', 5)).toThrow(RangeError);
  });

  it('segregation code: exactly two digits', () => {
    expect(isSegregationCode('00')).toBe(true);
    expect(isSegregationCode('47')).toBe(true);
    expect(isSegregationCode('7')).toBe(false);
    expect(isSegregationCode('123')).toBe(false);
    expect(isSegregationCode('a1')).toBe(false);
  });
});

describe('pagoPA QR code payload (avviso di pagamento guidelines: PAGOPA|002|notice|tax code|cents)', () => {
  it('joins version 002, the notice number, the creditor tax code and the amount in cents', () => {
    expect(pagopaQrPayload('301000000000000144', '81000370593', 12345)).toBe('PAGOPA|002|301000000000000144|81000370593|12345');
    expect(() => pagopaQrPayload('301000000000000144', '81000370593', 0)).toThrow(RangeError);
    expect(() => pagopaQrPayload('301000000000000144', '81000370593', 1.5)).toThrow(RangeError);
  });
});

describe('creditor tax code (11 digits, partita IVA layout: number, office code, Luhn check digit)', () => {
  it('accepts codes whose check digit matches', () => {
    expect(isCreditorTaxCode('02342520158')).toBe(true);
    expect(isCreditorTaxCode('81000370593')).toBe(true);
    expect(isCreditorTaxCode('81000120592')).toBe(true);
  });
  it('rejects a wrong check digit, wrong length, letters and all zeros', () => {
    expect(isCreditorTaxCode('02342520159')).toBe(false);
    expect(isCreditorTaxCode('0234252015')).toBe(false);
    expect(isCreditorTaxCode('0234252015A')).toBe(false);
    expect(isCreditorTaxCode(' 02342520158')).toBe(false);
    // Luhn-valid, but 975 is not a provincial office code
    expect(isCreditorTaxCode('86334519757')).toBe(false);
    expect(isCreditorTaxCode('00000000000')).toBe(false);
  });
});
