import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { can } from '@app/domain/platform/access/access-table';
import { canRecordPayment, declarationWorkflow, sideOf, type TDeclarationAction } from '@app/domain/tourist-tax/filings/declaration-flow';
import { otherSide } from '@app/domain/tourist-tax/filings/filing-sides';
import { cities, declarationPayments, declarations, stays, structures, uploads } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { reachesAll } from '../../../lib/access.ts';
import { AppError, validationFailed } from '../../../lib/errors.ts';
import { defineWorkflowRuntime, inTransition } from '../../../lib/workflow/run-transition.ts';
import { recordAudit } from '../../platform/index.ts';
import { figuresForDeclaration } from './declaration-figures.ts';
import type { TDeclarationRow } from './declarations.ts';
import { notifyFilingSide, pushPending, type TPendingNotifications } from './filing-notifications.ts';
import { structureRecordScope, todayInItaly } from './filing-scope.ts';
import { comuneTitle } from './pdf-layout.ts';
import { msg } from '../../../i18n/translate.ts';

export type TDeclarationInput = { reason?: string } | undefined;

function protocolCode(row: TDeclarationRow): string {
  return `DIC-${row.year}-${row.id.slice(0, 8).toUpperCase()}`;
}

/** The other side hears of every transition; the hotelier also by e-mail when the comune acts. */
async function notifyOtherSide(tx: TTx, row: TDeclarationRow, action: TDeclarationAction, reason: string | undefined): Promise<TPendingNotifications> {
  const [structure] = await tx.select({ name: structures.name }).from(structures).where(eq(structures.id, row.structureId));
  const what = msg('declaration.what', { structure: structure?.name ?? msg('declaration.unnamedStructure'), from: row.dateFrom, to: row.dateTo });
  const params = { what, code: row.code, amount: row.totalAmountCents, reason: reason ?? '' };
  const side = sideOf(action);
  const rows = await notifyFilingSide(tx, row, otherSide(side), {
    title: msg(`declaration.${action}.title`, params),
    body: msg(`declaration.${action}.body`, params),
    event: `declaration.${action}`,
    data: { declarationId: row.id, structureId: row.structureId },
  });
  return { rows, email: side === 'comune' };
}

const notify = (action: TDeclarationAction) => (args: { tx: TTx; saved: TDeclarationRow; input: TDeclarationInput }) => notifyOtherSide(args.tx, args.saved, action, args.input?.reason);

/**
 * The declaration workflow over the declarations table: scope (404), side (403), state machine (409
 * INVALID_TRANSITION). Submission recomputes and freezes the figures, locks the counted stays and
 * copies the comune's bank data; a return needs a reason and unlocks them. Audited as
 * `declaration.<action>` in the same transaction; the other side is notified after the commit.
 */
