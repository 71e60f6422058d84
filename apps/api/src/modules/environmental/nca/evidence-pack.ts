import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PHASE_NUMBER } from '@app/domain/environmental/nca/index';
import { signatureEvidence, signingTerms, signingTermsAcceptances } from '../../../db/schema/index.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { documentJob, runDocumentJob } from '../../../lib/document-jobs.ts';
import { translate, type TLanguage, type TMessageKey, type TParams } from '../../../i18n/translate.ts';
import { readableReport } from './documents.ts';
import type { zipEvidenceFiles } from './evidence-zip.ts';
import { evidenceCanonicalJson, storedEvidenceContent } from './signature-evidence.ts';
import { verifyEvidenceOf, type TEvidenceVerification } from './verify-signature-evidence.ts';

const evidenceZipJob = documentJob<typeof zipEvidenceFiles>(import.meta.url, './evidence-zip', 'zipEvidenceFiles', { name: 'NCA evidence pack' });

type TEvidenceRow = typeof signatureEvidence.$inferSelect;
type TAcceptanceRow = typeof signingTermsAcceptances.$inferSelect;

async function storedBytes(app: FastifyInstance, key: string): Promise<Uint8Array | null> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of app.services.storage.read(key)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  } catch {
    return null;
  }
  return Buffer.concat(chunks);
}

const signerName = (row: TEvidenceRow) => [row.signer.name, row.signer.surname].filter(Boolean).join(' ') || row.signer.email;
const pdfName = (row: TEvidenceRow) => `pdf/fase-${PHASE_NUMBER[row.phase]}-giro-${row.round}-${row.pdfSha256.slice(0, 12)}.pdf`;

/** The human-readable summary of the pack, in one language: who signed what, when, from where, and the check's result. */
function summaryText(language: TLanguage, report: { code: string | null; id: string }, rows: TEvidenceRow[], acceptances: TAcceptanceRow[], verification: TEvidenceVerification): string {
  const t = (key: TMessageKey, params?: TParams) => translate(language, key, params);
  const p = (key: string) => `nca.evidencePack.${key}` as TMessageKey;
  const lines = [t(p('title'), { nca: report.code ?? report.id }), '', t(p('wording')), t(p('generated'), { at: verification.checkedAt })];
  lines.push(
    verification.brokenLink ? t(p('broken'), { sequence: verification.brokenLink.sequence, kind: verification.brokenLink.kind, message: verification.brokenLink.message }) : t(p('intact')),
    '',
  );
  if (rows.length === 0) lines.push(t(p('none')), '');
  for (const [index, row] of rows.entries()) {
    const check = verification.rows.find((c) => c.evidenceId === row.id);
    lines.push(
      t(p('signature'), { index: index + 1, phase: PHASE_NUMBER[row.phase], round: row.round }),
      `  ${t(p('signer'))}: ${signerName(row)} <${row.signer.email}>${row.signer.taxCode ? `, ${row.signer.taxCode}` : ''}`,
      `  ${t(p('role'))}: ${row.signer.role ?? '-'}`,
      `  ${t(p('function'))}: ${row.agencyFunctionName}`,
      `  ${t(p('signedAt'))}: ${row.signedAt.toISOString()}`,
      `  ${t(p('ip'))}: ${row.ip ?? '-'}`,
      `  ${t(p('userAgent'))}: ${row.userAgent ?? '-'}`,
      `  ${t(p('code'))}: ${t(p('codeLine'), { channel: row.channel, destination: row.destinationMasked, at: row.codeIssuedAt.toISOString(), attempts: row.attemptsUsed })}`,
      `  ${t(p('pdf'))}: ${pdfName(row)} SHA-256 ${row.pdfSha256}`,
      `  ${t(p('terms'))}: ${row.consentVersion}`,
      `  ${t(p('rowHash'))}: ${row.rowHash}`,
      `  ${t(p('previousHash'))}: ${row.previousHash}`,
    );
    if (check?.problems.length) lines.push(`  ${t(p('problems'))}: ${check.problems.map((problem) => `${problem.kind} (${problem.message})`).join('; ')}`);
    lines.push('');
  }
  lines.push(t(p('acceptances')));
  const signers = new Map(rows.map((row) => [row.userId, signerName(row)]));
  for (const [userId, name] of signers) {
    const accepted = acceptances.filter((a) => a.userId === userId);
    if (accepted.length === 0) lines.push(`  ${t(p('noAcceptance'), { signer: name })}`);
    for (const a of accepted)
      lines.push(
        `  ${t(p('acceptance'), { signer: name, version: a.termsVersion, language: a.language, at: a.createdAt.toISOString(), ip: a.ip ?? '-', userAgent: a.userAgent ?? '-', hash: a.textSha256 })}`,
      );
  }
  lines.push('', t(p('contents')), '', t(p('howToCheck')), '');
  return lines.join('\n');
}

