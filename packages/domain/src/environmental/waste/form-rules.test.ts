import { describe, expect, it } from 'vitest';
import { checkPartyTaxCode, checkWasteForm, compareQuantities, isValidFirNumber, normalizeHazardProperty, parseQuantity, rejectedForNonConformity, type TWasteFacts } from './form-rules.ts';

const base: TWasteFacts = { cer: '200301', dangerClass: [], quantity: { value: '1000', unit: 'kg' } };
const paths = (form: TWasteFacts) => checkWasteForm(form).map((i) => i.path);

describe('FIR number (RENTRI format)', () => {
  it('accepts series consonants, a number and check consonants, with or without separators', () => {
    expect(isValidFirNumber('XRBC 000123 HF')).toBe(true);
    expect(isValidFirNumber('XRBCDF-12/H')).toBe(true);
    expect(isValidFirNumber('xrbc123hf')).toBe(true);
  });
  it('refuses vowels in the letters, too few or too many letters, no number', () => {
    expect(isValidFirNumber('ABCD 123 HF')).toBe(false);
    expect(isValidFirNumber('XRB 123 HF')).toBe(false);
    expect(isValidFirNumber('XRBCDFG 123 HF')).toBe(false);
    expect(isValidFirNumber('XRBC HF')).toBe(false);
    expect(isValidFirNumber('XRBC 123 HFG')).toBe(false);
    expect(isValidFirNumber('')).toBe(false);
  });
});

describe('quantity: up to 10 integer and 4 decimal digits, kept exactly', () => {
  it('keeps the exact decimal text without useless zeros', () => {
    expect(parseQuantity('1250.5')).toEqual({ ok: true, value: '1250.5' });
    expect(parseQuantity('1250,5000')).toEqual({ ok: true, value: '1250.5' });
    expect(parseQuantity('9999999999.9999')).toEqual({ ok: true, value: '9999999999.9999' });
    expect(parseQuantity('0.0001')).toEqual({ ok: true, value: '0.0001' });
    expect(parseQuantity('007')).toEqual({ ok: true, value: '7' });
    expect(parseQuantity(12.25)).toEqual({ ok: true, value: '12.25' });
  });
  it('refuses too many digits, zero, negative, thousands separators and text', () => {
    expect(parseQuantity('12345678901')).toMatchObject({ ok: false, message: 'at most 10 integer digits' });
    expect(parseQuantity('1.00001')).toMatchObject({ ok: false, message: 'at most 4 decimal digits' });
    expect(parseQuantity('0')).toMatchObject({ ok: false });
    expect(parseQuantity('0.0000')).toMatchObject({ ok: false });
    expect(parseQuantity('-5')).toMatchObject({ ok: false });
    expect(parseQuantity('1.250,5')).toMatchObject({ ok: false });
    expect(parseQuantity('abc')).toMatchObject({ ok: false });
    expect(parseQuantity('')).toMatchObject({ ok: false, message: 'validation.required' });
  });
  it('compares quantities without floating point', () => {
    expect(compareQuantities('9999999999.9999', '9999999999.9998')).toBe(1);
    expect(compareQuantities('10', '9.9999')).toBe(1);
    expect(compareQuantities('0.1', '0.1000')).toBe(0);
    expect(compareQuantities('2', '10')).toBe(-1);
  });
});

describe('party tax codes', () => {
  it('accepts a valid codice fiscale or partita IVA in Italy', () => {
    expect(checkPartyTaxCode('RCCMNL83S18D969H', 'IT')).toBeNull();
    expect(checkPartyTaxCode('rccmnl83s18d969h', null)).toBeNull();
    expect(checkPartyTaxCode('00743110157', 'IT')).toBeNull();
  });
  it('refuses a wrong check character or digit, and other lengths', () => {
    expect(checkPartyTaxCode('RCCMNL83S18D969X', 'IT')).toMatch(/codice fiscale/);
    expect(checkPartyTaxCode('00743110158', 'IT')).toMatch(/partita IVA/);
    expect(checkPartyTaxCode('1234', 'IT')).not.toBeNull();
    expect(checkPartyTaxCode('', 'IT')).toBe('validation.required');
  });
  it('takes a foreign tax code of 5 to 20 characters', () => {
    expect(checkPartyTaxCode('DE123456789', 'DE')).toBeNull();
    expect(checkPartyTaxCode('1234', 'FR')).not.toBeNull();
  });
});

