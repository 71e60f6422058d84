import { asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { quarterLabel, quarterOf, quarterRange, type TQuarter } from '@app/domain/tourist-tax/periods';
import { stays, structures } from '../../../db/schema/index.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import type { TCollectionRuntime } from '../../../lib/collection/routes.ts';
import { allOf } from '../../../lib/collection/query.ts';
import { notFound } from '../../../lib/errors.ts';
import { toEuros } from '../registry/fields.ts';
import { findStructureInScope } from '../registry/scope.ts';
import { excelDate, streamWorksheet } from '../../../lib/xlsx-stream.ts';

const PAGE = 5000;
const MONEY = '#,##0.00';
const DATE = 'dd/mm/yyyy';

export const STAY_EXPORT_COLUMNS = [
  { header: 'Struttura', key: 'structure', width: 30 },
  { header: 'CIN', key: 'cin', width: 20 },
  { header: 'Trimestre', key: 'quarter', width: 10 },
  { header: 'Data arrivo', key: 'checkIn', width: 12, numFmt: DATE },
  { header: 'Data partenza', key: 'checkOut', width: 12, numFmt: DATE },
  { header: 'Notti', key: 'nightsNumber', width: 8 },
  { header: 'Notti imponibili', key: 'taxableNights', width: 10 },
  { header: 'Ospiti', key: 'componentsNumber', width: 8 },
  { header: 'Esenti', key: 'exemptGuests', width: 8 },
  { header: 'Ridotti', key: 'reducedGuests', width: 8 },
  { header: 'Paganti', key: 'payingGuests', width: 8 },
  { header: 'Cognome', key: 'surname', width: 20 },
  { header: 'Nome', key: 'name', width: 20 },
  { header: 'Codice fiscale', key: 'taxCode', width: 18 },
  { header: 'Stato pagamento', key: 'paymentStatus', width: 14 },
  { header: 'Motivo mancato pagamento', key: 'noPaymentReason', width: 30 },
  { header: 'Imposta lorda', key: 'tariffImport', width: 12, numFmt: MONEY },
  { header: 'Riduzioni', key: 'reductionImport', width: 12, numFmt: MONEY },
  { header: 'Imposta dovuta', key: 'toPayAmount', width: 12, numFmt: MONEY },
];

export type TStayExportQuery = { year: number; quarter?: TQuarter; structureId?: string };

/**
 * The stays of a year, or of one quarter (Trim 1 = January-March ...), by checkOut, as xlsx. Rows
 * are read in pages of PAGE with a keyset on (checkOut, id) and written as they come, inside the
 * caller's scope (the stays collection's read conditions). A comune's export walks the
 * (city_id, check_out, id) index in order, so each page reads only its own rows.
 */
const EXPORTED_STAY_COLUMNS = {
  id: stays.id,
  checkIn: stays.checkIn,
  checkOut: stays.checkOut,
  nightsNumber: stays.nightsNumber,
  taxableNights: stays.taxableNights,
  componentsNumber: stays.componentsNumber,
  exemptGuests: stays.exemptGuests,
  reducedGuests: stays.reducedGuests,
  payingGuests: stays.payingGuests,
  guest: stays.guest,
  paymentStatus: stays.paymentStatus,
  noPaymentReason: stays.noPaymentReason,
  tariffImportCents: stays.tariffImportCents,
  reductionImportCents: stays.reductionImportCents,
  toPayAmountCents: stays.toPayAmountCents,
};

export async function exportStays(ctx: TSignedInContext, reply: FastifyReply, runtime: TCollectionRuntime, query: TStayExportQuery) {
  const scope = await runtime.conditions(ctx, 'getAll');
  if (query.structureId && !(await findStructureInScope(ctx.db, ctx, query.structureId))) throw notFound('Structure');
  const range = query.quarter ? quarterRange(query.year, query.quarter) : { dateFrom: `${query.year}-01-01`, dateTo: `${query.year}-12-31` };
  const where = allOf([scope, gte(stays.checkOut, range.dateFrom), lte(stays.checkOut, range.dateTo), query.structureId ? eq(stays.structureId, query.structureId) : undefined]);
  const fileName = `soggiorni-${query.year}${query.quarter ? `-trim${query.quarter}` : ''}.xlsx`;
  return streamWorksheet(
    reply,
    { fileName, sheetName: query.quarter ? quarterLabel(query.quarter) : String(query.year), columns: STAY_EXPORT_COLUMNS },
    async (add, flush) => {
      const readPage = (after: { checkOut: string; id: string } | null) => {
        const keyset: SQL | undefined = after ? sql`(${stays.checkOut}, ${stays.id}) > (${after.checkOut}, ${after.id}::uuid)` : undefined;
        return (
          ctx.db
            // Only the exported columns: the stored breakdown (jsonb) would triple the read time.
            .select({ stay: EXPORTED_STAY_COLUMNS, structure: { name: structures.name, cin: structures.cin } })
            .from(stays)
            .innerJoin(structures, eq(structures.id, stays.structureId))
            .where(allOf([where, keyset]))
            .orderBy(asc(stays.checkOut), asc(stays.id))
            .limit(PAGE)
        );
      };
      let after: { checkOut: string; id: string } | null = null;
      for (;;) {
        const page = await readPage(after);
        for (const { stay, structure } of page) {
          add({
            structure: structure.name,
            cin: structure.cin,
            quarter: quarterLabel(quarterOf(stay.checkOut)),
            checkIn: excelDate(stay.checkIn),
            checkOut: excelDate(stay.checkOut),
            nightsNumber: stay.nightsNumber,
            taxableNights: stay.taxableNights,
            componentsNumber: stay.componentsNumber,
            exemptGuests: stay.exemptGuests,
            reducedGuests: stay.reducedGuests,
            payingGuests: stay.payingGuests,
            surname: stay.guest.surname,
            name: stay.guest.name,
            taxCode: stay.guest.taxCode ?? null,
            paymentStatus: stay.paymentStatus === 'paid' ? 'Pagato' : 'Non pagato',
            noPaymentReason: stay.noPaymentReason,
            tariffImport: toEuros(stay.tariffImportCents),
            reductionImport: toEuros(stay.reductionImportCents),
            toPayAmount: toEuros(stay.toPayAmountCents),
          });
        }
        // The next page is read once the file has caught up with this one: memory stays flat.
        await flush();
        if (page.length < PAGE) break;
        const last = page[page.length - 1].stay;
        after = { checkOut: last.checkOut, id: last.id };
      }
    },
    reply.log,
  );
}
