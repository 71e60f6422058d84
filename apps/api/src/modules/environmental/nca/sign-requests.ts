import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { OTP_RULES, phaseSignedIn, SIGNING_STATUS_OF_PHASE, ZSignRequestRecord, type TSignRequestFacts } from '@app/domain/environmental/nca/index';
import { ncaReports, otpChallenges, settings, signRequests, users } from '../../../db/schema/index.ts';
import type { TDbOrTx, TTx } from '../../../db/client.ts';
import { requireAccess, scopeCondition } from '../../../lib/access.ts';
import { allOf, isUuid } from '../../../lib/collection/query.ts';
import { defineCollection, type TSignedInContext } from '../../../lib/collection/define.ts';
import { rowToRecord } from '../../../lib/collection/serialize.ts';
import { notFound } from '../../../lib/errors.ts';
import { signRequestScopes } from './nca-scope.ts';
import type { TNcaReportRow } from './reports.ts';
import { draftNamePartsOf } from './report-names.ts';
import { signerLockedUntil } from './signing-codes.ts';

/*
 * Sign requests: one per signer of a phase's round, made by the report's request actions. The signer
 * asks for a one-time code (send-signing-code.ts), then signs with it (sign-with-code.ts) or rejects;
 * the consortium records a refusal given off the platform or unlocks a request locked by wrong codes
 * (decide-sign-request.ts). Every change of status goes through sign-request-transitions.ts.
 *
 * Lock order, everywhere: the report, then its requests (recalls and forced steps lock the report
 * and then suspend requests), so that two paths never wait on each other.
 */

export type TSignRequestRow = typeof signRequests.$inferSelect;

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

/** What decorateSignRequests fills in (one query per page), empty on a bare record. */
const filledByDecorate: { reportCode: string | null; codeSentAt: string | null; codeExpiresAt: string | null } = { reportCode: null, codeSentAt: null, codeExpiresAt: null };

export function signRequestToRecord(row: TSignRequestRow) {
  const { pdfStorageKey: _key, pdfSha256: _pdf, requestedById: _by, decidedById: _decided, evidenceId: _evidence, ...rest } = rowToRecord(row);
  return {
    ...rest,
    phase: row.phase,
    status: row.status,
    signerName: '',
    agencyFunctionName: '',
    locked: row.failedAttempts >= OTP_RULES.maxFailuresPerRequest,
    ...filledByDecorate,
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
  const drafts = await draftNamePartsOf(
    db,
    reports.filter((r) => r.code === null).map((r) => r.id),
  );
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
    r.reportDraftName = drafts.get(r.reportId as string) ?? null;
    const c = challenges.find((x) => x.requestId === r._id);
    r.codeSentAt = c ? c.createdAt.toISOString() : null;
    r.codeExpiresAt = c ? c.expiresAt.toISOString() : null;
  }
}

const roundActive = (report: TNcaReportRow, request: TSignRequestRow) => phaseSignedIn(report.status) === request.phase && report.signRound === request.round;

export function signRequestFacts(ctx: TSignedInContext, report: TNcaReportRow, request: TSignRequestRow): TSignRequestFacts {
  return { isSigner: request.userId === ctx.actor.id, roundActive: roundActive(report, request) };
}

/** Locks a request in `scope` and its report, report first (see the lock order above); nothing outside the scope. */
export async function lockSignRequest(tx: TTx, id: string, scope: SQL | undefined): Promise<{ report: TNcaReportRow; request: TSignRequestRow } | undefined> {
  const [peek] = await tx
    .select({ reportId: signRequests.reportId })
    .from(signRequests)
    .where(allOf([eq(signRequests.id, id), scope]));
  if (!peek) return undefined;
  const [report] = await tx.select().from(ncaReports).where(eq(ncaReports.id, peek.reportId)).for('update');
  const [request] = await tx.select().from(signRequests).where(eq(signRequests.id, id)).for('update');
  return { report, request };
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
  const open = rows.filter(({ request, report }) => SIGNING_STATUS_OF_PHASE[request.phase] === report.status);
  const records = open.map(({ request }) => signRequestToRecord(request) as unknown as Record<string, unknown>);
  await decorateSignRequests(ctx.db, records);
  return records.map((r, i) => ({ ...r, reportDescription: open[i].report.description, reportStatus: open[i].report.status, lotId: open[i].report.lotId }));
}

/** The facts of a request for the caller (the web's buttons). */
export async function signRequestFactsFor(ctx: TSignedInContext, id: string): Promise<TSignRequestFacts & { locked: boolean; signerLockedUntil: string | null }> {
  return ctx.db.transaction(async (tx) => {
    const locked = isUuid(id) ? await lockSignRequest(tx, id, scopeCondition(ctx, 'sign-requests', 'read', signRequestScopes)) : undefined;
    if (!locked) throw notFound('Sign request');
    const { report, request } = locked;
    const signerUntil = await signerLockedUntil(tx, request.userId, new Date());
    return { ...signRequestFacts(ctx, report, request), locked: request.failedAttempts >= OTP_RULES.maxFailuresPerRequest, signerLockedUntil: signerUntil?.toISOString() ?? null };
  });
}
