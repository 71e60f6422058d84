import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { assertNoTariffConflict, validateTariff } from '@app/domain/tourist-tax/rules';
import { stays, tariffs } from '../../../db/schema/index.ts';
import { defineCollection, type TRowValues } from '../../../lib/collection/define.ts';
import { AppError, validationFailed } from '../../../lib/errors.ts';
import { ZDateString, ZRecordBase } from '../../../lib/schemas.ts';
import { tariffFromRow } from './city-rules.ts';
import { cityIdForWrite } from '../registry/city-registry.ts';
import {
  ZEuros,
  ZMaxNights,
  ZOptionalDate,
  ZOptionalText,
  ZOptionalUuid,
  ZPercent,
  ZRequiredName,
  assertRegistryRefs,
  pickDefined,
  toBasisPoints,
  toCents,
  toEuros,
  toPercent,
} from '../registry/fields.ts';
import { cityRowScopes, lockCity } from '../registry/scope.ts';
import { withTaxErrors } from '../stays/tax-errors.ts';

const ZTariffInput = z.object({
  cityId: z.uuid().optional().describe("The comune; a city user's own comune when omitted"),
  name: ZRequiredName,
  note: ZOptionalText(2000),
  type: z.enum(['flat', 'percentage']),
  structureTypeId: ZOptionalUuid.describe('Empty = every structure type'),
  structureClassId: ZOptionalUuid.describe('Empty = every class'),
  relevantAreaId: ZOptionalUuid.describe('Empty = every area'),
  nightlyPrice: ZEuros.optional().describe('flat: euros per paying guest per taxable night; percentage: the rate, e.g. 5 for 5% (as the spec sends it)'),
  percentage: ZPercent.optional().describe('percentage: the rate, e.g. 5 for 5%; optional, nightlyPrice carries it too (one value is stored)'),
  maxPerPersonNight: ZEuros.nullable().optional().describe('percentage: at most this many euros per person per night; empty = no maximum'),
  maxNights: ZMaxNights,
  validFrom: ZDateString,
  validTo: ZOptionalDate.describe('Empty = open-ended'),
});

