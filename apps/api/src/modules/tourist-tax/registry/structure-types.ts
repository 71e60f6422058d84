import { sql } from 'drizzle-orm';
import { structureTypes, reductions, structures, tariffs } from '../../../db/schema/index.ts';
import { defineCityRegistry } from './city-registry.ts';

export const structureTypesCollection = defineCityRegistry({
  name: 'structure-types',
  resource: 'structure-types',
  table: structureTypes,
  usedBy: (id) =>
    sql`exists (select 1 from ${structures} where ${structures.structureTypeId} = ${id}::uuid)
      or exists (select 1 from ${tariffs} where ${tariffs.structureTypeId} = ${id}::uuid)
      or exists (select 1 from ${reductions} where ${reductions.structureTypeId} = ${id}::uuid)`,
});
