import { eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { TResource } from '@app/domain/platform/access/access-table';
import type { relevantAreas } from '../../../db/schema/index.ts';
import { ownCityOf } from '../../../lib/access.ts';
import { defineCollection, type TSignedInContext } from '../../../lib/collection/define.ts';
import { AppError, validationFailed } from '../../../lib/errors.ts';
import { ZRecordBase } from '../../../lib/schemas.ts';
import { ZOptionalText, ZRequiredName, pickDefined } from './fields.ts';
import { ownCityRows } from './scope.ts';

type TRegistryTable = typeof relevantAreas;

export const ZRegistryRecord = ZRecordBase.extend({ cityId: z.string(), name: z.string(), note: z.string().nullable() });

const ZRegistryInput = z.object({
  cityId: z.uuid().optional().describe("The comune; a city user's own comune when omitted"),
  name: ZRequiredName,
  note: ZOptionalText(2000),
});

/**
 * cityId of a new rule/registry row: the one named, else the comune the caller's grant confines it to
 * (a comune user's own); a caller whose grant reaches every comune (an admin) must name one. The
 * collection's write scope then refuses a row outside the grant.
 */
export function cityIdForWrite(resource: TResource, input: { cityId?: string }, ctx: TSignedInContext, existing?: { cityId: string }): string {
  const cityId = input.cityId ?? existing?.cityId ?? ownCityOf(ctx.actor, resource, 'create');
  if (cityId) return cityId;
  throw validationFailed([{ path: 'cityId', message: 'validation.required' }]);
}

/**
 * Structure types, structure classes and relevant areas: a name and a note per comune. Everyone
 * signed in with a tourist-tax role reads them (a hotelier registering a structure picks them); the
 * comune and admins write them; a row used by a structure or a rule cannot be deleted.
 */
export function defineCityRegistry(options: { name: string; resource: 'structure-types' | 'structure-classes' | 'relevant-areas'; table: TRegistryTable; usedBy: (id: string) => SQL }) {
  const { table } = options;
  return defineCollection({
    name: options.name,
    resource: options.resource,
    tag: 'tourist-tax',
    table,
    record: ZRegistryRecord,
    create: ZRegistryInput,
    update: ZRegistryInput.partial(),
    filterable: { cityId: table.cityId, name: table.name },
    searchable: [table.name, table.note],
    scopes: { ownCity: (ctx) => ownCityRows(ctx, table.cityId) },
    toRow: ({ input, ctx, existing }) => {
      if (existing && input.cityId && input.cityId !== existing.cityId) {
        throw validationFailed([{ path: 'cityId', message: 'cannot be changed: create a new one in the other comune' }]);
      }
      return { ...pickDefined(input), cityId: cityIdForWrite(options.resource, input, ctx, existing) };
    },
    beforeDelete: async (row, { tx }) => {
      const [used] = await tx
        .select({ used: sql<boolean>`${options.usedBy(row.id)}` })
        .from(table)
        .where(eq(table.id, row.id));
      if (used?.used) {
        throw new AppError('IN_USE', 'It is used by structures or rules of the comune: change them first');
      }
    },
  });
}
