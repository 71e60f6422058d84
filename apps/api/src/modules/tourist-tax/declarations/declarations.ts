import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { availableActions, isEditableByHotelier } from '@app/domain/tourist-tax/filings/declaration-flow';
import { ZDeclarationCreate, ZDeclarationRecord, ZDeclarationUpdate, type TDeclarationRecord, type TManualFiguresInput } from '@app/domain/tourist-tax/filings/declaration-schemas';
import { deadlineState, wasSubmittedLate } from '@app/domain/tourist-tax/filings/deadlines';
import { centsToEuros, eurosToCents } from '@app/domain/tourist-tax/money';
import { declarations, declarationTemplates, structures } from '../../../db/schema/index.ts';
import { containsPattern } from '../../../lib/collection/query.ts';
import { defineCollection } from '../../../lib/collection/define.ts';
import { rowToRecord } from '../../../lib/collection/serialize.ts';
import { AppError, validationFailed } from '../../../lib/errors.ts';
import { figuresForDeclaration, type TManualFigures } from './declaration-figures.ts';
import { findStructureForCaller, todayInItaly } from './filing-scope.ts';
import { structureChildScopes } from '../registry/scope.ts';

export type TDeclarationRow = typeof declarations.$inferSelect;

export { ZDeclarationRecord };

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

/** Free-text search of the list: the code, the payment's TRN, or the structure's name. */
export function declarationSearch(text: string) {
  const pattern = containsPattern(text);
  return or(
    ilike(declarations.code, pattern),
    ilike(declarations.trn, pattern),
    inArray(declarations.structureId, sql`(select ${structures.id} from ${structures} where ${structures.name} ilike ${pattern})`),
  );
}

export function declarationToRecord(row: TDeclarationRow, today = todayInItaly()): TDeclarationRecord {
  const { tariffCents, reductionCents, totalAmountCents, toPayAmountCents, unpaidAmountCents, paidAmountCents, rejectedDetails, ...rest } = row;
  const state = deadlineState(row, today);
  return {
    ...rowToRecord(rest),
    tariff: centsToEuros(tariffCents),
    reduction: centsToEuros(reductionCents),
    totalAmount: centsToEuros(totalAmountCents),
    toPayAmount: centsToEuros(toPayAmountCents),
    unpaidAmount: centsToEuros(unpaidAmountCents),
    paidAmount: paidAmountCents === null ? null : centsToEuros(paidAmountCents),
    rejectedDetails: rejectedDetails.map((d) => ({ stayId: d.stayId, guest: d.guest, checkOut: d.checkOut, amount: centsToEuros(d.amountCents), reason: d.reason })),
    isSubmitOverdue: state.submitOverdue,
    isPaymentOverdue: state.paymentOverdue,
    isSubmittedLate: wasSubmittedLate(row),
    availableActions: availableActions(row.status),
  };
}

function manualFromInput(figures: TManualFiguresInput): TManualFigures {
  const cents = (n: number | undefined) => (n === undefined ? undefined : eurosToCents(n));
  return {
    numberOfStays: figures.numberOfStays,
    guestsNumber: figures.guestsNumber,
    nightsNumber: figures.nightsNumber,
    payingPresences: figures.payingPresences,
    reducedPresences: figures.reducedPresences,
    exemptPresences: figures.exemptPresences,
    beyondCapPresences: figures.beyondCapPresences,
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
  create: ZDeclarationCreate,
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
  toRecord: (row) => declarationToRecord(row),
  toRow: async ({ input, tx, ctx, existing: row }) => {
    if (row) {
      if (!isEditableByHotelier(row.status)) {
        throw new AppError('DECLARATION_LOCKED', `A ${row.status} declaration cannot be changed`);
      }
      const type = input.type ?? row.type;
      const noGuests = input.noGuests ?? row.noGuests;
      const manual = input.figures ? manualFromInput(input.figures) : type === 'manual' && row.type === 'manual' ? manualFromRow(row) : null;
      const figures = await figuresForDeclaration(tx, { id: row.id, structureId: row.structureId, dateFrom: row.dateFrom, dateTo: row.dateTo, type, noGuests, manual });
      return { type, noGuests, ...figures, ...(input.notes !== undefined ? { notes: input.notes } : {}) };
    }
    const structure = await findStructureForCaller(tx, ctx, input.structureId, true);
    const [template] = await tx.select().from(declarationTemplates).where(eq(declarationTemplates.id, input.declarationTemplateId));
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
    const { type, noGuests } = input;
    const manual = input.figures ? manualFromInput(input.figures) : null;
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
      status: 'draft' as const,
      type,
      noGuests,
      notes: input.notes ?? null,
      ...figures,
    };
  },
  beforeDelete: (row) => {
    if (row.status !== 'draft') {
      throw new AppError('DECLARATION_LOCKED', 'Only a draft declaration can be deleted');
    }
  },
});
