import { eq } from 'drizzle-orm';
import { isFormLocked } from '@app/domain/environmental/waste/form-flow';
import type { TFormRecord } from '@app/domain/environmental/waste/form-schemas';
import { uploads, wasteForms } from '../../../db/schema/index.ts';
import { requireAccess, scopeCondition } from '../../../lib/access.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { allOf, isUuid } from '../../../lib/collection/query.ts';
import { AppError, notFound, validationFailed } from '../../../lib/errors.ts';
import type { TServices } from '../../../lib/fastify-types.ts';
import { recordAudit } from '../../platform/index.ts';
import { verifySignedUpload } from '../signed-files/verify-signed-upload.ts';
import { formScopes, type TFormRow } from './forms.ts';

type TSignature = NonNullable<NonNullable<TFormRecord['document']>['signature']>;

async function bytesOf(services: TServices, storageKey: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of services.storage.read(storageKey)) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * A signed .p7m checked as the lab reports' are, off the request thread: a broken, tampered or detached
 * signature, or a document inside that is not a PDF, is refused (422 SIGNATURE_INVALID); an expired or
 * untrusted certificate is kept as a warning to show.
 */
async function verifiedSignature(services: TServices, storageKey: string): Promise<TSignature> {
  const verified = await verifySignedUpload(await bytesOf(services, storageKey), {
    trustListFile: services.config.signedFilesTrustList,
    maxBytes: services.config.uploadMaxBytes,
    content: 'pdf',
  });
  return {
    signers: verified.signers.map((s) => ({
      name: s.name,
      codiceFiscale: s.codiceFiscale,
      signingTime: s.signingTime,
      notBefore: s.notBefore,
      notAfter: s.notAfter,
      validNow: s.validNow,
      trusted: s.trusted,
    })),
    warnings: verified.warnings.map((w) => ({ code: w.code, message: w.message })),
    contentSha256: verified.contentSha256,
  };
}

/**
 * Attaches the signed FIR document to a pending form: a PDF, or a signed .p7m whose signature is
 * verified, uploaded first (POST /api/uploads, linkedEntityType "forms").
 */
export async function attachFormDocument(services: TServices, ctx: TSignedInContext, formId: string, uploadId: string): Promise<TFormRow> {
  await requireAccess(ctx, 'forms', 'attachDocument');
  if (!isUuid(formId)) throw notFound('Form');
  return ctx.db.transaction(async (tx) => {
    const [form] = await tx
      .select()
      .from(wasteForms)
      .where(allOf([eq(wasteForms.id, formId), scopeCondition(ctx, 'forms', 'attachDocument', formScopes, 'write')]))
      .for('update');
    if (!form) throw notFound('Form');
    if (isFormLocked(form.status)) throw new AppError('FORM_LOCKED', 'Only a compiled form takes a document');
    const [upload] = await tx.select().from(uploads).where(eq(uploads.id, uploadId));
    const linkedHere = upload?.linkedEntityType === 'forms' && upload.linkedEntityId === form.id;
    const unattachedOwn = upload && !upload.linkedEntityId && upload.ownerId === ctx.actor.id;
    if (!upload || (!linkedHere && !unattachedOwn)) throw validationFailed([{ path: 'uploadId', message: 'not a file of this form, nor one of your unattached files', value: uploadId }]);
    if (upload.format !== 'pdf' && upload.format !== 'p7m') {
      throw new AppError('UNSUPPORTED_FILE_TYPE', 'The signed FIR document must be a PDF or a signed .p7m', { details: [{ path: 'uploadId', message: 'pdf or p7m expected', value: upload.format }] });
    }
    const signature = upload.format === 'p7m' ? await verifiedSignature(services, upload.storageKey) : null;
    if (!linkedHere) await tx.update(uploads).set({ linkedEntityType: 'forms', linkedEntityId: form.id, updatedAt: new Date() }).where(eq(uploads.id, upload.id));
    const now = new Date(Math.max(Date.now(), form.updatedAt.getTime() + 1));
    const [saved] = await tx
      .update(wasteForms)
      .set({ documentUploadId: upload.id, documentFileName: `${upload.name}.${upload.format}`, documentFormat: upload.format, documentUploadedAt: now, documentSignature: signature, updatedAt: now })
      .where(eq(wasteForms.id, form.id))
      .returning();
    await recordAudit(tx, ctx, {
      action: 'form.attachDocument',
      entityType: 'forms',
      entityId: form.id,
      changes: { documentUploadId: { from: form.documentUploadId, to: upload.id }, ...(signature ? { signers: { to: signature.signers.map((s) => s.name) } } : {}) },
    });
    return saved;
  });
}
