import { eq, sql } from 'drizzle-orm';
import { MODELLO21_STATUSES } from '@app/domain/tourist-tax/filings/modello21-flow';
import { z } from 'zod';
import { modello21Deadline } from '@app/domain/tourist-tax/filings/deadlines';
import { modello21Totals, type TM21Month } from '@app/domain/tourist-tax/filings/modello21';
import { centsToEuros, eurosToCents, parseEuroAmount } from '@app/domain/tourist-tax/money';
import { modello21, users } from '../../../db/schema/index.ts';
import { defineCollection } from '../../../lib/collection/define.ts';
import { rowToRecord } from '../../../lib/collection/serialize.ts';
import { AppError, validationFailed } from '../../../lib/errors.ts';
import { ZDateString, ZRecordBase } from '../../../lib/schemas.ts';
import { findStructureForCaller, todayInItaly } from '../declarations/filing-scope.ts';
import { structureChildScopes } from '../registry/scope.ts';
import { prefilledMonths } from './prefill.ts';

export type TModello21Row = typeof modello21.$inferSelect;

const ZEuros = z
  .number()
  .min(0, 'must not be negative')
  .max(100_000_000)
  .refine((n) => parseEuroAmount(n) !== null, 'must have at most two decimals');
const ZOptText = (max: number) => z.string().trim().max(max).nullable().optional();