describe('hazard properties', () => {
  it('normalises HP1 to HP01 and leaves anything else to be refused', () => {
    expect(normalizeHazardProperty('hp1')).toBe('HP01');
    expect(normalizeHazardProperty('HP 15')).toBe('HP15');
    expect(normalizeHazardProperty('HP16')).toBe('HP16');
  });
});

describe('checkWasteForm', () => {
  it('passes a complete non-hazardous, non-mirror form', () => {
    expect(checkWasteForm(base)).toEqual([]);
  });
  it('refuses a code not in the list', () => {
    expect(paths({ ...base, cer: '999999' })).toEqual(['cer']);
  });
  it('needs a description for codes ending in 99', () => {
    expect(paths({ ...base, cer: '020199' })).toEqual(['cerDescription']);
    expect(paths({ ...base, cer: '020199', cerDescription: 'fanghi di lavaggio' })).toEqual([]);
  });
  it('needs hazard properties for hazardous codes and refuses them for the others', () => {
    expect(paths({ ...base, cer: '170303' })).toEqual(['dangerClass']);
    expect(paths({ ...base, cer: '170303', dangerClass: ['HP07', 'HP14'] })).toEqual([]);
    expect(paths({ ...base, dangerClass: ['HP07'] })).toEqual(['dangerClass']);
  });
  it('needs an analysis reference for a mirror code (a certificate or an RDP)', () => {
    expect(paths({ ...base, cer: '170504' })).toEqual(['certificate']);
    expect(paths({ ...base, cer: '170504', certificate: { type: 'Analisi', number: 'RDP-2026-001' } })).toEqual([]);
    expect(paths({ ...base, cer: '170504', analysisRdpId: '6f0c8a52-0000-4000-8000-000000000001' })).toEqual([]);
    expect(paths({ ...base, cer: '170503' })).toEqual(['dangerClass', 'certificate']);
  });
  it('needs ADR data exactly when the transport is under ADR', () => {
    expect(paths({ ...base, adr: true })).toEqual(['adrData.unNumber', 'adrData.class']);
    expect(paths({ ...base, adr: true, adrData: { unNumber: '3077', class: '9' } })).toEqual([]);
    expect(paths({ ...base, adr: false, adrData: { unNumber: '3077', class: '9' } })).toEqual(['adrData']);
  });
  it('refuses a period that ends before it starts', () => {
    expect(paths({ ...base, referencePeriodFrom: '2026-03-10', referencePeriodTo: '2026-03-01' })).toEqual(['referencePeriodTo']);
  });
  it('checks the acceptance by its kind', () => {
    expect(paths({ ...base, acceptance: { type: 'A' } })).toEqual([]);
    expect(paths({ ...base, acceptance: { type: 'A', rejectionCause: 'NC' } })).toEqual(['acceptance.rejectionCause']);
    expect(paths({ ...base, acceptance: { type: 'P', rejectionCause: 'NC', rejectionReason: 'umido' } })).toEqual(['acceptance.acceptedQuantity']);
    expect(paths({ ...base, acceptance: { type: 'P', acceptedQuantity: '1000', rejectionCause: 'NC', rejectionReason: 'umido' } })).toEqual(['acceptance.acceptedQuantity']);
    expect(paths({ ...base, acceptance: { type: 'P', acceptedQuantity: '800.5', rejectionCause: 'NC', rejectionReason: 'umido' } })).toEqual([]);
    expect(paths({ ...base, acceptance: { type: 'R' } })).toEqual(['acceptance.rejectionCause', 'acceptance.rejectionReason']);
    expect(paths({ ...base, acceptance: { type: 'R', rejectionCause: 'NC', rejectionReason: 'amianto', acceptedQuantity: '1' } })).toEqual(['acceptance.acceptedQuantity']);
    expect(paths({ ...base, acceptance: { type: 'R', rejectionCause: 'IR', rejectionReason: 'impianto pieno' } })).toEqual([]);
  });
  it('tells a load turned back for non-conformity', () => {
    expect(rejectedForNonConformity({ type: 'R', rejectionCause: 'NC', rejectionReason: 'x' })).toBe(true);
    expect(rejectedForNonConformity({ type: 'P', acceptedQuantity: '1', rejectionCause: 'NC', rejectionReason: 'x' })).toBe(true);
    expect(rejectedForNonConformity({ type: 'R', rejectionCause: 'IR', rejectionReason: 'x' })).toBe(false);
    expect(rejectedForNonConformity({ type: 'A' })).toBe(false);
    expect(rejectedForNonConformity(null)).toBe(false);
  });
});
