import { sql } from 'drizzle-orm';
import { structureClasses, reductions, structures, tariffs } from '../../../db/schema/index.ts';
import { defineCityRegistry } from './city-registry.ts';

export const structureClassesCollection = defineCityRegistry({
  name: 'structure-classes',
  resource: 'structure-classes',
  table: structureClasses,
  usedBy: (id) =>
    sql`exists (select 1 from ${structures} where ${structures.structureClassId} = ${id}::uuid)
      or exists (select 1 from ${tariffs} where ${tariffs.structureClassId} = ${id}::uuid)
      or exists (select 1 from ${reductions} where ${reductions.structureClassId} = ${id}::uuid)`,
});
