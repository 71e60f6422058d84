import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { canRecordPayment } from '@app/domain/tourist-tax/filings/declaration-flow';
import { partsOfIuv } from '@app/domain/tourist-tax/pagopa';
import { planPaymentImport, type TPaymentImportRow, type TPaymentMatchTarget } from '@app/domain/tourist-tax/pagopa-payments';
import { cities, declarationPayments, declarations, structures } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { documentJob, runDocumentJob } from '../../../lib/document-jobs.ts';
import { AppError } from '../../../lib/errors.ts';
import { inTransition } from '../../../lib/workflow/run-transition.ts';
import { recordAudit } from '../../platform/index.ts';
import { cityIdForWrite, todayInItaly } from '../declarations/filing-scope.ts';
import { lockCity } from '../registry/scope.ts';
import type { readPaymentList } from './read-comune-sheet.ts';

const readPaymentListJob = documentJob<typeof readPaymentList>(import.meta.url, './read-comune-sheet', 'readPaymentList', { name: 'pagoPA payment list', timeoutMs: 20_000 });

const ZImportedRow = z.object({
  row: z.number().describe('Row of the file (the header is row 1)'),
  reference: z.string().describe('The notice number or IUV as the file gives it'),
  iuv: z.string(),
  amountCents: z.number().int(),
  paymentDate: z.string(),
  trn: z.string(),
});
export const ZPaymentImportResult = z.object({
  applied: z.boolean().describe('false for a dry run: nothing was recorded'),
  total: z.number().describe('Rows read'),
  matched: z.array(ZImportedRow.extend({ declarationId: z.string(), declarationCode: z.string().nullable(), structureName: z.string() })),
  unmatched: z.array(
    ZImportedRow.extend({ reason: z.enum(['unknownNotice', 'notPayable']).describe('unknownNotice: the comune issued no such notice; notPayable: its declaration is not submitted') }),
  ),
  duplicates: z.array(
    ZImportedRow.extend({
      reason: z.enum(['sameFile', 'alreadyRecorded']).describe('sameFile: an earlier row has the same notice and TRN; alreadyRecorded: the TRN is already a payment of that declaration'),
      firstRow: z.number().nullable(),
    }),
  ),
});
export type TPaymentImportResult = z.infer<typeof ZPaymentImportResult>;

/**
 * The comune's notices the rows name: an IUV carries the comune's segregation code and the progressive
 * a declaration was given (declarations.pagopaProgressive), so a row matches a declaration of the comune
 * with that progressive when the code is the comune's (it cannot change once notices exist).
 */
async function targetsOf(tx: TTx, cityId: string, rows: readonly TPaymentImportRow[]) {
  const targets = new Map<string, TPaymentMatchTarget & { code: string | null; structureName: string }>();
  const [city] = await tx.select({ segregationCode: cities.pagopaSegregationCode }).from(cities).where(eq(cities.id, cityId));
  const ours = rows.map((r) => ({ iuv: r.iuv, ...partsOfIuv(r.iuv) })).filter((r) => r.segregationCode === city?.segregationCode);
  const progressives = [...new Set(ours.map((r) => r.progressive))];
  if (progressives.length === 0) return targets;
  const found = await tx
    .select({ progressive: declarations.pagopaProgressive, declarationId: declarations.id, status: declarations.status, code: declarations.code, structureName: structures.name })
    .from(declarations)
    .innerJoin(structures, eq(structures.id, declarations.structureId))
    .where(and(eq(declarations.cityId, cityId), inArray(declarations.pagopaProgressive, progressives)));
  const ids = found.map((f) => f.declarationId);
  const recorded = ids.length
    ? await tx.select({ declarationId: declarationPayments.declarationId, trn: declarationPayments.trn }).from(declarationPayments).where(inArray(declarationPayments.declarationId, ids))
    : [];
  for (const { iuv, progressive } of ours) {
    const f = found.find((d) => d.progressive === progressive);
    if (!f) continue;
    targets.set(iuv, {
      declarationId: f.declarationId,
      payable: canRecordPayment(f.status),
      recordedTrns: recorded.filter((r) => r.declarationId === f.declarationId).map((r) => r.trn),
      code: f.code,
      structureName: f.structureName,
    });
  }
  return targets;
}

