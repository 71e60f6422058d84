import { eq } from 'drizzle-orm';
import { checkWasteForm } from '@app/domain/environmental/waste/form-rules';
import { ZFormCreate, type TFormStatus } from '@app/domain/environmental/waste/form-schemas';
import { luhnCheckDigit } from '@app/domain/platform/identifiers/partita-iva';
import { agencies, orders, wasteForms } from '../db/schema/index.ts';
import type { TTx } from '../db/client.ts';
import type { TDemoSeeder } from './demo.ts';
import { columnsOf, factsOf } from '../modules/environmental/forms/forms.ts';

/**
 * Waste forms of the demo: Edil Strade Tirrenia (agency@demo.test) and Ecologia Garigliano
 * (agency3@demo.test) on their orders, in RENTRI's states (compiled, compiled sent back with a
 * reason, signed by the producer, accepted, rejected at destination), with non-hazardous, hazardous and mirror EER codes, kg and litres, an ADR load,
 * and one load rejected at destination for non-conformity. Each goes through the API's schema and
 * RENTRI checks, so the demo cannot hold a form the product would refuse.
 */

const piva = (taxpayer: number, office = '058') => {
  const first10 = `${String(taxpayer).padStart(7, '0')}${office}`;
  return first10 + luhnCheckDigit(first10);
};

const CONSORTIUM = {
  name: 'Consorzio Autostrade Tirreniche',
  taxCode: piva(7654321),
  address: { city: 'Roma', street: 'Via Cristoforo Colombo', streetNumber: '440', postalCode: '00145', cityCode: '058091' },
};
const TRANSPORTER = {
  name: 'Autotrasporti Formia S.r.l.',
  taxCode: piva(5566778),
  registrationNumber: 'RM/012345',
  address: { city: 'Formia', street: 'Via Vitruvio', streetNumber: '12', postalCode: '04023', cityCode: '059008' },
  driverName: 'Luca',
  driverSurname: 'Autiere',
  vehiclePlate: 'FX123AB',
};
const LANDFILL = {
  name: 'Recuperi Inerti Lazio S.r.l.',
  taxCode: piva(6677889),
  address: { city: 'Aprilia', street: 'Via del Campo', streetNumber: '3', postalCode: '04011', cityCode: '059001' },
  authorization: 'AUT-208/2023',
  authorizationType: 'RecSmalArt208',
};
const OIL_PLANT = {
  name: 'Rigenera Oli Centro Italia S.r.l.',
  taxCode: piva(7788990),
  address: { city: 'Ceccano', street: 'Via Gaeta', streetNumber: '91', postalCode: '03023', cityCode: '060019' },
  authorizationType: 'AIA',
};

type TDemoForm = { agency: 'edil' | 'eco'; order: string; status: TFormStatus; rejectionReason?: string; input: Record<string, unknown> };

