import { describe, expect, it } from 'vitest';
import { composePagopaNotice, formatNoticeNumber, isValidIuv, iuvCheckDigits, iuvOfReference, partsOfIuv } from './pagopa.ts';

/*
 * Reading back what a payment list names (SACI 1.3.1 § 2.2.2.4, schemes NAV.3 and IUV.3, in
 * italia/pagopa-codici-docs: notice number = 3 + IUV, IUV = segregation code + 13-digit base + check
 * digits, the remainder by 93 of 3 + segregation code + base). The expected check digits were computed
 * apart (Python: int('3' + code + base) % 93), not by this module.
 */
describe('pagoPA references in a payment list (SACI 1.3.1 § 2.2.2.4)', () => {
  it.each([
    ['01', 1, '44'],
    ['47', 2025123456789, '92'],
    ['00', 0 + 1, '04'],
  ])('segregation %s, progressive %s: check digits %s', (segregation, progressive, digits) => {
    const base = String(progressive).padStart(13, '0');
    expect(iuvCheckDigits(segregation, base)).toBe(digits);
    const { noticeNumber, iuv } = composePagopaNotice(segregation, progressive);
    expect(iuv).toBe(`${segregation}${base}${digits}`);
    expect(isValidIuv(iuv)).toBe(true);
    expect(iuvOfReference(noticeNumber)).toBe(iuv);
    expect(iuvOfReference(formatNoticeNumber(noticeNumber))).toBe(iuv);
    expect(iuvOfReference(iuv)).toBe(iuv);
    expect(partsOfIuv(iuv)).toEqual({ segregationCode: segregation, progressive });
  });

  it('refuses wrong check digits, other aux digits and anything else', () => {
    expect(iuvOfReference('301000000000000145')).toBeNull();
    expect(iuvOfReference('001000000000000144')).toBeNull();
    expect(iuvOfReference('TRN123')).toBeNull();
    expect(isValidIuv('01000000000000145')).toBe(false);
    expect(formatNoticeNumber('301000000000000144')).toBe('3010 0000 0000 0001 44');
  });
});
