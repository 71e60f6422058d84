import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { maySignReport, type TRequestSignatures, type TSignPhase } from '@app/domain/environmental/nca/index';
import { settings, signRequests, users } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { runDocumentJob } from '../../../lib/document-jobs.ts';
import { AppError, validationFailed, type TErrorDetail } from '../../../lib/errors.ts';
import { appendHistory } from './nca-history.ts';
import { phasePdfJob } from './nca-pdf-jobs.ts';
import type { TNcaReportRow } from './reports.ts';
import { phaseSnapshot, sha256Hex, snapshotHashOf } from './snapshot.ts';

type TSigner = TRequestSignatures['signers'][number];

/** Each signer once, an enabled account of the consortium or of the report's agency, acting in an active company function they hold. */
async function checkSigners(tx: TTx, report: TNcaReportRow, signers: readonly TSigner[]) {
  if (signers.length === 0) throw validationFailed([{ path: 'signers', message: 'name at least one signer' }]);
  const seen = new Set<string>();
  for (const [i, s] of signers.entries()) {
    if (seen.has(s.userId))
      throw new AppError('DUPLICATE_SIGNATURE', 'A duplicate signature already exists for this user', { details: [{ path: `signers.${i}.userId`, message: 'named twice', value: s.userId }] });
    seen.add(s.userId);
  }
  const people = await tx
    .select({ id: users.id, role: users.role, agencyId: users.agencyId, isEnabled: users.isEnabled, deletedAt: users.deletedAt, functionIds: users.companyFunctionSettingIds })
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
  const problems: TErrorDetail[] = [];
  signers.forEach((s, i) => {
    const person = people.find((p) => p.id === s.userId);
    if (!person || person.deletedAt) problems.push({ path: `signers.${i}.userId`, message: 'does not exist', value: s.userId });
    else if (!person.isEnabled) problems.push({ path: `signers.${i}.userId`, message: 'this account is disabled', value: s.userId });
    else if (!maySignReport(person, report)) problems.push({ path: `signers.${i}.userId`, message: "signs for the consortium or the report's agency only", value: s.userId });
    const fn = functions.find((f) => f.id === s.agencyFunctionSettingId);
    if (!fn || fn.settingType !== 'companyFunction') problems.push({ path: `signers.${i}.agencyFunctionSettingId`, message: 'not a company function', value: s.agencyFunctionSettingId });
    else if (!fn.isActive) problems.push({ path: `signers.${i}.agencyFunctionSettingId`, message: 'this company function is not active', value: s.agencyFunctionSettingId });
    // A signer acts in a function they hold (an administrator sets them on the user).
    else if (person && !person.functionIds.includes(fn.id))
      problems.push({ path: `signers.${i}.agencyFunctionSettingId`, message: 'the signer does not hold this company function', value: s.agencyFunctionSettingId });
  });
  if (problems.length) throw validationFailed(problems);
}

/** The PDF of what the round signs: the phase's snapshot with the signers to be, stored once for every request. */
async function storeRoundPdf(
  tx: TTx,
  app: FastifyInstance,
  snapshot: Awaited<ReturnType<typeof phaseSnapshot>>,
  snapshotHash: string,
  phase: TSignPhase,
  round: number,
  signers: readonly TSigner[],
  now: Date,
) {
  const names = await tx
    .select({ id: users.id, name: users.name, surname: users.surname, email: users.email })
    .from(users)
    .where(
      inArray(
        users.id,
        signers.map((s) => s.userId),
      ),
    );
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
    // What every signer signs is written in Italian, and sealed with the installation's certificate.
    'it',
    await app.services.seal(),
  ]);
  return { pdfStorageKey: await app.services.storage.put(Buffer.from(pdf)), pdfSha256: sha256Hex(pdf) };
}

/**
 * Opens a new round of signatures of a phase (the report's request actions): checks the signers and
 * creates their pending requests, each with the phase's snapshot hash and PDF. Returns the report's
 * new round number.
 */
export async function requestSignatures(tx: TTx, app: FastifyInstance, ctx: TSignedInContext, report: TNcaReportRow, phase: TSignPhase, signers: readonly TSigner[], now: Date) {
  await checkSigners(tx, report, signers);
  const round = report.signRound + 1;
  const snapshot = await phaseSnapshot(tx, report, phase);
  const snapshotHash = snapshotHashOf(snapshot);
  const { pdfStorageKey, pdfSha256 } = await storeRoundPdf(tx, app, snapshot, snapshotHash, phase, round, signers, now);
  const created = await tx
    .insert(signRequests)
    .values(
      signers.map((s) => ({
        reportId: report.id,
        phase,
        round,
        userId: s.userId,
        agencyFunctionSettingId: s.agencyFunctionSettingId,
        status: 'pending' as const,
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
