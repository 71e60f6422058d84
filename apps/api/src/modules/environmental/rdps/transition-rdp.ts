import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rdpWorkflow, type TRdpAction, type TRdpFacts } from '@app/domain/environmental/rdp/index';
import { rdps, uploads } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { AppError } from '../../../lib/errors.ts';
import { defineWorkflowRuntime } from '../../../lib/workflow/run-transition.ts';
import { pushNotification, recordAudit, type TNotificationRow } from '../../platform/index.ts';
import { verifySignedUpload } from '../signed-files/verify-signed-upload.ts';
import { priceOfRdp, rdpReadScope, type TRdpRow } from './rdps-collection.ts';
import { notifyConsortium, notifyLaboratory } from './rdp-notifications.ts';
import { signatureCheckOf } from './signature-check.ts';
import { insertRdpUploadRow, rdpFileMaxBytes, type TRdpUploadFile } from './rdp-upload.ts';
import { msg, type TText } from '../../../i18n/translate.ts';

/** A file sent with an upload action: its bytes and the name the client gave it. */
export type TRdpFile = { bytes: Buffer; fileName: string | null };

/** The bodies of the actions: a reason for the rejections, the SAL reference, a file for the uploads. */
export type TRdpInput = { reason?: string; salRef?: string; file?: TRdpFile } | undefined;

/** Storage keys written during a transition: removed again when the transaction fails. */
type TPending = { rows: TNotificationRow[] };

// The draft is only stored and shown; the signed PDF inside the .p7m is the one checked in full (signed-content.ts).
const isPdf = (bytes: Buffer) => bytes.subarray(0, 1024).includes(Buffer.from('%PDF-'));

