import { eq } from 'drizzle-orm';
import { formatEerCode } from '@app/domain/environmental/waste/eer';
import { rejectedForNonConformity } from '@app/domain/environmental/waste/form-rules';
import { ZNcaReportCreate } from '@app/domain/environmental/nca/report-schemas';
import { ncaReports, wasteForms } from '../../../db/schema/index.ts';
import { requireAccess, scopeCondition } from '../../../lib/access.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { allOf, isUuid } from '../../../lib/collection/query.ts';
import { collectionRuntime } from '../../../lib/collection/routes.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { inTransition } from '../../../lib/workflow/run-transition.ts';
import { recordAudit } from '../../platform/index.ts';
import { ncaReportsCollection } from '../nca/reports.ts';
import { formScopes } from './forms.ts';

export const ncaReportsRuntime = collectionRuntime(ncaReportsCollection);

const CAUSES = { NC: 'non conformità', IR: 'non ricevibile', A: 'altro' } as const;

/**
 * "Apri NCA" on a form whose load the receiver turned back (whole or in part) for non-conformity:
 * a pending NCA report against the form's agency, prefilled with its lot, order, WBS and a
 * description naming the form, created with the NCA reports' own rules (access, references, audit)
 * and linked to the form in the same transaction. One report per form. Returns the report's row.
 */
export async function openNcaFromForm(ctx: TSignedInContext, formId: string) {
  await requireAccess(ctx, 'forms', 'openNca');
  if (!isUuid(formId)) throw notFound('Form');
  // inTransition: once it commits, the report and form lists' watchers hear of the new report and the linked form.
  return inTransition(ctx.db, async ({ tx, changed }) => {
    const [form] = await tx
      .select()
      .from(wasteForms)
      .where(allOf([eq(wasteForms.id, formId), scopeCondition(ctx, 'forms', 'read', formScopes)]))
      .for('update');
    if (!form) throw notFound('Form');
    if (!rejectedForNonConformity(form.acceptance)) {
      throw new AppError('CONFLICT', 'Only a form rejected at destination for non-conformity opens an NCA', {
        details: [{ path: 'acceptance', message: 'not rejected for non-conformity (acceptance P or R with cause NC)', value: form.acceptance?.type ?? null }],
      });
    }
    if (form.ncaReportId) throw new AppError('DUPLICATE', 'An NCA report is already open for this form', { details: [{ path: 'ncaReportId', message: 'already exists', value: form.ncaReportId }] });
    const acceptance = form.acceptance!;
    const outcome = acceptance.type === 'R' ? 'respinto a destino' : `accettato solo in parte (${acceptance.acceptedQuantity ?? '?'} kg)`;
    const input = ZNcaReportCreate.parse({
      lotId: form.lotId,
      orderId: form.orderId,
      targetAgencyId: form.targetAgencyId,
      wbs: form.wbs,
      origin: 'other',
      description: [
        `Formulario ${form.code} (EER ${formatEerCode(form.cer)}, ${form.quantity.replace(/\.?0+$/, '')} ${form.quantityUnit}) ${outcome}.`,
        `Causale: ${CAUSES[acceptance.rejectionCause ?? 'NC']}. Motivo: ${acceptance.rejectionReason ?? ''}`,
      ].join('\n'),
    });
    const report = await ncaReportsRuntime.create({ ...ctx, db: tx }, input);
    const now = new Date(Math.max(Date.now(), form.updatedAt.getTime() + 1));
    await tx
      .update(wasteForms)
      .set({ ncaReportId: String(report.id), updatedAt: now })
      .where(eq(wasteForms.id, form.id));
    changed.push({ table: ncaReports, id: String(report.id), kind: 'created', by: ctx.actor }, { table: wasteForms, id: form.id, kind: 'updated', by: ctx.actor });
    await recordAudit(tx, ctx, { action: 'form.openNca', entityType: 'forms', entityId: form.id, changes: { ncaReportId: { from: null, to: report.id } } });
    return report;
  });
}
