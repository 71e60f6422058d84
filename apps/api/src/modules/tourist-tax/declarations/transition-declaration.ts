import { and, eq, inArray, sql } from 'drizzle-orm';
import { comuneTitle } from './pdf-layout.ts';
import type { FastifyInstance } from 'fastify';
import { allowedFrom, canRecordPayment, sideOf, transitionDeclaration, type TDeclarationAction } from '@app/domain/tourist-tax/filings/declaration-flow';
import { formatEurosIt } from '@app/domain/tourist-tax/money';
import { cities, declarations, stays, structures, uploads } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { allOf, isUuid } from '../../../lib/collection/query.ts';
import { AppError, notFound, validationFailed } from '../../../lib/errors.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import { createNotification, pushNotification, type TNotificationRow } from '../../platform/notifications/notify-user.ts';
import { figuresForDeclaration } from './declaration-figures.ts';
import type { TDeclarationRow } from './declarations.ts';
import { cityUserIds, hotelierIdsOfStructure, structureRecordScope, todayInItaly } from './filing-scope.ts';

const PAST: Record<TDeclarationAction, string> = { submit: 'submitted', validate: 'validated', return: 'sent back', revoke: 'revoked' };

const SIDE_ROLES = { hotelier: ['user', 'admin'], comune: ['city', 'admin'] } as const;

async function loadForUpdate(tx: TTx, ctx: TSignedInContext, id: string): Promise<TDeclarationRow> {
  if (!isUuid(id)) throw notFound('Declaration');
  const scope = structureRecordScope(ctx, declarations.structureId, declarations.cityId);
  // FOR UPDATE: a second concurrent transition of the same declaration waits here, then sees the new status.
  const [row] = await tx.select().from(declarations).where(allOf([eq(declarations.id, id), scope])!).for('update');
  if (!row) throw notFound('Declaration');
  return row;
}

/** Notifications written in the caller's transaction; pushed (socket + e-mail) after the commit. */
export type TPendingNotifications = { rows: TNotificationRow[]; email: boolean };

async function notifyOtherSide(tx: TTx, row: TDeclarationRow, action: string, title: string, body: string, to: 'hotelier' | 'comune'): Promise<TNotificationRow[]> {
  const recipients = to === 'comune' ? await cityUserIds(tx, row.cityId) : await hotelierIdsOfStructure(tx, row.structureId);
  const created: TNotificationRow[] = [];
  for (const userId of recipients) {
    created.push(await createNotification(tx, userId, { title, body, event: `declaration.${action}`, data: { declarationId: row.id, structureId: row.structureId } }));
  }
  return created;
}

export async function pushPending(app: FastifyInstance, pending: TPendingNotifications) {
  for (const row of pending.rows) {
    await pushNotification(app.services, row, { email: pending.email }).catch((error) => app.log.error({ err: error }, 'notification push failed'));
  }
}

function protocolCode(row: TDeclarationRow): string {
  return `DIC-${row.year}-${row.id.slice(0, 8).toUpperCase()}`;
}

/**
 * One transition of a declaration, checked on the server: scope (404), side (403), state machine
 * (409 INVALID_TRANSITION). Submission recomputes and freezes the figures, locks the counted stays
 * and copies the comune's bank data; a return unlocks them. Audited in the same transaction; the
 * other side is notified after the commit.
 */
