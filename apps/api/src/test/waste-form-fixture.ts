/*
 * A valid waste form as a supplier's client sends it (POST /api/forms), for the API tests of forms and
 * of the generic layers that run on them (bulk actions, history). Each call takes a new FIR number:
 * the number is unique per database.
 */

export const TEST_PARTY = { name: 'Consorzio Autostrade Tirreniche', taxCode: '00743110157', address: { city: 'Roma', street: 'Via Cristoforo Colombo', streetNumber: '440', postalCode: '00145' } };

let serial = 500;

/** A complete form of the demo order `orderId` (17 05 04, 12,500.25 kg to R5); `overrides` replace top-level fields. */
export function wasteFormBody(orderId: string, overrides: Record<string, unknown> = {}) {
  return {
    code: `XRBC ${String(serial++).padStart(6, '0')} HF`,
    orderId,
    referencePeriodFrom: '2026-11-01',
    referencePeriodTo: '2026-11-15',
    origin: 'S',
    cer: '17 05 04',
    physicalState: 'S',
    quantity: { value: '12500.25', unit: 'kg' },
    certificate: { type: 'Analisi', number: 'RDP-1', date: '2026-10-30' },
    producer: TEST_PARTY,
    transporters: [{ ...TEST_PARTY, name: 'Autotrasporti Formia S.r.l.', registrationNumber: 'RM/012345' }],
    receiver: { ...TEST_PARTY, name: 'Recuperi Inerti Lazio S.r.l.' },
    wasteDestination: 'R5',
    ...overrides,
  };
}
