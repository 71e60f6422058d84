import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { modello21Deadline } from '@app/domain/tourist-tax/filings/deadlines';
import { reconcileModello21 } from '@app/domain/tourist-tax/filings/modello21';
import { cities, structures, twentyOneModels } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { allOf, isUuid } from '../../../lib/collection/query.ts';
import { AppError, notFound, validationFailed } from '../../../lib/errors.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import { createNotification } from '../../platform/notifications/notify-user.ts';
import { cityUserIds, hotelierIdsOfStructure, structureRecordScope, todayInItaly } from '../declarations/filing-scope.ts';
import { pushPending, type TPendingNotifications } from '../declarations/transition-declaration.ts';
import { prefilledMonths } from './prefill.ts';
import type { TModello21Row } from './twenty-one-models.ts';

const HOTELIER = ['user', 'admin'];
const COMUNE = ['city', 'admin'];

async function loadInScope(tx: TTx, ctx: TSignedInContext, id: string, lock = true): Promise<TModello21Row> {
  if (!isUuid(id)) throw notFound('Modello 21');
  const query = tx.select().from(twentyOneModels).where(allOf([eq(twentyOneModels.id, id), structureRecordScope(ctx, twentyOneModels.structureId, twentyOneModels.cityId)])!);
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound('Modello 21');
  return row;
}

function requireSide(ctx: TSignedInContext, roles: string[], message: string) {
  if (!roles.includes(ctx.actor.role)) throw new AppError('FORBIDDEN', message);
}

function invalidState(row: TModello21Row, expected: string) {
  return new AppError('INVALID_TRANSITION', `The Modello 21 is ${row.status}; this needs it ${expected}`, { statusCode: 409, details: [{ path: 'status', message: expected, value: row.status }] });
}

/** What the "model info" page shows: the comune's requirement, deadline, reconciliation. */
export async function modello21Info(ctx: TSignedInContext, id: string) {
  return ctx.db.transaction(async (tx) => {
    const row = await loadInScope(tx, ctx, id, false);
    const [city] = await tx.select({ name: cities.name, modello21Required: cities.modello21Required }).from(cities).where(eq(cities.id, row.cityId));
    const [structure] = await tx.select({ name: structures.name }).from(structures).where(eq(structures.id, row.structureId));
    const today = todayInItaly();
    const { issues, warnings } = reconcileModello21(row, today);
    return {
      _id: row.id,
      year: row.year,
      status: row.status,
      cityName: city?.name ?? '',
      structureName: structure?.name ?? '',
      required: city?.modello21Required ?? true,
      deadline: modello21Deadline(row.year),
      daysToDeadline: Math.round((Date.parse(modello21Deadline(row.year)) - Date.parse(today)) / 86_400_000),
      reconciled: issues.length === 0,
      canSubmit: row.status === 'draft' && issues.length === 0,
      issues,
      warnings,
    };
  });
}

/** Takes the stays and payments again; months the hotelier corrected keep their figures. */
export async function refreshModello21(ctx: TSignedInContext, id: string) {
  requireSide(ctx, HOTELIER, 'Only the hotelier refreshes the Modello 21');
  return ctx.db.transaction(async (tx) => {
    const row = await loadInScope(tx, ctx, id);
    if (row.status !== 'draft') throw invalidState(row, 'draft');
    const months = await prefilledMonths(tx, row.structureId, row.year, row.months);
    const [saved] = await tx.update(twentyOneModels).set({ months, updatedAt: new Date(Math.max(Date.now(), row.updatedAt.getTime() + 1)) }).where(eq(twentyOneModels.id, row.id)).returning();
    await recordAudit(tx, ctx, { action: 'modello21.refresh', entityType: 'twentyOneModels', entityId: row.id });
    return saved;
  });
}

async function notify(tx: TTx, row: TModello21Row, to: 'comune' | 'hotelier', event: string, title: string, body: string) {
  const recipients = to === 'comune' ? await cityUserIds(tx, row.cityId) : await hotelierIdsOfStructure(tx, row.structureId);
  return Promise.all(recipients.map((userId) => createNotification(tx, userId, { title, body, event, data: { twentyOneModelId: row.id } })));
}