export async function transitionDeclarationUseCase(
  app: FastifyInstance,
  ctx: TSignedInContext,
  id: string,
  action: TDeclarationAction,
  options: { reason?: string } = {},
): Promise<TDeclarationRow> {
  const pending: TPendingNotifications = { rows: [], email: true };
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await loadForUpdate(tx, ctx, id);
    const side = sideOf(action);
    if (!(SIDE_ROLES[side] as readonly string[]).includes(ctx.actor.role)) {
      throw new AppError('FORBIDDEN', side === 'comune' ? 'Only the comune can do this' : 'Only the hotelier can do this');
    }
    const result = transitionDeclaration(row.status, action);
    if (!result.ok) {
      throw new AppError('INVALID_TRANSITION', `A ${row.status} declaration cannot be ${PAST[action]}`, {
        statusCode: 409,
        details: [{ path: 'status', message: `${action} is possible from ${result.allowedFrom.join(', ')}`, value: row.status }],
      });
    }
    const now = new Date();
    let changes: Partial<TDeclarationRow> = {};
    if (action === 'submit') {
      const figures = await figuresForDeclaration(tx, {
        id: row.id,
        structureId: row.structureId,
        dateFrom: row.dateFrom,
        dateTo: row.dateTo,
        type: row.type,
        noGuests: row.noGuests,
        manual: row.type === 'manual' ? { ...row } : null,
      });
      const [city] = await tx.select().from(cities).where(eq(cities.id, row.cityId));
      changes = {
        ...figures,
        compilationDate: todayInItaly(now),
        submittedAt: now,
        submittedById: ctx.actor.id,
        code: row.code ?? protocolCode(row),
        returnReason: null,
        beneficiaryInstitution: city ? (city.titledTo ?? comuneTitle(city.name)) : null,
        iban: city?.iban ?? null,
        bank: city?.bank ?? null,
      };
      if (row.type === 'automatic') {
        const counted = figures.numberOfStays > 0 ? await lockCountedStays(tx, row, now) : 0;
        if (counted !== figures.numberOfStays) throw new AppError('CONFLICT', 'The stays changed while submitting; try again');
      }
    } else if (action === 'validate') {
      changes = { validatedAt: now, validatedById: ctx.actor.id };
    } else if (action === 'return') {
      const reason = options.reason?.trim();
      if (!reason) throw validationFailed([{ path: 'reason', message: 'validation.required' }]);
      changes = { returnedAt: now, returnReason: reason };
      await tx.update(stays).set({ declarationId: null, lockedAt: null }).where(eq(stays.declarationId, row.id));
    } else if (action === 'revoke') {
      changes = { validatedAt: null, validatedById: null };
    }
    // Conditional on the status read above: belt and braces with the row lock.
    const [saved] = await tx
      .update(declarations)
      .set({ ...changes, status: result.to, updatedAt: new Date(Math.max(now.getTime(), row.updatedAt.getTime() + 1)) })
      .where(and(eq(declarations.id, row.id), inArray(declarations.status, [...allowedFrom(action)])))
      .returning();
    if (!saved) throw new AppError('INVALID_TRANSITION', 'The declaration changed meanwhile; reload it', { statusCode: 409 });
    await recordAudit(tx, ctx, {
      action: `declaration.${action}`,
      entityType: 'declarations',
      entityId: row.id,
      changes: { status: { from: row.status, to: result.to }, ...(options.reason ? { reason: { to: options.reason } } : {}) },
    });
    const [structure] = await tx.select({ name: structures.name }).from(structures).where(eq(structures.id, row.structureId));
    const what = `${structure?.name ?? 'Struttura'} – periodo ${row.dateFrom} / ${row.dateTo}`;
    const messages = {
      submit: ['Dichiarazione inviata', `${what}: dichiarazione ${saved.code} inviata, imposta ${formatEurosIt(saved.totalAmountCents)}.`],
      validate: ['Dichiarazione validata', `${what}: il Comune ha validato la dichiarazione ${saved.code}.`],
      return: ['Dichiarazione rinviata', `${what}: il Comune ha rinviato la dichiarazione. Motivo: ${options.reason ?? ''}`],
      revoke: ['Validazione revocata', `${what}: il Comune ha revocato la validazione della dichiarazione ${saved.code}.`],
    } as const;
    const [title, body] = messages[action];
    pending.rows = await notifyOtherSide(tx, saved, action, title, body, result.side === 'hotelier' ? 'comune' : 'hotelier');
    pending.email = result.side === 'comune';
    return saved;
  });
  await pushPending(app, pending);
  return updated;
}

