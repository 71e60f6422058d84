import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  OTP_RULES,
  phaseSignedIn,
  SIGNING_STATUS_OF_PHASE,
  signRequestWorkflow,
  ZSignRequestRecord,
  type TSignPhase,
  type TSignRequestAction,
  type TSignRequestFacts,
  type TSignStatus,
} from '@app/domain/environmental/nca/index';
import { ncaReports, otpChallenges, otpSignerFailures, settings, signatureEvidence, signRequests, users } from '../../../db/schema/index.ts';
import type { TDbOrTx, TTx } from '../../../db/client.ts';
import { requireAccess, scopeCondition } from '../../../lib/access.ts';
import { allOf, isUuid } from '../../../lib/collection/query.ts';
import { defineCollection, type TSignedInContext } from '../../../lib/collection/define.ts';
import { rowToRecord } from '../../../lib/collection/serialize.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { recordAudit } from '../../platform/index.ts';
import { appendHistory } from './nca-history.ts';
import { deliverNca, type TPendingNca } from './nca-notifications.ts';
import { signRequestScopes } from './nca-scope.ts';
import { settleRound } from './report-workflow.ts';
import type { TNcaReportRow } from './reports.ts';
import { phaseSnapshot, sha256Hex, snapshotHashOf, canonicalJson } from './snapshot.ts';

/*
 * Sign requests and their one-time codes ("firma con codice OTP"). A signer asks for a 6-digit code
 * (crypto.randomInt), e-mailed to them and stored only as an HMAC keyed with a server secret; it is
 * valid 10 minutes, used once, voided by a newer one; 5 wrong tries void it, 10 over the request lock
 * the request until the consortium unlocks it (a resend resets nothing), and 10 over all of a signer's
 * requests in 24 hours lock the signer out of every request until the oldest leaves the window (an
 * unlock resets only the request's count, so it gives no fresh guesses). Every wrong try is committed
 * on its own, so a failure later in the request cannot undo the count. The signature stores its
 * evidence, chained by hash to the previous evidence row, and the last signature of a round moves
 * the report on in the same transaction. Signing is refused under impersonation.
 *
 * Lock order, everywhere: the report, then its requests (recalls and forced steps lock the report
 * and then suspend requests), so that two paths never wait on each other.
 */

export type TSignRequestRow = typeof signRequests.$inferSelect;
type TMeta = { ip: string; userAgent: string | null };

export const CONSENT_VERSION = 'nca-otp-1';
export const CONSENT_TEXT = 'Con l’inserimento del codice monouso ricevuto via e-mail sottoscrivo con firma con codice OTP i dati della fase indicata, identificati dalla loro impronta SHA-256.';

const PHASE_IT: Record<TSignPhase, string> = { first: 'fase 1', second: 'fase 2', third: 'fase 3' };

