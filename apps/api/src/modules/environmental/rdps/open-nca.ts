import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ZNcaReportCreate } from '@app/domain/environmental/nca/report-schemas';
import { laboratories, ncaReports as ncaReportsTable, orders, rdps } from '../../../db/schema/index.ts';
import { requireAccess } from '../../../lib/access.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { allOf, isUuid } from '../../../lib/collection/query.ts';
import { AppError, notFound, validationFailed } from '../../../lib/errors.ts';
import { inTransition } from '../../../lib/workflow/run-transition.ts';
import { recordAudit } from '../../platform/index.ts';
import { rdpReadScope, type TRdpRow } from './rdps-collection.ts';

const limitText = (row: TRdpRow['analyticData'][number]) =>
  [row.lowerLimit !== null ? `min ${row.lowerLimit}` : null, row.upperLimit !== null ? `max ${row.upperLimit}` : null].filter(Boolean).join(', ') || 'senza limiti';

/** The NCA's description: the report, the sample and every failing row with its value and limits. */
export function ncaDescriptionOf(rdp: TRdpRow, laboratoryName: string): string {
  const failing = rdp.analyticData.filter((r) => r.outOfLimits);
  const sample = [rdp.sampleDate ? `campione del ${rdp.sampleDate.split('-').reverse().join('/')}` : null, rdp.sampleLocation].filter(Boolean).join(', ');
  return [
    `Valori fuori limite nel rapporto di prova ${rdp.code} (${laboratoryName})${sample ? `, ${sample}` : ''}.`,
    ...failing.map((r) => `- ${r.activity}: ${r.value ?? ''}${r.unit ? ` ${r.unit}` : ''} (${limitText(r)}; ${r.limitStatus === 'above' ? 'sopra il limite' : 'sotto il limite'})`),
  ].join('\n');
}

const alreadyOpen = (ncaReportId: string) =>
  new AppError('DUPLICATE', 'An NCA report is already open for this test report', { details: [{ path: 'ncaReportId', message: 'already exists', value: ncaReportId }] });

/**
 * "Apri NCA" on a report with values out of limits: creates a pending NCA report through the NCA
 * collection's own create (its checks and grants apply: the order must belong to the lot, the agency
 * must be one of the order's), prefilled with the lot, the agency, the WBS and a description naming the
 * report and its failing rows. The order is the caller's choice when the lot has several for the agency.
 * The NCA is linked to the report (ncaReportId) in the same transaction; a second one is refused (409 DUPLICATE).
 */
export async function openNcaFromRdp(app: FastifyInstance, ctx: TSignedInContext, rdpId: string, body: { orderId?: string | null }) {
  await requireAccess(ctx, 'rdps', 'openNca');
  if (!isUuid(rdpId)) throw notFound('test report');
  const [rdp] = await ctx.db
    .select()
    .from(rdps)
    .where(allOf([eq(rdps.id, rdpId), rdpReadScope(ctx)]));
  if (!rdp) throw notFound('test report');
  if (rdp.ncaReportId) throw alreadyOpen(rdp.ncaReportId);
  if (!rdp.outOfLimits) throw new AppError('CONFLICT', 'No value of this report is out of its limits', { details: [{ path: 'outOfLimits', message: 'no value out of limits' }] });
  const missing = [!rdp.lotId ? { path: 'lotId', message: 'the report names no lot' } : null, !rdp.agencyId ? { path: 'agencyId', message: 'the report names no agency' } : null].filter(
    (d) => d !== null,
  );
  if (missing.length) throw validationFailed(missing, 'Give the report its lot and agency before opening an NCA');

  let orderId = body.orderId ?? null;
  if (!orderId) {
    const candidates = await ctx.db
      .select({ id: orders.id, name: orders.name })
      .from(orders)
      .where(and(eq(orders.lotId, rdp.lotId!), sql`${rdp.agencyId}::uuid = any(${orders.agencyIds})`));
    if (candidates.length !== 1) {
      throw validationFailed([
        {
          path: 'orderId',
          message: candidates.length === 0 ? "the lot has no order for the report's agency" : 'choose the order',
          value: candidates.map((c) => c.name).join(', '),
        },
      ]);
    }
    orderId = candidates[0].id;
  }
  const [lab] = await ctx.db.select({ businessName: laboratories.businessName }).from(laboratories).where(eq(laboratories.id, rdp.laboratoryId));
  const input = ZNcaReportCreate.parse({
    lotId: rdp.lotId,
    orderId,
    targetAgencyId: rdp.agencyId,
    wbs: rdp.wbs,
    origin: 'other',
    detectorName: lab?.businessName ?? null,
    description: ncaDescriptionOf(rdp, lab?.businessName ?? ''),
  });
  const ncaReports = app.services.collections.get('nca-reports');
  if (!ncaReports) throw new AppError('SERVICE_UNAVAILABLE', 'NCA reports are not available in this deployment');
  // The report is locked while its NCA is created and linked: two clicks open one NCA, the second gets DUPLICATE.
  // inTransition: once it commits, the report and RDP lists' watchers hear of the new report and the linked RDP.
  const row = await inTransition(ctx.db, async ({ tx, changed }) => {
    const [locked] = await tx.select({ ncaReportId: rdps.ncaReportId }).from(rdps).where(eq(rdps.id, rdp.id)).for('update');
    if (locked?.ncaReportId) throw alreadyOpen(locked.ncaReportId);
    // The runtime's create answers with the inserted row (`id`), as the collection route maps it afterwards.
    const created = (await ncaReports.create({ ...ctx, db: tx }, input)) as { id: string };
    await tx.update(rdps).set({ ncaReportId: created.id, updatedAt: new Date() }).where(eq(rdps.id, rdp.id));
    changed.push({ table: ncaReportsTable, id: created.id, kind: 'created', by: ctx.actor }, { table: rdps, id: rdp.id, kind: 'updated', by: ctx.actor });
    await recordAudit(tx, ctx, { action: 'rdps.openNca', entityType: 'rdps', entityId: rdp.id, changes: { ncaReportId: { from: null, to: created.id } } });
    return created;
  });
  return { _id: row.id };
}