const ZMonthInput = z.object({
  number: z.number().int().min(1).max(12),
  collectedImport: ZEuros.optional(),
  paidImport: ZEuros.optional(),
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

const ZCreate = z.object({ structureId: z.uuid(), year: z.number().int().min(2021).max(2050), ...ZOwner, notes: ZOptText(5000) });
const ZUpdate = z.object({ months: z.array(ZMonthInput).max(12).optional(), ...ZOwner, notes: ZOptText(5000), signatureDate: ZDateString.nullable().optional() });

const ZPaymentShare = z.object({ declarationId: z.string(), paymentDate: z.string(), trn: z.string().nullable(), amount: z.number() });
const ZMonthRecord = z.object({
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
  months: z.array(ZMonthRecord),
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

export function modello21ToRecord(row: TModello21Row, today = todayInItaly()): z.infer<typeof ZModello21Record> {
  const record = rowToRecord(row as unknown as Record<string, unknown>) as Record<string, unknown>;
  record.months = row.months.map((m) => ({
    number: m.number,
    name: m.name,
    receiptsCount: m.receiptsCount,
    collectedImport: centsToEuros(m.collectedCents),
    paidImport: centsToEuros(m.paidCents),
    paymentDate: m.paymentDate,
    trn: m.trn,
    note: m.note,
    corrected: m.corrected,
    prefill: {
      receiptsCount: m.prefill.receiptsCount,
      collectedImport: centsToEuros(m.prefill.collectedCents),
      paidImport: centsToEuros(m.prefill.paidCents),
      payments: m.prefill.payments.map((p) => ({ declarationId: p.declarationId, paymentDate: p.paymentDate, trn: p.trn, amount: centsToEuros(p.amountCents) })),
    },
  }));
  const totals = modello21Totals(row.months);
  const deadline = modello21Deadline(row.year);
  const submittedOn = row.submittedAt ? todayInItaly(row.submittedAt) : null;
  Object.assign(record, {
    tax: centsToEuros(totals.collectedCents),
    totalPaid: centsToEuros(totals.paidCents),
    due: centsToEuros(totals.dueCents),
    receiptsCount: totals.receiptsCount,
    deadline,
    isLate: submittedOn ? submittedOn > deadline : today > deadline,
  });
  return record as z.infer<typeof ZModello21Record>;
}

/** A month typed by the hotelier; a changed amount marks the month as corrected. */
export function applyMonthInputs(months: TM21Month[], inputs: z.infer<typeof ZMonthInput>[]): TM21Month[] {
  const next = months.map((m) => ({ ...m }));
  const seen = new Set<number>();
  for (const input of inputs) {
    if (seen.has(input.number)) throw validationFailed([{ path: 'months', message: `month ${input.number} appears twice` }]);
    seen.add(input.number);
    const m = next[input.number - 1];
    if (input.reset) {
      const last = [...m.prefill.payments].sort((a, b) => (a.paymentDate < b.paymentDate ? 1 : -1))[0];
      Object.assign(m, {
        receiptsCount: m.prefill.receiptsCount,
        collectedCents: m.prefill.collectedCents,
        paidCents: m.prefill.paidCents,
        paymentDate: last?.paymentDate ?? null,
        trn: [...new Set(m.prefill.payments.map((p) => p.trn).filter(Boolean))].join(', ') || null,
        corrected: false,
      });
    }
    if (input.collectedImport !== undefined) m.collectedCents = eurosToCents(input.collectedImport);
    if (input.paidImport !== undefined) m.paidCents = eurosToCents(input.paidImport);
    if (input.paymentDate !== undefined) m.paymentDate = input.paymentDate;
    if (input.trn !== undefined) m.trn = input.trn || null;
    if (input.note !== undefined) m.note = input.note || null;
    if (m.collectedCents !== m.prefill.collectedCents || m.paidCents !== m.prefill.paidCents) m.corrected = true;
  }
  return next;
}

/**
 * Modello 21, one per structure and year: created prefilled by the hotelier, corrected month by
 * month while a draft; submission, validation and the PDF have their own routes.
 */
export const modello21Collection = defineCollection({
  name: 'twenty-one-models',
  resource: 'twentyOneModels',
  tag: 'modello21',
  table: modello21,
  record: ZModello21Record,
  create: ZCreate,
  update: ZUpdate,
  filterable: { cityId: modello21.cityId, structureId: modello21.structureId, year: modello21.year, status: modello21.status, validationNumber: modello21.validationNumber },
  searchable: [modello21.validationNumber, modello21.ownerSurname, modello21.ownerTaxCode],
  year: { column: modello21.year, kind: 'integer' },
  scopes: structureChildScopes(modello21.structureId, modello21.cityId),
  toRecord: (row) => modello21ToRecord(row as TModello21Row),
  toRow: async ({ input, tx, ctx, existing }) => {
    const row = existing as TModello21Row | undefined;
    if (row) {
      if (row.status !== 'draft') throw new AppError('MODELLO21_LOCKED', `A ${row.status} Modello 21 cannot be changed`);
      const { months, ...rest } = input as z.infer<typeof ZUpdate>;
      return { ...rest, ...(months ? { months: applyMonthInputs(row.months, months) } : {}) };
    }
    const structure = await findStructureForCaller(tx, ctx, input.structureId as string, true);
    const year = input.year as number;
    const [duplicate] = await tx
      .select({ id: modello21.id })
      .from(modello21)
      .where(sql`${modello21.structureId} = ${structure.id} and ${modello21.year} = ${year}`);
    if (duplicate) throw new AppError('DUPLICATE', 'This structure already has a Modello 21 for this year', { details: [{ path: 'year', message: 'already exists', value: duplicate.id }] });
    // The agente contabile is the hotelier: the caller, or the structure's first hotelier for an admin.
    const ownerId = ctx.actor.role === 'user' ? ctx.actor.id : structure.userIds[0];
    const [owner] = ownerId ? await tx.select().from(users).where(eq(users.id, ownerId)) : [];
    return {
      cityId: structure.cityId,
      structureId: structure.id,
      year,
      status: 'draft',
      months: await prefilledMonths(tx, structure.id, year, null),
      ownerName: (input.ownerName as string | undefined) ?? owner?.name ?? null,
      ownerSurname: (input.ownerSurname as string | undefined) ?? owner?.surname ?? null,
      ownerVatNumber: (input.ownerVatNumber as string | undefined) ?? owner?.vatNumber ?? structure.vatNumber ?? null,
      ownerTaxCode: (input.ownerTaxCode as string | undefined) ?? owner?.taxCode ?? structure.taxCode ?? null,
      ownerAddress: (input.ownerAddress as string | undefined) ?? owner?.address ?? null,
      notes: (input.notes as string | undefined) ?? null,
    };
  },
  beforeDelete: (row) => {
    if ((row as TModello21Row).status !== 'draft') throw new AppError('MODELLO21_LOCKED', 'Only a draft Modello 21 can be deleted');
  },
});
