import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  missingPhase1Fields,
  missingRequiredDocuments,
  ncaReportCode,
  ncaReportWorkflow,
  phaseSignedIn,
  ROUND_OUTCOME_ACTIONS,
  SIGN_REQUEST_ACTIONS,
  type TNcaReportAction,
  type TNcaReportFacts,
  type TRequestSignatures,
  type TSignPhase,
  type TSignStatus,
} from '@app/domain/environmental/nca/index';
import { correctiveActions, lots, ncaCodeCounters, ncaReports, settings, signRequests, uploads, users } from '../../../db/schema/index.ts';
import type { TDbOrTx, TTx } from '../../../db/client.ts';
import { requireAccess, scopeCondition } from '../../../lib/access.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { AppError, validationFailed, type TErrorDetail } from '../../../lib/errors.ts';
import { defineWorkflowRuntime } from '../../../lib/workflow/run-transition.ts';
import { authorizeAction, recordAudit } from '../../platform/index.ts';
import { appendHistory } from './nca-history.ts';
import { assigneesOf, audienceOf, deliverNca, notifyUsers, type TPendingNca } from './nca-notifications.ts';
import { reportScopes } from './nca-scope.ts';
import { phasePdfJob } from './nca-pdf-jobs.ts';
import { runDocumentJob } from '../../../lib/document-jobs.ts';
import { todayInItaly, type TNcaReportRow } from './reports.ts';
import { phaseSnapshot, sha256Hex, snapshotHashOf } from './snapshot.ts';

/** The bodies of the report's actions: the signers of a round, or the reason of a forced step or a return. */
export type TReportInput = Partial<TRequestSignatures> & { reason?: string };

/** The access-table action behind each workflow action (the three recalls share `recall`). */
const TABLE_ACTION: Partial<Record<TNcaReportAction, string>> = { recallPhase1: 'recall', recallPhase2: 'recall', recallPhase3: 'recall' };

/** The request context with its database handle swapped for the open transaction. */
export const inTx = (ctx: TSignedInContext, tx: TTx): TSignedInContext => ({ ...ctx, db: tx as unknown as TSignedInContext['db'] });

/** Whether the actor may force a phase past its signatures: admins; others only holding nca.forceSkipSignatures with the permission system on. */
export async function mayHoldKey(ctx: TSignedInContext, key: string): Promise<boolean> {
  try {
    await authorizeAction(ctx, key);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'FORBIDDEN') return false;
    throw error;
  }
}

/** Required documents of the report's actions, by action name, that no linked upload names yet. */
async function actionsMissingDocuments(db: TDbOrTx, actions: (typeof correctiveActions.$inferSelect)[]): Promise<string[]> {
  const ids = actions.filter((a) => a.documents.some((d) => d.isRequired)).map((a) => a.id);
  if (ids.length === 0) return [];
  const files = await db
    .select({ id: uploads.linkedEntityId, tags: uploads.tags })
    .from(uploads)
    .where(and(eq(uploads.linkedEntityType, 'corrective-actions'), inArray(uploads.linkedEntityId, ids)));
  return actions
    .filter((a) => ids.includes(a.id))
    .filter(
      (a) =>
        missingRequiredDocuments(
          a.documents,
          files.filter((f) => f.id === a.id).map((f) => f.tags),
        ).length > 0,
    )
    .map((a) => a.name);
}

/** The statuses of the current round's requests, while the report collects a phase's signatures. */
export async function roundStatuses(db: TDbOrTx, report: TNcaReportRow): Promise<TSignStatus[]> {
  const phase = phaseSignedIn(report.status);
  if (!phase) return [];
  const rows = await db
    .select({ status: signRequests.status })
    .from(signRequests)
    .where(and(eq(signRequests.reportId, report.id), eq(signRequests.phase, phase), eq(signRequests.round, report.signRound)));
  return rows.map((r) => r.status as TSignStatus);
}

export async function reportFacts(db: TDbOrTx, ctx: TSignedInContext | null, report: TNcaReportRow): Promise<TNcaReportFacts> {
  const actions = await db.select().from(correctiveActions).where(eq(correctiveActions.reportId, report.id));
  return {
    missingPhase1Fields: missingPhase1Fields(report),
    hasCauseAnalysis: !!report.causeAnalysis?.trim(),
    actionStatuses: actions.map((a) => a.status as TNcaReportFacts['actionStatuses'][number]),
    actionsMissingDocuments: await actionsMissingDocuments(db, actions),
    roundStatuses: await roundStatuses(db, report),
    mayForceSkip: ctx ? await mayHoldKey(ctx, 'nca.forceSkipSignatures') : false,
  };
}

