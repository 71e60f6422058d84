import { describe, expect, it } from 'vitest';
import {
  PAGOPA_TOURIST_TAX_TAXONOMY,
  composePagopaNotice,
  formatNoticeNumber,
  isCreditorTaxCode,
  isSegregationCode,
  isValidNoticeNumber,
  iuvCheckDigits,
  iuvOfReference,
  pagopaQrPayload,
  taxonomyCodeParts,
} from './pagopa.ts';

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

// Examples published by PagoPA S.p.A. (none of the SACI versions prints a worked notice number, so the
// example is the one of pagoPA's own app, which decodes it field by field).
describe('published example: pagopa/io-app ts/utils/__tests__/payment.test.ts @2bf84bf ("PAGOPA|002|322201151398574181|81005750021|01")', () => {
  it('io-app example: aux digit 3, segregation code 22, IUV base 2011513985741, check digits 81 = 3222011513985741 mod 93', () => {
    expect(iuvCheckDigits('22', '2011513985741')).toBe('81');
    expect(isValidNoticeNumber('322201151398574181')).toBe(true);
    expect(composePagopaNotice('22', 2011513985741)).toEqual({ noticeNumber: '322201151398574181', iuv: '22201151398574181' });
    expect(iuvOfReference('322201151398574181')).toBe('22201151398574181');
    // one digit changed: the check digits no longer match
    expect(isValidNoticeNumber('322201151398574182')).toBe(false);
  });

  it('io-app example: its creditor tax code 81005750021 passes the 11-digit check', () => {
    expect(isCreditorTaxCode('81005750021')).toBe(true);
  });

  it('io-app example: the QR text of that notice, with the amount in cents', () => {
    expect(pagopaQrPayload('322201151398574181', '81005750021', 1)).toBe('PAGOPA|002|322201151398574181|81005750021|1');
  });
});

describe('published layout: pagoPA notice guidelines, Allegato 2 "Codice QR" (example PAGOPA|002|000000000000000000|00000000000|9999)', () => {
  it('guidelines example: five fields separated by |, PAGOPA, 002, 18-digit notice, 11-digit tax code, cents', () => {
    const published = 'PAGOPA|002|000000000000000000|00000000000|9999'.split('|');
    const ours = pagopaQrPayload('301000000000000144', '81000370593', 9999).split('|');
    expect(ours).toHaveLength(published.length);
    expect(ours.slice(0, 2)).toEqual(published.slice(0, 2));
    expect(ours.map((field) => field.length)).toEqual(published.map((field) => field.length));
    expect(ours[4]).toBe(published[4]);
  });
});

describe('pagoPA taxonomy: pagopa/pagopa-api taxonomy/tassonomia.json @440f4840 (version 33), "Imposta di soggiorno"', () => {
  it('tassonomia.json: the tourist tax of a comune is 9/0101105IM/ (type 01 comune, area 01 tributi, service 105, reason IM)', () => {
    expect(PAGOPA_TOURIST_TAX_TAXONOMY).toBe('9/0101105IM/');
    expect(taxonomyCodeParts(PAGOPA_TOURIST_TAX_TAXONOMY)).toEqual({ creditorType: '01', macroArea: '01', service: '105', legalReason: 'IM' });
  });

  it('pagopa-debt-position request_builders.js: GPD category in the same 9/…/ form ("9/0101108TS/")', () => {
    expect(taxonomyCodeParts('9/0101108TS/')).toEqual({ creditorType: '01', macroArea: '01', service: '108', legalReason: 'TS' });
    expect(taxonomyCodeParts('0101105IM')).toBeNull();
    expect(taxonomyCodeParts('9/0101105im/')).toBeNull();
  });
});

describe('published layout: pagoPA notice guidelines, Allegato 2 "Rata unica", AVVISO.CODICE (22 characters, digits in groups of 4)', () => {
  it('guidelines AVVISO.CODICE: the io-app example notice printed as 3222 0115 1398 5741 81', () => {
    const printed = formatNoticeNumber('322201151398574181');
    expect(printed).toBe('3222 0115 1398 5741 81');
    expect(printed).toHaveLength(22);
  });
});
