import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ncaHistory, signatureEvidence, signingTermsAcceptances, signRequests } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { isRecord } from '../../../lib/guards.ts';
import { readableReport } from './documents.ts';
import { acceptanceRecordHash, CONSENT_VERSION, recomputedRowHash } from './signature-evidence.ts';
import { sha256Hex } from './snapshot.ts';

type TEvidenceRow = typeof signatureEvidence.$inferSelect;

/** What can fail on one evidence row: each says where the proof no longer holds. */
export const EVIDENCE_PROBLEMS = ['rowHash', 'previousLink', 'nextLink', 'previousRow', 'pdfChanged', 'pdfMissing', 'requestMismatch', 'historyMismatch', 'acceptanceMismatch'] as const;
export type TEvidenceProblem = (typeof EVIDENCE_PROBLEMS)[number];

const PROBLEM_TEXT: Record<TEvidenceProblem, string> = {
  rowHash: "the row's content no longer gives its stored hash: the row was changed",
  previousLink: "the row's previous hash is not the hash of the row before it in the chain: a row was changed, removed or inserted before it",
  nextLink: "the next row in the chain does not carry this row's hash: this row or its hash was rewritten",
  previousRow: 'the row before it in the chain no longer gives its stored hash: that row was changed',
  pdfChanged: 'the stored PDF no longer has the SHA-256 recorded at the signature: the document was changed',
  pdfMissing: 'the stored PDF cannot be read',
  requestMismatch: "the sign request's PDF hash or evidence link differs from the evidence row",
  historyMismatch: "the report's history recorded another evidence hash for this signature",
  acceptanceMismatch: "the signer's acceptance of the signing terms is missing, later than the signature, of another text, or no longer the one the signature relied on: it was changed or removed",
};

export type TEvidenceCheck = {
  evidenceId: string;
  sequence: number;
  signRequestId: string;
  phase: string;
  round: number;
  signer: string;
  signedAt: string;
  rowHash: string;
  recomputedHash: string;
  pdfSha256: string;
  problems: { kind: TEvidenceProblem; message: string }[];
};

export type TEvidenceVerification = {
  reportId: string;
  checkedAt: string;
  intact: boolean;
  rows: TEvidenceCheck[];
  /** The first link that does not hold, in chain order; null when every one holds. */
  brokenLink: { evidenceId: string; sequence: number; kind: TEvidenceProblem; message: string } | null;
};

/** The acceptance's time is the database's clock, the signature's the API's: a minute of difference between the two hosts is no forgery. */
const CLOCK_SKEW_MS = 60_000;

/** SHA-256 of a stored file, read as a stream; null when the file cannot be read. */
async function storedSha256(app: FastifyInstance, key: string): Promise<string | null> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of app.services.storage.read(key)) hash.update(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  } catch {
    return null;
  }
  return hash.digest('hex');
}

const neighbour = (db: TDbOrTx, sequence: number, side: 'before' | 'after') =>
  db
    .select()
    .from(signatureEvidence)
    .where(side === 'before' ? lt(signatureEvidence.sequence, sequence) : gt(signatureEvidence.sequence, sequence))
    .orderBy(side === 'before' ? desc(signatureEvidence.sequence) : asc(signatureEvidence.sequence))
    .limit(1)
    .then((rows) => rows[0]);

/**
 * Recomputes every evidence row of a report, its links to the rows either side of it in the global
 * chain (so a rewritten row shows even with its own hash recomputed), the SHA-256 of each stored PDF,
 * and the two places the hash was also written at the signature: the sign request and the report's
 * history (both separate tables, the history append-only).
 */
export async function verifyReportEvidence(app: FastifyInstance, ctx: TSignedInContext, id: string): Promise<TEvidenceVerification> {
  const report = await readableReport(ctx, id, 'evidence');
  return verifyEvidenceOf(app, ctx.db, report.id);
}

