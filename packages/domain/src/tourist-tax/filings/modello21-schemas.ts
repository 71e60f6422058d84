import { z } from 'zod';
import { ZDateString, ZRecordBase } from '../../platform/records/index.ts';
import { ZEuroAmount } from './declaration-schemas.ts';
import { MODELLO21_STATUSES } from './modello21-flow.ts';

/**
 * The API shapes of a Modello 21 (the yearly account of the agente contabile): the POST body
 * (structure and year, owner data), the PUT body (months typed by the hotelier in euros, owner data,
 * signature date) and the record (months with their prefill, totals, deadline).
 */

const ZOptText = (max: number) => z.string().trim().max(max).nullable().optional();

export const ZModello21MonthInput = z.object({
  number: z.number().int().min(1).max(12),
  collectedImport: ZEuroAmount.optional(),
  paidImport: ZEuroAmount.optional(),
  paymentDate: ZDateString.nullable().optional(),
  trn: ZOptText(100),
  note: ZOptText(1000),
  /** true: drop the hand corrections of this month and take the prefill again. */
  reset: z.boolean().optional(),
});

const ZOwner = {
  ownerName: ZOptText(200),
  ownerSurname: ZOptText(200),
  ownerVatNumber: ZOptText(20),
  ownerTaxCode: ZOptText(20),
  ownerAddress: ZOptText(300),
  /** A company as agente contabile. */
  ownerCompanyName: ZOptText(300).describe('Ragione sociale, when the agente contabile is a company'),
  ownerLegalRepresentative: ZOptText(200).describe('Legale rappresentante (the name under the signature)'),
  ownerRole: ZOptText(100).describe('Qualifica of the signer, e.g. "legale rappresentante"'),
};

const ZOpeningBalance = ZEuroAmount.optional().describe('Tax collected the year before and paid to the treasury this year (prefilled)');
export const ZModello21Create = z.object({ structureId: z.uuid(), year: z.number().int().min(2021).max(2050), ...ZOwner, notes: ZOptText(5000), openingBalance: ZOpeningBalance });
export const ZModello21Update = z.object({
  months: z.array(ZModello21MonthInput).max(12).optional(),
  ...ZOwner,
  notes: ZOptText(5000),
  signatureDate: ZDateString.nullable().optional(),
  openingBalance: ZOpeningBalance,
});

const ZPaymentShare = z.object({
  declarationId: z.string(),
  paymentDate: z.string(),
  trn: z.string().nullable(),
  amount: z.number(),
  treasuryReference: z.string().nullable().optional(),
  receiptNumber: z.string().nullable().optional(),
});
const ZReceipts = z.object({ from: z.number(), to: z.number(), dateFrom: z.string().nullable(), dateTo: z.string().nullable() }).nullable().describe('Receipts "dal n. al n." of the month');
export const ZModello21MonthRecord = z.object({
  number: z.number(),
  name: z.string(),
  receiptsCount: z.number(),
  collectedImport: z.number(),
  paidImport: z.number(),
  paymentDate: z.string().nullable(),
  trn: z.string().nullable(),
  note: z.string().nullable(),
  corrected: z.boolean(),
  prefill: z.object({ receiptsCount: z.number(), collectedImport: z.number(), paidImport: z.number(), payments: z.array(ZPaymentShare), receipts: ZReceipts.optional() }),
});
const str = z.string().nullable();
export const ZModello21Record = ZRecordBase.extend({
  cityId: z.string(),
  structureId: z.string(),
  year: z.number(),
  status: z.enum(MODELLO21_STATUSES),
  months: z.array(ZModello21MonthRecord),
  ownerName: str,
  ownerSurname: str,
  ownerVatNumber: str,
  ownerTaxCode: str,
  ownerAddress: str,
  ownerCompanyName: str,
  ownerLegalRepresentative: str,
  ownerRole: str,
  openingBalance: z.number().describe('Euros: collected the year before, paid this year'),
  carico: z.number().describe('Opening balance + collected'),
  scarico: z.number().describe('Opening balance paid + paid for this year'),
  notes: str,
  signatureDate: str,
  submittedAt: str,
  validationNumber: str,
  cityNotes: str,
  validatedAt: str,
  returnReason: str,
  tax: z.number().describe('Total collected from guests'),
  totalPaid: z.number(),
  due: z.number().describe('Collected minus paid'),
  receiptsCount: z.number(),
  deadline: z.string(),
  isLate: z.boolean().describe('Not submitted by the deadline, or submitted after it'),
});

export type TModello21MonthInput = z.infer<typeof ZModello21MonthInput>;
export type TModello21Create = z.infer<typeof ZModello21Create>;
export type TModello21Update = z.infer<typeof ZModello21Update>;
export type TModello21MonthRecord = z.infer<typeof ZModello21MonthRecord>;
export type TModello21Record = z.infer<typeof ZModello21Record>;