const FORMS: TDemoForm[] = [
  {
    agency: 'edil',
    order: 'ODL 01/2025 - Scavo galleria Monte Altino',
    status: 'compiled',
    input: {
      code: 'XRBC 000101 HF',
      referencePeriodFrom: '2026-10-01',
      referencePeriodTo: '2026-10-31',
      wbs: 'GAL.01.SCAVO',
      origin: 'S',
      cer: '170504',
      physicalState: 'S',
      quantity: { value: '25000.5', unit: 'kg' },
      certificate: { type: 'Analisi', number: 'RDP-LAZ-2026-0142', date: '2026-09-25' },
      bulk: true,
      wasteDestination: 'R5',
    },
  },
  {
    agency: 'edil',
    order: 'ODL 02/2025 - Trasporto terre a sito di deposito',
    status: 'producerSigned',
    input: {
      code: 'XRBC 000102 HF',
      referencePeriodFrom: '2026-09-01',
      referencePeriodTo: '2026-09-30',
      origin: 'S',
      cer: '170302',
      physicalState: 'S',
      quantity: { value: '18250.75', unit: 'kg' },
      certificate: { type: 'Classificazione', number: 'CL-2026-031', date: '2026-08-28' },
      bulk: true,
      wasteDestination: 'R5',
    },
  },
  {
    agency: 'edil',
    order: 'ODL 01/2025 - Scavo galleria Monte Altino',
    status: 'compiled',
    rejectionReason: 'Manca la data delle analisi: indicare la data del rapporto di prova.',
    input: {
      code: 'XRBC 000103 HF',
      referencePeriodFrom: '2026-10-15',
      referencePeriodTo: '2026-10-20',
      origin: 'S',
      cer: '170503',
      dangerClass: ['HP07', 'HP14'],
      physicalState: 'S',
      quantity: { value: '6400', unit: 'kg' },
      certificate: { type: 'Analisi', number: 'RDP-LAZ-2026-0150' },
      bulk: true,
      wasteDestination: 'D1',
    },
  },
  {
    agency: 'eco',
    order: 'ODL 03/2025 - Gestione rifiuti di cantiere',
    status: 'rejected',
    input: {
      code: 'XRBC 000104 HF',
      referencePeriodFrom: '2026-10-05',
      referencePeriodTo: '2026-10-05',
      origin: 'S',
      cer: '170904',
      physicalState: 'S',
      quantity: { value: '9800', unit: 'kg' },
      certificate: { type: 'Classificazione', number: 'CL-2026-044', date: '2026-10-01' },
      bulk: true,
      wasteDestination: 'R13',
      acceptance: { type: 'R', rejectionCause: 'NC', rejectionReason: 'Presenza di materiale isolante non dichiarato', arrivedAt: '2026-10-05T14:10:00Z' },
    },
  },
  {
    agency: 'eco',
    order: 'ODL 03/2025 - Gestione rifiuti di cantiere',
    status: 'accepted',
    input: {
      code: 'XRBC 000105 HF',
      referencePeriodFrom: '2026-10-01',
      referencePeriodTo: '2026-10-31',
      origin: 'S',
      cer: '130205',
      dangerClass: ['HP05', 'HP14'],
      physicalState: 'L',
      quantity: { value: '420.25', unit: 'l' },
      packages: 2,
      adr: true,
      adrData: { unNumber: '3082', class: '9' },
      wasteDestination: 'R9',
      receiver: OIL_PLANT,
      acceptance: { type: 'A', acceptedQuantity: '380.4', arrivedAt: '2026-10-29T10:00:00Z' },
    },
  },
  {
    agency: 'eco',
    order: 'ODL 03/2025 - Gestione rifiuti di cantiere',
    status: 'compiled',
    input: {
      code: 'XRBC 000106 HF',
      referencePeriodFrom: '2026-11-02',
      referencePeriodTo: '2026-11-06',
      origin: 'S',
      cer: '150106',
      physicalState: 'S',
      quantity: { value: '310.5', unit: 'kg' },
      packages: 12,
      wasteDestination: 'R13',
    },
  },
];

/** The consortium's production site, with its RENTRI site number (a demo value in RENTRI's format). */
const PRODUCER = { ...CONSORTIUM, productionSite: 'Cantiere galleria Monte Altino, Formia (LT)', siteRegistrationNumber: 'OP0058ABC000123-LT0001' };

/** The demo forms' bodies as the API takes them, without the order (tests build RENTRI bodies from them). */
export const DEMO_FORM_INPUTS: Record<string, unknown>[] = FORMS.map((form) => ({ producer: PRODUCER, transporters: [TRANSPORTER], receiver: LANDFILL, ...form.input }));

export const seedFormsDemo: TDemoSeeder = async (tx: TTx, people) => {
  const agencyByName = async (name: string) => (await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.businessName, name)))[0]?.id;
  const agencyIds = { edil: await agencyByName('Edil Strade Tirrenia S.p.A.'), eco: await agencyByName('Ecologia Garigliano S.r.l.') };
  const createdBy = { edil: people['agency@demo.test'], eco: null };
  for (const form of FORMS) {
    const [order] = await tx.select({ id: orders.id, lotId: orders.lotId }).from(orders).where(eq(orders.name, form.order));
    const input = ZFormCreate.parse({ orderId: order.id, producer: PRODUCER, transporters: [TRANSPORTER], receiver: LANDFILL, ...form.input });
    const values = columnsOf(input);
    const issues = checkWasteForm(factsOf(values as never));
    if (issues.length) throw new Error(`demo form ${String(form.input.code)}: ${JSON.stringify(issues)}`);
    const reviewedAt = new Date(`${form.input.referencePeriodTo as string}T16:00:00Z`);
    await tx.insert(wasteForms).values({
      ...(values as Required<typeof values>),
      targetAgencyId: agencyIds[form.agency],
      lotId: order.lotId,
      status: form.status,
      createdById: createdBy[form.agency],
      // Signed by the producer at 8 in the morning of the first day, left at 9, the outcome when the load arrived.
      ...(form.status === 'compiled' ? {} : { approvedAt: new Date(`${input.referencePeriodFrom}T06:00:00Z`), approvedById: people['admin@demo.test'] }),
      ...(input.acceptance ? { transportStartedAt: new Date(`${input.referencePeriodFrom}T07:00:00Z`), outcomeAt: new Date(input.acceptance.arrivedAt ?? reviewedAt) } : {}),
      ...(form.rejectionReason ? { rejectionReason: form.rejectionReason, rejectedAt: reviewedAt } : {}),
    });
  }
};
