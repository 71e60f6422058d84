import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { eerDescription, findEerCode, formatEerCode } from '@app/domain/environmental/waste/eer';
import { FORM_SPEC_STATUSES, FORM_STATUSES, type TFormStatus, type TFormTotal } from '@app/domain/environmental/waste/form-schemas';
import { DEFAULT_LANGUAGE, translate, type TLanguage } from '../../../i18n/translate.ts';
import { z } from 'zod';
import { agencies, lots, orders, wasteForms } from '../../../db/schema/index.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import type { TCollectionRuntime } from '../../../lib/collection/routes.ts';
import { allOf, isUuid } from '../../../lib/collection/query.ts';
import { ZDateString } from '../../../lib/schemas.ts';
import { validationFailed } from '../../../lib/errors.ts';
import { excelDate, worksheetStream } from '../../../lib/xlsx-stream.ts';

/** The filters the totals and the export share with the list. */
export const ZFormListFilters = z.object({
  orderId: z.uuid().optional(),
  lotId: z.uuid().optional(),
  targetAgencyId: z.uuid().optional(),
  cer: z
    .string()
    .regex(/^\d{6}$/, 'an EER code, 6 digits')
    .optional(),
  status: z.enum(FORM_SPEC_STATUSES).optional().describe('pending: not yet signed by the consortium; approved: signed'),
  rentriState: z.enum(FORM_STATUSES).optional(),
  periodFrom: ZDateString.optional().describe('Forms whose reference period ends on or after this day'),
  periodTo: ZDateString.optional().describe('Forms whose reference period starts on or before this day'),
  '_id[in]': z
    .string()
    .max(40_000)
    .regex(/^[0-9a-f-]{36}(,[0-9a-f-]{36})*$/i, 'comma-separated ids')
    .optional()
    .describe('Only these forms (comma-separated ids): a selection of the list, exported'),
});
export type TFormListFilters = z.infer<typeof ZFormListFilters>;

/**
 * The forms in a status of the specification (`?status=`): pending is a compiled form, or one cancelled
 * before the consortium signed it; approved is every other (see specStatusOf in the domain).
 */
export function specStatusCondition(value: string): SQL {
  const parsed = z.enum(FORM_SPEC_STATUSES).safeParse(value);
  if (!parsed.success) throw validationFailed([{ path: 'status', message: `one of ${FORM_SPEC_STATUSES.join(', ')}`, value }]);
  const pending = sql`(${wasteForms.status} = 'compiled' or (${wasteForms.status} = 'cancelled' and ${wasteForms.approvedAt} is null))`;
  return parsed.data === 'pending' ? pending : sql`not ${pending}`;
}

/** The caller's scope (and permission filter) for listing, and the filters asked for. */
async function conditionsOf(runtime: TCollectionRuntime, ctx: TSignedInContext, filters: TFormListFilters): Promise<SQL | undefined> {
  return allOf([
    await runtime.conditions(ctx, 'getAll'),
    filters.orderId ? eq(wasteForms.orderId, filters.orderId) : undefined,
    filters.lotId ? eq(wasteForms.lotId, filters.lotId) : undefined,
    filters.targetAgencyId ? eq(wasteForms.targetAgencyId, filters.targetAgencyId) : undefined,
    filters.cer ? eq(wasteForms.cer, filters.cer) : undefined,
    filters.status ? specStatusCondition(filters.status) : undefined,
    filters.rentriState ? eq(wasteForms.status, filters.rentriState) : undefined,
    filters.periodFrom ? gte(wasteForms.referencePeriodTo, filters.periodFrom) : undefined,
    filters.periodTo ? lte(wasteForms.referencePeriodFrom, filters.periodTo) : undefined,
    filters['_id[in]'] ? inArray(wasteForms.id, filters['_id[in]'].split(',').filter(isUuid)) : undefined,
  ]);
}

/**
 * Quantity per EER code, unit and month (the month the reference period starts in), summed exactly
 * by the database (numeric), over the forms the caller may list that match the filters.
 */
