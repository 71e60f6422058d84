import { describe, expect, it } from 'vitest';
import { EER_CODES, eerNeedsDescription, type TEerEntry } from '@app/domain/environmental/waste/eer';
import { checkWasteForm, RECEIVER_AUTHORIZATION_TYPES, WASTE_OPERATIONS } from '@app/domain/environmental/waste/form-rules';
import { ZFormCreate } from '@app/domain/environmental/waste/form-schemas';
import { buildRentriFir } from '@app/domain/environmental/waste/rentri';
import { columnsOf, factsOf, formToRecord, type TFormRow } from '../forms.ts';
import { loadRentriFormulari, rentriValidator } from './test-rentri-schema.ts';
import { DEMO_FORM_INPUTS } from '../../../../seed/forms-demo.ts';

/*
 * Every form the product accepts -> a body RENTRI's own schema (the vendored formulari.yaml, judged by
 * Ajv) accepts. The space is the form validator's: every EER code of the list (hazardous or not,
 * mirror, ending in 99), each unit, physical state, origin, operation, transport type and number of
 * transporters, Italian and foreign parties, intermediaries, ADR, bulk or packages, the demo's forms.
 */

const validate = rentriValidator('NuovoFormularioModel');
const ORDER = '00000000-0000-4000-8000-000000000001';

const ROMA = { city: 'Roma', street: 'Via Cristoforo Colombo', streetNumber: '440', postalCode: '00145', cityCode: '058091' };
const producer = { name: 'Consorzio Autostrade Tirreniche', taxCode: '00743110157', address: ROMA, siteRegistrationNumber: 'OP0012ABC000321-RM0001', productionSite: 'Cantiere Monte Altino' };
const transporter = { name: 'Autotrasporti Formia S.r.l.', taxCode: '00743110157', registrationNumber: 'RM/012345' };
const receiver = { name: 'Recuperi Inerti Lazio S.r.l.', taxCode: '00743110157', address: { ...ROMA, city: 'Aprilia', cityCode: '059001' }, authorization: 'AUT-208/2023' };

/** A product-accepted form for this EER entry: what the validator asks of its kind, nothing more. */
function inputFor(entry: TEerEntry, overrides: Record<string, unknown> = {}) {
  return {
    code: 'XRBC 000777 HF',
    orderId: ORDER,
    referencePeriodFrom: '2026-11-01',
    referencePeriodTo: '2026-11-15',
    origin: 'S',
    cer: entry.code,
    ...(eerNeedsDescription(entry.code) ? { cerDescription: 'Fanghi misti di cantiere' } : {}),
    ...(entry.hazardous ? { dangerClass: ['HP05', 'HP14'] } : {}),
    ...(entry.mirror ? { certificate: { type: 'Analisi', number: 'RDP-LAZ-2026-0142', date: '2026-10-30' } } : {}),
    physicalState: 'S',
    quantity: { value: '12500.25', unit: 'kg' },
    bulk: true,
    producer,
    transporters: [transporter],
    receiver,
    wasteDestination: 'R5',
    ...overrides,
  };
}

/** The record the API answers for this input, as the product would store it (refused input fails the test). */
function recordOf(raw: unknown) {
  const input = ZFormCreate.parse(raw);
  const values = columnsOf(input);
  const row = {
    ...values,
    id: '00000000-0000-4000-8000-000000000002',
    createdAt: new Date('2026-11-01T08:00:00Z'),
    updatedAt: new Date('2026-11-01T08:00:00Z'),
    lotId: ORDER,
    targetAgencyId: ORDER,
    status: 'compiled',
  } as TFormRow;
  expect(checkWasteForm(factsOf(row))).toEqual([]);
  return formToRecord(row);
}

function expectRentriAccepts(raw: unknown) {
  const built = buildRentriFir(recordOf(raw));
  if (!built.ok) throw new Error(`not built: ${JSON.stringify(built.missing)}`);
  const ok = validate(built.body);
  if (!ok) throw new Error(`RENTRI's schema refuses ${JSON.stringify(built.body)}: ${JSON.stringify(validate.errors)}`);
  return built.body;
}

const kinds = {
  hazardous: EER_CODES.find((e) => e.hazardous && !e.mirror)!,
  nonHazardous: EER_CODES.find((e) => !e.hazardous && !e.mirror && !eerNeedsDescription(e.code))!,
  mirrorHazardous: EER_CODES.find((e) => e.hazardous && e.mirror)!,
  mirrorNonHazardous: EER_CODES.find((e) => !e.hazardous && e.mirror)!,
  endingIn99: EER_CODES.find((e) => eerNeedsDescription(e.code))!,
};