/** Marks the counted stays as belonging to this declaration; returns how many. */
async function lockCountedStays(tx: TTx, row: TDeclarationRow, now: Date): Promise<number> {
  const locked = await tx
    .update(stays)
    .set({ declarationId: row.id, lockedAt: now })
    .where(
      and(
        eq(stays.structureId, row.structureId),
        sql`${stays.checkOut} between ${row.dateFrom} and ${row.dateTo}`,
        sql`(${stays.declarationId} is null or ${stays.declarationId} = ${row.id})`,
      ),
    )
    .returning({ id: stays.id });
  return locked.length;
}

/**
 * The hotelier records the payment to the comune: date, TRN and optionally the receipt (an upload
 * linked to this declaration, or one of the caller's unattached uploads).
 */
export async function recordDeclarationPayment(
  app: FastifyInstance,
  ctx: TSignedInContext,
  id: string,
  input: { paymentDate: string; trn: string; paidAmount?: number | null; paymentReceiptUploadId?: string | null },
  paidAmountCents: number | null,
): Promise<TDeclarationRow> {
  if (!(SIDE_ROLES.hotelier as readonly string[]).includes(ctx.actor.role)) throw new AppError('FORBIDDEN', 'Only the hotelier records the payment');
  const pending: TPendingNotifications = { rows: [], email: false };
  const saved = await ctx.db.transaction(async (tx) => {
    const row = await loadForUpdate(tx, ctx, id);
    if (!canRecordPayment(row.status)) {
      throw new AppError('INVALID_TRANSITION', 'Submit the declaration before recording its payment', { statusCode: 409, details: [{ path: 'status', message: 'submitted or validated', value: row.status }] });
    }
    if (input.paymentDate > todayInItaly()) throw validationFailed([{ path: 'paymentDate', message: 'cannot be in the future' }]);
    if (input.paymentReceiptUploadId) await attachUpload(tx, ctx, input.paymentReceiptUploadId, row.id, 'paymentReceiptUploadId');
    const [updated] = await tx
      .update(declarations)
      .set({
        paymentDate: input.paymentDate,
        trn: input.trn,
        paidAmountCents: paidAmountCents ?? row.toPayAmountCents,
        paymentReceiptUploadId: input.paymentReceiptUploadId ?? row.paymentReceiptUploadId,
        updatedAt: new Date(Math.max(Date.now(), row.updatedAt.getTime() + 1)),
      })
      .where(eq(declarations.id, row.id))
      .returning();
    await recordAudit(tx, ctx, {
      action: 'declaration.payment',
      entityType: 'declarations',
      entityId: row.id,
      changes: { paymentDate: { from: row.paymentDate, to: updated.paymentDate }, trn: { from: row.trn, to: updated.trn }, paidAmountCents: { from: row.paidAmountCents, to: updated.paidAmountCents } },
    });
    pending.rows = await notifyOtherSide(tx, updated, 'payment', 'Pagamento registrato', `Dichiarazione ${updated.code}: pagamento di ${formatEurosIt(updated.paidAmountCents ?? 0)} del ${updated.paymentDate}, TRN ${updated.trn}.`, 'comune');
    return updated;
  });
  await pushPending(app, pending);
  return saved;
}

/**
 * An upload becomes part of a declaration when it is already linked to it, or when it is one of the
 * caller's unattached uploads (then it is linked here).
 */
export async function attachUpload(tx: TTx, ctx: TSignedInContext, uploadId: string, declarationId: string, path: string) {
  const [upload] = await tx.select().from(uploads).where(eq(uploads.id, uploadId));
  const linkedHere = upload?.linkedEntityType === 'declarations' && upload.linkedEntityId === declarationId;
  const unattachedOwn = upload && !upload.linkedEntityId && (upload.ownerId === ctx.actor.id || ctx.actor.role === 'admin');
  if (!upload || (!linkedHere && !unattachedOwn)) {
    throw validationFailed([{ path, message: 'not a file of this declaration, nor one of your unattached files', value: uploadId }]);
  }
  if (!linkedHere) {
    await tx.update(uploads).set({ linkedEntityType: 'declarations', linkedEntityId: declarationId, updatedAt: new Date() }).where(eq(uploads.id, uploadId));
  }
  return upload;
}
