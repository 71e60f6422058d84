import { z } from 'zod';
import { isValidPersonalCodiceFiscale, normalizeCodiceFiscale } from '@app/domain/platform/identifiers/codice-fiscale';
import type { TStayCategory, TStayNight, TStayTax } from '@app/domain/tourist-tax/types';
import type { stays } from '../../../db/schema/index.ts';
import { ZDateString, ZRecordBase } from '../../../lib/schemas.ts';
import { ZEmailField, ZEuros, ZOptionalText, ZPhone, ZRequiredName, ZTaxCode, ZVatNumber, toEuros, toPercent } from '../registry/fields.ts';

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
  notes: ZOptionalText(2000),
});

export const ZStayPreviewInput = ZStayInput.pick({
  structureId: true,
  checkIn: true,
  checkOut: true,
  componentsNumber: true,
  appliedExemptions: true,
  appliedReductions: true,
  accommodationAmount: true,
});

const ZNight = z.object({
  date: z.string(),
  tariffId: z.string(),
  tariffName: z.string(),
  tariffType: z.enum(['flat', 'percentage']),
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
  tariff: z.number(),
  reduction: z.number(),
  toPay: z.number(),
});

export const ZStayBreakdown = z.object({ nights: z.array(ZNight), categories: z.array(ZCategory) });

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
    tariff: toEuros(n.tariffCents)!,
    reduction: toEuros(n.reductionCents)!,
    toPay: toEuros(n.toPayCents)!,
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
    tariff: toEuros(c.tariffCents)!,
    reduction: toEuros(c.reductionCents)!,
    toPay: toEuros(c.toPayCents)!,
  };
}

export function breakdownToApi(b: { nights: TStayNight[]; categories: TStayCategory[] }): z.infer<typeof ZStayBreakdown> {
  return { nights: b.nights.map(nightToApi), categories: b.categories.map(categoryToApi) };
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
    tariffImport: toEuros(tax.tariffImportCents)!,
    reductionImport: toEuros(tax.reductionImportCents)!,
    toPayAmount: toEuros(tax.toPayAmountCents)!,
    tariffIds: tax.tariffIds,
    reductionIds: tax.reductionIds,
    exemptionIds: tax.exemptionIds,
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
  hasInvoice: z.boolean(),
  invoice: z.record(z.string(), z.unknown()).nullable(),
  paymentStatus: z.enum(['paid', 'not_paid']),
  noPaymentReason: nullableString,
  attachments: z.array(z.string()),
  appliedExemptions: z.array(z.object({ exemptionId: z.string(), count: z.number() })),
  appliedReductions: z.array(z.object({ reductionId: z.string(), count: z.number() })),
  accommodationAmount: z.number().nullable(),
  notes: nullableString,
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
  source: z.string().describe('manual | xlsx | csv | alloggiati'),
  declarationId: nullableString,
  lockedAt: nullableString,
  isLocked: z.boolean().describe('Counted in a submitted declaration: edits and deletes answer 409 STAY_DECLARED'),
});

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
    hasInvoice: row.hasInvoice,
    invoice: row.invoice ?? null,
    paymentStatus: row.paymentStatus,
    noPaymentReason: row.noPaymentReason,
    attachments: row.attachments,
    appliedExemptions: row.appliedExemptions,
    appliedReductions: row.appliedReductions,
    accommodationAmount: toEuros(row.accommodationAmountCents),
    notes: row.notes,
    nightsNumber: row.nightsNumber,
    taxableNights: row.taxableNights,
    exemptGuests: row.exemptGuests,
    reducedGuests: row.reducedGuests,
    payingGuests: row.payingGuests,
    tariffIds: row.tariffIds,
    reductionIds: row.reductionIds,
    exemptionIds: row.exemptionIds,
    tariffImport: toEuros(row.tariffImportCents)!,
    reductionImport: toEuros(row.reductionImportCents)!,
    toPayAmount: toEuros(row.toPayAmountCents)!,
    breakdown: row.breakdown ? breakdownToApi(row.breakdown) : null,
    source: row.source,
    declarationId: row.declarationId,
    lockedAt: row.lockedAt ? row.lockedAt.toISOString() : null,
    isLocked: row.lockedAt !== null,
  };
}
