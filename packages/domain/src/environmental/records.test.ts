import { describe, expect, it } from 'vitest';
import { ZAgencyCreate, ZAgencyUpdate, ZLaboratoryCreate } from './companies.ts';
import { ZContractCreate, ZContractRecord } from './contracts.ts';
import { ZLotCreate, ZLotUpdate, lotWarnings } from './lots.ts';
import { ZOrderCreate } from './orders.ts';
import { ZEnvironmentalSettingCreate, settingAttributeProblems } from './settings.ts';

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => result.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('lot schema', () => {
  it('normalises CIG and CUP, clears empty ones, and keeps a doubtful code with a warning', () => {
    const lot = ZLotCreate.parse({ name: 'Lotto 1', code: 'L1', cig: '1234567ce7', cup: ' j87g22000360002 ', functionalCode: '', description: null });
    expect(lot).toMatchObject({ cig: '1234567CE7', cup: 'J87G22000360002', functionalCode: null, description: null });
    expect(lotWarnings(lot)).toEqual([]);
    const doubtful = ZLotCreate.parse({ name: 'Lotto 2', code: 'L2', cig: 'A015882CCE', cup: 'J87G2200036000A' });
    expect(lotWarnings(doubtful).map((w) => [w.path, w.reason])).toEqual([
      ['cig', 'checkMismatch'],
      ['cup', 'unusualPattern'],
    ]);
    expect(ZLotCreate.parse({ name: 'Lotto 3', code: 'L3', cig: '', cup: null })).toMatchObject({ cig: null, cup: null });
  });

  it('refuses a wrong CIG or CUP naming the field', () => {
    const result = ZLotCreate.safeParse({ name: 'Lotto', code: 'L', cig: '1234567CE8', cup: 'J87G220003600' });
    expect(paths(result)).toEqual(['cig', 'cup']);
    expect(paths(ZLotCreate.safeParse({ name: '', code: 'L' }))).toEqual(['name']);
  });

  it('leaves absent fields absent on update', () => {
    expect(ZLotUpdate.parse({ name: 'Nuovo nome' })).toEqual({ name: 'Nuovo nome' });
    expect(paths(ZLotUpdate.safeParse({ cig: 'Z3D1234568' }))).toEqual(['cig']);
  });
});

describe('order schema', () => {
  const base = { name: 'Ordine 1', lotId: crypto.randomUUID(), orderType: 'work_order', agencyIds: [crypto.randomUUID()] };
  it('needs a lot, a type and at least one distinct agency', () => {
    expect(ZOrderCreate.safeParse(base).success).toBe(true);
    const id = crypto.randomUUID();
    expect(paths(ZOrderCreate.safeParse({ ...base, orderType: 'direct', agencyIds: [] }))).toEqual(['orderType', 'agencyIds']);
    expect(paths(ZOrderCreate.safeParse({ ...base, agencyIds: [id, id] }))).toEqual(['agencyIds']);
    expect(paths(ZOrderCreate.safeParse({ ...base, lotId: 'lot-1' }))).toEqual(['lotId']);
  });
});

describe('agency and laboratory schemas', () => {
  const agency = { businessName: 'Edil Rossi S.r.l.', vatNumber: '12345670017', managerEmail: 'titolare@edilrossi.it' };
  it('checks the partita IVA check digit, the phone and e-mails', () => {
    expect(ZAgencyCreate.parse({ ...agency, vatNumber: '123 4567 0017', phone: '' })).toMatchObject({ vatNumber: '12345670017', phone: null });
    const bad = ZAgencyCreate.safeParse({ ...agency, vatNumber: '12345670018', phone: 'abc', managerEmail: 'nobody', contacts: [{ name: '', email: 'x@' }] });
    expect(paths(bad)).toEqual(['vatNumber', 'phone', 'managerEmail', 'contacts.0.name', 'contacts.0.email']);
    expect(ZLaboratoryCreate.safeParse({ ...agency, businessName: 'Laboratorio Analisi' }).success).toBe(true);
  });

  it('has no invite status among the writable fields', () => {
    expect(ZAgencyUpdate.parse({ inviteStatus: 'accepted', phone: '+39 06 1234567' })).toEqual({ phone: '+39 06 1234567' });
  });
});

describe('contract schema', () => {
  it('takes euros with at most two decimals and never a negative price', () => {
    const line = { code: 'CTR-1', laboratoryId: crypto.randomUUID(), articleCode: 'A1', articleName: 'Metalli', price: 45.5 };
    expect(ZContractCreate.parse(line)).toMatchObject({ price: 45.5 });
    expect(paths(ZContractCreate.safeParse({ ...line, price: 1.005 }))).toEqual(['price']);
    expect(paths(ZContractCreate.safeParse({ ...line, price: -1 }))).toEqual(['price']);
    expect(ZContractRecord.shape.price.description).toBe('Euros');
  });
});

describe('environmental settings', () => {
  it('knows the eight types and checks the attribute each needs', () => {
    expect(ZEnvironmentalSettingCreate.safeParse({ settingType: 'matrix', name: 'Terreno' }).success).toBe(true);
    expect(paths(ZEnvironmentalSettingCreate.safeParse({ settingType: 'feature', name: 'x', color: 'red' }))).toEqual(['settingType', 'color']);
    expect(
      settingAttributeProblems('environmentalAspectType', { agencyFunctionType: 'agencies' })
        .map((p) => p.path)
        .sort(),
    ).toEqual(['agencyFunctionType', 'ambientCategory']);
    expect(settingAttributeProblems('defaultObserver', { userId: crypto.randomUUID() })).toEqual([]);
    expect(settingAttributeProblems('companyFunction', { agencyFunctionType: 'consortium' })).toEqual([]);
  });
});
