import { eq } from 'drizzle-orm';
import { uploads, wasteForms } from '../../../db/schema/index.ts';
import { requireAccess, scopeCondition } from '../../../lib/access.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { allOf, isUuid } from '../../../lib/collection/query.ts';
import { AppError, notFound, validationFailed } from '../../../lib/errors.ts';
import { recordAudit } from '../../platform/index.ts';
import { formScopes, type TFormRow } from './forms.ts';

/**
 * Attaches the signed FIR document to a pending form: a PDF uploaded first (POST /api/uploads,
 * linkedEntityType "forms"). A signed .p7m is refused for now: it will be accepted once the signed
 * files' verifier is available, since an unverified signature must not pass for a checked one.
 */
export async function attachFormDocument(ctx: TSignedInContext, formId: string, uploadId: string): Promise<TFormRow> {
  await requireAccess(ctx, 'forms', 'attachDocument');
  if (!isUuid(formId)) throw notFound('Form');
  return ctx.db.transaction(async (tx) => {
    const [form] = await tx
      .select()
      .from(wasteForms)
      .where(allOf([eq(wasteForms.id, formId), scopeCondition(ctx, 'forms', 'attachDocument', formScopes, 'write')])!)
      .for('update');
    if (!form) throw notFound('Form');
    if (form.status !== 'pending') throw new AppError('FORM_LOCKED', 'An approved form is read-only');
    const [upload] = await tx.select().from(uploads).where(eq(uploads.id, uploadId));
    const linkedHere = upload?.linkedEntityType === 'forms' && upload.linkedEntityId === form.id;
    const unattachedOwn = upload && !upload.linkedEntityId && upload.ownerId === ctx.actor.id;
    if (!upload || (!linkedHere && !unattachedOwn)) throw validationFailed([{ path: 'uploadId', message: 'not a file of this form, nor one of your unattached files', value: uploadId }]);
    if (upload.format === 'p7m') {
      throw new AppError('UNSUPPORTED_FILE_TYPE', 'Signed .p7m files are not accepted yet: their signature cannot be verified here. Upload the signed PDF.', {
        details: [{ path: 'uploadId', message: 'p7m not accepted yet', value: upload.format }],
      });
    }
    if (upload.format !== 'pdf')
      throw new AppError('UNSUPPORTED_FILE_TYPE', 'The signed FIR document must be a PDF', { details: [{ path: 'uploadId', message: 'pdf expected', value: upload.format }] });
    if (!linkedHere) await tx.update(uploads).set({ linkedEntityType: 'forms', linkedEntityId: form.id, updatedAt: new Date() }).where(eq(uploads.id, upload.id));
    const now = new Date(Math.max(Date.now(), form.updatedAt.getTime() + 1));
    const [saved] = await tx
      .update(wasteForms)
      .set({ documentUploadId: upload.id, documentFileName: `${upload.name}.${upload.format}`, documentFormat: upload.format, documentUploadedAt: now, updatedAt: now })
      .where(eq(wasteForms.id, form.id))
      .returning();
    await recordAudit(tx, ctx, { action: 'form.attachDocument', entityType: 'forms', entityId: form.id, changes: { documentUploadId: { from: form.documentUploadId, to: upload.id } } });
    return saved;
  });
}