export async function verifyEvidenceOf(app: FastifyInstance, db: TDbOrTx, reportId: string): Promise<TEvidenceVerification> {
  const rows = await db.select().from(signatureEvidence).where(eq(signatureEvidence.reportId, reportId)).orderBy(asc(signatureEvidence.sequence));
  const requestIds = rows.map((r) => r.signRequestId);
  const requests = requestIds.length ? await db.select().from(signRequests).where(inArray(signRequests.id, requestIds)) : [];
  const history = await db
    .select({ entityId: ncaHistory.entityId, data: ncaHistory.data })
    .from(ncaHistory)
    .where(and(eq(ncaHistory.reportId, reportId), eq(ncaHistory.kind, 'signature'), eq(ncaHistory.action, 'sign')));
  // The signers' acceptances of the terms their evidence names (signatures older than the terms name none).
  const accepting = [...new Set(rows.filter((r) => r.consentVersion !== CONSENT_VERSION).map((r) => r.userId))];
  const acceptances = accepting.length ? await db.select().from(signingTermsAcceptances).where(inArray(signingTermsAcceptances.userId, accepting)) : [];
  const pdfHashes = new Map<string, string | null>();
  const checks: TEvidenceCheck[] = [];
  for (const row of rows) {
    const problems: TEvidenceProblem[] = [];
    const recomputedHash = recomputedRowHash(row);
    if (recomputedHash !== row.rowHash) problems.push('rowHash');
    const before: TEvidenceRow | undefined = await neighbour(db, row.sequence, 'before');
    if (row.previousHash !== (before?.rowHash ?? 'genesis')) problems.push('previousLink');
    if (before && recomputedRowHash(before) !== before.rowHash) problems.push('previousRow');
    const after = await neighbour(db, row.sequence, 'after');
    if (after && after.previousHash !== row.rowHash) problems.push('nextLink');
    if (!pdfHashes.has(row.pdfStorageKey)) pdfHashes.set(row.pdfStorageKey, await storedSha256(app, row.pdfStorageKey));
    const pdfHash = pdfHashes.get(row.pdfStorageKey);
    if (pdfHash === null) problems.push('pdfMissing');
    else if (pdfHash !== row.pdfSha256) problems.push('pdfChanged');
    const request = requests.find((r) => r.id === row.signRequestId);
    if (!request || request.pdfSha256 !== row.pdfSha256 || request.evidenceId !== row.id) problems.push('requestMismatch');
    const recorded = history.filter((h) => h.entityId === row.signRequestId).map((h) => (isRecord(h.data) ? h.data.evidenceHash : undefined));
    // Signatures recorded before the history carried the hash have nothing to compare.
    if (recorded.some((hash) => typeof hash === 'string') && !recorded.includes(row.rowHash)) problems.push('historyMismatch');
    if (row.consentVersion !== CONSENT_VERSION) {
      // The acceptance is its own row (not in the chain): its version, time and the hash of the text read must still fit the evidence.
      const acceptance = acceptances.find((a) => a.userId === row.userId && a.termsVersion === row.consentVersion);
      const fits = acceptance && acceptance.createdAt.getTime() <= row.signedAt.getTime() + CLOCK_SKEW_MS && acceptance.textSha256 === sha256Hex(row.consentText);
      // Rows since migration 0047 also keep the acceptance's own hash: any edit of it (address, user agent, time) shows.
      if (!fits || (row.acceptanceHash !== null && row.acceptanceHash !== acceptanceRecordHash(acceptance))) problems.push('acceptanceMismatch');
    }
    checks.push({
      evidenceId: row.id,
      sequence: row.sequence,
      signRequestId: row.signRequestId,
      phase: row.phase,
      round: row.round,
      signer: [row.signer.name, row.signer.surname].filter(Boolean).join(' ') || row.signer.email,
      signedAt: row.signedAt.toISOString(),
      rowHash: row.rowHash,
      recomputedHash,
      pdfSha256: row.pdfSha256,
      problems: problems.map((kind) => ({ kind, message: PROBLEM_TEXT[kind] })),
    });
  }
  const firstBroken = checks.find((c) => c.problems.length > 0);
  return {
    reportId,
    checkedAt: new Date().toISOString(),
    intact: !firstBroken,
    rows: checks,
    brokenLink: firstBroken ? { evidenceId: firstBroken.evidenceId, sequence: firstBroken.sequence, ...firstBroken.problems[0] } : null,
  };
}