/**
 * Records the pagoPA payments a comune received, from its treasury's or intermediary's list (CSV or
 * xlsx: notice number or IUV, amount, date, TRN). The file is read and checked in a document job: a bad
 * row anywhere is 400 IMPORT_INVALID naming every one (row, field, value) and nothing is recorded. The
 * good rows are matched to the comune's notices; each matched row becomes a payment of its declaration
 * with its TRN, all in one transaction with the audit entry, the comune's row locked (two imports of the
 * same list run one after the other, the second finding the first's TRNs as duplicates). Unmatched and
 * duplicated rows are listed, never recorded. `dryRun` answers the same lists and records nothing.
 */
export async function importPagopaPayments(ctx: TSignedInContext, input: { cityId?: string | null; file: Buffer; dryRun: boolean }): Promise<TPaymentImportResult> {
  const cityId = cityIdForWrite(ctx, 'declarations', 'importPagopaPayments', input.cityId);
  const bytes = new Uint8Array(input.file);
  const read = await runDocumentJob(readPaymentListJob, [bytes, todayInItaly()], [bytes.buffer]);
  if (!read.ok) {
    const badRows = new Set(read.errors.map((e) => e.row)).size;
    throw new AppError('IMPORT_INVALID', `${badRows} rows are not valid: nothing was recorded`, {
      params: { rows: badRows },
      details: read.errors.map((e) => ({ row: e.row, path: e.field, value: e.value, message: e.message })),
    });
  }
  // inTransition: once it commits, the watchers of the declarations list hear of the declarations paid.
  return inTransition(ctx.db, async (unit) => {
    const { tx } = unit;
    await lockCity(tx, cityId);
    const targets = await targetsOf(tx, cityId, read.rows);
    const plan = planPaymentImport(read.rows, targets);
    const result: TPaymentImportResult = {
      applied: !input.dryRun,
      total: read.rows.length,
      matched: plan.matched.map((m) => ({ ...m, declarationCode: targets.get(m.iuv)!.code, structureName: targets.get(m.iuv)!.structureName })),
      unmatched: plan.unmatched,
      duplicates: plan.duplicates,
    };
    if (input.dryRun) return result;
    const byDeclaration = new Map<string, TPaymentImportRow[]>();
    for (const m of plan.matched) byDeclaration.set(m.declarationId, [...(byDeclaration.get(m.declarationId) ?? []), m]);
    for (const [declarationId, payments] of byDeclaration) {
      await recordPayments(tx, ctx, declarationId, payments);
      unit.changed.push({ table: declarations, id: declarationId, kind: 'updated', by: ctx.actor });
    }
    await recordAudit(tx, ctx, {
      action: 'declaration.importPagopaPayments',
      entityType: 'cities',
      entityId: cityId,
      changes: { total: result.total, matched: result.matched.length, unmatched: result.unmatched.length, duplicates: result.duplicates.length },
    });
    return result;
  });
}

/** The declaration's new payments, and its running total and latest payment (as a payment the hotelier records sets them). */
async function recordPayments(tx: TTx, ctx: TSignedInContext, declarationId: string, payments: readonly TPaymentImportRow[]) {
  const [row] = await tx.select().from(declarations).where(eq(declarations.id, declarationId)).for('update');
  const inserted = await tx
    .insert(declarationPayments)
    .values(payments.map((p) => ({ declarationId, paymentDate: p.paymentDate, amountCents: p.amountCents, trn: p.trn, createdById: ctx.actor.id })))
    .returning();
  const all = await tx.select().from(declarationPayments).where(eq(declarationPayments.declarationId, declarationId));
  const latest = [...all].sort((a, b) => (a.paymentDate === b.paymentDate ? a.createdAt.getTime() - b.createdAt.getTime() : a.paymentDate < b.paymentDate ? -1 : 1)).at(-1)!;
  const paidAmountCents = all.reduce((sum, p) => sum + p.amountCents, 0);
  await tx
    .update(declarations)
    .set({ paymentDate: latest.paymentDate, trn: latest.trn, paidAmountCents, updatedAt: new Date(Math.max(Date.now(), row.updatedAt.getTime() + 1)) })
    .where(eq(declarations.id, declarationId));
  await recordAudit(tx, ctx, {
    action: 'declaration.payment',
    entityType: 'declarations',
    entityId: declarationId,
    changes: {
      source: 'pagopaImport',
      payments: inserted.map((p) => ({ paymentId: p.id, paymentDate: p.paymentDate, trn: p.trn, amountCents: p.amountCents })),
      paidAmountCents: { from: row.paidAmountCents, to: paidAmountCents },
    },
  });
}
