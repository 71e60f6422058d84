import { and, eq, sql } from 'drizzle-orm';
import type { TSiatelRow } from '@app/domain/tourist-tax/siatel';
import { cities, siatelChecks, stays, structures } from '../db/schema/index.ts';
import { crossCheckSiatelRows } from '../modules/tourist-tax/pagopa/siatel-checks.ts';
import type { TDemoSeeder } from './demo.ts';

/**
 * A SIATEL cross-check of Gaeta's first half of 2025, as if the Agenzia delle Entrate's file had been
 * uploaded: per structure and month, the guest-nights of the structure's stays, the Hotel Serapo's
 * raised by a fifth (so it shows a shortfall), and a structure the comune never registered. What the
 * declarations say is read from the demo's declarations, as an upload would.
 */
export const seedPagopaDemo: TDemoSeeder = async (tx, demoUsers) => {
  const [gaeta] = await tx.select().from(cities).where(eq(cities.name, 'Comune di Gaeta'));
  if (!gaeta) return;
  const nights = await tx
    .select({
      structureId: stays.structureId,
      name: structures.name,
      taxCode: structures.taxCode,
      month: sql<string>`to_char(${stays.checkIn}, 'YYYY-MM')`,
      guests: sql<number>`sum(${stays.componentsNumber})::int`,
      nights: sql<number>`sum(${stays.componentsNumber} * (${stays.checkOut} - ${stays.checkIn}))::int`,
    })
    .from(stays)
    .innerJoin(structures, eq(structures.id, stays.structureId))
    .where(and(eq(stays.cityId, gaeta.id), sql`${stays.checkIn} >= '2025-01-01' and ${stays.checkIn} < '2025-07-01'`))
    .groupBy(stays.structureId, structures.name, structures.taxCode, sql`to_char(${stays.checkIn}, 'YYYY-MM')`);
  const rows: TSiatelRow[] = nights.map((n, i) => ({
    row: i + 2,
    structureCode: null,
    cin: null,
    taxCode: n.taxCode,
    name: n.name,
    address: null,
    month: n.month,
    guests: n.guests,
    nights: n.name === 'Hotel Serapo' ? Math.round(n.nights * 1.2) : n.nights,
  }));
  rows.push({
    row: rows.length + 2,
    structureCode: null,
    cin: null,
    taxCode: 'BNCLRA75E41D843K',
    name: 'Affittacamere Il Molo',
    address: 'Lungomare Caboto 12, Gaeta',
    month: '2025-05',
    guests: 6,
    nights: 18,
  });
  const result = await crossCheckSiatelRows(tx, gaeta.id, rows);
  await tx.insert(siatelChecks).values({
    cityId: gaeta.id,
    createdById: demoUsers['city@demo.test'],
    fileName: 'siatel-gaeta-2025-primo-semestre.csv',
    monthFrom: result.months[0] ?? null,
    monthTo: result.months.at(-1) ?? null,
    checkedOn: '2025-08-04',
    result,
  });
};