/**
 * The report's code, given when it opens: the lot's counter for the year is incremented in the
 * opening transaction (the upsert locks the counter row until the commit), so concurrent openings
 * of one lot wait for each other and a rolled-back opening gives its number back: no gaps, no twins.
 */
export async function assignReportCode(tx: TTx, report: TNcaReportRow, openDate: string): Promise<Partial<TNcaReportRow>> {
  if (report.code) return {};
  const year = Number(openDate.slice(0, 4));
  const [lot] = await tx.select({ code: lots.code }).from(lots).where(eq(lots.id, report.lotId));
  const [counter] = await tx
    .insert(ncaCodeCounters)
    .values({ lotId: report.lotId, year, lastSequence: 1 })
    .onConflictDoUpdate({ target: [ncaCodeCounters.lotId, ncaCodeCounters.year], set: { lastSequence: sql`${ncaCodeCounters.lastSequence} + 1` } })
    .returning({ sequence: ncaCodeCounters.lastSequence });
  return { code: ncaReportCode(lot.code, year, counter.sequence), codeYear: year, codeSequence: counter.sequence };
}

/** Suspends the pending requests of the report's current round (a recall, a forced step, a rejection). */
async function suspendPending(tx: TTx, report: TNcaReportRow, actor: TSignedInContext['actor'] | null, why: string) {
  const suspended = await tx
    .update(signRequests)
    .set({ status: 'suspended', updatedAt: new Date() })
    .where(and(eq(signRequests.reportId, report.id), eq(signRequests.round, report.signRound), eq(signRequests.status, 'pending')))
    .returning({ id: signRequests.id });
  for (const s of suspended)
    await appendHistory(tx, actor, {
      reportId: report.id,
      kind: 'transition',
      action: 'suspend',
      entityType: 'sign-requests',
      entityId: s.id,
      fromStatus: 'pending',
      toStatus: 'suspended',
      message: why,
    });
  return suspended.length;
}

