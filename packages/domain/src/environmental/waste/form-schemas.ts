import { z } from 'zod';
import { normalizeCodiceFiscale } from '../../platform/identifiers/index.ts';
import { ZDateString, ZRecordBase } from '../../platform/records/index.ts';
import { ZOptionalText, ZRequiredText } from '../fields.ts';
import { normalizeEerCode } from './eer.ts';
import { ISTAT_COMUNE_CODE } from './rentri-codes.ts';
import {
  ACCEPTANCE_TYPES,
  ALBO_NUMBER,
  ANALYSIS_TYPES,
  checkPartyTaxCode,
  HAZARD_PROPERTIES,
  isValidFirNumber,
  normalizeFirNumber,
  normalizeHazardProperty,
  parseQuantity,
  PHYSICAL_STATES,
  QUANTITY_UNITS,
  RECEIVER_AUTHORIZATION_TYPES,
  REJECTION_CAUSES,
  TRANSPORT_TYPES,
  WASTE_OPERATIONS,
  WASTE_ORIGINS,
} from './form-rules.ts';

/*
 * The waste form (formulario, FIR) as the API takes and gives it. Every field maps one to one onto
 * RENTRI's FIR (`formulari` v1.0, NuovoFormularioModel): the RENTRI name is in each description.
 * Codes keep RENTRI's values (origin U/S, physical state SP/S/FP/L/VS, acceptance A/P/R...).
 */

/** RENTRI's FIR states where the product's overlap (see form-flow.ts): a record's `rentriState`. */
export const FORM_STATUSES = ['compiled', 'producerSigned', 'inTransport', 'accepted', 'partiallyAccepted', 'rejected', 'cancelled'] as const;
export type TFormStatus = (typeof FORM_STATUSES)[number];

/**
 * The form status the specification names, a record's `status`: `pending` until the consortium (the
 * producer) signs it, `approved` once signed, whatever happened after. Clients written from the
 * specification keep working; `rentriState` says where the form is on RENTRI's states.
 */
export const FORM_SPEC_STATUSES = ['pending', 'approved'] as const;
export type TFormSpecStatus = (typeof FORM_SPEC_STATUSES)[number];

/** `status` of a form in `state`; `signed` is whether the producer's signature stands (approvedAt is set). */
export const specStatusOf = (state: TFormStatus, signed: boolean): TFormSpecStatus => (state === 'compiled' || (state === 'cancelled' && !signed) ? 'pending' : 'approved');

const ZQuantityValue = z
  .union([z.string(), z.number()])
  .transform((value, ctx) => {
    const parsed = parseQuantity(value);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return parsed.value;
  })
  .describe('Up to 10 integer and 4 decimal digits, as a string ("1250.5"); kept exactly');

export const ZQuantity = z.object({
  value: ZQuantityValue.describe('quantita.valore'),
  unit: z.enum(QUANTITY_UNITS).describe('quantita.unita_misura: kg or l'),
});

export const ZAddress = z.object({
  city: ZRequiredText(100).describe('indirizzo.citta (comune or foreign city)'),
  street: ZRequiredText(100).describe('indirizzo.indirizzo'),
  streetNumber: ZOptionalText(20).describe('indirizzo.civico'),
  postalCode: ZOptionalText(10).describe('indirizzo.cap: 5 digits in Italy'),
  cityCode: ZOptionalText(6)
    .refine((s) => !s || ISTAT_COMUNE_CODE.test(s), "the comune's ISTAT code has 6 digits")
    .describe("indirizzo.citta.comune_id: the Italian comune's ISTAT code (6 digits), needed by RENTRI"),
});

const ZNation = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'ISO country code, 2 letters')
  .default('IT')
  .describe('nazione_id (ISO 3166 alpha-2)');

const ZAlboNumber = ZOptionalText(20)
  .refine((s) => !s || ALBO_NUMBER.test(s), 'Albo number as XX/123456')
  .describe('numero_iscrizione_albo: XX/123456');

const partyFields = {
  name: ZRequiredText(1000).describe('denominazione'),
  taxCode: z.string().transform(normalizeCodiceFiscale).describe('codice_fiscale: 16-character codice fiscale or 11-digit partita IVA in Italy'),
  nationId: ZNation,
  address: ZAddress.nullable().optional().describe('indirizzo'),
  registrationNumber: ZAlboNumber,
  authorization: ZOptionalText(100).describe('autorizzazione (number)'),
};

