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
};

export const ZModello21Create = z.object({ structureId: z.uuid(), year: z.number().int().min(2021).max(2050), ...ZOwner, notes: ZOptText(5000) });
export const ZModello21Update = z.object({ months: z.array(ZModello21MonthInput).max(12).optional(), ...ZOwner, notes: ZOptText(5000), signatureDate: ZDateString.nullable().optional() });

const ZPaymentShare = z.object({ declarationId: z.string(), paymentDate: z.string(), trn: z.string().nullable(), amount: z.number() });
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
  prefill: z.object({ receiptsCount: z.number(), collectedImport: z.number(), paidImport: z.number(), payments: z.array(ZPaymentShare) }),
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
