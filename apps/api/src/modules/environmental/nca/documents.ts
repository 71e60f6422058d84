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

/** A report the caller may read with the grant of `action` (404 outside the scope). */
export async function readableReport(ctx: TSignedInContext, id: string, action: 'read' | 'timeline' | 'pdf' = 'read'): Promise<TNcaReportRow> {
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

const HISTORY_IT: Record<string, string> = {
  created: 'Bozza creata',
  updated: 'Dati modificati',
  requestPhase1Signs: 'Firme di fase 1 richieste',
  requestPhase2Signs: 'Firme di fase 2 richieste',
  requestClosingSigns: 'Firme di chiusura richieste',
  phase1Complete: 'Fase 1 firmata: NCA aperta',
  phase2Complete: 'Fase 2 firmata: azioni in esecuzione',
  phase3Complete: 'Fase 3 firmata: NCA chiusa',
  forceOpen: 'Apertura forzata senza firme',
  forcePhase3: 'Passaggio forzato alla fase 3 senza firme',
  forceClose: 'Chiusura forzata senza firme',
  recallPhase1: 'Richiesta di firme ritirata',
  recallPhase2: 'Richiesta di firme ritirata',
  recallPhase3: 'Richiesta di firme ritirata',
  phase1Rejected: 'Firma rifiutata: NCA tornata in bozza',
  phase2Rejected: 'Firma rifiutata: piano da rivedere',
  phase3Rejected: 'Firma rifiutata: chiusura da rivedere',
  submitForValidation: 'Piano inviato per la validazione',
  returnToAgency: "Piano rinviato all'impresa",
  sign: 'Firma con codice OTP',
  reject: 'Firma rifiutata dal firmatario',
  manualReject: 'Rifiuto registrato dal consorzio',
  comment: 'Commento',
  actionProposed: 'Azione proposta',
  confirm: 'Azione confermata',
  start: 'Azione avviata',
  complete: 'Azione completata',
  close: 'Azione chiusa',
  reopen: 'Azione riaperta',
  closeNotNeeded: 'Azione chiusa perché non necessaria',
  rejectProposal: 'Proposta di azione rifiutata dal consorzio',
  returnedToAgency: "Azione rimandata all'impresa con il piano",
};

/**
 * The PDF of a phase: the document stored with the latest round of that phase (what its signers
 * signed or are signing), or, before any round, the phase's data as they stand. Without a phase: the
 * report (the final report once closed).
 */
export async function reportPdf(app: FastifyInstance, ctx: TSignedInContext, id: string, phase: TSignPhase | undefined): Promise<{ fileName: string; body: Uint8Array | Readable }> {
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
    return { fileName, body: await runDocumentJob(phasePdfJob, [snapshot, snapshotHashOf(snapshot), [], new Date()]) };
  }
  const snapshot = await phaseSnapshot(ctx.db, report, 'third');
  const timeline = await readTimeline(ctx.db, report.id);
  const body = await runDocumentJob(reportPdfJob, [
    snapshot,
    report.status,
    report.closingDate,
    await pdfSignatures(ctx.db, report.id),
    timeline.map((t) => ({ at: t.createdAt, who: t.actorName, what: `${HISTORY_IT[t.action] ?? t.action}${t.message ? `: ${t.message}` : ''}` })),
    report.causeAnalysis,
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