/** The tax code is checked against the nation: a codice fiscale or partita IVA in Italy. */
const withTaxCodeCheck = <T extends z.ZodObject<typeof partyFields>>(schema: T) =>
  schema.superRefine((party, ctx) => {
    const message = checkPartyTaxCode(party.taxCode, party.nationId);
    if (message) ctx.addIssue({ code: 'custom', path: ['taxCode'], message });
  });

export const ZProducer = withTaxCodeCheck(
  z.object({
    ...partyFields,
    productionSite: ZOptionalText(300).describe('luogo_produzione'),
    siteRegistrationNumber: ZOptionalText(30).describe('num_iscr_sito'),
  }),
);

export const ZTransporter = withTaxCodeCheck(
  z.object({
    ...partyFields,
    transportType: z.enum(TRANSPORT_TYPES).default('Terrestre').describe('tipo_trasporto'),
    driverName: ZOptionalText(100).describe('conducente.nome'),
    driverSurname: ZOptionalText(100).describe('conducente.cognome'),
    vehiclePlate: ZOptionalText(20).describe('targa_automezzo'),
    trailerPlate: ZOptionalText(20).describe('targa_rimorchio'),
    route: ZOptionalText(500).describe('percorso'),
    startAt: z.iso.datetime({ offset: true }).nullable().optional().describe('data_ora_inizio_trasporto (ISO instant)'),
  }),
);

export const ZReceiver = withTaxCodeCheck(
  z.object({
    ...partyFields,
    authorizationType: z.enum(RECEIVER_AUTHORIZATION_TYPES).nullable().optional().describe('autorizzazione.tipo'),
  }),
);

export const ZIntermediary = withTaxCodeCheck(z.object(partyFields));

export const ZCertificate = z.object({
  type: z.enum(ANALYSIS_TYPES).default('Analisi').describe('analisi_classificazione.tipo'),
  number: ZRequiredText(50).describe('analisi_classificazione.numero (the RDP code for a lab report)'),
  date: ZDateString.nullable().optional().describe('analisi_classificazione.data'),
});

export const ZAdrData = z.object({
  unNumber: ZOptionalText(10).describe('dati_adr.numero_onu'),
  class: ZOptionalText(10).describe('dati_adr.classe'),
  notes: ZOptionalText(500).describe('dati_adr.note'),
});

export const ZAcceptance = z.object({
  type: z.enum(ACCEPTANCE_TYPES).describe('dati_accettazione.tipo_accettazione: A accepted, P partially accepted, R rejected'),
  acceptedQuantity: ZQuantityValue.nullable().optional().describe('quantita_accettata, kg (A and P)'),
  rejectionCause: z.enum(REJECTION_CAUSES).nullable().optional().describe('causale_respingimento: NC non-conformity, IR not receivable, A other (P and R)'),
  rejectionReason: ZOptionalText(500).describe('motivo_respingimento (P and R)'),
  arrivedAt: z.iso.datetime({ offset: true }).nullable().optional().describe('data_ora_arrivo'),
  awaitingAnalysis: z.boolean().default(false).describe('attesa_verifica_analitica'),
});

const ZCer = z
  .string()
  .transform((value, ctx) => {
    const code = normalizeEerCode(value);
    if (!code) {
      ctx.addIssue({ code: 'custom', message: 'an EER code has 6 digits (17 05 04)' });
      return z.NEVER;
    }
    return code;
  })
  .describe('rifiuto.codice_eer: 6 digits, stored without spaces or asterisk ("170504")');

const ZDangerClass = z
  .array(z.string().transform(normalizeHazardProperty))
  .max(15)
  .refine((list) => list.every((hp) => HAZARD_PROPERTIES.includes(hp)), 'hazard properties are HP01 to HP15')
  .refine((list) => new Set(list).size === list.length, 'each hazard property at most once')
  .describe('rifiuto.caratteristiche_pericolo: HP01-HP15, for hazardous codes only');

