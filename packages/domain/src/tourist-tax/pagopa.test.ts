import { describe, expect, it } from 'vitest';
import {
  buildDebtPosition,
  buildNoticeNumber,
  formatNoticeNumber,
  isValidCreditorTaxCode,
  isValidIuv,
  isValidNoticeNumber,
  iuvBaseOf,
  iuvCheckDigits,
  iuvOfReference,
  pagopaQrPayload,
} from './pagopa.ts';

/*
 * Sources: SACI v1.3.1 § 2.2.2.4 (italia/pagopa-codici-docs, sezione1 Capitolo2: schemes NAV.3 and IUV.3,
 * "check digit = remainder by 93 of aux digit + segregation code + IUV base"); pagoPA specifications
 * v2.5.1 § 6 (the same rule); pagoPA notice guidelines "Codice QR" (the payload and its example);
 * pagopa/pagopa-api openapi/gpd.json (PaymentPositionModel, PaymentOptionModel, TransferModel). No
 * pagoPA document publishes a worked check-digit example: the expected digits below were computed apart
 * (Python's integers: int('3' + code + base) % 93), not by this module.
 */
describe('pagoPA notice number, aux digit 3 (SACI 1.3.1 § 2.2.2.4, NAV.3 / IUV.3)', () => {
  it.each([
    ['01', '0000000000001', '44'],
    ['02', '2026000000001', '43'],
    ['47', '2025123456789', '92'],
    ['00', '0000000000000', '03'],
  ])('segregation %s, IUV base %s: check digits %s (remainder by 93 of 3 + segregation + base)', (segregation, base, digits) => {
    expect(iuvCheckDigits(segregation, base)).toBe(digits);
    const { noticeNumber, iuv } = buildNoticeNumber(segregation, base);
    expect(noticeNumber).toBe(`3${segregation}${base}${digits}`);
    expect(noticeNumber).toHaveLength(18);
    expect(iuv).toBe(noticeNumber.slice(1));
    expect(iuv).toHaveLength(17);
    expect(isValidNoticeNumber(noticeNumber)).toBe(true);
    expect(isValidIuv(iuv)).toBe(true);
  });

  it('refuses a notice number with wrong check digits, another aux digit or another length', () => {
    expect(isValidNoticeNumber('301000000000000145')).toBe(false);
    expect(isValidNoticeNumber('001000000000000144')).toBe(false);
    expect(isValidNoticeNumber('30100000000000014')).toBe(false);
    expect(isValidIuv('01000000000000145')).toBe(false);
  });

  it('an IUV base is the year and a 9-digit sequence (the layout of pagoPA IUV generators)', () => {
    expect(iuvBaseOf(2026, 1)).toBe('2026000000001');
    expect(() => iuvBaseOf(2026, 0)).toThrow();
    expect(() => iuvBaseOf(2026, 1_000_000_000)).toThrow();
    expect(() => iuvCheckDigits('1', '2026000000001')).toThrow();
  });

  it('reads the IUV of a payment row from the notice number (spaces as printed) or the IUV itself', () => {
    expect(iuvOfReference('3010 0000 0000 0001 44')).toBe('01000000000000144');
    expect(iuvOfReference('01000000000000144')).toBe('01000000000000144');
    expect(iuvOfReference('301000000000000145')).toBeNull();
    expect(iuvOfReference('TRN123')).toBeNull();
    expect(formatNoticeNumber('301000000000000144')).toBe('3010 0000 0000 0001 44');
  });
});

describe('pagoPA QR code payload (notice guidelines, "Codice QR")', () => {
  it("writes the guidelines' own example: PAGOPA|002|000000000000000000|00000000000|9999", () => {
    expect(pagopaQrPayload('000000000000000000', '00000000000', 9999)).toBe('PAGOPA|002|000000000000000000|00000000000|9999');
  });
  it('amount in cents, at least 2 digits; refuses what the fields cannot hold', () => {
    expect(pagopaQrPayload('301000000000000144', '80004510592', 5)).toBe('PAGOPA|002|301000000000000144|80004510592|05');
    expect(() => pagopaQrPayload('3010000000000001', '80004510592', 5)).toThrow();
    expect(() => pagopaQrPayload('301000000000000144', '8000451059', 5)).toThrow();
    expect(() => pagopaQrPayload('301000000000000144', '80004510592', 1.5)).toThrow();
  });
});

describe("the comune's tax code (11 digits, the partita IVA check digit)", () => {
  it('accepts a valid one and refuses a wrong check digit', () => {
    expect(isValidCreditorTaxCode('00000000000')).toBe(false);
    expect(isValidCreditorTaxCode('81000830596')).toBe(true);
    expect(isValidCreditorTaxCode('81000830597')).toBe(false);
  });
});

describe('debt position in the shape of GPD (pagopa/pagopa-api openapi/gpd.json, PaymentPositionModel)', () => {
  const position = buildDebtPosition({
    creditorTaxCode: '81000830596',
    creditorName: 'Comune di Gaeta',
    iban: 'IT60 X054 2811 1010 0000 0123 456',
    iuv: '01000000000000144',
    noticeNumber: '301000000000000144',
    amountCents: 12345,
    dueDate: '2026-04-16',
    description: 'Imposta di soggiorno, dichiarazione DIC-2026-ABCD',
    debtor: { taxCode: 'RSSMRA80A01D843X', vatNumber: null, name: 'Hotel Serapo', address: 'Via Serapo 1' },
  });

  it('carries every field GPD requires (position: iupd, type, fiscalCode, fullName, companyName, switchToExpired; option: iuv, amount, description, isPartialPayment, dueDate; transfer: idTransfer, amount, remittanceInformation, category)', () => {
    for (const key of ['iupd', 'type', 'fiscalCode', 'fullName', 'companyName', 'switchToExpired']) expect(position).toHaveProperty(key);
    const [option] = position.paymentOption;
    for (const key of ['iuv', 'amount', 'description', 'isPartialPayment', 'dueDate']) expect(option).toHaveProperty(key);
    for (const key of ['idTransfer', 'amount', 'remittanceInformation', 'category']) expect(option.transfer[0]).toHaveProperty(key);
  });

  it('a person debtor is type F, amounts in cents, the IBAN without spaces, the due date an instant', () => {
    expect(position.type).toBe('F');
    expect(position.paymentOption[0]).toMatchObject({ nav: '301000000000000144', amount: 12345, isPartialPayment: false, dueDate: '2026-04-16T23:59:59.000Z' });
    expect(position.paymentOption[0].transfer[0]).toMatchObject({
      idTransfer: '1',
      amount: 12345,
      organizationFiscalCode: '81000830596',
      iban: 'IT60X0542811101000000123456',
      category: '9/0101105IM/',
    });
    expect(buildDebtPosition({ ...baseInput(), debtor: { taxCode: null, vatNumber: '01234567890', name: 'Srl', address: null } }).type).toBe('G');
  });

  function baseInput() {
    return {
      creditorTaxCode: '81000830596',
      creditorName: 'Comune',
      iban: null,
      iuv: '01000000000000144',
      noticeNumber: '301000000000000144',
      amountCents: 1,
      dueDate: '2026-01-01',
      description: 'x',
    };
  }
});
