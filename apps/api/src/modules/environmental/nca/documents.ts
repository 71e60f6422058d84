import type { Readable } from 'node:stream';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TSignPhase } from '@app/domain/environmental/nca/index';
import { ncaReports, settings, signatureEvidence, signRequests, users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { requireAccess, scopeCondition } from '../../../lib/access.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { allOf, isUuid } from '../../../lib/collection/query.ts';
import { notFound } from '../../../lib/errors.ts';
import { appendHistory, readTimeline } from './nca-history.ts';
import type { TPdfSignature } from './nca-pdf.ts';
import { phasePdfJob, reportPdfJob } from './nca-pdf-jobs.ts';
import { runDocumentJob } from '../../../lib/document-jobs.ts';
import { reportScopes } from './nca-scope.ts';
import type { TNcaReportRow } from './reports.ts';
import { phaseSnapshot, snapshotHashOf } from './snapshot.ts';
import { enMessages } from '../../../i18n/en.ts';
import { itMessages } from '../../../i18n/it.ts';
import { DEFAULT_LANGUAGE, type TLanguage } from '../../../i18n/translate.ts';

/** A report the caller may read with the grant of `action` (404 outside the scope). */
export async function readableReport(ctx: TSignedInContext, id: string, action: 'read' | 'timeline' | 'pdf' | 'evidence' = 'read'): Promise<TNcaReportRow> {
  await requireAccess(ctx, 'nca-reports', action);
  if (!isUuid(id)) throw notFound('NCA report');
  const [row] = await ctx.db
    .select()
    .from(ncaReports)
    .where(allOf([eq(ncaReports.id, id), scopeCondition(ctx, 'nca-reports', action, reportScopes)]));
  if (!row) throw notFound('NCA report');
  return row;
}

export async function pdfSignatures(db: TDbOrTx, reportId: string, phase?: TSignPhase, round?: number): Promise<TPdfSignature[]> {
  const rows = await db
    .select({ request: signRequests, name: users.name, surname: users.surname, email: users.email, fn: settings.name, evidenceHash: signatureEvidence.rowHash })
    .from(signRequests)
    .innerJoin(users, eq(users.id, signRequests.userId))
    .leftJoin(settings, eq(settings.id, signRequests.agencyFunctionSettingId))
    .leftJoin(signatureEvidence, eq(signatureEvidence.id, signRequests.evidenceId))
    .where(allOf([eq(signRequests.reportId, reportId), phase ? eq(signRequests.phase, phase) : undefined, round ? eq(signRequests.round, round) : undefined]))
    .orderBy(asc(signRequests.round), asc(signRequests.createdAt));
  return rows
    .filter((r) => round !== undefined || r.request.status !== 'suspended')
    .map((r) => ({
      phase: r.request.phase,
      round: r.request.round,
      signer: [r.name, r.surname].filter(Boolean).join(' ') || r.email,
      functionName: r.fn ?? '',
      status: r.request.status,
      signedAt: r.request.signedAt?.toISOString() ?? null,
      explanation: r.request.explanationsRequest,
      snapshotHash: r.request.snapshotHash,
      evidenceHash: r.evidenceHash,
    }));
}

/** What a history entry says happened, in the reader's language; an action the messages do not name shows as it is. */
function historyLabel(language: TLanguage, action: string): string {
  const labels: Record<string, string | undefined> = (language === 'en' ? enMessages : itMessages).nca.history;
  return labels[action] ?? action;
}

/**
 * The PDF of a phase: the document stored with the latest round of that phase (what its signers
 * signed or are signing), or, before any round, the phase's data as they stand. Without a phase: the
 * report (the final report once closed).
 */
export async function reportPdf(
  app: FastifyInstance,
  ctx: TSignedInContext,
  id: string,
  phase: TSignPhase | undefined,
  language: TLanguage = DEFAULT_LANGUAGE,
): Promise<{ fileName: string; body: Uint8Array | Readable }> {
  const report = await readableReport(ctx, id, 'pdf');
  const base = `NCA-${report.code ?? 'bozza'}`;
  if (phase) {
    const [latest] = await ctx.db
      .select({ key: signRequests.pdfStorageKey })
      .from(signRequests)
      .where(and(eq(signRequests.reportId, report.id), eq(signRequests.phase, phase)))
      .orderBy(desc(signRequests.round))
      .limit(1);
    const fileName = `${base}-fase-${phase === 'first' ? 1 : phase === 'second' ? 2 : 3}.pdf`;
    // Before any round of the phase there is no stored document yet: the phase's data as they stand.
    if (latest?.key) return { fileName, body: app.services.storage.read(latest.key) };
    const snapshot = await phaseSnapshot(ctx.db, report, phase);
    return { fileName, body: await runDocumentJob(phasePdfJob, [snapshot, snapshotHashOf(snapshot), [], new Date(), language]) };
  }
  const snapshot = await phaseSnapshot(ctx.db, report, 'third');
  const timeline = await readTimeline(ctx.db, report.id);
  const body = await runDocumentJob(reportPdfJob, [
    snapshot,
    report.status,
    report.closingDate,
    await pdfSignatures(ctx.db, report.id),
    timeline.map((t) => ({ at: t.createdAt, who: t.actorName, what: `${historyLabel(language, t.action)}${t.message ? `: ${t.message}` : ''}` })),
    report.causeAnalysis,
    language,
    // The final report of a closed NCA is sealed; the current state of an open one is not.
    report.status === 'closed' ? await app.services.seal() : null,
  ]);
  return { fileName: `${base}${report.status === 'closed' ? '-finale' : ''}.pdf`, body };
}

export async function addComment(ctx: TSignedInContext, id: string, text: string) {
  await requireAccess(ctx, 'nca-reports', 'comment');
  const report = await readableReport(ctx, id, 'read');
  await ctx.db.transaction((tx) => appendHistory(tx, ctx.actor, { reportId: report.id, kind: 'comment', action: 'comment', entityType: 'nca-reports', entityId: report.id, message: text }));
  const timeline = await readTimeline(ctx.db, report.id);
  return timeline[timeline.length - 1];
}

export async function reportSignatures(ctx: TSignedInContext, id: string) {
  const report = await readableReport(ctx, id, 'read');
  return ctx.db.select().from(signRequests).where(eq(signRequests.reportId, report.id)).orderBy(asc(signRequests.round), asc(signRequests.createdAt));
}