const formFields = {
  code: z.string().transform(normalizeFirNumber).refine(isValidFirNumber, 'a FIR number as RENTRI gives it: series letters, number, check letters (e.g. XRBC 000123 HF)').describe('numero_fir'),
  contractNumber: ZOptionalText(100).describe('The contract the work falls under'),
  orderId: z.uuid().describe('The order (its lot follows from it)'),
  targetAgencyId: z.uuid().optional().describe("The supplier agency the form belongs to; a supplier's own agency by default"),
  referencePeriodFrom: ZDateString.describe('Reference period, first day'),
  referencePeriodTo: ZDateString.describe('Reference period, last day'),
  wbs: ZOptionalText(100).describe('Work breakdown element of the site'),
  origin: z.enum(WASTE_ORIGINS).describe('rifiuto.provenienza: U urban, S special'),
  cer: ZCer,
  cerDescription: ZOptionalText(500).describe('rifiuto.descrizione: required for codes ending in 99'),
  dangerClass: ZDangerClass.default([]),
  physicalState: z.enum(PHYSICAL_STATES).describe('rifiuto.stato_fisico: SP powder, S solid, FP sludge, L liquid, VS viscous'),
  quantity: ZQuantity,
  verifiedAtDeparture: z.boolean().default(false).describe('verificato_in_partenza'),
  packages: z.number().int().min(1).max(99999).nullable().optional().describe('numero_colli'),
  bulk: z.boolean().default(false).describe('rinfusa'),
  chemicalPhysicalCharacteristics: ZOptionalText(500).describe('caratteristiche_chimico_fisiche'),
  adr: z.boolean().default(false).describe('trasporto_adr'),
  adrData: ZAdrData.nullable().optional().describe('dati_adr, only when adr is true'),
  certificate: ZCertificate.nullable().optional().describe('rifiuto.analisi_classificazione: required for mirror codes'),
  analysisRdpId: z.uuid().nullable().optional().describe('The RDP (lab test report) the analysis reference points to'),
  producer: ZProducer.describe('produttore'),
  transporters: z.array(ZTransporter).min(1, 'at least one transporter').max(10).describe('trasportatori'),
  receiver: ZReceiver.describe('destinatario'),
  wasteDestination: z
    .string()
    .trim()
    .toUpperCase()
    .refine((s) => WASTE_OPERATIONS.includes(s), 'a recovery (R1-R13) or disposal (D1-D15) operation')
    .describe('destinatario.attivita: R1-R13 or D1-D15'),
  intermediaries: z.array(ZIntermediary).max(10).default([]).describe('intermediari'),
  acceptance: ZAcceptance.nullable().optional().describe('dati_accettazione: filled in when the load reaches the receiver'),
  notes: ZOptionalText(2000),
};

export const ZFormCreate = z.object(formFields);
/** A partial update; the rules across fields are checked on the form as it will be saved. */
export const ZFormUpdate = z
  .object({ ...formFields, dangerClass: ZDangerClass, verifiedAtDeparture: z.boolean(), bulk: z.boolean(), adr: z.boolean(), intermediaries: z.array(ZIntermediary).max(10) })
  .partial();

const ZPartyOut = z.object({
  name: z.string(),
  taxCode: z.string(),
  nationId: z.string(),
  address: z.object({ city: z.string(), street: z.string(), streetNumber: z.string().nullable(), postalCode: z.string().nullable(), cityCode: z.string().nullable().optional() }).nullable(),
  registrationNumber: z.string().nullable(),
  authorization: z.string().nullable(),
});

export const ZFormDocumentSignature = z.object({
  signers: z.array(
    z.object({
      name: z.string(),
      codiceFiscale: z.string().nullable(),
      signingTime: z.string().nullable(),
      notBefore: z.string(),
      notAfter: z.string(),
      validNow: z.boolean(),
      trusted: z.boolean().nullable().describe('null: no trust list configured'),
    }),
  ),
  warnings: z.array(z.object({ code: z.string(), message: z.string() })),
  contentSha256: z.string().describe('SHA-256 of the signed document inside the envelope'),
});

export const ZFormDocument = z.object({
  uploadId: z.string().describe('GET /api/uploads/{uploadId}/download'),
  fileName: z.string(),
  format: z.enum(['pdf', 'p7m']),
  uploadedAt: z.string(),
  signature: ZFormDocumentSignature.nullable().describe('For a .p7m: its verified signers and the warnings (expired, untrusted...)'),
});

