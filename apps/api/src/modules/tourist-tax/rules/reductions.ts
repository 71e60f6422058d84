import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { findReductionConflict, validateReduction } from '@app/domain/tourist-tax/rules';
import { TaxRuleError } from '@app/domain/tourist-tax/errors';
import { reductions, stays } from '../../../db/schema/index.ts';
import { defineCollection, type TRowValues } from '../../../lib/collection/define.ts';
import { AppError, validationFailed } from '../../../lib/errors.ts';
import { ZDateString, ZRecordBase } from '../../../lib/schemas.ts';
import { reductionFromRow } from './city-rules.ts';
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
import { ZAgeRangeInput, ZAgeRangeRecord } from './age-range.ts';

const ZReductionInput = z.object({
  cityId: z.uuid().optional().describe("The comune; a city user's own comune when omitted"),
  name: ZRequiredName,
  note: ZOptionalText(2000),
  reductionType: z.enum(['flat', 'percentage']),
  structureTypeId: ZOptionalUuid.describe('Empty = every structure type'),
  structureClassId: ZOptionalUuid.describe('Empty = every class'),
  relevantAreaId: ZOptionalUuid.describe('Empty = every area'),
  amount: ZEuros.optional().describe('flat: euros off each reduced guest-night'),
  percentage: ZPercent.optional().describe('percentage: share of the guest-night tax taken off, e.g. 50'),
  maxNights: ZMaxNights,
  validFrom: ZDateString,
  validTo: ZOptionalDate.describe('Empty = open-ended'),
  ...ZAgeRangeInput.shape,
});

export const ZReductionRecord = ZRecordBase.extend({
  cityId: z.string(),
  name: z.string(),
  note: z.string().nullable(),
  reductionType: z.enum(['flat', 'percentage']),
  structureTypeId: z.string().nullable(),
  structureClassId: z.string().nullable(),
  relevantAreaId: z.string().nullable(),
  amount: z.number().describe('Euros'),
  percentage: z.number().describe('Percent (50 = 50%)'),
  maxNights: z.number().nullable(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  ...ZAgeRangeRecord.shape,
});

/**
 * Reductions of a comune (e.g. 50% for school trips). A stay applies them per guest
 * (`appliedReductions: [{ reductionId, count }]`); one with an age range (ageFrom..ageTo) applies by
 * itself to the recorded guests of that age. A duplicate (same name and scope, overlapping
 * validity) is 409 REDUCTION_CONFLICT.
 */
export const reductionsCollection = defineCollection({
  name: 'reductions',
  resource: 'reductions',
  tag: 'tourist-tax',
  table: reductions,
  record: ZReductionRecord,
  create: ZReductionInput,
  update: ZReductionInput.partial(),
  filterable: {
    cityId: reductions.cityId,
    name: reductions.name,
    reductionType: reductions.reductionType,
    structureTypeId: reductions.structureTypeId,
    structureClassId: reductions.structureClassId,
    relevantAreaId: reductions.relevantAreaId,
    validFrom: reductions.validFrom,
    validTo: reductions.validTo,
  },
  searchable: [reductions.name, reductions.note],
  scopes: cityRowScopes(reductions.cityId),
  toRecord: (row) => {
    const { amountCents, percentageBasisPoints, id, createdAt, updatedAt, ...rest } = row;
    return { _id: id, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString(), ...rest, amount: toEuros(amountCents), percentage: toPercent(percentageBasisPoints) };
  },
  toRow: async ({ input, tx, ctx, existing }) => {
    if (existing && input.cityId && input.cityId !== existing.cityId) {
      throw validationFailed([{ path: 'cityId', message: 'cannot be changed: create the reduction in the other comune' }]);
    }
    const { amount, percentage, ...rest } = input;
    const values: TRowValues<typeof reductions> = { ...pickDefined(rest), cityId: cityIdForWrite('reductions', input, ctx, existing) };
    if (amount !== undefined) values.amountCents = toCents(amount);
    if (percentage !== undefined) values.percentageBasisPoints = toBasisPoints(percentage);
    const merged = { ...(existing ?? { amountCents: 0, percentageBasisPoints: 0, maxNights: null, validTo: null }), ...values } as typeof reductions.$inferSelect; // a create's input carries every required column
    const typeChanged = !existing || merged.reductionType !== existing.reductionType;
    if (typeChanged && merged.reductionType === 'flat' && amount === undefined) {
      throw validationFailed([{ path: 'amount', message: 'validation.required: a flat reduction needs its amount' }]);
    }
    if (typeChanged && merged.reductionType === 'percentage' && percentage === undefined) {
      throw validationFailed([{ path: 'percentage', message: 'validation.required: a percentage reduction needs its percentage' }]);
    }
    await assertRegistryRefs(tx, merged.cityId, merged);
    await lockCity(tx, merged.cityId);
    const candidate = reductionFromRow({ ...merged, id: existing?.id ?? '' });
    const others = (await tx.select().from(reductions).where(eq(reductions.cityId, merged.cityId))).map(reductionFromRow);
    withTaxErrors(() => {
      validateReduction(candidate);
      const other = findReductionConflict(candidate, others);
      if (other) {
        throw new TaxRuleError('REDUCTION_CONFLICT', [{ path: 'name', message: `Duplicates reduction "${other.name}" (${other.id})` }], { conflictingId: other.id });
      }
    });
    return values;
  },
  beforeDelete: async (row, { tx }) => {
    // Typed on a stay, or applied by age to its guests (a category of the stored breakdown).
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(stays)
      .where(
        sql`${stays.appliedReductions} @> ${JSON.stringify([{ reductionId: row.id }])}::jsonb or ${stays.breakdown}->'categories' @> ${JSON.stringify([{ kind: 'reduction', id: row.id }])}::jsonb`,
      );
    if (used.n > 0) {
      throw new AppError('RULE_IN_USE', `The reduction is applied in ${used.n} saved stays: set its validTo instead of deleting it`, {
        params: { stays: used.n },
        details: [{ path: '_id', message: `${used.n} stays` }],
      });
    }
  },
});
