import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { cities, relevantAreas, structureClasses, structures, structureTypes, users } from '../../../db/schema/index.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import type { TCollectionRuntime } from '../../../lib/collection/routes.ts';
import { allOf } from '../../../lib/collection/query.ts';
import { excelDate, streamWorksheet } from '../../../lib/xlsx-stream.ts';

const PAGE = 1000;

export const STRUCTURE_EXPORT_COLUMNS = [
  { header: 'Nome', key: 'name', width: 30 },
  { header: 'Comune', key: 'city', width: 22 },
  { header: 'CIN', key: 'cin', width: 20 },
  { header: 'Tipologia', key: 'type', width: 18 },
  { header: 'Classificazione', key: 'class', width: 14 },
  { header: 'Zona', key: 'area', width: 18 },
  { header: 'Indirizzo', key: 'address', width: 30 },
  { header: 'Codice fiscale', key: 'taxCode', width: 18 },
  { header: 'Partita IVA', key: 'vatNumber', width: 14 },
  { header: 'Codice ATECO', key: 'atecoCode', width: 12 },
  { header: 'Posti letto', key: 'availableSlots', width: 10 },
  { header: 'Attiva dal', key: 'dateFrom', width: 12, numFmt: 'dd/mm/yyyy' },
  { header: 'Attiva fino al', key: 'dateTo', width: 12, numFmt: 'dd/mm/yyyy' },
  { header: 'Attiva', key: 'isActive', width: 8 },
  { header: 'Email', key: 'email', width: 26 },
  { header: 'PEC', key: 'emailPec', width: 26 },
  { header: 'Telefono', key: 'phone', width: 16 },
  { header: 'Gestori', key: 'hoteliers', width: 40 },
];

/**
 * The structures in the caller's scope as xlsx (optionally one comune / active only), ordered by
 * name, read in pages with a keyset on (name, id) and streamed.
 */
export async function exportStructures(ctx: TSignedInContext, reply: FastifyReply, runtime: TCollectionRuntime, query: { cityId?: string; isActive?: boolean }) {
  const scope = await runtime.conditions(ctx, 'getAll');
  const where = allOf([scope, query.cityId ? eq(structures.cityId, query.cityId) : undefined, query.isActive !== undefined ? eq(structures.isActive, query.isActive) : undefined]);
  const hoteliers = sql<
    string | null
  >`(select string_agg(coalesce(nullif(trim(concat_ws(' ', ${users.name}, ${users.surname})), ''), ${users.email}) || ' <' || ${users.email} || '>', ', ' order by ${users.email}) from ${users} where ${users.id} = any(${structures.userIds}))`;
  return streamWorksheet(
    reply,
    { fileName: 'strutture.xlsx', sheetName: 'Strutture', columns: STRUCTURE_EXPORT_COLUMNS },
    async (add) => {
      const readPage = (after: { name: string; id: string } | null) => {
        const keyset: SQL | undefined = after ? sql`(${structures.name}, ${structures.id}) > (${after.name}, ${after.id}::uuid)` : undefined;
        return ctx.db
          .select({ s: structures, city: cities.name, type: structureTypes.name, class: structureClasses.name, area: relevantAreas.name, hoteliers })
          .from(structures)
          .innerJoin(cities, eq(cities.id, structures.cityId))
          .leftJoin(structureTypes, eq(structureTypes.id, structures.structureTypeId))
          .leftJoin(structureClasses, eq(structureClasses.id, structures.structureClassId))
          .leftJoin(relevantAreas, eq(relevantAreas.id, structures.relevantAreaId))
          .where(and(...[where, keyset].filter((c): c is SQL => c !== undefined)))
          .orderBy(asc(structures.name), asc(structures.id))
          .limit(PAGE);
      };
      let after: { name: string; id: string } | null = null;
      for (;;) {
        const page = await readPage(after);
        for (const row of page) {
          const s = row.s;
          add({
            name: s.name,
            city: row.city,
            cin: s.cin,
            type: row.type,
            class: row.class,
            area: row.area,
            address: s.address,
            taxCode: s.taxCode,
            vatNumber: s.vatNumber,
            atecoCode: s.atecoCode,
            availableSlots: s.availableSlots,
            dateFrom: excelDate(s.dateFrom),
            dateTo: excelDate(s.dateTo),
            isActive: s.isActive ? 'Sì' : 'No',
            email: s.email,
            emailPec: s.emailPec,
            phone: s.phone,
            hoteliers: row.hoteliers,
          });
        }
        if (page.length < PAGE) break;
        const last: typeof structures.$inferSelect = page[page.length - 1].s;
        after = { name: last.name, id: last.id };
      }
    },
    reply.log,
  );
}