function baseName(fileName: string | null, fallback: string) {
  const last = (fileName ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = last.replace(/[\p{Cc}"<>|:*?]/gu, '').replace(/(\.pdf)?(\.p7m)*$/i, '');
  return (cleaned || fallback).slice(0, 120);
}

async function insertUpload(tx: TTx, ctx: TSignedInContext, rdpId: string, file: TRdpUploadFile) {
  const row = await insertRdpUploadRow(tx, ctx.actor.id, rdpId, file);
  await recordAudit(tx, ctx, { action: 'create', entityType: 'uploads', entityId: row.id, changes: { name: { to: row.name }, sha256: { to: row.sha256 }, linkedEntityId: { to: rdpId } } });
  return row;
}

function requireFile(input: TRdpInput): TRdpFile {
  if (!input?.file || input.file.bytes.length === 0) throw new AppError('VALIDATION_FAILED', 'Some fields are not valid', { details: [{ path: 'file', message: 'validation.required' }] });
  return input.file;
}

/**
 * The RDP workflow over its table. The uploads are transitions too: the laboratory's draft PDF
 * (checked by content) and its signed .p7m (verified: a failed integrity check refuses it with
 * SIGNATURE_INVALID; an expired certificate, an untrusted CA or a missing signingCertificateV2 are kept
 * as warnings). The PDF inside the .p7m is stored beside it and compared byte for byte with the approved draft.
 */
export function rdpTransitions(app: FastifyInstance) {
  const written: string[] = [];
  const store = async (bytes: Buffer) => {
    const key = await app.services.storage.put(bytes);
    written.push(key);
    return key;
  };
  const deliver = async (pending: TPending) => {
    for (const row of pending.rows) await pushNotification(app.services, row).catch((error) => app.log.warn({ err: error }, 'rdp notification push failed'));
  };
  const toLab = (title: (r: TRdpRow, i: TRdpInput) => TText, body: (r: TRdpRow, i: TRdpInput) => TText, event: string) => ({
    notify: async ({ tx, saved, input }: { tx: TTx; saved: TRdpRow; input: TRdpInput }) => ({ rows: await notifyLaboratory(tx, saved, title(saved, input), body(saved, input), event) }),
  });
  const toConsortium = (title: (r: TRdpRow) => TText, body: (r: TRdpRow) => TText, event: string) => ({
    notify: async ({ tx, saved }: { tx: TTx; saved: TRdpRow }) => ({ rows: await notifyConsortium(tx, saved, title(saved), body(saved), event) }),
  });

  const runtime = defineWorkflowRuntime({
    workflow: rdpWorkflow,
    table: rdps,
    label: 'test report',
    entityType: 'rdps',
    auditPrefix: 'rdps',
    scope: (ctx) => rdpReadScope(ctx),
    facts: ({ row }: { row: TRdpRow }): TRdpFacts => ({ hasDraft: row.temporaryRdp !== null, salConfirmed: row.salConfirmedAt !== null }),
    reasonOf: (input: TRdpInput) => input?.reason?.trim(),
    audit: (tx, ctx, entry) => recordAudit(tx, ctx, entry),
    deliver,
    effects: {
      uploadDraft: {
        apply: async ({ tx, ctx, row, input }) => {
          const file = requireFile(input);
          if (!isPdf(file.bytes)) throw new AppError('UNSUPPORTED_FILE_TYPE', 'The draft must be a PDF', { details: [{ path: 'file', message: 'the content is not a PDF' }] });
          const upload = await insertUpload(tx, ctx, row.id, {
            bytes: file.bytes,
            name: baseName(file.fileName, `RDP ${row.code}`),
            format: 'pdf',
            storageKey: await store(file.bytes),
            tags: ['rdp-draft'],
          });
          return { temporaryRdp: upload.id };
        },
        ...toConsortium(
          (r) => msg('rdp.uploadDraft.title', { code: r.code }),
          (r) => msg('rdp.uploadDraft.body', { code: r.code }),
          'rdps.uploadDraft',
        ),
      },
      approveDraft: {
        apply: () => ({ lastRejection: null }),
        ...toLab(
          (r) => msg('rdp.approveDraft.title', { code: r.code }),
          (r) => msg('rdp.approveDraft.body', { code: r.code }),
          'rdps.approveDraft',
        ),
      },
      rejectDraft: {
        apply: ({ ctx, input, now }) => ({ lastRejection: { reason: input?.reason?.trim() ?? '', at: now.toISOString(), byId: ctx.actor.id, step: 'draft' as const } }),
        ...toLab(
          (r) => msg('rdp.rejectDraft.title', { code: r.code }),
          (r, i) => msg('rdp.rejectDraft.body', { code: r.code, reason: i?.reason?.trim() ?? '' }),
          'rdps.rejectDraft',
        ),
      },
      uploadSigned: {
        apply: async ({ tx, ctx, row, input, now }) => {
          const file = requireFile(input);
          // The document inside must be a real PDF (checked in the verification job, as for the waste forms).
          const verified = await verifySignedUpload(file.bytes, { trustListFile: app.services.config.signedFilesTrustList, now, maxBytes: rdpFileMaxBytes(app.services.config), content: 'pdf' });
          const [draft] = row.temporaryRdp ? await tx.select({ sha256: uploads.sha256 }).from(uploads).where(eq(uploads.id, row.temporaryRdp)) : [];
          const name = baseName(file.fileName, `RDP ${row.code}`);
          const signed = await insertUpload(tx, ctx, row.id, { bytes: file.bytes, name: `${name}.pdf`, format: 'p7m', storageKey: await store(file.bytes), tags: ['rdp-signed'] });
          const inner = await insertUpload(tx, ctx, row.id, { bytes: verified.contentBytes, name, format: 'pdf', storageKey: await store(verified.contentBytes), tags: ['rdp-signed-content'] });
          const signatureCheck = signatureCheckOf(verified, { fileName: `${signed.name}.p7m`, now, identicalToDraft: draft?.sha256 === verified.contentSha256 });
          return { signedRdp: signed.id, signedInnerPdf: inner.id, signatureCheck, lastRejection: null };
        },
        ...toConsortium(
          (r) => msg('rdp.uploadSigned.title', { code: r.code }),
          (r) =>
            msg('rdp.uploadSigned.body', {
              code: r.code,
              notDraft: r.signatureCheck?.identicalToDraft === false ? msg('rdp.signedNotDraft') : '',
              warnings: r.signatureCheck?.warnings.length ? msg('rdp.signatureWarnings', { count: r.signatureCheck.warnings.length }) : '',
            }),
          'rdps.uploadSigned',
        ),
      },
      approveSigned: {
        apply: () => ({ lastRejection: null }),
        ...toLab(
          (r) => msg('rdp.approveSigned.title', { code: r.code }),
          (r) => msg('rdp.approveSigned.body', { code: r.code }),
          'rdps.approveSigned',
        ),
      },
      rejectSigned: {
        // The signed file is unlinked from the report; its upload rows stay as history.
        apply: ({ ctx, input, now }) => ({
          signedRdp: null,
          signedInnerPdf: null,
          signatureCheck: null,
          lastRejection: { reason: input?.reason?.trim() ?? '', at: now.toISOString(), byId: ctx.actor.id, step: 'signed' as const },
        }),
        ...toLab(
          (r) => msg('rdp.rejectSigned.title', { code: r.code }),
          (r, i) => msg('rdp.rejectSigned.body', { code: r.code, reason: i?.reason?.trim() ?? '' }),
          'rdps.rejectSigned',
        ),
      },
      confirmAccounting: {
        // The SAL stamp freezes the price as the price list gives it now.
        apply: async ({ tx, ctx, row, input, now }) => {
          const price = await priceOfRdp(tx, row.laboratoryId, row.analyticPackageSettingIds, row.matrixSettingId);
          return { salConfirmedAt: now, salConfirmedById: ctx.actor.id, salRef: input?.salRef?.trim() ?? null, totalPriceCents: price.totalCents, unpricedPackageIds: price.unpriced };
        },
        ...toLab(
          (r) => msg('rdp.confirmAccounting.title', { code: r.code }),
          (r) => msg('rdp.confirmAccounting.body', { code: r.code, sal: r.salRef ?? '' }),
          'rdps.confirmAccounting',
        ),
      },
    },
  });

  return {
    ...runtime,
    /** Runs one action; files stored for a transaction that fails are removed again. */
    async run(ctx: TSignedInContext, id: string, action: TRdpAction, input: TRdpInput) {
      const before = written.length;
      try {
        return await runtime.run(ctx, id, action, input);
      } catch (error) {
        for (const key of written.splice(before)) await app.services.storage.remove(key).catch(() => undefined);
        throw error;
      }
    },
  };
}