/** Checks the signers of a round and creates their requests with the phase's snapshot and PDF. */
async function openRound(tx: TTx, app: FastifyInstance, ctx: TSignedInContext, report: TNcaReportRow, phase: TSignPhase, input: TReportInput, now: Date) {
  const signers = input.signers ?? [];
  if (signers.length === 0) throw validationFailed([{ path: 'signers', message: 'name at least one signer' }]);
  const seen = new Set<string>();
  for (const [i, s] of signers.entries()) {
    if (seen.has(s.userId))
      throw new AppError('DUPLICATE_SIGNATURE', 'A duplicate signature already exists for this user', { details: [{ path: `signers.${i}.userId`, message: 'named twice', value: s.userId }] });
    seen.add(s.userId);
  }
  const problems: TErrorDetail[] = [];
  const people = await tx
    .select({ id: users.id, isEnabled: users.isEnabled, deletedAt: users.deletedAt, functionIds: users.companyFunctionSettingIds })
    .from(users)
    .where(
      inArray(
        users.id,
        signers.map((s) => s.userId),
      ),
    );
  const functions = await tx
    .select({ id: settings.id, isActive: settings.isActive, settingType: settings.settingType })
    .from(settings)
    .where(
      inArray(
        settings.id,
        signers.map((s) => s.agencyFunctionSettingId),
      ),
    );
  signers.forEach((s, i) => {
    const person = people.find((p) => p.id === s.userId);
    if (!person || person.deletedAt) problems.push({ path: `signers.${i}.userId`, message: 'does not exist', value: s.userId });
    else if (!person.isEnabled) problems.push({ path: `signers.${i}.userId`, message: 'this account is disabled', value: s.userId });
    const fn = functions.find((f) => f.id === s.agencyFunctionSettingId);
    if (!fn || fn.settingType !== 'companyFunction') problems.push({ path: `signers.${i}.agencyFunctionSettingId`, message: 'not a company function', value: s.agencyFunctionSettingId });
    else if (!fn.isActive) problems.push({ path: `signers.${i}.agencyFunctionSettingId`, message: 'this company function is not active', value: s.agencyFunctionSettingId });
    // A signer acts in a function they hold (an administrator sets them on the user).
    else if (person && !person.functionIds.includes(fn.id))
      problems.push({ path: `signers.${i}.agencyFunctionSettingId`, message: 'the signer does not hold this company function', value: s.agencyFunctionSettingId });
  });
  if (problems.length) throw validationFailed(problems);
  const round = report.signRound + 1;
  const snapshot = await phaseSnapshot(tx, report, phase);
  const snapshotHash = snapshotHashOf(snapshot);
  const names = await tx
    .select({ id: users.id, name: users.name, surname: users.surname, email: users.email })
    .from(users)
    .where(inArray(users.id, [...seen]));
  const fnNames = await tx
    .select({ id: settings.id, name: settings.name })
    .from(settings)
    .where(
      inArray(
        settings.id,
        signers.map((s) => s.agencyFunctionSettingId),
      ),
    );
  const pdf = await runDocumentJob(phasePdfJob, [
    snapshot,
    snapshotHash,
    signers.map((s) => {
      const n = names.find((u) => u.id === s.userId);
      return {
        phase,
        round,
        signer: n ? [n.name, n.surname].filter(Boolean).join(' ') || n.email : s.userId,
        functionName: fnNames.find((f) => f.id === s.agencyFunctionSettingId)?.name ?? '',
        status: 'pending',
        signedAt: null,
        explanation: null,
        snapshotHash,
      };
    }),
    now,
  ]);
  const pdfStorageKey = await app.services.storage.put(Buffer.from(pdf));
  const pdfSha256 = sha256Hex(pdf);
  const created = await tx
    .insert(signRequests)
    .values(
      signers.map((s) => ({
        reportId: report.id,
        phase,
        round,
        userId: s.userId,
        agencyFunctionSettingId: s.agencyFunctionSettingId,
        status: 'pending',
        snapshotHash,
        pdfSha256,
        pdfStorageKey,
        requestedById: ctx.actor.id,
      })),
    )
    .returning({ id: signRequests.id, userId: signRequests.userId });
  for (const c of created)
    await appendHistory(tx, ctx.actor, {
      reportId: report.id,
      kind: 'transition',
      action: 'request',
      entityType: 'sign-requests',
      entityId: c.id,
      toStatus: 'pending',
      data: { phase, round, userId: c.userId },
    });
  return { signRound: round };
}

const PHASE_IT: Record<TSignPhase, string> = { first: 'fase 1', second: 'fase 2', third: 'fase 3' };
const label = (r: TNcaReportRow) => r.code ?? 'in bozza';

/** Who hears of each step, and what. */
async function notificationsOf(tx: TTx, action: TNcaReportAction, report: TNcaReportRow, actorId: string | null, reason?: string | null): Promise<TPendingNca> {
  const data = { reportId: report.id };
  const out: TPendingNca = [];
  const send = async (userIds: string[], title: string, body: string, email: boolean) =>
    out.push(await notifyUsers(tx, userIds, { title, body, event: `nca.${action}`, data }, email, actorId ?? undefined));
  const opened = `La NCA ${label(report)} è aperta: l'impresa scrive l'analisi delle cause e propone le azioni correttive.`;
  switch (action) {
    case 'requestPhase1Signs':
    case 'requestPhase2Signs':
    case 'requestClosingSigns': {
      const phase = SIGN_REQUEST_ACTIONS[action];
      const signers = await tx
        .select({ userId: signRequests.userId })
        .from(signRequests)
        .where(and(eq(signRequests.reportId, report.id), eq(signRequests.round, report.signRound)));
      await send(
        signers.map((s) => s.userId),
        'Firma richiesta',
        `Ti è chiesta la firma con codice OTP della NCA ${label(report)} (${PHASE_IT[phase]}). Apri "Le mie firme".`,
        true,
      );
      break;
    }
    case 'forceOpen':
    case 'phase1Complete':
      await send(await audienceOf(tx, report, ['targetAgency', 'observers']), `NCA ${label(report)} aperta`, opened, true);
      break;
    case 'submitForValidation':
      await send(await audienceOf(tx, report, ['consortium', 'author']), `NCA ${label(report)} da validare`, "L'impresa ha inviato l'analisi delle cause e le azioni proposte.", false);
      break;
    case 'returnToAgency':
      await send(await audienceOf(tx, report, ['targetAgency']), `NCA ${label(report)} rinviata`, `Il consorzio ha rinviato il piano delle azioni. Motivo: ${reason ?? ''}`, true);
      break;
    case 'phase2Complete':
    case 'forcePhase3': {
      const actions = await tx.select().from(correctiveActions).where(eq(correctiveActions.reportId, report.id));
      await send(await assigneesOf(tx, actions), `NCA ${label(report)}: azioni da eseguire`, 'Il piano delle azioni è approvato: puoi avviare le azioni correttive assegnate.', true);
      await send(await audienceOf(tx, report, ['observers']), `NCA ${label(report)} in esecuzione`, 'Il piano delle azioni è approvato.', false);
      break;
    }
    case 'phase3Complete':
    case 'forceClose':
      await send(await audienceOf(tx, report, ['targetAgency', 'observers', 'author']), `NCA ${label(report)} chiusa`, `La NCA ${label(report)} è chiusa.`, true);
      break;
    case 'phase1Rejected':
    case 'phase2Rejected':
    case 'phase3Rejected':
      await send(await audienceOf(tx, report, ['consortium', 'author']), `NCA ${label(report)}: firma rifiutata`, `Una firma è stata rifiutata. Motivazione: ${reason ?? ''}`, true);
      break;
    default:
      break;
  }
  return out;
}

