import { sql } from 'drizzle-orm';
import { relevantAreas, reductions, structures, tariffs } from '../../../db/schema/index.ts';
import { defineCityRegistry } from './city-registry.ts';

export const relevantAreasCollection = defineCityRegistry({
  name: 'relevant-areas',
  resource: 'relevant-areas',
  table: relevantAreas,
  usedBy: (id) =>
    sql`exists (select 1 from ${structures} where ${structures.relevantAreaId} = ${id}::uuid)
      or exists (select 1 from ${tariffs} where ${tariffs.relevantAreaId} = ${id}::uuid)
      or exists (select 1 from ${reductions} where ${reductions.relevantAreaId} = ${id}::uuid)`,
});