/**
 * Submission is refused until every month reconciles (a note where collected differs from paid, a
 * TRN and date for every payment) and the model is signed and dated.
 */
export async function submitModello21(app: FastifyInstance, ctx: TSignedInContext, id: string) {
  requireSide(ctx, HOTELIER, 'Only the hotelier submits the Modello 21');
  const pending: TPendingNotifications = { rows: [], email: false };
  const saved = await ctx.db.transaction(async (tx) => {
    const row = await loadInScope(tx, ctx, id);
    if (row.status !== 'draft') throw invalidState(row, 'draft');
    const { issues } = reconcileModello21(row, todayInItaly());
    if (issues.length > 0) {
      throw new AppError('MODELLO21_NOT_RECONCILED', 'The Modello 21 cannot be submitted yet: explain every difference and give every payment its TRN', {
        statusCode: 409,
        details: issues.map((i) => ({ path: i.path, message: i.message })),
      });
    }
    const now = new Date();
    const [updated] = await tx
      .update(twentyOneModels)
      .set({ status: 'submitted', submittedAt: now, returnReason: null, updatedAt: new Date(Math.max(now.getTime(), row.updatedAt.getTime() + 1)) })
      .where(and(eq(twentyOneModels.id, row.id), eq(twentyOneModels.status, 'draft')))
      .returning();
    if (!updated) throw invalidState(row, 'draft');
    await recordAudit(tx, ctx, { action: 'modello21.submit', entityType: 'twentyOneModels', entityId: row.id, changes: { status: { from: 'draft', to: 'submitted' } } });
    pending.rows = await notify(tx, updated, 'comune', 'modello21.submit', 'Modello 21 inviato', `Il Modello 21 ${row.year} di una struttura è stato inviato.`);
    return updated;
  });
  await pushPending(app, pending);
  return saved;
}

/** The comune gives the model its validation number (visto) or sends it back to draft with a reason. */
export async function decideModello21(app: FastifyInstance, ctx: TSignedInContext, id: string, decision: { validate: true; validationNumber: string; cityNotes?: string | null } | { validate: false; reason: string }) {
  requireSide(ctx, COMUNE, 'Only the comune validates the Modello 21');
  const pending: TPendingNotifications = { rows: [], email: true };
  const saved = await ctx.db.transaction(async (tx) => {
    const row = await loadInScope(tx, ctx, id);
    if (row.status !== 'submitted') throw invalidState(row, 'submitted');
    const now = new Date();
    const version = new Date(Math.max(now.getTime(), row.updatedAt.getTime() + 1));
    let changes: Partial<TModello21Row>;
    if (decision.validate) {
      if (!decision.validationNumber.trim()) throw validationFailed([{ path: 'validationNumber', message: 'validation.required' }]);
      changes = { status: 'validated', validationNumber: decision.validationNumber.trim(), cityNotes: decision.cityNotes ?? row.cityNotes, validatedAt: now };
    } else {
      changes = { status: 'draft', returnReason: decision.reason, submittedAt: null };
    }
    const [updated] = await tx.update(twentyOneModels).set({ ...changes, updatedAt: version }).where(and(eq(twentyOneModels.id, row.id), eq(twentyOneModels.status, 'submitted'))).returning();
    if (!updated) throw invalidState(row, 'submitted');
    const action = decision.validate ? 'validate' : 'return';
    await recordAudit(tx, ctx, { action: `modello21.${action}`, entityType: 'twentyOneModels', entityId: row.id, changes: { status: { from: row.status, to: updated.status } } });
    pending.rows = await notify(
      tx,
      updated,
      'hotelier',
      `modello21.${action}`,
      decision.validate ? 'Modello 21 validato' : 'Modello 21 rinviato',
      decision.validate ? `Il Comune ha validato il Modello 21 ${row.year} (n. ${updated.validationNumber}).` : `Il Comune ha rinviato il Modello 21 ${row.year}. Motivo: ${decision.reason}`,
    );
    return updated;
  });
  await pushPending(app, pending);
  return saved;
}

export async function loadModello21ForPdf(ctx: TSignedInContext, id: string) {
  return ctx.db.transaction(async (tx) => loadInScope(tx, ctx, id, false));
}