export const ZFormRecord = ZRecordBase.extend({
  code: z.string(),
  contractNumber: z.string().nullable(),
  orderId: z.string(),
  lotId: z.string(),
  targetAgencyId: z.string(),
  referencePeriodFrom: z.string(),
  referencePeriodTo: z.string(),
  wbs: z.string().nullable(),
  origin: z.enum(WASTE_ORIGINS),
  cer: z.string(),
  cerDisplay: z.string().describe('17 05 03*'),
  cerDescription: z.string().nullable(),
  hazardous: z.boolean(),
  mirror: z.boolean(),
  dangerClass: z.array(z.string()),
  physicalState: z.enum(PHYSICAL_STATES),
  quantity: z.object({ value: z.string(), unit: z.enum(QUANTITY_UNITS) }),
  verifiedAtDeparture: z.boolean(),
  packages: z.number().nullable(),
  bulk: z.boolean(),
  chemicalPhysicalCharacteristics: z.string().nullable(),
  adr: z.boolean(),
  adrData: z.object({ unNumber: z.string().nullable(), class: z.string().nullable(), notes: z.string().nullable() }).nullable(),
  certificate: z.object({ type: z.enum(ANALYSIS_TYPES), number: z.string(), date: z.string().nullable() }).nullable(),
  analysisRdpId: z.string().nullable(),
  producer: ZPartyOut.extend({ productionSite: z.string().nullable(), siteRegistrationNumber: z.string().nullable() }),
  transporters: z.array(
    ZPartyOut.extend({
      transportType: z.enum(TRANSPORT_TYPES),
      driverName: z.string().nullable(),
      driverSurname: z.string().nullable(),
      vehiclePlate: z.string().nullable(),
      trailerPlate: z.string().nullable(),
      route: z.string().nullable(),
      startAt: z.string().nullable(),
    }),
  ),
  receiver: ZPartyOut.extend({ authorizationType: z.enum(RECEIVER_AUTHORIZATION_TYPES).nullable() }),
  wasteDestination: z.string(),
  intermediaries: z.array(ZPartyOut),
  acceptance: z
    .object({
      type: z.enum(ACCEPTANCE_TYPES),
      acceptedQuantity: z.string().nullable(),
      rejectionCause: z.enum(REJECTION_CAUSES).nullable(),
      rejectionReason: z.string().nullable(),
      arrivedAt: z.string().nullable(),
      awaitingAnalysis: z.boolean(),
    })
    .nullable(),
  notes: z.string().nullable(),
  document: ZFormDocument.nullable().describe('The signed FIR document'),
  status: z.enum(FORM_SPEC_STATUSES).describe('pending until the consortium (the producer) signs the form, approved once signed'),
  rentriState: z.enum(FORM_STATUSES).describe("Where the form is on RENTRI's FIR states: compiled, producerSigned, inTransport, accepted, partiallyAccepted, rejected, cancelled"),
  rejectionReason: z.string().nullable().describe("The consortium's reason when it sent the form back (the form stays pending)"),
  rejectedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  approvedById: z.string().nullable(),
  revokeReason: z.string().nullable(),
  createdById: z.string().nullable(),
  ncaReportId: z.string().nullable().describe('The NCA report opened from this form, if any'),
  transportStartedAt: z.string().nullable().optional().describe('When the load left (startTransport)'),
  outcomeAt: z.string().nullable().optional().describe("When the destination's outcome was recorded (accept, acceptInPart, refuse)"),
  cancelReason: z.string().nullable().optional(),
  cancelledAt: z.string().nullable().optional(),
});

/** The destination's outcome, the body of accept / acceptInPart / refuse (acceptInPart and refuse also need `reason`). */
export const ZDestinationOutcome = z.object({
  acceptedQuantity: ZQuantityValue.nullable().optional().describe('quantita_accettata: the quantity taken at destination, in the unit of the form (accept, acceptInPart)'),
  rejectionCause: z.enum(REJECTION_CAUSES).nullable().optional().describe('causale_respingimento: NC, IR or A (acceptInPart, refuse)'),
  reason: z.string().trim().max(500).optional().describe('motivo_respingimento (acceptInPart, refuse)'),
  arrivedAt: z.iso.datetime({ offset: true }).nullable().optional().describe('data_ora_arrivo'),
  awaitingAnalysis: z.boolean().optional().describe('attesa_verifica_analitica'),
});
export type TDestinationOutcomeInput = z.infer<typeof ZDestinationOutcome>;

export type TFormCreate = z.infer<typeof ZFormCreate>;
export type TFormUpdate = z.infer<typeof ZFormUpdate>;
export type TFormRecord = z.infer<typeof ZFormRecord>;
export type TFormParty = z.infer<typeof ZIntermediary>;
export type TFormProducer = z.infer<typeof ZProducer>;
export type TFormTransporter = z.infer<typeof ZTransporter>;
export type TFormReceiver = z.infer<typeof ZReceiver>;
export type TFormAcceptance = z.infer<typeof ZAcceptance>;

/** One line of the totals: quantity per EER code, unit and month of the reference period. */
export const ZFormTotal = z.object({
  cer: z.string(),
  cerDisplay: z.string(),
  unit: z.enum(QUANTITY_UNITS),
  period: z.string().describe('YYYY-MM, the month the reference period starts in'),
  quantity: z.string().describe('Exact sum, decimal string'),
  forms: z.number(),
});
export type TFormTotal = z.infer<typeof ZFormTotal>;