export const ZTariffRecord = ZRecordBase.extend({
  cityId: z.string(),
  name: z.string(),
  note: z.string().nullable(),
  type: z.enum(['flat', 'percentage']),
  structureTypeId: z.string().nullable(),
  structureClassId: z.string().nullable(),
  relevantAreaId: z.string().nullable(),
  nightlyPrice: z.number().describe('flat: euros; percentage: the rate in percent (as the spec reads it)'),
  percentage: z.number().describe('Percent (5 = 5%); 0 for flat tariffs'),
  maxPerPersonNight: z.number().nullable().describe('percentage: euros per person per night at most'),
  maxNights: z.number().nullable(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
});

/**
 * Tariffs of a comune. The engine prices each night with the most specific tariff valid on it, so
 * two tariffs of equal specificity that could apply to the same night are refused (409
 * TARIFF_CONFLICT naming the other tariff). A percentage tariff's rate arrives in `nightlyPrice` (the
 * spec's field) or in `percentage`; it is stored once, as basis points. Editing a tariff does not
 * reprice saved stays by itself: POST /api/stays/reprice previews and applies it to the stays not yet
 * declared.
 */
export const tariffsCollection = defineCollection({
  name: 'tariffs',
  resource: 'tariffs',
  tag: 'tourist-tax',
  table: tariffs,
  record: ZTariffRecord,
  create: ZTariffInput,
  update: ZTariffInput.partial(),
  filterable: {
    cityId: tariffs.cityId,
    name: tariffs.name,
    type: tariffs.type,
    structureTypeId: tariffs.structureTypeId,
    structureClassId: tariffs.structureClassId,
    relevantAreaId: tariffs.relevantAreaId,
    validFrom: tariffs.validFrom,
    validTo: tariffs.validTo,
    maxNights: tariffs.maxNights,
  },
  searchable: [tariffs.name, tariffs.note],
  scopes: cityRowScopes(tariffs.cityId),
  toRecord: (row) => {
    const { nightlyPriceCents, percentageBasisPoints, maxPerPersonNightCents, id, createdAt, updatedAt, ...rest } = row;
    const percentage = toPercent(percentageBasisPoints);
    return {
      _id: id,
      createdAt: createdAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
      ...rest,
      nightlyPrice: row.type === 'percentage' ? percentage : toEuros(nightlyPriceCents),
      percentage: row.type === 'percentage' ? percentage : 0,
      maxPerPersonNight: toEuros(maxPerPersonNightCents),
    };
  },
  toRow: async ({ input, tx, ctx, existing }) => {
    if (existing && input.cityId && input.cityId !== existing.cityId) {
      throw validationFailed([{ path: 'cityId', message: 'cannot be changed: create the tariff in the other comune' }]);
    }
    const { nightlyPrice, percentage, maxPerPersonNight, ...rest } = input;
    const values: TRowValues<typeof tariffs> = { ...pickDefined(rest), cityId: cityIdForWrite('tariffs', input, ctx, existing) };
    const type = input.type ?? existing?.type ?? 'flat';
    const typeChanged = !existing || type !== existing.type;
    if (type === 'percentage') {
      // The spec's tariff has only nightlyPrice: for a percentage tariff it carries the rate.
      if (percentage !== undefined && nightlyPrice !== undefined && percentage !== nightlyPrice) {
        throw validationFailed([{ path: 'percentage', message: 'differs from nightlyPrice: send the rate once', value: percentage }]);
      }
      const rate = percentage ?? nightlyPrice;
      if (rate !== undefined) {
        const parsed = ZPercent.safeParse(rate);
        if (!parsed.success)
          throw validationFailed([{ path: percentage !== undefined ? 'percentage' : 'nightlyPrice', message: 'must be a percentage from 0 to 100 with at most two decimals', value: rate }]);
        values.percentageBasisPoints = toBasisPoints(parsed.data);
        values.nightlyPriceCents = 0;
      } else if (typeChanged) {
        throw validationFailed([{ path: 'nightlyPrice', message: 'validation.required: a percentage tariff needs its rate (nightlyPrice or percentage)' }]);
      }
    } else {
      if (nightlyPrice !== undefined) values.nightlyPriceCents = toCents(nightlyPrice);
      else if (typeChanged) throw validationFailed([{ path: 'nightlyPrice', message: 'validation.required: a flat tariff needs its nightly price' }]);
      // A flat tariff has no rate: a percentage sent with it (forms send every field) is not stored.
      if (typeChanged) values.percentageBasisPoints = 0;
    }
    if (maxPerPersonNight !== undefined) values.maxPerPersonNightCents = maxPerPersonNight === null || maxPerPersonNight === 0 ? null : toCents(maxPerPersonNight);
    const merged = { ...(existing ?? { nightlyPriceCents: 0, percentageBasisPoints: 0, maxNights: null, maxPerPersonNightCents: null, validTo: null }), ...values } as typeof tariffs.$inferSelect; // a create's input carries every required column
    await assertRegistryRefs(tx, merged.cityId, merged);
    const candidate = tariffFromRow({ ...merged, id: existing?.id ?? '' });
    await lockCity(tx, merged.cityId);
    const others = await tx.select().from(tariffs).where(eq(tariffs.cityId, merged.cityId));
    withTaxErrors(() => {
      validateTariff(candidate);
      assertNoTariffConflict(candidate, others.map(tariffFromRow));
    });
    return values;
  },
  beforeDelete: async (row, { tx }) => {
    // Also the stays where the tariff priced only nights beyond the cap (not in tariffIds).
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(stays)
      .where(sql`${row.id}::uuid = any(${stays.tariffIds}) or ${stays.breakdown}->'nights' @> ${JSON.stringify([{ tariffId: row.id }])}::jsonb`);
    if (used.n > 0) {
      throw new AppError('RULE_IN_USE', `The tariff prices ${used.n} saved stays: set its validTo instead of deleting it`, {
        params: { stays: used.n },
        details: [{ path: '_id', message: `${used.n} stays` }],
      });
    }
  },
});
