import { date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TGpdDebtPosition } from '@app/domain/tourist-tax/pagopa';
import type { TSiatelResult } from '@app/domain/tourist-tax/siatel';
import { recordColumns } from '../columns.ts';

/**
 * pagoPA notices of declarations, and the comune's SIATEL cross-checks (issue 26 parts 3 and 4).
 *
 * A notice's IUV is issued once and kept: the row stays when its declaration goes (declarationId is
 * then null), so a number once printed on a notice is never given to another payment. The IUV base is
 * the year and the comune's sequence number in that year (unique per comune).
 */
export const pagopaNotices = pgTable(
  'pagopa_notices',
  {
    ...recordColumns,
    cityId: uuid().notNull(),
    declarationId: uuid(),
    year: integer().notNull(),
    sequence: integer().notNull(),
    /** As issued: a later change of the comune's codes does not renumber a notice already given. */
    segregationCode: text().notNull(),
    creditorTaxCode: text().notNull(),
    iuv: text().notNull(),
    noticeNumber: text().notNull(),
  },
  (t) => [
    uniqueIndex('pagopa_notices_declaration_unique').on(t.declarationId),
    uniqueIndex('pagopa_notices_city_iuv_unique').on(t.cityId, t.iuv),
    uniqueIndex('pagopa_notices_city_sequence_unique').on(t.cityId, t.year, t.sequence),
  ],
);

/** A SIATEL file the comune uploaded and the cross-check made of it, kept to be read again. */
export const siatelChecks = pgTable(
  'siatel_checks',
  {
    ...recordColumns,
    cityId: uuid().notNull(),
    createdById: uuid(),
    fileName: text().notNull(),
    /** First and last month of the file (YYYY-MM), for the list. */
    monthFrom: text(),
    monthTo: text(),
    /** Calendar day in Italy the check was made: declarations submitted later are not in it. */
    checkedOn: date({ mode: 'string' }).notNull(),
    result: jsonb().$type<TSiatelResult>().notNull(),
  },
  (t) => [index('siatel_checks_city_idx').on(t.cityId, t.createdAt)],
);

export type TPagopaNoticeRow = typeof pagopaNotices.$inferSelect;
export type TDebtPositionOf = TGpdDebtPosition;
