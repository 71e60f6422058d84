import { z } from 'zod';
import { isValidPersonalCodiceFiscale, normalizeCodiceFiscale } from '@app/domain/platform/identifiers/codice-fiscale';
import type { TStayCategory, TStayGuestLine, TStayNight, TStayTax } from '@app/domain/tourist-tax/types';
import { stays } from '../../../db/schema/index.ts';
import { ZDateString, ZRecordBase } from '../../../lib/schemas.ts';
import { ZEmailField, ZEuros, ZOptionalText, ZPhone, ZRequiredName, ZTaxCode, ZVatNumber, toEuros, toPercent } from '../registry/fields.ts';
import { breakdownOfStored } from './stored-breakdown.ts';

/** API shapes of a stay: the input a client sends, the computation the engine returns, the record. */

const ZPersonalTaxCode = z
  .string()
  .max(16)
  .nullable()
  .optional()
  .transform((s) => (s === undefined ? undefined : s === null || s.trim() === '' ? null : normalizeCodiceFiscale(s)))
  .refine((s) => s === undefined || s === null || isValidPersonalCodiceFiscale(s), 'validation.taxCode: not a valid codice fiscale (check character)');

export const ZGuest = z.object({
  name: ZRequiredName,
  surname: ZRequiredName,
  taxCode: ZPersonalTaxCode,
  sex: z.enum(['M', 'F']).nullable().optional(),
  birthDate: ZDateString.nullable().optional(),
  birthCountry: ZOptionalText(100),
  birthPlace: ZOptionalText(100),
  birthProvince: ZOptionalText(50),
  citizenship: ZOptionalText(100),
  city: ZOptionalText(100),
  province: ZOptionalText(50),
  country: ZOptionalText(100),
  address: ZOptionalText(300),
  postalCode: ZOptionalText(20),
  email: ZEmailField,
  phone: ZPhone,
  documentType: ZOptionalText(50),
  documentNumber: ZOptionalText(50),
  documentIssuePlace: ZOptionalText(100).describe('Where the document was issued: an Alloggiati Web place code (GET /api/alloggiati-codes?kind=place) or its name'),
  resident: z.boolean().nullable().optional().describe("Resident of the structure's comune (the comune's resident exemption applies)"),
  tourLeader: z.boolean().nullable().optional().describe("Tour leader of a group (the comune's tour-leader exemption applies)"),
});

/** What the live preview needs of a guest; the form may still be incomplete. */
const ZPreviewGuest = z.object({
  name: z.string().max(200).optional(),
  surname: z.string().max(200).optional(),
  taxCode: z.string().max(16).nullable().optional(),
  birthDate: ZDateString.nullable().optional(),
  resident: z.boolean().nullable().optional(),
  tourLeader: z.boolean().nullable().optional(),
});

export const ZInvoice = z.object({
  name: ZRequiredName.describe('Company or person invoiced'),
  taxCode: ZTaxCode,
  vatNumber: ZVatNumber,
  address: ZOptionalText(300),
  cap: ZOptionalText(10),
  city: ZOptionalText(100),
  officeCity: ZOptionalText(100),
  country: ZOptionalText(100),
  email: ZEmailField,
  emailPec: ZEmailField,
  phone: ZPhone,
  fax: ZPhone,
});

const ZCount = z.number().int('must be a whole number').min(0).max(10_000);

