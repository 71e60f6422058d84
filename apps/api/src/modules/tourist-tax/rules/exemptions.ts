import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { exemptions, stays } from '../../../db/schema/index.ts';
import { defineCollection } from '../../../lib/collection/define.ts';
import { AppError, validationFailed } from '../../../lib/errors.ts';
import { ZRecordBase } from '../../../lib/schemas.ts';
import { cityIdForWrite } from '../registry/city-registry.ts';
import { ZOptionalText, ZRequiredName, pickDefined } from '../registry/fields.ts';
import { cityRowScopes } from '../registry/scope.ts';
import { validateExemption } from '@app/domain/tourist-tax/rules';
import { withTaxErrors } from '../stays/tax-errors.ts';
import { exemptionFromRow } from './city-rules.ts';
import { ZAgeRangeInput, ZAgeRangeRecord } from './age-range.ts';

const ZExemptionInput = z.object({
  cityId: z.uuid().optional().describe("The comune; a city user's own comune when omitted"),
  name: ZRequiredName.describe('e.g. "Minori fino al 12° anno di età"'),
  note: ZOptionalText(2000),
  condition: z
    .enum(['count', 'age', 'resident', 'tourLeader'])
    .optional()
    .describe('count (default): the hotelier types how many guests; age: guests in the age range; resident: guests resident in the comune; tourLeader: one leader every participantsPerLeader'),
  participantsPerLeader: z.number().int('must be a whole number').min(1).max(10_000).nullable().optional().describe('tourLeader: one leader exempt every N participants'),
  ...ZAgeRangeInput.shape,
});

const ZExemptionRecord = ZRecordBase.extend({
  cityId: z.string(),
  name: z.string(),
  note: z.string().nullable(),
  condition: z.enum(['count', 'age', 'resident', 'tourLeader']),
  participantsPerLeader: z.number().nullable(),
  ...ZAgeRangeRecord.shape,
});

/**
 * Exemptions of a comune. A stay counts its exempt guests per exemption (`appliedExemptions`); an
 * exemption with a condition (age, resident, tourLeader) also applies by itself to the recorded guests
 * who meet it.
 */
export const exemptionsCollection = defineCollection({
  name: 'exemptions',
  resource: 'exemptions',
  tag: 'tourist-tax',
  table: exemptions,
  record: ZExemptionRecord,
  create: ZExemptionInput,
  update: ZExemptionInput.partial(),
  filterable: { cityId: exemptions.cityId, name: exemptions.name, condition: exemptions.condition },
  searchable: [exemptions.name, exemptions.note],
  scopes: cityRowScopes(exemptions.cityId),
  toRow: ({ input, ctx, existing }) => {
    if (existing && input.cityId && input.cityId !== existing.cityId) {
      throw validationFailed([{ path: 'cityId', message: 'cannot be changed: create the exemption in the other comune' }]);
    }
    const values = { ...pickDefined(input), cityId: cityIdForWrite('exemptions', input, ctx, existing) };
    const merged = { ...(existing ?? { condition: 'count', ageFrom: null, ageTo: null, ageOn: null, participantsPerLeader: null }), ...values } as typeof exemptions.$inferSelect;
    withTaxErrors(() => validateExemption(exemptionFromRow({ ...merged, id: existing?.id ?? '' })));
    return values;
  },
  beforeDelete: async (row, { tx }) => {
    // exemptionIds lists typed and automatic exemptions alike.
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(stays)
      .where(sql`${row.id}::uuid = any(${stays.exemptionIds}) or ${stays.appliedExemptions} @> ${JSON.stringify([{ exemptionId: row.id }])}::jsonb`);
    if (used.n > 0) {
      throw new AppError('RULE_IN_USE', `The exemption is applied in ${used.n} saved stays`, { params: { stays: used.n }, details: [{ path: '_id', message: `${used.n} stays` }] });
    }
  },
});
