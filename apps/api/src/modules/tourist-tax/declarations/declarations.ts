import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { availableActions, DECLARATION_STATUSES, declarationWorkflow, isEditableByHotelier, type TDeclarationStatus } from '@app/domain/tourist-tax/filings/declaration-flow';
import { deadlineState } from '@app/domain/tourist-tax/filings/deadlines';
import { centsToEuros, eurosToCents, parseEuroAmount } from '@app/domain/tourist-tax/money';
import { declarations, declarationTemplates } from '../../../db/schema/index.ts';
import { defineCollection } from '../../../lib/collection/define.ts';
import { rowToRecord } from '../../../lib/collection/serialize.ts';
import { AppError, validationFailed } from '../../../lib/errors.ts';
import { ZRecordBase } from '../../../lib/schemas.ts';
import { figuresForDeclaration, type TManualFigures } from './declaration-figures.ts';
import { findStructureForCaller, todayInItaly } from './filing-scope.ts';
import { structureChildScopes } from '../registry/scope.ts';

export type TDeclarationRow = typeof declarations.$inferSelect;

const ZEuros = z
  .number()
  .min(0, 'must not be negative')
  .max(100_000_000)
  .refine((n) => parseEuroAmount(n) !== null, 'must have at most two decimals');
const ZCount = z.number().int().min(0).max(100_000_000);

const ZManualFigures = z.object({
  numberOfStays: ZCount,
  guestsNumber: ZCount.optional(),
  nightsNumber: ZCount,
  payingPresences: ZCount.optional(),
  reducedPresences: ZCount.optional(),
  exemptPresences: ZCount.optional(),
  tariff: ZEuros.optional().describe('Tariff total before reductions'),
  reduction: ZEuros.optional(),
  totalAmount: ZEuros.describe('Tax of all the stays'),
  toPayAmount: ZEuros.describe('Tax paid by the guests'),
  unpaidAmount: ZEuros.describe('Tax the guests did not pay'),
  rejectedPayments: ZCount.describe('Stays not paid'),
  rejectedDetails: z
    .array(z.object({ guest: z.string().trim().max(200).nullable().optional(), checkOut: z.string().nullable().optional(), amount: ZEuros, reason: z.string().trim().max(500).nullable().optional() }))
    .max(10_000)
    .optional(),
});

const ZDeclarationInput = z.object({
  structureId: z.uuid(),
  declarationTemplateId: z.uuid().describe('The period'),
  type: z.enum(['automatic', 'manual']).default('automatic'),
  noGuests: z.boolean().default(false).describe('The period had no guests'),
  figures: ZManualFigures.nullable().optional().describe('Manual declarations only: the totals typed by the hotelier'),
  notes: z.string().trim().max(5000).nullable().optional(),
});

const ZDeclarationUpdate = z.object({
  type: z.enum(['automatic', 'manual']).optional(),
  noGuests: z.boolean().optional(),
  figures: ZManualFigures.nullable().optional(),
  notes: z.string().trim().max(5000).nullable().optional(),
});

const str = z.string().nullable();
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
  numberOfStays: z.number(),
  guestsNumber: z.number(),
  nightsNumber: z.number(),
  payingPresences: z.number(),
  reducedPresences: z.number(),
  exemptPresences: z.number(),
  tariff: z.number(),
  reduction: z.number(),
  totalAmount: z.number(),
  toPayAmount: z.number(),
  unpaidAmount: z.number(),
  rejectedPayments: z.number(),
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
  availableActions: z.array(z.enum(declarationWorkflow.actions)),
});

const MONEY: Record<string, string> = {
  tariffCents: 'tariff',
  reductionCents: 'reduction',
  totalAmountCents: 'totalAmount',
  toPayAmountCents: 'toPayAmount',
  unpaidAmountCents: 'unpaidAmount',
  paidAmountCents: 'paidAmount',
};

/**
 * overdue=submission: not submitted after submitBy; overdue=payment: submitted with tax to pay, not
 * paid after payBy. (Served by the list route in routes.ts: the generic list refuses query keys
 * that are not columns, custom filters included.)
 */
export function overdueCondition(value: string, today = todayInItaly()) {
  if (value === 'submission') return sql`${declarations.status} in ('draft', 'returned') and ${declarations.submitBy} < ${today}`;
  if (value === 'payment') {
    return sql`${declarations.status} in ('submitted', 'validated') and ${declarations.paymentDate} is null and ${declarations.toPayAmountCents} > 0 and ${declarations.payBy} < ${today}`;
  }
  throw new AppError('INVALID_FILTER', 'overdue must be submission or payment', { details: [{ path: 'overdue', message: 'submission | payment', value }] });
}

export function declarationToRecord(row: TDeclarationRow, today = todayInItaly()): z.infer<typeof ZDeclarationRecord> {
  const record = rowToRecord(row as unknown as Record<string, unknown>, Object.keys(MONEY));
  for (const [cents, euros] of Object.entries(MONEY)) {
    const value = (row as Record<string, unknown>)[cents] as number | null;
    record[euros] = value === null ? null : centsToEuros(value);
  }
  record.rejectedDetails = row.rejectedDetails.map((d) => ({ stayId: d.stayId, guest: d.guest, checkOut: d.checkOut, amount: centsToEuros(d.amountCents), reason: d.reason }));
  const state = deadlineState(row, today);
  record.isSubmitOverdue = state.submitOverdue;
  record.isPaymentOverdue = state.paymentOverdue;
  record.availableActions = availableActions(row.status);
  return record as z.infer<typeof ZDeclarationRecord>;
}

