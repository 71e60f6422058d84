import { date, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { TSiatelResult } from '@app/domain/tourist-tax/siatel';
import { recordColumns } from '../columns.ts';

/**
 * A SIATEL file the comune uploaded and the cross-check made of it, kept to be read again (issue 26
 * part 4). pagoPA notice numbers live on the declarations (pagopaProgressive) and the comune.
 */
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