/**
 * A report's evidence pack as a zip: each phase PDF as signed, the evidence rows (each with the
 * canonical text its hash covers), the hash chain, the signers' acceptances of the terms and the
 * terms' texts, the result of the check, and a summary in Italian and English. Gathered here (reads),
 * zipped in the document-job pool.
 */
export async function buildEvidencePack(app: FastifyInstance, ctx: TSignedInContext, id: string): Promise<{ fileName: string; body: Uint8Array }> {
  const report = await readableReport(ctx, id, 'evidence');
  const verification = await verifyEvidenceOf(app, ctx.db, report.id);
  const rows = await ctx.db.select().from(signatureEvidence).where(eq(signatureEvidence.reportId, report.id)).orderBy(asc(signatureEvidence.sequence));
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const acceptances = userIds.length ? await ctx.db.select().from(signingTermsAcceptances).where(inArray(signingTermsAcceptances.userId, userIds)).orderBy(asc(signingTermsAcceptances.createdAt)) : [];
  const versions = [...new Set([...acceptances.map((a) => a.termsVersion), ...rows.map((r) => r.consentVersion)])];
  const terms = versions.length ? await ctx.db.select().from(signingTerms).where(inArray(signingTerms.version, versions)) : [];

  const text = (name: string, content: string) => ({ name, bytes: new Uint8Array(Buffer.from(content, 'utf8')) });
  const json = (name: string, value: unknown) => text(name, `${JSON.stringify(value, null, 2)}\n`);
  const files: { name: string; bytes: Uint8Array }[] = [
    text('summary-it.txt', summaryText('it', report, rows, acceptances, verification)),
    text('summary-en.txt', summaryText('en', report, rows, acceptances, verification)),
    json(
      'evidence.json',
      rows.map((row) => ({ ...row, canonical: evidenceCanonicalJson(storedEvidenceContent(row)) })),
    ),
    json(
      'chain.json',
      rows.map((row) => ({ sequence: row.sequence, evidenceId: row.id, previousHash: row.previousHash, rowHash: row.rowHash })),
    ),
    json('verification.json', verification),
    json(
      'acceptances.json',
      acceptances.map((a) => ({ ...a, acceptedAt: a.createdAt })),
    ),
    ...terms.flatMap((version) => [text(`terms/${version.version}-it.txt`, version.textIt), text(`terms/${version.version}-en.txt`, version.textEn)]),
  ];
  // Each stored PDF once (a round's signers all sign the same document); one that cannot be read is named by the check.
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.pdfStorageKey)) continue;
    seen.add(row.pdfStorageKey);
    const bytes = await storedBytes(app, row.pdfStorageKey);
    if (bytes) files.push({ name: pdfName(row), bytes });
  }
  const body = await runDocumentJob(evidenceZipJob, [files]);
  return { fileName: `NCA-${report.code ?? 'bozza'}-prova-firme.zip`, body };
}