export const ZStayInput = z.object({
  structureId: z.uuid(),
  checkIn: ZDateString,
  checkOut: ZDateString.describe('After checkIn; the stay belongs to the year (and quarter) of its checkOut'),
  componentsNumber: z.number().int('must be a whole number').min(1, 'validation.guests: at least 1').max(10_000).describe('Number of guests'),
  guest: ZGuest.describe('Lead guest'),
  guests: z.array(ZGuest).max(500).optional().describe('The other guests of the stay (at most componentsNumber - 1); age, resident and tour-leader rules apply to them'),
  hasInvoice: z.boolean().optional(),
  invoice: ZInvoice.nullable().optional().describe('Required when hasInvoice'),
  paymentStatus: z.enum(['paid', 'not_paid']).optional().describe('Default paid'),
  noPaymentReason: ZOptionalText(1000).describe('Required when not_paid'),
  attachments: z.array(z.uuid()).max(20).optional().describe('Upload ids'),
  appliedExemptions: z
    .array(z.object({ exemptionId: z.uuid(), count: ZCount }))
    .max(50)
    .optional(),
  appliedReductions: z
    .array(z.object({ reductionId: z.uuid(), count: ZCount }))
    .max(50)
    .optional(),
  accommodationAmount: ZEuros.nullable().optional().describe('Price of the stay, tax excluded; required by percentage tariffs'),
  nightlyPrices: z.array(ZEuros).max(366).nullable().optional().describe('Price of each night (all guests, euros) when it varies; one per night; used by percentage tariffs'),
  notes: ZOptionalText(2000),
  partyKind: z.enum(['family', 'group']).nullable().optional().describe("For the questura's file (Alloggiati Web): the guests travel as a family (17/19, the default) or a group (18/20)"),
});

export const ZStayPreviewInput = ZStayInput.pick({
  structureId: true,
  checkIn: true,
  checkOut: true,
  componentsNumber: true,
  appliedExemptions: true,
  appliedReductions: true,
  accommodationAmount: true,
  nightlyPrices: true,
}).extend({
  guest: ZPreviewGuest.optional().describe('Lead guest as typed so far (birth date, resident, tour leader)'),
  guests: z.array(ZPreviewGuest).max(500).optional(),
  stayId: z.uuid().nullable().optional().describe('The stay being edited, so it does not count as its own earlier stay'),
});

const ZNight = z.object({
  date: z.string(),
  tariffId: z.string().nullable().describe('null for a night beyond the cap that no tariff covers'),
  tariffName: z.string(),
  tariffType: z.enum(['flat', 'percentage']).nullable(),
  nightlyPrice: z.number().nullable().describe('flat tariffs: euros per paying guest'),
  percentage: z.number().nullable().describe('percentage tariffs: percent'),
  taxable: z.boolean().describe('false beyond the cap on taxable nights'),
  tariff: z.number().describe('Tax of the night, all paying guests, before reductions (euros)'),
  reduction: z.number(),
  toPay: z.number(),
});

const ZCategory = z.object({
  kind: z.enum(['full', 'reduction', 'exempt']),
  id: z.string().nullable().describe('Reduction or exemption id; null for full-paying guests'),
  name: z.string(),
  guests: z.number(),
  taxableGuestNights: z.number(),
  reducedGuestNights: z.number().optional(),
  exemptGuestNights: z.number().optional(),
  tariff: z.number(),
  reduction: z.number(),
  toPay: z.number(),
});

const ZGuestLine = z.object({
  guestIndex: z.number().nullable().describe('0 = lead guest, 1.. = guests[index - 1]; null for guests not recorded'),
  name: z.string().nullable(),
  age: z.number().nullable().describe('Completed years at check-in'),
  guests: z.number(),
  kind: z.enum(['full', 'reduction', 'exempt']),
  ruleId: z.string().nullable(),
  ruleName: z.string().nullable(),
  reason: z.enum(['age', 'resident', 'tourLeader', 'count']).nullable().describe('Why the rule applies: automatic (age, resident, tourLeader) or typed count'),
  taxableNights: z.number(),
  reducedNights: z.number(),
  tariff: z.number(),
  reduction: z.number(),
  toPay: z.number(),
});

export const ZPresences = z.object({
  paying: z.number().describe('Taxable guest-nights at the full rate'),
  reduced: z.number().describe('Guest-nights a reduction applied to'),
  exempt: z.number().describe('Guest-nights of exempt guests'),
  beyondCap: z.number().describe('Guest-nights beyond the cap on taxable nights'),
});

