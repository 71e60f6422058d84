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
  nightlyPrice: ZEuros.optional().describe('flat: euros per paying guest per taxable night'),
  percentage: ZPercent.optional().describe('percentage: share of the accommodation amount, e.g. 5 for 5%'),
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
  nightlyPrice: z.number().describe('Euros'),
  percentage: z.number().describe('Percent (5 = 5%)'),
  maxNights: z.number().nullable(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
});

/**
 * Tariffs of a comune. The engine prices each night with the most specific tariff valid on it, so
 * two tariffs of equal specificity that could apply to the same night are refused (409
 * TARIFF_CONFLICT naming the other tariff). Editing a tariff does not reprice saved stays: a stay is
 * repriced when it is saved again.
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
    const { nightlyPriceCents, percentageBasisPoints, id, createdAt, updatedAt, ...rest } = row;
    return { _id: id, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString(), ...rest, nightlyPrice: toEuros(nightlyPriceCents), percentage: toPercent(percentageBasisPoints) };
  },
  toRow: async ({ input, tx, ctx, existing }) => {
    if (existing && input.cityId && input.cityId !== existing.cityId) {
      throw validationFailed([{ path: 'cityId', message: 'cannot be changed: create the tariff in the other comune' }]);
    }
    const { nightlyPrice, percentage, ...rest } = input;
    const values: TRowValues<typeof tariffs> = { ...pickDefined(rest), cityId: cityIdForWrite(input, ctx, existing) };
    if (nightlyPrice !== undefined) values.nightlyPriceCents = toCents(nightlyPrice);
    if (percentage !== undefined) values.percentageBasisPoints = toBasisPoints(percentage);
    const merged = { ...(existing ?? { nightlyPriceCents: 0, percentageBasisPoints: 0, maxNights: null, validTo: null }), ...values } as typeof tariffs.$inferSelect; // a create's input carries every required column
    const typeChanged = !existing || merged.type !== existing.type;
    if (merged.type === 'flat' && nightlyPrice === undefined && typeChanged) {
      throw validationFailed([{ path: 'nightlyPrice', message: 'validation.required: a flat tariff needs its nightly price' }]);
    }
    if (merged.type === 'percentage' && percentage === undefined && typeChanged) {
      throw validationFailed([{ path: 'percentage', message: 'validation.required: a percentage tariff needs its percentage' }]);
    }
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
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(stays)
      .where(sql`${row.id}::uuid = any(${stays.tariffIds})`);
    if (used.n > 0) {
      throw new AppError('RULE_IN_USE', `The tariff prices ${used.n} saved stays: set its validTo instead of deleting it`, { details: [{ path: '_id', message: `${used.n} stays` }] });
    }
  },
});
