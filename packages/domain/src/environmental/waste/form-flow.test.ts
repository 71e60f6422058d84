import { describe, expect, it } from 'vitest';
import { ROLES } from '../../platform/auth/index.ts';
import { formWorkflow } from './form-flow.ts';
import { ZFormCreate } from './form-schemas.ts';

const actor = (role: string) => ({ id: 'u1', role });
const ok = { issues: [] };

describe('form workflow', () => {
  it('lets the consortium approve a pending form that passes the checks', () => {
    for (const role of ['admin', 'consortium_user']) expect(formWorkflow.transition('pending', 'approve', ok, actor(role))).toMatchObject({ ok: true, to: 'approved' });
  });
  it('refuses approval to suppliers and to everyone else', () => {
    for (const role of ROLES.filter((r) => r !== 'admin' && r !== 'consortium_user'))
      expect(formWorkflow.transition('pending', 'approve', ok, actor(role))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });
  it('refuses to approve a form failing a RENTRI check, naming the field', () => {
    const result = formWorkflow.transition('pending', 'approve', { issues: [{ path: 'certificate', message: 'x' }] }, actor('consortium_user'));
    expect(result).toMatchObject({ ok: false, code: 'FORM_CHECKS_FAILED', details: [{ path: 'certificate', message: 'x' }] });
  });
  it('refuses to approve twice', () => {
    expect(formWorkflow.transition('approved', 'approve', ok, actor('admin'))).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
  });
  it('rejects with a reason only, and the form stays pending', () => {
    expect(formWorkflow.transition('pending', 'reject', ok, actor('consortium_user'))).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(formWorkflow.transition('pending', 'reject', ok, actor('consortium_user'), { reason: 'manca il trasportatore' })).toMatchObject({ ok: true, to: 'pending' });
    expect(formWorkflow.transition('approved', 'reject', ok, actor('consortium_user'), { reason: 'x' })).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
    expect(formWorkflow.transition('pending', 'reject', ok, actor('agency_user'), { reason: 'x' })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });
  it('lets only an administrator revoke an approval, with a reason', () => {
    expect(formWorkflow.transition('approved', 'revoke', ok, actor('admin'), { reason: 'errore di quantità' })).toMatchObject({ ok: true, to: 'pending' });
    expect(formWorkflow.transition('approved', 'revoke', ok, actor('admin'))).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(formWorkflow.transition('approved', 'revoke', ok, actor('consortium_user'), { reason: 'x' })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(formWorkflow.transition('pending', 'revoke', ok, actor('admin'), { reason: 'x' })).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
  });
  it('offers the consortium approve and reject on a pending form, nothing to a supplier', () => {
    expect(formWorkflow.offeredActions('pending', ok, actor('consortium_user')).map((o) => o.action)).toEqual(['approve', 'reject']);
    expect(formWorkflow.offeredActions('pending', ok, actor('agency_user'))).toEqual([]);
    expect(formWorkflow.offeredActions('approved', ok, actor('admin')).map((o) => o.action)).toEqual(['revoke']);
  });
});

const party = { name: 'Rossi Scavi srl', taxCode: '00743110157', address: { city: 'Milano', street: 'Via Roma' } };
const valid = {
  code: 'xrbc 000123 hf',
  orderId: '6f0c8a52-0000-4000-8000-000000000001',
  referencePeriodFrom: '2026-03-01',
  referencePeriodTo: '2026-03-31',
  origin: 'S',
  cer: '17 05 04',
  physicalState: 'S',
  quantity: { value: '12500,25', unit: 'kg' },
  certificate: { number: 'RDP-1' },
  producer: party,
  transporters: [{ ...party, registrationNumber: 'MI/012345' }],
  receiver: party,
  wasteDestination: 'r5',
};

describe('form create schema', () => {
  it('normalises the FIR number, EER code, quantity and operation', () => {
    const form = ZFormCreate.parse(valid);
    expect(form).toMatchObject({ code: 'XRBC 000123 HF', cer: '170504', quantity: { value: '12500.25', unit: 'kg' }, wasteDestination: 'R5', dangerClass: [], intermediaries: [] });
    expect(form.producer.nationId).toBe('IT');
    expect(form.certificate?.type).toBe('Analisi');
  });
  it('names each bad field', () => {
    const result = ZFormCreate.safeParse({
      ...valid,
      code: 'ABCD 1 HF',
      cer: '1705',
      quantity: { value: '1.00001', unit: 't' },
      producer: { ...party, taxCode: '00743110158' },
      transporters: [{ ...party, registrationNumber: 'MI12345' }],
      wasteDestination: 'R14',
      dangerClass: ['HP16'],
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(['cer', 'code', 'dangerClass', 'producer.taxCode', 'quantity.unit', 'quantity.value', 'transporters.0.registrationNumber', 'wasteDestination']);
  });
  it('needs at least one transporter', () => {
    const result = ZFormCreate.safeParse({ ...valid, transporters: [] });
    expect(result.error?.issues[0]).toMatchObject({ path: ['transporters'], message: 'at least one transporter' });
  });
});