export const ZStayBreakdown = z.object({ nights: z.array(ZNight), categories: z.array(ZCategory), guestLines: z.array(ZGuestLine).optional() });

export const ZStayComputation = z.object({
  year: z.number(),
  nightsNumber: z.number(),
  taxableNights: z.number(),
  componentsNumber: z.number(),
  exemptGuests: z.number(),
  payingGuests: z.number(),
  reducedGuests: z.number(),
  tariffImport: z.number().describe('Euros before reductions'),
  reductionImport: z.number().describe('Euros'),
  toPayAmount: z.number().describe('Euros'),
  tariffIds: z.array(z.string()),
  reductionIds: z.array(z.string()),
  exemptionIds: z.array(z.string()),
  presences: ZPresences,
  ...ZStayBreakdown.shape,
});

function nightToApi(n: TStayNight) {
  return {
    date: n.date,
    tariffId: n.tariffId,
    tariffName: n.tariffName,
    tariffType: n.tariffType,
    nightlyPrice: toEuros(n.nightlyPriceCents),
    percentage: n.percentageBasisPoints === null ? null : toPercent(n.percentageBasisPoints),
    taxable: n.taxable,
    tariff: toEuros(n.tariffCents),
    reduction: toEuros(n.reductionCents),
    toPay: toEuros(n.toPayCents),
  };
}

function categoryToApi(c: TStayCategory) {
  return {
    kind: c.kind,
    id: c.id,
    name: c.name,
    guests: c.guests,
    taxableGuestNights: c.taxableGuestNights,
    ...(c.kind === 'reduction' ? { reducedGuestNights: c.reducedGuestNights } : {}),
    ...(c.kind === 'exempt' && c.exemptGuestNights !== undefined ? { exemptGuestNights: c.exemptGuestNights } : {}),
    tariff: toEuros(c.tariffCents),
    reduction: toEuros(c.reductionCents),
    toPay: toEuros(c.toPayCents),
  };
}

function guestLineToApi(l: TStayGuestLine): z.infer<typeof ZGuestLine> {
  const { tariffCents, reductionCents, toPayCents, ...rest } = l;
  return { ...rest, tariff: toEuros(tariffCents), reduction: toEuros(reductionCents), toPay: toEuros(toPayCents) };
}

export function breakdownToApi(b: { nights: TStayNight[]; categories: TStayCategory[]; guestLines?: TStayGuestLine[] }): z.infer<typeof ZStayBreakdown> {
  return { nights: b.nights.map(nightToApi), categories: b.categories.map(categoryToApi), ...(b.guestLines ? { guestLines: b.guestLines.map(guestLineToApi) } : {}) };
}

export function computationToApi(tax: TStayTax): z.infer<typeof ZStayComputation> {
  return {
    year: tax.year,
    nightsNumber: tax.nightsNumber,
    taxableNights: tax.taxableNights,
    componentsNumber: tax.componentsNumber,
    exemptGuests: tax.exemptGuests,
    payingGuests: tax.payingGuests,
    reducedGuests: tax.reducedGuests,
    tariffImport: toEuros(tax.tariffImportCents),
    reductionImport: toEuros(tax.reductionImportCents),
    toPayAmount: toEuros(tax.toPayAmountCents),
    tariffIds: tax.tariffIds,
    reductionIds: tax.reductionIds,
    exemptionIds: tax.exemptionIds,
    presences: tax.presences,
    ...breakdownToApi(tax),
  };
}

const nullableString = z.string().nullable();

