import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { otpChallenges, settings, signatureEvidence, signingTermsAcceptances, users } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import type { TSignRequestRow } from './sign-requests.ts';
import type { TAcceptedTerms } from './signing-terms.ts';
import { canonicalJson, sha256Hex } from './snapshot.ts';

/** The consent of the signatures given before the signing terms existed (and of the demo's seeded ones). */
export const CONSENT_VERSION = 'nca-otp-1';
export const CONSENT_TEXT = 'Con l’inserimento del codice monouso ricevuto via e-mail sottoscrivo con firma con codice OTP i dati della fase indicata, identificati dalla loro impronta SHA-256.';

type TEvidenceContent = Omit<typeof signatureEvidence.$inferInsert, 'rowHash' | 'sequence' | 'createdAt'> & { codeIssuedAt: Date; signedAt: Date };

/** The hash of an evidence row: its content (canonical JSON) including the previous row's hash, so the rows form a chain. */
export function evidenceRowHash(evidence: TEvidenceContent): string {
  return sha256Hex(evidenceCanonicalJson(evidence));
}

/** The text an evidence row's hash is the SHA-256 of: its content as canonical JSON, instants in ISO UTC. */
export function evidenceCanonicalJson(evidence: TEvidenceContent): string {
  return canonicalJson({ ...evidence, codeIssuedAt: evidence.codeIssuedAt.toISOString(), signedAt: evidence.signedAt.toISOString() });
}

/** A stored row's content: what its hash covers (the chain's order and the insert time are not content). */
export function storedEvidenceContent(row: typeof signatureEvidence.$inferSelect): TEvidenceContent {
  const { rowHash: _stored, sequence: _sequence, createdAt: _createdAt, acceptanceHash, ...content } = row;
  // Rows older than the acceptance hash were hashed without the key: NULL is left out, so their hash still holds (and a
  // newer row whose acceptance hash is blanked no longer matches its own hash).
  return acceptanceHash === null ? content : { ...content, acceptanceHash };
}

/**
 * The SHA-256 of a signer's acceptance of the signing terms, as the evidence row of each later signature keeps it:
 * who, which version, when, from where, and the hash of the text read. The acceptance has its own table (one row per
 * user and version, shared by all their signatures); this hash puts it inside the evidence chain.
 */
export function acceptanceRecordHash(acceptance: typeof signingTermsAcceptances.$inferSelect): string {
  return sha256Hex(
    canonicalJson({
      id: acceptance.id,
      userId: acceptance.userId,
      termsVersion: acceptance.termsVersion,
      language: acceptance.language,
      textSha256: acceptance.textSha256,
      acceptedAt: acceptance.createdAt.toISOString(),
      ip: acceptance.ip,
      userAgent: acceptance.userAgent,
    }),
  );
}

/** The hash a stored row should carry, recomputed from its columns. */
export function recomputedRowHash(row: typeof signatureEvidence.$inferSelect): string {
  return evidenceRowHash(storedEvidenceContent(row));
}

/**
 * Appends the evidence of one signature (who, in which function, what was signed, the code and
 * consent, where from), chained by hash to the previous evidence row.
 */
export async function appendSignatureEvidence(
  tx: TTx,
  args: {
    request: TSignRequestRow;
    signerId: string;
    challenge: typeof otpChallenges.$inferSelect;
    signedAt: Date;
    meta: { ip: string; userAgent: string | null; sessionId: string | null };
    /** The signing terms the signer accepted: their version and text, as read, are the signature's consent; the acceptance itself is hashed into the row. */
    terms: TAcceptedTerms;
  },
) {
  const { request, challenge, meta } = args;
  // The evidence chain is global: one signature at a time appends to it.
  await tx.execute(sql`select pg_advisory_xact_lock(7410021)`);
  const [previous] = await tx.select({ rowHash: signatureEvidence.rowHash }).from(signatureEvidence).orderBy(desc(signatureEvidence.sequence)).limit(1);
  const [signer] = await tx.select().from(users).where(eq(users.id, args.signerId));
  const [fn] = await tx.select({ name: settings.name }).from(settings).where(eq(settings.id, request.agencyFunctionSettingId));
  const evidence = {
    id: randomUUID(),
    signRequestId: request.id,
    reportId: request.reportId,
    phase: request.phase,
    round: request.round,
    userId: signer.id,
    signer: { userId: signer.id, name: signer.name ?? '', surname: signer.surname ?? '', taxCode: signer.taxCode, email: signer.email, role: signer.role },
    agencyFunctionSettingId: request.agencyFunctionSettingId,
    agencyFunctionName: fn?.name ?? '',
    snapshotHash: request.snapshotHash,
    pdfSha256: request.pdfSha256,
    pdfStorageKey: request.pdfStorageKey,
    consentText: args.terms.text,
    consentVersion: args.terms.version,
    challengeId: challenge.id,
    channel: challenge.channel,
    destinationMasked: challenge.destinationMasked,
    codeIssuedAt: challenge.createdAt,
    attemptsUsed: challenge.attempts + 1,
    signedAt: args.signedAt,
    ip: meta.ip,
    userAgent: meta.userAgent,
    sessionId: meta.sessionId,
    acceptanceHash: acceptanceRecordHash(args.terms.acceptance),
    previousHash: previous?.rowHash ?? 'genesis',
  };
  const rowHash = evidenceRowHash(evidence);
  await tx.insert(signatureEvidence).values({ ...evidence, rowHash });
  return { evidenceId: evidence.id, evidenceHash: rowHash, functionName: fn?.name ?? '' };
}