/** The column changes of each step beyond its status. */
/**
 * Returning the plan to the agency reopens it as a whole: the actions the consortium confirmed meanwhile
 * are unconfirmed (back to new, editable again by their author), and every action of the plan carries
 * the reason in the report's history, in the transition's transaction.
 */
async function unconfirmActions(tx: TTx, ctx: TSignedInContext, report: TNcaReportRow, reason: string) {
  const actions = await tx
    .select()
    .from(correctiveActions)
    .where(and(eq(correctiveActions.reportId, report.id), inArray(correctiveActions.status, ['new', 'confirmed'])));
  const confirmed = actions.filter((a) => a.status === 'confirmed').map((a) => a.id);
  if (confirmed.length > 0)
    await tx.update(correctiveActions).set({ status: 'new', confirmationDate: null, confirmedById: null, updatedAt: new Date() }).where(inArray(correctiveActions.id, confirmed));
  for (const action of actions)
    await appendHistory(tx, ctx.actor, {
      reportId: report.id,
      kind: 'transition',
      action: 'returnedToAgency',
      entityType: 'corrective-actions',
      entityId: action.id,
      fromStatus: action.status,
      toStatus: 'new',
      message: reason,
      data: { name: action.name },
    });
}

async function changesOf(
  tx: TTx,
  app: FastifyInstance,
  ctx: TSignedInContext | null,
  action: TNcaReportAction,
  report: TNcaReportRow,
  input: TReportInput,
  now: Date,
  date: string,
): Promise<Partial<TNcaReportRow>> {
  switch (action) {
    case 'requestPhase1Signs':
    case 'requestPhase2Signs':
    case 'requestClosingSigns':
      return openRound(tx, app, ctx!, report, SIGN_REQUEST_ACTIONS[action], input, now);
    case 'forceOpen':
      await suspendPending(tx, report, ctx?.actor ?? null, `forceOpen: ${input.reason ?? ''}`);
      return { ...(await assignReportCode(tx, report, date)), openDate: date };
    case 'phase1Complete':
      return { ...(await assignReportCode(tx, report, date)), openDate: date };
    case 'forcePhase3':
      await suspendPending(tx, report, ctx?.actor ?? null, `forcePhase3: ${input.reason ?? ''}`);
      return {};
    case 'forceClose':
      await suspendPending(tx, report, ctx?.actor ?? null, `forceClose: ${input.reason ?? ''}`);
      return { closingDate: date };
    case 'phase3Complete':
      return { closingDate: date };
    case 'recallPhase1':
    case 'recallPhase2':
    case 'recallPhase3':
      await suspendPending(tx, report, ctx?.actor ?? null, action);
      return {};
    case 'phase1Rejected':
    case 'phase2Rejected':
    case 'phase3Rejected':
      await suspendPending(tx, report, null, 'another signature of the round was rejected');
      return {};
    case 'returnToAgency':
      await unconfirmActions(tx, ctx!, report, input.reason?.trim() ?? '');
      return {};
    default:
      return {};
  }
}