export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, local.length - 1))}@${domain ?? ''}`;
}

/** The HMAC of a code, keyed with the server's secret: a leaked table does not give the codes away. */
export function codeHmac(secret: string, challengeId: string, code: string): string {
  return createHmac('sha256', `nca-otp:${secret}`).update(`${challengeId}|${code}`).digest('hex');
}

export const signRequestsCollection = defineCollection({
  name: 'sign-requests',
  resource: 'sign-requests',
  tag: 'environmental',
  table: signRequests,
  record: ZSignRequestRecord,
  // Requests are made by the report's request actions, never posted directly.
  create: ZSignRequestRecord.pick({ reportId: true }),
  disabled: ['create', 'update', 'delete'],
  filterable: { reportId: signRequests.reportId, phase: signRequests.phase, round: signRequests.round, status: signRequests.status, userId: signRequests.userId },
  sortable: { round: signRequests.round, phase: signRequests.phase, signedAt: signRequests.signedAt, status: signRequests.status },
  scopes: signRequestScopes,
  toRecord: (row) => signRequestToRecord(row),
  decorate: (records, ctx) => decorateSignRequests(ctx.db, records),
});

export function signRequestToRecord(row: TSignRequestRow) {
  const { pdfStorageKey: _key, pdfSha256: _pdf, requestedById: _by, decidedById: _decided, evidenceId: _evidence, ...rest } = rowToRecord(row);
  return {
    ...rest,
    phase: row.phase as TSignPhase,
    status: row.status as TSignStatus,
    reportCode: null as string | null,
    signerName: '',
    agencyFunctionName: '',
    locked: row.failedAttempts >= OTP_RULES.maxFailuresPerRequest,
    codeSentAt: null as string | null,
    codeExpiresAt: null as string | null,
  };
}

/** Names, report codes and the state of the last code, one query each per page. */
export async function decorateSignRequests(db: TDbOrTx, records: Record<string, unknown>[]) {
  if (records.length === 0) return;
  const ids = records.map((r) => r._id as string);
  const userIds = [...new Set(records.map((r) => r.userId as string))];
  const people = await db.select({ id: users.id, name: users.name, surname: users.surname, email: users.email }).from(users).where(inArray(users.id, userIds));
  const fnIds = [...new Set(records.map((r) => r.agencyFunctionSettingId as string))];
  const fns = await db.select({ id: settings.id, name: settings.name }).from(settings).where(inArray(settings.id, fnIds));
  const reportIds = [...new Set(records.map((r) => r.reportId as string))];
  const reports = await db.select({ id: ncaReports.id, code: ncaReports.code }).from(ncaReports).where(inArray(ncaReports.id, reportIds));
  const challenges = await db
    .select({ requestId: otpChallenges.signRequestId, createdAt: otpChallenges.createdAt, expiresAt: otpChallenges.expiresAt })
    .from(otpChallenges)
    .where(and(inArray(otpChallenges.signRequestId, ids), isNull(otpChallenges.invalidatedAt), isNull(otpChallenges.consumedAt)))
    .orderBy(desc(otpChallenges.createdAt));
  for (const r of records) {
    const p = people.find((u) => u.id === r.userId);
    r.signerName = p ? [p.name, p.surname].filter(Boolean).join(' ') || p.email : '';
    r.agencyFunctionName = fns.find((f) => f.id === r.agencyFunctionSettingId)?.name ?? '';
    r.reportCode = reports.find((x) => x.id === r.reportId)?.code ?? null;
    const c = challenges.find((x) => x.requestId === r._id);
    r.codeSentAt = c ? c.createdAt.toISOString() : null;
    r.codeExpiresAt = c ? c.expiresAt.toISOString() : null;
  }
}

const roundActive = (report: TNcaReportRow, request: TSignRequestRow) => phaseSignedIn(report.status) === request.phase && report.signRound === request.round;

export function signRequestFacts(ctx: TSignedInContext, report: TNcaReportRow, request: TSignRequestRow): TSignRequestFacts {
  return { isSigner: request.userId === ctx.actor.id, roundActive: roundActive(report, request) };
}

/** Loads a request in the caller's scope and its report, both locked (report first: see the lock order above). */
async function lockRequest(tx: TTx, ctx: TSignedInContext, id: string) {
  if (!isUuid(id)) throw notFound('Sign request');
  const scope = scopeCondition(ctx, 'sign-requests', 'read', signRequestScopes);
  const [peek] = await tx
    .select({ reportId: signRequests.reportId })
    .from(signRequests)
    .where(allOf([eq(signRequests.id, id), scope])!);
  if (!peek) throw notFound('Sign request');
  const [report] = await tx.select().from(ncaReports).where(eq(ncaReports.id, peek.reportId)).for('update');
  const [request] = await tx.select().from(signRequests).where(eq(signRequests.id, id)).for('update');
  return { report, request };
}

/** The workflow's answer for one action (403 who, 409 state, reason, guards), as the runner gives it. */
function check(ctx: TSignedInContext, report: TNcaReportRow, request: TSignRequestRow, action: TSignRequestAction, reason?: string | null) {
  const result = signRequestWorkflow.transition(request.status as never, action, signRequestFacts(ctx, report, request), ctx.actor, { reason });
  if (!result.ok) {
    const message = result.code === 'INVALID_TRANSITION' && request.status !== 'pending' ? `The sign request is ${request.status}: ${action} is not possible` : result.message;
    throw new AppError(result.code, message, result.details ? { details: result.details } : {});
  }
  return result;
}

const SIGNER_WINDOW_MS = OTP_RULES.signerWindowHours * 3_600_000;
/** The advisory lock class of a signer's wrong-code count (the evidence chain's lock is a single bigint key: no overlap). */
const SIGNER_LOCK_CLASS = 7410022;

/** Until when the signer is locked out of signing for wrong codes over all their requests (null: not locked). */
async function signerLockedUntil(db: TDbOrTx, userId: string, now: Date): Promise<Date | null> {
  const recent = await db
    .select({ failedAt: otpSignerFailures.failedAt })
    .from(otpSignerFailures)
    .where(and(eq(otpSignerFailures.userId, userId), gt(otpSignerFailures.failedAt, new Date(now.getTime() - SIGNER_WINDOW_MS))))
    .orderBy(desc(otpSignerFailures.failedAt))
    .limit(OTP_RULES.maxFailuresPerSigner);
  return recent.length < OTP_RULES.maxFailuresPerSigner ? null : new Date(recent[recent.length - 1].failedAt.getTime() + SIGNER_WINDOW_MS);
}

function signerLocked(until: Date) {
  return new AppError('OTP_LOCKED', `Too many wrong codes for this signer over all their requests: signing is possible again from ${until.toISOString()}`, {
    details: [{ path: 'code', message: 'signer locked', value: until.toISOString() }],
  });
}

async function refuseLockedSigner(db: TDbOrTx, userId: string, now: Date) {
  const until = await signerLockedUntil(db, userId, now);
  if (until) throw signerLocked(until);
}

function refuseImpersonation(ctx: TSignedInContext) {
  // A signature binds the signer in person: an administrator acting as them may not give it.
  if (ctx.actor.impersonatorId) throw new AppError('IMPERSONATION_FORBIDDEN', 'Signing is not possible while impersonating another user');
}

/** E-mails a new 6-digit code to the signer (the previous one is voided). */
export async function sendSigningCode(app: FastifyInstance, ctx: TSignedInContext, id: string, meta: TMeta) {
  refuseImpersonation(ctx);
  await requireAccess(ctx, 'sign-requests', 'sendCode');
  const now = new Date();
  const sent = await ctx.db.transaction(async (tx) => {
    const { report, request } = await lockRequest(tx, ctx, id);
    check(ctx, report, request, 'sendCode');
    if (request.failedAttempts >= OTP_RULES.maxFailuresPerRequest) throw new AppError('OTP_LOCKED', 'Too many wrong codes: the consortium must unlock this sign request');
    await refuseLockedSigner(tx, ctx.actor.id, now);
    const recent = await tx
      .select({ createdAt: otpChallenges.createdAt })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.signRequestId, request.id), gt(otpChallenges.createdAt, new Date(now.getTime() - 3_600_000))))
      .orderBy(desc(otpChallenges.createdAt));
    if (recent[0] && now.getTime() - recent[0].createdAt.getTime() < OTP_RULES.resendIntervalSeconds * 1000)
      throw new AppError('RATE_LIMITED', `A code was sent less than ${OTP_RULES.resendIntervalSeconds} seconds ago: wait before asking for another`);
    if (recent.length >= OTP_RULES.maxSendsPerHour) throw new AppError('RATE_LIMITED', `At most ${OTP_RULES.maxSendsPerHour} codes per hour: try again later`);
    await tx
      .update(otpChallenges)
      .set({ invalidatedAt: now })
      .where(and(eq(otpChallenges.signRequestId, request.id), isNull(otpChallenges.invalidatedAt), isNull(otpChallenges.consumedAt)));
    const [signer] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, ctx.actor.id));
    const challengeId = randomUUID();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(now.getTime() + OTP_RULES.lifetimeMinutes * 60_000);
    const destinationMasked = maskEmail(signer.email);
    await tx.insert(otpChallenges).values({
      id: challengeId,
      createdAt: now,
      signRequestId: request.id,
      userId: ctx.actor.id,
      codeHmac: codeHmac(app.services.config.jwtSecret, challengeId, code),
      destinationMasked,
      snapshotHash: request.snapshotHash,
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    await recordAudit(tx, ctx, { action: 'signs.sendCode', entityType: 'signs', entityId: request.id });
    return { code, email: signer.email, name: signer.name ?? '', expiresAt, destinationMasked, report, request };
  });
  const expires = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' }).format(sent.expiresAt);
  // The code exists only in this e-mail (never logged, never stored in clear).
  await app.services.mailer.send(sent.email, 'ncaSigningCode', {
    name: sent.name,
    report: sent.report.code ?? 'in bozza',
    phase: PHASE_IT[sent.request.phase as TSignPhase],
    code: sent.code,
    expires,
    hash: sent.request.snapshotHash.slice(0, 12),
  });
  return { sentAt: now.toISOString(), expiresAt: sent.expiresAt.toISOString(), destinationMasked: sent.destinationMasked };
}

/** The hash of an evidence row: its content (canonical JSON) including the previous row's hash, so the rows form a chain. */
export function evidenceRowHash(evidence: Omit<typeof signatureEvidence.$inferInsert, 'rowHash' | 'sequence' | 'createdAt'> & { codeIssuedAt: Date; signedAt: Date }): string {
  return sha256Hex(canonicalJson({ ...evidence, codeIssuedAt: evidence.codeIssuedAt.toISOString(), signedAt: evidence.signedAt.toISOString() }));
}

type TSignOutcome = { ok: true; row: TSignRequestRow; pending: TPendingNca } | { ok: false; error: AppError };

/** Signs with the e-mailed code: the evidence row, the signed request and the round's outcome in one transaction. */
export async function signWithCode(app: FastifyInstance, ctx: TSignedInContext, id: string, code: string, meta: TMeta & { sessionId: string | null }) {
  refuseImpersonation(ctx);
  await requireAccess(ctx, 'sign-requests', 'sign');
  const outcome: TSignOutcome = await ctx.db.transaction(async (tx): Promise<TSignOutcome> => {
    const { report, request } = await lockRequest(tx, ctx, id);
    if (request.status === 'signed' && request.userId === ctx.actor.id) throw new AppError('DUPLICATE_SIGNATURE', 'A duplicate signature already exists for this user');
    check(ctx, report, request, 'sign');
    if (request.failedAttempts >= OTP_RULES.maxFailuresPerRequest) throw new AppError('OTP_LOCKED', 'Too many wrong codes: the consortium must unlock this sign request');
    // One guess at a time per signer, over all their requests and processes, so the count cannot be outrun.
    await tx.execute(sql`select pg_advisory_xact_lock(${SIGNER_LOCK_CLASS}, hashtext(${ctx.actor.id}))`);
    await refuseLockedSigner(tx, ctx.actor.id, new Date());
    const [challenge] = await tx.select().from(otpChallenges).where(eq(otpChallenges.signRequestId, request.id)).orderBy(desc(otpChallenges.createdAt)).limit(1).for('update');
    if (!challenge) throw new AppError('OTP_EXPIRED', 'No code was sent for this request: ask for one');
    if (challenge.consumedAt) throw new AppError('OTP_USED', 'This code has already been used');
    const now = new Date();
    if (challenge.invalidatedAt || challenge.expiresAt <= now) throw new AppError('OTP_EXPIRED', 'The code has expired or was replaced: ask for a new one');
    if (challenge.attempts >= OTP_RULES.maxFailuresPerCode) throw new AppError('OTP_EXPIRED', `This code is void after ${OTP_RULES.maxFailuresPerCode} wrong tries: ask for a new one`);
    const expected = Buffer.from(challenge.codeHmac, 'hex');
    const given = Buffer.from(codeHmac(app.services.config.jwtSecret, challenge.id, code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      // Committed as it is (the transaction returns normally), so the count survives the refusal.
      const failures = request.failedAttempts + 1;
      await tx
        .update(otpChallenges)
        .set({ attempts: challenge.attempts + 1 })
        .where(eq(otpChallenges.id, challenge.id));
      await tx.update(signRequests).set({ failedAttempts: failures }).where(eq(signRequests.id, request.id));
      await tx.delete(otpSignerFailures).where(and(eq(otpSignerFailures.userId, ctx.actor.id), lt(otpSignerFailures.failedAt, new Date(now.getTime() - SIGNER_WINDOW_MS))));
      await tx.insert(otpSignerFailures).values({ userId: ctx.actor.id, signRequestId: request.id, failedAt: now });
      await recordAudit(tx, ctx, { action: 'signs.wrongCode', entityType: 'signs', entityId: request.id, changes: { failedAttempts: { to: failures } } });
      const [{ signerFailures }] = await tx
        .select({ signerFailures: sql<number>`count(*)::int` })
        .from(otpSignerFailures)
        .where(and(eq(otpSignerFailures.userId, ctx.actor.id), gt(otpSignerFailures.failedAt, new Date(now.getTime() - SIGNER_WINDOW_MS))));
      const codeLeft = OTP_RULES.maxFailuresPerCode - (challenge.attempts + 1);
      const requestLeft = OTP_RULES.maxFailuresPerRequest - failures;
      const signerLeft = OTP_RULES.maxFailuresPerSigner - signerFailures;
      if (signerLeft <= 0) return { ok: false, error: signerLocked((await signerLockedUntil(tx, ctx.actor.id, now))!) };
      if (requestLeft <= 0) return { ok: false, error: new AppError('OTP_LOCKED', 'Too many wrong codes: the consortium must unlock this sign request') };
      const left = Math.min(codeLeft, requestLeft, signerLeft);
      return {
        ok: false,
        error: new AppError('OTP_INVALID', 'Wrong code', { details: [{ path: 'code', message: `wrong code; ${left} tries left`, value: left }] }),
      };
    }
    const snapshot = await phaseSnapshot(tx, report, request.phase as TSignPhase);
    const currentHash = snapshotHashOf(snapshot);
    if (currentHash !== request.snapshotHash || challenge.snapshotHash !== request.snapshotHash)
      throw new AppError('SNAPSHOT_CHANGED', 'What is being signed changed since the signatures were requested: the consortium must request them again');
    await tx.update(otpChallenges).set({ consumedAt: now }).where(eq(otpChallenges.id, challenge.id));
    // The evidence chain is global: one signature at a time appends to it.
    await tx.execute(sql`select pg_advisory_xact_lock(7410021)`);
    const [previous] = await tx.select({ rowHash: signatureEvidence.rowHash }).from(signatureEvidence).orderBy(desc(signatureEvidence.sequence)).limit(1);
    const [signer] = await tx.select().from(users).where(eq(users.id, ctx.actor.id));
    const [fn] = await tx.select({ name: settings.name }).from(settings).where(eq(settings.id, request.agencyFunctionSettingId));
    const evidence = {
      id: randomUUID(),
      signRequestId: request.id,
      reportId: report.id,
      phase: request.phase,
      round: request.round,
      userId: ctx.actor.id,
      signer: { userId: signer.id, name: signer.name ?? '', surname: signer.surname ?? '', taxCode: signer.taxCode, email: signer.email },
      agencyFunctionSettingId: request.agencyFunctionSettingId,
      agencyFunctionName: fn?.name ?? '',
      snapshotHash: request.snapshotHash,
      pdfSha256: request.pdfSha256,
      pdfStorageKey: request.pdfStorageKey,
      consentText: CONSENT_TEXT,
      consentVersion: CONSENT_VERSION,
      challengeId: challenge.id,
      channel: challenge.channel,
      destinationMasked: challenge.destinationMasked,
      codeIssuedAt: challenge.createdAt,
      attemptsUsed: challenge.attempts + 1,
      signedAt: now,
      ip: meta.ip,
      userAgent: meta.userAgent,
      sessionId: meta.sessionId,
      previousHash: previous?.rowHash ?? 'genesis',
    };
    const rowHash = evidenceRowHash(evidence);
    await tx.insert(signatureEvidence).values({ ...evidence, rowHash });
    const [saved] = await tx
      .update(signRequests)
      .set({ status: 'signed', signedAt: now, evidenceId: evidence.id, updatedAt: now })
      .where(and(eq(signRequests.id, request.id), eq(signRequests.status, 'pending')))
      .returning();
    if (!saved) throw new AppError('INVALID_TRANSITION', 'The sign request changed meanwhile; reload it');
    await appendHistory(tx, ctx.actor, {
      reportId: report.id,
      kind: 'signature',
      action: 'sign',
      entityType: 'sign-requests',
      entityId: request.id,
      fromStatus: 'pending',
      toStatus: 'signed',
      data: { phase: request.phase, round: request.round, snapshotHash: request.snapshotHash, evidenceHash: rowHash, function: fn?.name ?? '' },
    });
    await recordAudit(tx, ctx, { action: 'signs.sign', entityType: 'signs', entityId: request.id, changes: { status: { from: 'pending', to: 'signed' } } });
    const pending = await settleRound(tx, app, report.id, null);
    return { ok: true, row: saved, pending };
  });
  if (!outcome.ok) throw outcome.error;
  await deliverNca(app, outcome.pending);
  return outcome.row;
}

/** reject (the signer, with an explanation), manualReject (the consortium, with a reason), unlock (the consortium). */
export async function decideSignRequest(app: FastifyInstance, ctx: TSignedInContext, id: string, action: 'reject' | 'manualReject' | 'unlock', reason: string | null) {
  if (action === 'reject') refuseImpersonation(ctx);
  await requireAccess(ctx, 'sign-requests', action);
  const { row, pending } = await ctx.db.transaction(async (tx) => {
    const { report, request } = await lockRequest(tx, ctx, id);
    const result = check(ctx, report, request, action, reason);
    const now = new Date();
    const changes = action === 'unlock' ? { failedAttempts: 0 } : { status: result.to, explanationsRequest: reason, decidedById: ctx.actor.id };
    const [saved] = await tx
      .update(signRequests)
      .set({ ...changes, updatedAt: now })
      .where(and(eq(signRequests.id, request.id), eq(signRequests.status, 'pending')))
      .returning();
    if (!saved) throw new AppError('INVALID_TRANSITION', 'The sign request changed meanwhile; reload it');
    await appendHistory(tx, ctx.actor, {
      reportId: report.id,
      kind: action === 'unlock' ? 'transition' : 'signature',
      action,
      entityType: 'sign-requests',
      entityId: request.id,
      fromStatus: request.status,
      toStatus: saved.status,
      message: reason,
      data: { phase: request.phase, round: request.round },
    });
    await recordAudit(tx, ctx, {
      action: `signs.${action}`,
      entityType: 'signs',
      entityId: request.id,
      changes: { status: { from: request.status, to: saved.status }, ...(reason ? { reason: { to: reason } } : {}) },
    });
    const pending = action === 'unlock' ? [] : await settleRound(tx, app, report.id, reason);
    return { row: saved, pending };
  });
  await deliverNca(app, pending);
  return row;
}

/** "Le mie firme": the requests waiting for the signed-in user in rounds still open. */
export async function mySignRequests(ctx: TSignedInContext) {
  await requireAccess(ctx, 'sign-requests', 'mine');
  const rows = await ctx.db
    .select({ request: signRequests, report: ncaReports })
    .from(signRequests)
    .innerJoin(ncaReports, eq(ncaReports.id, signRequests.reportId))
    .where(and(eq(signRequests.userId, ctx.actor.id), eq(signRequests.status, 'pending'), eq(signRequests.round, ncaReports.signRound)))
    .orderBy(desc(signRequests.createdAt));
  const open = rows.filter(({ request, report }) => SIGNING_STATUS_OF_PHASE[request.phase as TSignPhase] === report.status);
  const records = open.map(({ request }) => signRequestToRecord(request) as unknown as Record<string, unknown>);
  await decorateSignRequests(ctx.db, records);
  return records.map((r, i) => ({ ...r, reportDescription: open[i].report.description, reportStatus: open[i].report.status, lotId: open[i].report.lotId }));
}

/** The facts of a request for the caller (the web's buttons). */
export async function signRequestFactsFor(ctx: TSignedInContext, id: string): Promise<TSignRequestFacts & { locked: boolean; signerLockedUntil: string | null }> {
  return ctx.db.transaction(async (tx) => {
    const { report, request } = await lockRequest(tx, ctx, id);
    const signerUntil = await signerLockedUntil(tx, request.userId, new Date());
    return { ...signRequestFacts(ctx, report, request), locked: request.failedAttempts >= OTP_RULES.maxFailuresPerRequest, signerLockedUntil: signerUntil?.toISOString() ?? null };
  });
}