export async function formTotals(runtime: TCollectionRuntime, ctx: TSignedInContext, filters: TFormListFilters): Promise<TFormTotal[]> {
  const period = sql<string>`to_char(${wasteForms.referencePeriodFrom}, 'YYYY-MM')`;
  const rows = await ctx.db
    .select({ cer: wasteForms.cer, unit: wasteForms.quantityUnit, period, quantity: sql<string>`sum(${wasteForms.quantity})::text`, forms: sql<number>`count(*)::int` })
    .from(wasteForms)
    .where(await conditionsOf(runtime, ctx, filters))
    .groupBy(wasteForms.cer, wasteForms.quantityUnit, period)
    .orderBy(period, wasteForms.cer, wasteForms.quantityUnit);
  return rows.map((r) => ({
    cer: r.cer,
    cerDisplay: formatEerCode(r.cer),
    unit: r.unit,
    period: r.period,
    // numeric sums keep 4 decimals: drop the useless zeros.
    quantity: r.quantity.includes('.') ? r.quantity.replace(/0+$/, '').replace(/\.$/, '') : r.quantity,
    forms: Number(r.forms),
  }));
}

const PAGE_SIZE = 500;

/** The columns in order: key, width and number format; the header is the reader's language's (i18n `formExport.columns`). */
const FORM_EXPORT_COLUMNS = [
  { key: 'code', width: 20 },
  { key: 'status', width: 12 },
  { key: 'lot', width: 24 },
  { key: 'order', width: 28 },
  { key: 'agency', width: 28 },
  { key: 'from', width: 12, numFmt: 'dd/mm/yyyy' },
  { key: 'to', width: 12, numFmt: 'dd/mm/yyyy' },
  { key: 'cer', width: 12 },
  { key: 'cerText', width: 40 },
  { key: 'hp', width: 18 },
  { key: 'quantity', width: 16, numFmt: '#,##0.0###' },
  { key: 'unit', width: 8 },
  { key: 'producer', width: 28 },
  { key: 'transporter', width: 28 },
  { key: 'receiver', width: 28 },
  { key: 'operation', width: 10 },
  { key: 'acceptance', width: 12 },
] as const;

/** The forms matching the filters as one xlsx sheet, read page by page. */
export async function exportForms(
  runtime: TCollectionRuntime,
  ctx: TSignedInContext,
  filters: TFormListFilters,
  log: { error: (obj: object, msg: string) => void },
  language: TLanguage = DEFAULT_LANGUAGE,
) {
  const where = await conditionsOf(runtime, ctx, filters);
  const columns = FORM_EXPORT_COLUMNS.map((column) => ({ ...column, header: translate(language, `formExport.columns.${column.key}`) }));
  const statusName = (status: TFormStatus) => translate(language, `form.pdf.statusOf.${status}`);
  const stream = worksheetStream(
    { sheetName: translate(language, 'formExport.sheet'), columns },
    async (add) => {
      for (let offset = 0; ; offset += PAGE_SIZE) {
        const page = await ctx.db
          .select({ form: wasteForms, lot: lots.name, order: orders.name, agency: agencies.businessName })
          .from(wasteForms)
          .innerJoin(lots, eq(lots.id, wasteForms.lotId))
          .innerJoin(orders, eq(orders.id, wasteForms.orderId))
          .innerJoin(agencies, eq(agencies.id, wasteForms.targetAgencyId))
          .where(and(where))
          .orderBy(asc(wasteForms.referencePeriodFrom), asc(wasteForms.code))
          .limit(PAGE_SIZE)
          .offset(offset);
        for (const { form, lot, order, agency } of page) {
          const entry = findEerCode(form.cer);
          add({
            code: form.code,
            status: statusName(form.status),
            lot,
            order,
            agency,
            from: excelDate(form.referencePeriodFrom),
            to: excelDate(form.referencePeriodTo),
            cer: formatEerCode(form.cer),
            cerText: entry ? eerDescription(entry, language) : '',
            hp: form.dangerClass.join(', '),
            // At most 14 significant digits: a spreadsheet number holds them exactly.
            quantity: Number(form.quantity),
            unit: form.quantityUnit,
            producer: form.producer.name,
            transporter: form.transporters.map((t) => t.name).join('; '),
            receiver: form.receiver.name,
            operation: form.wasteDestination,
            acceptance: form.acceptance?.type ?? '',
          });
        }
        if (page.length < PAGE_SIZE) break;
      }
    },
    log,
  );
  return { fileName: translate(language, 'formExport.file', { date: new Date().toISOString().slice(0, 10) }), stream };
}
