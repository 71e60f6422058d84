import { eq, sql } from 'drizzle-orm';
import { modello21Deadline } from '@app/domain/tourist-tax/filings/deadlines';
import { modello21Carico, modello21Totals, type TModello21Month } from '@app/domain/tourist-tax/filings/modello21';
import { ZModello21Create, ZModello21Record, ZModello21Update, type TModello21MonthInput, type TModello21Record } from '@app/domain/tourist-tax/filings/modello21-schemas';
import { centsToEuros, eurosToCents } from '@app/domain/tourist-tax/money';
import { modello21, users } from '../../../db/schema/index.ts';
import { defineCollection } from '../../../lib/collection/define.ts';
import { rowToRecord } from '../../../lib/collection/serialize.ts';
import { AppError, validationFailed } from '../../../lib/errors.ts';
import { findStructureForCaller, todayInItaly } from '../declarations/filing-scope.ts';
import { structureChildScopes } from '../registry/scope.ts';
import { loadOpeningBalance, prefilledMonths } from './prefill.ts';

export type TModello21Row = typeof modello21.$inferSelect;

export { ZModello21Record };

export function modello21ToRecord(row: TModello21Row, today = todayInItaly()): TModello21Record {
  const totals = modello21Totals(row.months);
  const { openingBalanceCents, ...rest } = row;
  const carico = modello21Carico(openingBalanceCents, row.months);
  const deadline = modello21Deadline(row.year);
  const submittedOn = row.submittedAt ? todayInItaly(row.submittedAt) : null;
  return {
    ...rowToRecord(rest),
    openingBalance: centsToEuros(openingBalanceCents),
    carico: centsToEuros(carico.caricoCents),
    scarico: centsToEuros(carico.scaricoCents),
    months: row.months.map((m) => ({
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
        payments: m.prefill.payments.map((p) => ({
          declarationId: p.declarationId,
          paymentDate: p.paymentDate,
          trn: p.trn,
          amount: centsToEuros(p.amountCents),
          treasuryReference: p.treasuryReference ?? null,
          receiptNumber: p.receiptNumber ?? null,
        })),
        receipts: m.prefill.receipts ?? null,
      },
    })),
    tax: centsToEuros(totals.collectedCents),
    totalPaid: centsToEuros(totals.paidCents),
    due: centsToEuros(totals.dueCents),
    receiptsCount: totals.receiptsCount,
    deadline,
    isLate: submittedOn ? submittedOn > deadline : today > deadline,
  };
}

/** A month typed by the hotelier; a changed amount marks the month as corrected. */
export function applyMonthInputs(months: TModello21Month[], inputs: TModello21MonthInput[]): TModello21Month[] {
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
  create: ZModello21Create,
  update: ZModello21Update,
  filterable: { cityId: modello21.cityId, structureId: modello21.structureId, year: modello21.year, status: modello21.status, validationNumber: modello21.validationNumber },
  searchable: [modello21.validationNumber, modello21.ownerSurname, modello21.ownerTaxCode],
  year: { column: modello21.year, kind: 'integer' },
  scopes: structureChildScopes(modello21.structureId, modello21.cityId),
  toRecord: (row) => modello21ToRecord(row),
  toRow: async ({ input, tx, ctx, existing: row }) => {
    if (row) {
      if (row.status !== 'draft') throw new AppError('MODELLO21_LOCKED', `A ${row.status} Modello 21 cannot be changed`);
      const { months, openingBalance, ...rest } = input;
      return {
        ...rest,
        ...(months ? { months: applyMonthInputs(row.months, months) } : {}),
        ...(openingBalance !== undefined ? { openingBalanceCents: eurosToCents(openingBalance) } : {}),
      };
    }
    const structure = await findStructureForCaller(tx, ctx, input.structureId, true);
    const { year } = input;
    const [duplicate] = await tx
      .select({ id: modello21.id })
      .from(modello21)
      .where(sql`${modello21.structureId} = ${structure.id} and ${modello21.year} = ${year}`);
    if (duplicate) throw new AppError('DUPLICATE', 'This structure already has a Modello 21 for this year', { details: [{ path: 'year', message: 'already exists', value: duplicate.id }] });
    // The agente contabile is a hotelier of the structure: the caller when it manages it, else (an admin) its first hotelier.
    const ownerId = structure.userIds.includes(ctx.actor.id) ? ctx.actor.id : structure.userIds[0];
    const [owner] = ownerId ? await tx.select().from(users).where(eq(users.id, ownerId)) : [];
    return {
      cityId: structure.cityId,
      structureId: structure.id,
      year,
      status: 'draft' as const,
      months: await prefilledMonths(tx, structure.id, year, null),
      ownerName: input.ownerName ?? owner?.name ?? null,
      ownerSurname: input.ownerSurname ?? owner?.surname ?? null,
      ownerVatNumber: input.ownerVatNumber ?? owner?.vatNumber ?? structure.vatNumber ?? null,
      ownerTaxCode: input.ownerTaxCode ?? owner?.taxCode ?? structure.taxCode ?? null,
      ownerAddress: input.ownerAddress ?? owner?.address ?? null,
      ownerCompanyName: input.ownerCompanyName ?? null,
      ownerLegalRepresentative: input.ownerLegalRepresentative ?? null,
      ownerRole: input.ownerRole ?? null,
      openingBalanceCents: input.openingBalance !== undefined ? eurosToCents(input.openingBalance) : await loadOpeningBalance(tx, structure.id, year),
      notes: input.notes ?? null,
    };
  },
  beforeDelete: (row) => {
    if (row.status !== 'draft') throw new AppError('MODELLO21_LOCKED', 'Only a draft Modello 21 can be deleted');
  },
});