/** The history entry of a report transition (the runtime's audit hook and the automatic steps write it). */
async function recordReportStep(tx: TTx, ctx: Pick<TSignedInContext, 'actor' | 'ip' | 'requestId'> | null, report: TNcaReportRow, action: TNcaReportAction, to: string, reason: string | null) {
  await appendHistory(tx, ctx?.actor ?? null, {
    reportId: report.id,
    kind: 'transition',
    action,
    entityType: 'nca-reports',
    entityId: report.id,
    fromStatus: report.status,
    toStatus: to,
    message: reason,
  });
}

/**
 * The NCA report workflow over its table: the request actions open a round of signatures, the
 * forced variants suspend it and record their reason, recalls suspend it, the code is given when the
 * report opens. Every step is written to the report's history in its transaction.
 */
export function ncaReportTransitions(app: FastifyInstance) {
  return defineWorkflowRuntime({
    workflow: ncaReportWorkflow,
    table: ncaReports,
    label: 'NCA report',
    entityType: 'nca',
    auditPrefix: 'nca',
    scope: (ctx) => scopeCondition(ctx, 'nca-reports', 'read', reportScopes),
    async facts({ tx, ctx, row }: { tx: TTx; ctx: TSignedInContext; row: TNcaReportRow }) {
      // Inside the transition's transaction every read goes through it (PGlite has one connection).
      return reportFacts(tx, inTx(ctx, tx), row);
    },
    reasonOf: (input: TReportInput) => input?.reason?.trim(),
    async audit(tx, ctx, entry) {
      await recordAudit(tx, ctx, entry);
    },
    deliver: (pending: TPendingNca) => deliverNca(app, pending),
    effects: Object.fromEntries(
      ncaReportWorkflow.actions.map((action) => [
        action,
        {
          apply: async ({ tx, ctx, row, input, now }: { tx: TTx; ctx: TSignedInContext; row: TNcaReportRow; input: TReportInput; now: Date }) => {
            // The permission key of the action (with the permission system on), on top of the role's grant.
            await requireAccess(inTx(ctx, tx), 'nca-reports', TABLE_ACTION[action] ?? action);
            return changesOf(tx, app, ctx, action, row, input ?? {}, now, todayInItaly());
          },
          notify: async ({ tx, ctx, before, saved, input }: { tx: TTx; ctx: TSignedInContext; before: TNcaReportRow; saved: TNcaReportRow; input: TReportInput }) => {
            await recordReportStep(tx, ctx, before, action, saved.status, input?.reason?.trim() || null);
            return notificationsOf(tx, action, saved, ctx.actor.id, input?.reason);
          },
        },
      ]),
    ),
  });
}

/**
 * Settles the current round after a signature or a rejection, in the same transaction: the last
 * signature moves the report on, a rejection sends it back and suspends the rest of the round.
 * The report must be locked by the caller. Returns the notifications to deliver after the commit.
 */
export async function settleRound(tx: TTx, app: FastifyInstance, reportId: string, explanation: string | null): Promise<TPendingNca> {
  const [report] = await tx.select().from(ncaReports).where(eq(ncaReports.id, reportId));
  const outcomes = ROUND_OUTCOME_ACTIONS[report.status as keyof typeof ROUND_OUTCOME_ACTIONS];
  if (!outcomes) return [];
  const facts = await reportFacts(tx, null, report);
  const [action] = ncaReportWorkflow.automaticActions(report.status as never, facts);
  if (!action) return [];
  const now = new Date();
  const changes = await changesOf(tx, app, null, action, report, {}, now, todayInItaly());
  const to = ncaReportWorkflow.spec(action).to;
  const [saved] = await tx
    .update(ncaReports)
    .set({ ...changes, status: to, updatedAt: new Date(Math.max(now.getTime(), report.updatedAt.getTime() + 1)) })
    .where(and(eq(ncaReports.id, report.id), inArray(ncaReports.status, [...ncaReportWorkflow.allowedFrom(action)])))
    .returning();
  if (!saved) throw new AppError('INVALID_TRANSITION', 'The NCA report changed meanwhile; reload it');
  await recordReportStep(tx, null, report, action, to, explanation);
  await recordAudit(tx, { actor: null, ip: '', requestId: 'system' }, { action: `nca.${action}`, entityType: 'nca', entityId: report.id, changes: { status: { from: report.status, to } } });
  return notificationsOf(tx, action, saved, null, explanation);
}
