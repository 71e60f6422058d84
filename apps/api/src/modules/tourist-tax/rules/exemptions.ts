import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { exemptions, stays } from '../../../db/schema/index.ts';
import { defineCollection } from '../../../lib/collection/define.ts';
import { AppError, validationFailed } from '../../../lib/errors.ts';
import { ZRecordBase } from '../../../lib/schemas.ts';
import { cityIdForWrite } from '../registry/city-registry.ts';
import { ZOptionalText, ZRequiredName, pickDefined } from '../registry/fields.ts';
import { cityRowScopes } from '../registry/scope.ts';

const ZExemptionInput = z.object({
  cityId: z.uuid().optional().describe("The comune; a city user's own comune when omitted"),
  name: ZRequiredName.describe('e.g. "Minori fino al 12° anno di età"'),
  note: ZOptionalText(2000),
});

/** Exemptions of a comune; a stay counts its exempt guests per exemption (`appliedExemptions`). */
export const exemptionsCollection = defineCollection({
  name: 'exemptions',
  resource: 'exemptions',
  tag: 'tourist-tax',
  table: exemptions,
  record: ZRecordBase.extend({ cityId: z.string(), name: z.string(), note: z.string().nullable() }),
  create: ZExemptionInput,
  update: ZExemptionInput.partial(),
  filterable: { cityId: exemptions.cityId, name: exemptions.name },
  searchable: [exemptions.name, exemptions.note],
  scopes: cityRowScopes(exemptions.cityId),
  toRow: ({ input, ctx, existing }) => {
    if (existing && input.cityId && input.cityId !== existing.cityId) {
      throw validationFailed([{ path: 'cityId', message: 'cannot be changed: create the exemption in the other comune' }]);
    }
    return { ...pickDefined(input), cityId: cityIdForWrite(input, ctx, existing) };
  },
  beforeDelete: async (row, { tx }) => {
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(stays)
      .where(sql`${row.id}::uuid = any(${stays.exemptionIds})`);
    if (used.n > 0) {
      throw new AppError('RULE_IN_USE', `The exemption is applied in ${used.n} saved stays`, { details: [{ path: '_id', message: `${used.n} stays` }] });
    }
  },
});