export function declarationTransitions(app: FastifyInstance) {
  return defineWorkflowRuntime({
    workflow: declarationWorkflow,
    table: declarations,
    label: 'Declaration',
    entityType: 'declarations',
    auditPrefix: 'declaration',
    scope: (ctx) => structureRecordScope(ctx, declarations.structureId, declarations.cityId),
    facts: () => undefined,
    reasonOf: (input: TDeclarationInput) => input?.reason?.trim(),
    audit: (tx, ctx, entry) => recordAudit(tx, ctx, entry),
    deliver: (pending: TPendingNotifications) => pushPending(app, pending),
    effects: {
      submit: {
        apply: async ({ tx, ctx, row, now }): Promise<Partial<TDeclarationRow>> => {
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
          if (row.type === 'automatic') {
            const counted = figures.numberOfStays > 0 ? await lockCountedStays(tx, row, now) : 0;
            if (counted !== figures.numberOfStays) throw new AppError('CONFLICT', 'The stays changed while submitting; try again');
          }
          return {
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
        },
        notify: notify('submit'),
        // The stays it locked are read-only now: their lists' watchers are told once the unit commits.
        cascade: async ({ unit, ctx, saved }) => {
          if (saved.type !== 'automatic') return;
          const locked = await unit.tx.select({ id: stays.id }).from(stays).where(eq(stays.declarationId, saved.id));
          for (const { id } of locked) unit.changed.push({ table: stays, id, kind: 'updated', by: ctx.actor });
        },
      },
      validate: { apply: ({ ctx, now }) => ({ validatedAt: now, validatedById: ctx.actor.id }), notify: notify('validate') },
      return: {
        apply: ({ input, now }) => ({ returnedAt: now, returnReason: input?.reason?.trim() ?? null }),
        notify: notify('return'),
        // A return frees its stays (editable again), and their lists' watchers are told once the unit commits.
        cascade: async ({ unit, ctx, saved }) => {
          const freed = await unit.tx.update(stays).set({ declarationId: null, lockedAt: null }).where(eq(stays.declarationId, saved.id)).returning({ id: stays.id });
          for (const { id } of freed) unit.changed.push({ table: stays, id, kind: 'updated', by: ctx.actor });
        },
      },
      revoke: { apply: () => ({ validatedAt: null, validatedById: null }), notify: notify('revoke') },
    },
  });
}

export type TDeclarationTransitions = ReturnType<typeof declarationTransitions>;

/** Marks the counted stays as belonging to this declaration; returns how many. */
async function lockCountedStays(tx: TTx, row: TDeclarationRow, now: Date): Promise<number> {
  const locked = await tx
    .update(stays)
    .set({ declarationId: row.id, lockedAt: now })
    .where(and(eq(stays.structureId, row.structureId), sql`${stays.checkOut} between ${row.dateFrom} and ${row.dateTo}`, sql`(${stays.declarationId} is null or ${stays.declarationId} = ${row.id})`))
    .returning({ id: stays.id });
  return locked.length;
}

/**
 * The hotelier records a payment to the comune: date, amount, TRN and optionally the treasury's
 * references and the receipt (an upload linked to this declaration, or one of the caller's unattached
 * uploads). A declaration may be paid in several payments: each is kept (declaration_payments); the
 * declaration carries their sum (paidAmount) and the latest date and TRN. Without an amount the payment
 * is what is still due.
 */
export async function recordDeclarationPayment(
  app: FastifyInstance,
  ctx: TSignedInContext,
  id: string,
  input: { paymentDate: string; trn: string; paidAmount?: number | null; paymentReceiptUploadId?: string | null; treasuryReference?: string | null; receiptNumber?: string | null },
  paidAmountCents: number | null,
): Promise<TDeclarationRow> {
  if (!can(ctx.actor.role, 'declarations', 'recordPayment')) throw new AppError('FORBIDDEN', 'Only the hotelier records the payment');
  // inTransition: the notification goes out after the commit, and the declaration lists' watchers are told.
  return inTransition(ctx.db, async (unit) => {
    const { tx } = unit;
    const row = await declarationTransitions(app).loadForUpdate(tx, ctx, id);
    if (!canRecordPayment(row.status)) {
      throw new AppError('INVALID_TRANSITION', 'Submit the declaration before recording its payment', { details: [{ path: 'status', message: 'submitted or validated', value: row.status }] });
    }
    if (input.paymentDate > todayInItaly()) throw validationFailed([{ path: 'paymentDate', message: 'cannot be in the future' }]);
    if (input.paymentReceiptUploadId) await attachUpload(tx, ctx, input.paymentReceiptUploadId, row.id, 'paymentReceiptUploadId');
    const previous = await tx.select().from(declarationPayments).where(eq(declarationPayments.declarationId, row.id));
    const paidBefore = previous.reduce((acc, p) => acc + p.amountCents, 0);
    const amountCents = paidAmountCents ?? row.toPayAmountCents - paidBefore;
    if (amountCents <= 0 && paidAmountCents === null) {
      throw validationFailed([{ path: 'paidAmount', message: 'validation.required: the declaration is paid in full; give the amount of this payment', value: null }]);
    }
    const [payment] = await tx
      .insert(declarationPayments)
      .values({
        declarationId: row.id,
        paymentDate: input.paymentDate,
        amountCents,
        trn: input.trn,
        treasuryReference: input.treasuryReference?.trim() || null,
        receiptNumber: input.receiptNumber?.trim() || null,
        receiptUploadId: input.paymentReceiptUploadId ?? null,
        createdById: ctx.actor.id,
      })
      .returning();
    const latest = [...previous, payment].sort((a, b) => (a.paymentDate === b.paymentDate ? a.createdAt.getTime() - b.createdAt.getTime() : a.paymentDate < b.paymentDate ? -1 : 1)).at(-1)!;
    const [updated] = await tx
      .update(declarations)
      .set({
        paymentDate: latest.paymentDate,
        trn: latest.trn,
        paidAmountCents: paidBefore + amountCents,
        paymentReceiptUploadId: input.paymentReceiptUploadId ?? row.paymentReceiptUploadId,
        updatedAt: new Date(Math.max(Date.now(), row.updatedAt.getTime() + 1)),
      })
      .where(eq(declarations.id, row.id))
      .returning();
    await recordAudit(tx, ctx, {
      action: 'declaration.payment',
      entityType: 'declarations',
      entityId: row.id,
      changes: {
        paymentId: payment.id,
        paymentDate: payment.paymentDate,
        trn: payment.trn,
        amountCents: payment.amountCents,
        paidAmountCents: { from: row.paidAmountCents, to: updated.paidAmountCents },
      },
    });
    const pending: TPendingNotifications = {
      rows: await notifyFilingSide(tx, updated, otherSide(sideOf('recordPayment')), {
        title: msg('declaration.payment.title'),
        body: msg('declaration.payment.body', { code: updated.code, amount: payment.amountCents, date: payment.paymentDate, trn: payment.trn }),
        event: 'declaration.payment',
        data: { declarationId: updated.id, structureId: updated.structureId },
      }),
      email: false,
    };
    unit.afterCommit.push(() => pushPending(app, pending));
    unit.changed.push({ table: declarations, id: updated.id, kind: 'updated', by: ctx.actor });
    return updated;
  });
}

/**
 * An upload becomes part of a declaration when it is already linked to it, or when it is one of the
 * caller's unattached uploads (then it is linked here).
 */
export async function attachUpload(tx: TTx, ctx: TSignedInContext, uploadId: string, declarationId: string, path: string) {
  const [upload] = await tx.select().from(uploads).where(eq(uploads.id, uploadId));
  const linkedHere = upload?.linkedEntityType === 'declarations' && upload.linkedEntityId === declarationId;
  // Another's unattached upload only for who reads every upload (the uploads grant: admins).
  const unattachedOwn = upload && !upload.linkedEntityId && (upload.ownerId === ctx.actor.id || reachesAll(ctx.actor, 'uploads', 'read'));
  if (!upload || (!linkedHere && !unattachedOwn)) {
    throw validationFailed([{ path, message: 'not a file of this declaration, nor one of your unattached files', value: uploadId }]);
  }
  if (!linkedHere) {
    await tx.update(uploads).set({ linkedEntityType: 'declarations', linkedEntityId: declarationId, updatedAt: new Date() }).where(eq(uploads.id, uploadId));
  }
  return upload;
}