export const ZStayRecord = ZRecordBase.extend({
  structureId: z.string(),
  cityId: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  year: z.number().describe('Year of checkOut'),
  componentsNumber: z.number(),
  guest: z.record(z.string(), z.unknown()).describe('Lead guest (see ZGuest)'),
  guests: z.array(z.record(z.string(), z.unknown())).describe('The other guests (see ZGuest)'),
  hasInvoice: z.boolean(),
  invoice: z.record(z.string(), z.unknown()).nullable(),
  paymentStatus: z.enum(['paid', 'not_paid']),
  noPaymentReason: nullableString,
  attachments: z.array(z.string()),
  appliedExemptions: z.array(z.object({ exemptionId: z.string(), count: z.number() })),
  appliedReductions: z.array(z.object({ reductionId: z.string(), count: z.number() })),
  accommodationAmount: z.number().nullable(),
  nightlyPrices: z.array(z.number()).nullable(),
  notes: nullableString,
  partyKind: z.enum(['family', 'group']).nullable().optional().describe('family (also when null) or group, for the Alloggiati Web file'),
  nightsNumber: z.number(),
  taxableNights: z.number(),
  exemptGuests: z.number(),
  reducedGuests: z.number(),
  payingGuests: z.number(),
  tariffIds: z.array(z.string()),
  reductionIds: z.array(z.string()),
  exemptionIds: z.array(z.string()),
  tariffImport: z.number().describe('Euros, computed by the server'),
  reductionImport: z.number().describe('Euros, computed by the server'),
  toPayAmount: z.number().describe('Euros, computed by the server'),
  breakdown: ZStayBreakdown.nullable(),
  presences: ZPresences.nullable(),
  source: z.string().describe('manual | xlsx | csv | alloggiati'),
  declarationId: nullableString,
  lockedAt: nullableString,
  isLocked: z.boolean().describe('Counted in a submitted declaration: edits and deletes answer 409 STAY_DECLARED'),
});

/**
 * The heavy fields of a stay, left out of a list that does not ask for them (`?fields=`): the
 * computation per night and category, the other guests, the invoice. GET one always has them.
 */
export const STAY_LIST_HEAVY_FIELDS = { breakdown: stays.breakdown, guests: stays.guests, invoice: stays.invoice };

/** A stay's record; a list row read without a heavy column gives that field null or empty (it is then not answered). */
export function stayToRecord(row: typeof stays.$inferSelect): z.infer<typeof ZStayRecord> {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    structureId: row.structureId,
    cityId: row.cityId,
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    year: Number(row.checkOut.slice(0, 4)),
    componentsNumber: row.componentsNumber,
    guest: row.guest,
    guests: row.guests,
    hasInvoice: row.hasInvoice,
    invoice: row.invoice ?? null,
    paymentStatus: row.paymentStatus,
    noPaymentReason: row.noPaymentReason,
    attachments: row.attachments,
    appliedExemptions: row.appliedExemptions,
    appliedReductions: row.appliedReductions,
    accommodationAmount: toEuros(row.accommodationAmountCents),
    nightlyPrices: row.nightlyPricesCents ? row.nightlyPricesCents.map((c) => toEuros(c)) : null,
    notes: row.notes,
    partyKind: row.partyKind ?? null,
    nightsNumber: row.nightsNumber,
    taxableNights: row.taxableNights,
    exemptGuests: row.exemptGuests,
    reducedGuests: row.reducedGuests,
    payingGuests: row.payingGuests,
    tariffIds: row.tariffIds,
    reductionIds: row.reductionIds,
    exemptionIds: row.exemptionIds,
    tariffImport: toEuros(row.tariffImportCents),
    reductionImport: toEuros(row.reductionImportCents),
    toPayAmount: toEuros(row.toPayAmountCents),
    breakdown: row.breakdown ? breakdownToApi(breakdownOfStored(row.breakdown)) : null,
    presences:
      row.payingPresences === null || row.reducedPresences === null || row.exemptPresences === null || row.beyondCapPresences === null
        ? null
        : { paying: row.payingPresences, reduced: row.reducedPresences, exempt: row.exemptPresences, beyondCap: row.beyondCapPresences },
    source: row.source,
    declarationId: row.declarationId,
    lockedAt: row.lockedAt ? row.lockedAt.toISOString() : null,
    isLocked: row.lockedAt !== null,
  };
}
