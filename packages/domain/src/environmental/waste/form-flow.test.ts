import { describe, expect, it } from 'vitest';
import { ROLES } from '../../platform/auth/index.ts';
import { formWorkflow, isFormLocked } from './form-flow.ts';
import { acceptanceOfOutcome } from './form-rules.ts';
import { ZFormCreate } from './form-schemas.ts';

const actor = (role: string) => ({ id: 'u1', role });
const ok = { issues: [] };

describe('form workflow', () => {
  it('lets the consortium approve a pending form that passes the checks', () => {
    for (const role of ['admin', 'consortium_user']) expect(formWorkflow.transition('compiled', 'approve', ok, actor(role))).toMatchObject({ ok: true, to: 'producerSigned' });
  });
  it('refuses approval to suppliers and to everyone else', () => {
    for (const role of ROLES.filter((r) => r !== 'admin' && r !== 'consortium_user'))
      expect(formWorkflow.transition('compiled', 'approve', ok, actor(role))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });
  it('refuses to approve a form failing a RENTRI check, naming the field', () => {
    const result = formWorkflow.transition('compiled', 'approve', { issues: [{ path: 'certificate', message: 'x' }] }, actor('consortium_user'));
    expect(result).toMatchObject({ ok: false, code: 'FORM_CHECKS_FAILED', details: [{ path: 'certificate', message: 'x' }] });
  });
  it('refuses to approve twice', () => {
    expect(formWorkflow.transition('producerSigned', 'approve', ok, actor('admin'))).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
  });
  it('rejects with a reason only, and the form stays pending', () => {
    expect(formWorkflow.transition('compiled', 'reject', ok, actor('consortium_user'))).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(formWorkflow.transition('compiled', 'reject', ok, actor('consortium_user'), { reason: 'manca il trasportatore' })).toMatchObject({ ok: true, to: 'compiled' });
    expect(formWorkflow.transition('producerSigned', 'reject', ok, actor('consortium_user'), { reason: 'x' })).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
    expect(formWorkflow.transition('compiled', 'reject', ok, actor('agency_user'), { reason: 'x' })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });
  it('lets only an administrator revoke an approval, with a reason', () => {
    expect(formWorkflow.transition('producerSigned', 'revoke', ok, actor('admin'), { reason: 'errore di quantità' })).toMatchObject({ ok: true, to: 'compiled' });
    expect(formWorkflow.transition('producerSigned', 'revoke', ok, actor('admin'))).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(formWorkflow.transition('producerSigned', 'revoke', ok, actor('consortium_user'), { reason: 'x' })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(formWorkflow.transition('compiled', 'revoke', ok, actor('admin'), { reason: 'x' })).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
  });
  it('offers the consortium approve, reject and cancel on a compiled form, nothing to a supplier', () => {
    expect(formWorkflow.offeredActions('compiled', ok, actor('consortium_user')).map((o) => o.action)).toEqual(['approve', 'reject', 'cancel']);
    expect(formWorkflow.offeredActions('compiled', ok, actor('agency_user'))).toEqual([]);
    expect(formWorkflow.offeredActions('producerSigned', ok, actor('admin')).map((o) => o.action)).toEqual(['revoke', 'startTransport', 'cancel']);
  });
});

describe("form states on RENTRI's", () => {
  const consortium = actor('consortium_user');
  const supplier = actor('agency_user');
  it('has the RENTRI states the product overlaps', () => {
    expect(formWorkflow.states).toEqual(['compiled', 'producerSigned', 'inTransport', 'accepted', 'partiallyAccepted', 'rejected', 'cancelled']);
  });
  it('a signed load leaves (the supplier or the consortium), never a compiled one', () => {
    for (const who of [consortium, supplier]) expect(formWorkflow.transition('producerSigned', 'startTransport', ok, who)).toMatchObject({ ok: true, to: 'inTransport' });
    expect(formWorkflow.transition('compiled', 'startTransport', ok, supplier)).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
    expect(formWorkflow.transition('producerSigned', 'startTransport', ok, actor('laboratory_user'))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });
  it('the destination outcome: accepted, accepted in part or rejected, only in transport; part and rejection need a reason', () => {
    expect(formWorkflow.transition('inTransport', 'accept', ok, supplier)).toMatchObject({ ok: true, to: 'accepted' });
    expect(formWorkflow.transition('inTransport', 'acceptInPart', ok, consortium)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(formWorkflow.transition('inTransport', 'acceptInPart', ok, consortium, { reason: 'umido' })).toMatchObject({ ok: true, to: 'partiallyAccepted' });
    expect(formWorkflow.transition('inTransport', 'refuse', ok, consortium, { reason: 'amianto' })).toMatchObject({ ok: true, to: 'rejected' });
    for (const from of ['compiled', 'producerSigned', 'accepted', 'partiallyAccepted', 'rejected', 'cancelled'] as const)
      for (const action of ['accept', 'acceptInPart', 'refuse'] as const)
        expect(formWorkflow.transition(from, action, ok, consortium, { reason: 'x' })).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
  });
  it('cancels before the transport only, with a reason, by the consortium', () => {
    for (const from of ['compiled', 'producerSigned'] as const) expect(formWorkflow.transition(from, 'cancel', ok, consortium, { reason: 'doppio' })).toMatchObject({ ok: true, to: 'cancelled' });
    expect(formWorkflow.transition('compiled', 'cancel', ok, consortium)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(formWorkflow.transition('inTransport', 'cancel', ok, consortium, { reason: 'x' })).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
    expect(formWorkflow.transition('compiled', 'cancel', ok, supplier, { reason: 'x' })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });
  it('the end states offer nothing, and only a compiled form can change', () => {
    for (const end of ['accepted', 'partiallyAccepted', 'rejected', 'cancelled'] as const) {
      expect(formWorkflow.actionsFrom(end)).toEqual([]);
      expect(isFormLocked(end)).toBe(true);
    }
    expect(isFormLocked('compiled')).toBe(false);
    expect(isFormLocked('producerSigned')).toBe(true);
  });
});

describe('destination outcome', () => {
  const shipped = { value: '1000', unit: 'kg' as const };
  it('accepted: the quantity taken is recorded, no cause', () => {
    expect(acceptanceOfOutcome('A', { acceptedQuantity: '998.5', rejectionCause: 'NC', reason: 'x' }, shipped)).toMatchObject({
      ok: true,
      acceptance: { type: 'A', acceptedQuantity: '998.5', rejectionCause: null, rejectionReason: null },
    });
    expect(acceptanceOfOutcome('A', {}, shipped)).toMatchObject({ ok: false, issues: [{ path: 'acceptedQuantity' }] });
  });
  it('in part: less than shipped, with cause and reason', () => {
    expect(acceptanceOfOutcome('P', { acceptedQuantity: '600', rejectionCause: 'NC', reason: 'materiale estraneo' }, shipped)).toMatchObject({
      ok: true,
      acceptance: { type: 'P', acceptedQuantity: '600', rejectionCause: 'NC' },
    });
    const wrong = acceptanceOfOutcome('P', { acceptedQuantity: '1000' }, shipped);
    expect(wrong.ok ? [] : wrong.issues.map((i) => i.path).sort()).toEqual(['acceptedQuantity', 'reason', 'rejectionCause']);
  });
  it('rejected: cause and reason, no quantity', () => {
    expect(acceptanceOfOutcome('R', { rejectionCause: 'IR', reason: 'non ricevibile' }, shipped)).toMatchObject({ ok: true, acceptance: { type: 'R', acceptedQuantity: null } });
    expect(acceptanceOfOutcome('R', { acceptedQuantity: '5', rejectionCause: 'IR', reason: 'x' }, shipped)).toMatchObject({ ok: false, issues: [{ path: 'acceptedQuantity' }] });
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