describe("RENTRI's create-FIR body against the vendored formulari.yaml", () => {
  it('is the file of the version the README names', () => {
    expect(loadRentriFormulari().info.version).toBe('1.0.20260119-862');
  });

  it('every EER code of the list, with what its kind needs, gives a body RENTRI accepts', () => {
    for (const entry of EER_CODES) expectRentriAccepts(inputFor(entry));
  });

  it('each kind of code × unit × physical state × origin × bulk or packages × ADR', () => {
    let count = 0;
    for (const entry of Object.values(kinds))
      for (const unit of ['kg', 'l'])
        for (const physicalState of ['SP', 'S', 'FP', 'L', 'VS'])
          for (const origin of ['U', 'S'])
            for (const packing of [{ bulk: true }, { bulk: false, packages: 3 }])
              for (const adr of [{ adr: false }, { adr: true, adrData: { unNumber: '3082', class: '9', notes: 'Quantità limitata' } }]) {
                const body = expectRentriAccepts(inputFor(entry, { quantity: { value: '420.25', unit }, physicalState, origin, ...packing, ...adr }));
                expect(body.dati_partenza.rifiuto.caratteristiche_pericolo === undefined).toBe(!entry.hazardous);
                count++;
              }
    expect(count).toBe(5 * 2 * 5 * 2 * 2 * 2);
  });

  it('each operation and authorization type, each transport type, one to three transporters, intermediaries, foreign parties', () => {
    for (const wasteDestination of WASTE_OPERATIONS) expectRentriAccepts(inputFor(kinds.nonHazardous, { wasteDestination }));
    for (const authorizationType of RECEIVER_AUTHORIZATION_TYPES) expectRentriAccepts(inputFor(kinds.nonHazardous, { receiver: { ...receiver, authorizationType } }));
    const driven = {
      ...transporter,
      driverName: 'Luca',
      driverSurname: 'Autiere',
      vehiclePlate: 'FX123AB',
      trailerPlate: 'AB12345',
      route: 'A1, uscita Frosinone',
      startAt: '2026-11-03T07:30:00+01:00',
    };
    for (const transportType of ['Terrestre', 'Ferroviario', 'Marittimo'])
      for (const [transporters, roadDataSent] of [
        [[{ ...transporter, transportType }], false],
        [[{ ...driven, transportType }, transporter], transportType === 'Terrestre'],
        [[transporter, { ...transporter, transportType }, driven], false],
      ] as const) {
        const body = expectRentriAccepts(inputFor(kinds.mirrorHazardous, { transporters }));
        expect(body.dati_partenza.trasportatori).toHaveLength(transporters.length);
        // The first transport's data only when RENTRI's road model is complete: a driver and a start.
        expect(body.dati_trasporto_partenza !== undefined).toBe(roadDataSent);
      }
    const foreign = { name: 'Entsorgung GmbH', taxCode: 'DE123456789', nationId: 'DE', address: { city: 'München', street: 'Hauptstraße', streetNumber: '1', postalCode: '80331' } };
    const body = expectRentriAccepts(inputFor(kinds.hazardous, { receiver: foreign, intermediaries: [transporter, { ...foreign, registrationNumber: null }] }));
    expect(body.dati_partenza.destinatario.indirizzo.citta).toEqual({ nazione_id: 'DE', nome_citta: 'München' });
    expect(body.dati_partenza.intermediari).toHaveLength(2);
  });

  it("every demo form gives a body RENTRI accepts, with the form's own values", () => {
    for (const demo of DEMO_FORM_INPUTS) {
      const body = expectRentriAccepts({ ...demo, orderId: ORDER });
      expect(body.dati_partenza.numero_fir).toBe(demo.code);
    }
  });

  it('lists what RENTRI needs and the form lacks, without inventing it', () => {
    const bare = { name: 'Consorzio', taxCode: '00743110157', address: { city: 'Roma', street: 'Via Roma' } };
    const built = buildRentriFir(recordOf(inputFor(kinds.nonHazardous, { producer: bare, receiver: { ...bare, address: null }, bulk: false })));
    expect(built.ok).toBe(false);
    expect(built.ok ? [] : built.missing.map((m) => m.path).sort()).toEqual(['packages', 'producer.address.cityCode', 'producer.siteRegistrationNumber', 'receiver.address']);
    const wrongSite = buildRentriFir(recordOf(inputFor(kinds.nonHazardous, { producer: { ...producer, siteRegistrationNumber: 'SITE-1' } })));
    expect(wrongSite.ok ? [] : wrongSite.missing).toEqual([expect.objectContaining({ path: 'producer.siteRegistrationNumber', value: 'SITE-1' })]);
  });

  it('keeps the exact quantity and the analysis date in Rome', () => {
    const body = expectRentriAccepts(
      inputFor(kinds.mirrorNonHazardous, { quantity: { value: '9999999999.9999', unit: 'kg' }, certificate: { type: 'Classificazione', number: 'CL-1', date: '2026-07-01' } }),
    );
    expect(body.dati_partenza.rifiuto.quantita).toEqual({ valore: 9999999999.9999, unita_misura: 'kg' });
    expect(JSON.stringify(body.dati_partenza.rifiuto.quantita.valore)).toBe('9999999999.9999');
    expect(body.dati_partenza.rifiuto.analisi_classificazione).toEqual({ tipo: 'Classificazione', numero: 'CL-1', data: '2026-07-01T00:00:00+02:00' });
  });

  it("RENTRI's schema is a real judge: it refuses a wrong site number, an unknown state and a null quantity", () => {
    const body = expectRentriAccepts(inputFor(kinds.nonHazardous));
    expect(validate({ ...body, num_iscr_sito: 'OP12' })).toBe(false);
    expect(validate({ ...body, dati_partenza: { ...body.dati_partenza, rifiuto: { ...body.dati_partenza.rifiuto, stato_fisico: 'X' } } })).toBe(false);
    expect(validate({ ...body, dati_partenza: { ...body.dati_partenza, rifiuto: { ...body.dati_partenza.rifiuto, quantita: { valore: null, unita_misura: 'kg' } } } })).toBe(false);
    expect(
      validate({
        ...body,
        dati_partenza: { ...body.dati_partenza, destinatario: { ...body.dati_partenza.destinatario, indirizzo: { citta: { nazione_id: 'it', nome_citta: 'Roma' }, indirizzo: 'Via' } } },
      }),
    ).toBe(false);
  });
});