function manualFromInput(figures: z.infer<typeof ZManualFigures>): TManualFigures {
  const cents = (n: number | undefined) => (n === undefined ? undefined : eurosToCents(n));
  return {
    numberOfStays: figures.numberOfStays,
    guestsNumber: figures.guestsNumber,
    nightsNumber: figures.nightsNumber,
    payingPresences: figures.payingPresences,
    reducedPresences: figures.reducedPresences,
    exemptPresences: figures.exemptPresences,
    tariffCents: cents(figures.tariff),
    reductionCents: cents(figures.reduction),
    totalAmountCents: eurosToCents(figures.totalAmount),
    toPayAmountCents: eurosToCents(figures.toPayAmount),
    unpaidAmountCents: eurosToCents(figures.unpaidAmount),
    rejectedPayments: figures.rejectedPayments,
    rejectedDetails: figures.rejectedDetails?.map((d) => ({ stayId: null, guest: d.guest ?? null, checkOut: d.checkOut ?? null, amountCents: eurosToCents(d.amount), reason: d.reason ?? null })),
  };
}

function manualFromRow(row: TDeclarationRow): TManualFigures {
  return { ...row, rejectedDetails: row.rejectedDetails };
}

/**
 * Declarations: one per structure and period. The hotelier creates and edits it while it is a draft
 * (or sent back); figures of an automatic declaration are recomputed from the stays on every write
 * and frozen at submission. Transitions, payment, attachments and the receipt have their own routes.
 */
export const declarationsCollection = defineCollection({
  name: 'declarations',
  resource: 'declarations',
  tag: 'declarations',
  table: declarations,
  record: ZDeclarationRecord,
  create: ZDeclarationInput,
  update: ZDeclarationUpdate,
  filterable: {
    cityId: declarations.cityId,
    structureId: declarations.structureId,
    declarationTemplateId: declarations.declarationTemplateId,
    year: declarations.year,
    status: declarations.status,
    type: declarations.type,
    noGuests: declarations.noGuests,
    submitBy: declarations.submitBy,
    payBy: declarations.payBy,
    dateFrom: declarations.dateFrom,
    compilationDate: declarations.compilationDate,
    paymentDate: declarations.paymentDate,
    code: declarations.code,
  },
  searchable: [declarations.code, declarations.trn],
  year: { column: declarations.year, kind: 'integer' },
  disabled: ['getAll'],
  scopes: structureChildScopes(declarations.structureId, declarations.cityId),
  toRecord: (row) => declarationToRecord(row as TDeclarationRow),
  toRow: async (input, { tx, ctx, existing }) => {
    const row = existing as TDeclarationRow | undefined;
    if (row) {
      if (!isEditableByHotelier(row.status)) {
        throw new AppError('DECLARATION_LOCKED', `A ${row.status} declaration cannot be changed`);
      }
      const type = (input.type as 'automatic' | 'manual' | undefined) ?? row.type;
      const noGuests = (input.noGuests as boolean | undefined) ?? row.noGuests;
      const manual = input.figures ? manualFromInput(input.figures as z.infer<typeof ZManualFigures>) : type === 'manual' && row.type === 'manual' ? manualFromRow(row) : null;
      const figures = await figuresForDeclaration(tx, { id: row.id, structureId: row.structureId, dateFrom: row.dateFrom, dateTo: row.dateTo, type, noGuests, manual });
      return { type, noGuests, ...figures, ...(input.notes !== undefined ? { notes: input.notes } : {}) };
    }
    const structure = await findStructureForCaller(tx, ctx, input.structureId as string, true);
    const [template] = await tx.select().from(declarationTemplates).where(eq(declarationTemplates.id, input.declarationTemplateId as string));
    if (!template || template.cityId !== structure.cityId) {
      throw validationFailed([{ path: 'declarationTemplateId', message: "not a period of the structure's comune", value: input.declarationTemplateId }]);
    }
    const [duplicate] = await tx
      .select({ id: declarations.id })
      .from(declarations)
      .where(and(eq(declarations.structureId, structure.id), eq(declarations.declarationTemplateId, template.id)));
    if (duplicate) {
      throw new AppError('DUPLICATE', 'This structure already has a declaration for this period', {
        details: [{ path: 'declarationTemplateId', message: 'already declared', value: duplicate.id }],
      });
    }
    const type = input.type as 'automatic' | 'manual';
    const noGuests = input.noGuests as boolean;
    const manual = input.figures ? manualFromInput(input.figures as z.infer<typeof ZManualFigures>) : null;
    const figures = await figuresForDeclaration(tx, { id: null, structureId: structure.id, dateFrom: template.dateFrom, dateTo: template.dateTo, type, noGuests, manual });
    return {
      cityId: structure.cityId,
      structureId: structure.id,
      declarationTemplateId: template.id,
      year: template.year,
      dateFrom: template.dateFrom,
      dateTo: template.dateTo,
      submitBy: template.submitBy,
      payBy: template.payBy,
      status: 'draft' as TDeclarationStatus,
      type,
      noGuests,
      notes: (input.notes as string | null | undefined) ?? null,
      ...figures,
    };
  },
  beforeDelete: (row) => {
    if ((row as TDeclarationRow).status !== 'draft') {
      throw new AppError('DECLARATION_LOCKED', 'Only a draft declaration can be deleted');
    }
  },
});
