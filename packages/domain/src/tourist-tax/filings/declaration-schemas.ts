import { z } from 'zod';
import { ZRecordBase } from '../../platform/records/index.ts';
import { parseEuroAmount } from '../money.ts';
import { DECLARATION_STATUSES, declarationWorkflow } from './declaration-flow.ts';

/**
 * The API shapes of a declaration: the POST and PUT bodies (amounts in euros with at most two
 * decimals, the hotelier's manual totals) and the record the API returns (euros, the deadline state
 * and the actions the workflow offers).
 */

/** An amount in euros: not negative, at most two decimals. */
export const ZEuroAmount = z
  .number()
  .min(0, 'must not be negative')
  .max(100_000_000)
  .refine((n) => parseEuroAmount(n) !== null, 'must have at most two decimals');
const ZCount = z.number().int().min(0).max(100_000_000);

export const ZManualFigures = z.object({
  numberOfStays: ZCount,
  guestsNumber: ZCount.optional(),
  nightsNumber: ZCount,
  payingPresences: ZCount.optional(),
  reducedPresences: ZCount.optional(),
  exemptPresences: ZCount.optional(),
  beyondCapPresences: ZCount.optional().describe('Guest-nights beyond the cap (not taxed, not exempt)'),
  tariff: ZEuroAmount.optional().describe('Tariff total before reductions'),
  reduction: ZEuroAmount.optional(),
  totalAmount: ZEuroAmount.describe('Tax of all the stays'),
  toPayAmount: ZEuroAmount.describe('Tax paid by the guests'),
  unpaidAmount: ZEuroAmount.describe('Tax the guests did not pay'),
  rejectedPayments: ZCount.describe('Stays not paid'),
  rejectedDetails: z
    .array(
      z.object({ guest: z.string().trim().max(200).nullable().optional(), checkOut: z.string().nullable().optional(), amount: ZEuroAmount, reason: z.string().trim().max(500).nullable().optional() }),
    )
    .max(10_000)
    .optional(),
});

export const ZDeclarationCreate = z.object({
  structureId: z.uuid(),
  declarationTemplateId: z.uuid().describe('The period'),
  type: z.enum(['automatic', 'manual']).default('automatic'),
  noGuests: z.boolean().default(false).describe('The period had no guests'),
  figures: ZManualFigures.nullable().optional().describe('Manual declarations only: the totals typed by the hotelier'),
  notes: z.string().trim().max(5000).nullable().optional(),
});

export const ZDeclarationUpdate = z.object({
  type: z.enum(['automatic', 'manual']).optional(),
  noGuests: z.boolean().optional(),
  figures: ZManualFigures.nullable().optional(),
  notes: z.string().trim().max(5000).nullable().optional(),
});

const str = z.string().nullable();

/** A declaration's figures as the API answers them (amounts in euros): on a declaration, and per structure for a comune's period. */
export const ZDeclarationFigures = z.object({
  numberOfStays: z.number(),
  guestsNumber: z.number(),
  nightsNumber: z.number(),
  payingPresences: z.number(),
  reducedPresences: z.number(),
  exemptPresences: z.number(),
  beyondCapPresences: z.number().describe('Guest-nights beyond the cap, counted apart from the exempt ones'),
  tariff: z.number(),
  reduction: z.number(),
  totalAmount: z.number(),
  toPayAmount: z.number(),
  unpaidAmount: z.number(),
  rejectedPayments: z.number(),
});

export const ZDeclarationRecord = ZRecordBase.extend({
  cityId: z.string(),
  structureId: z.string(),
  declarationTemplateId: z.string(),
  year: z.number(),
  dateFrom: z.string(),
  dateTo: z.string(),
  submitBy: z.string(),
  payBy: z.string(),
  status: z.enum(DECLARATION_STATUSES),
  type: z.enum(['automatic', 'manual']),
  noGuests: z.boolean(),
  code: str,
  compilationDate: str,
  submittedAt: str,
  submittedById: str,
  validatedAt: str,
  validatedById: str,
  returnedAt: str,
  returnReason: str,
  ...ZDeclarationFigures.shape,
  rejectedDetails: z.array(z.object({ stayId: str, guest: str, checkOut: str, amount: z.number(), reason: str })),
  beneficiaryInstitution: str,
  iban: str,
  bank: str,
  paymentDate: str,
  trn: str,
  paidAmount: z.number().nullable(),
  paymentReceiptUploadId: str,
  notes: str,
  isSubmitOverdue: z.boolean(),
  isPaymentOverdue: z.boolean(),
  isSubmittedLate: z.boolean().optional().describe('Submitted (or validated) after submitBy: the late mark it keeps'),
  availableActions: z.array(z.enum(declarationWorkflow.actions)),
});

export type TManualFiguresInput = z.infer<typeof ZManualFigures>;
export type TDeclarationCreate = z.infer<typeof ZDeclarationCreate>;
export type TDeclarationUpdate = z.infer<typeof ZDeclarationUpdate>;
export type TDeclarationRecord = z.infer<typeof ZDeclarationRecord>;
