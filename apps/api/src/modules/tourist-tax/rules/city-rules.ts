import { eq } from 'drizzle-orm';
import type { TCapMode, TExemption, TReduction, TTariff } from '@app/domain/tourist-tax/types';
import { cities, exemptions, reductions, tariffs } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';

export type TCityRules = { tariffs: TTariff[]; reductions: TReduction[]; exemptions: TExemption[]; capMode: TCapMode };

export function tariffFromRow(row: typeof tariffs.$inferSelect): TTariff {
  return {
    id: row.id,
    name: row.name,
    cityId: row.cityId,
    structureTypeId: row.structureTypeId,
    structureClassId: row.structureClassId,
    relevantAreaId: row.relevantAreaId,
    type: row.type,
    nightlyPriceCents: row.nightlyPriceCents,
    percentageBasisPoints: row.percentageBasisPoints,
    maxNights: row.maxNights,
    maxPerPersonNightCents: row.maxPerPersonNightCents,
    validFrom: row.validFrom,
    validTo: row.validTo,
  };
}

export function reductionFromRow(row: typeof reductions.$inferSelect): TReduction {
  return {
    id: row.id,
    name: row.name,
    cityId: row.cityId,
    structureTypeId: row.structureTypeId,
    structureClassId: row.structureClassId,
    relevantAreaId: row.relevantAreaId,
    reductionType: row.reductionType,
    amountCents: row.amountCents,
    percentageBasisPoints: row.percentageBasisPoints,
    maxNights: row.maxNights,
    validFrom: row.validFrom,
    validTo: row.validTo,
    ageFrom: row.ageFrom,
    ageTo: row.ageTo,
    ageOn: row.ageOn,
  };
}

export function exemptionFromRow(row: typeof exemptions.$inferSelect): TExemption {
  return {
    id: row.id,
    name: row.name,
    condition: row.condition,
    ageFrom: row.ageFrom,
    ageTo: row.ageTo,
    ageOn: row.ageOn,
    participantsPerLeader: row.participantsPerLeader,
  };
}

/** The comune's tariffs, reductions and exemptions, read in the caller's transaction. */
export async function loadCityRules(tx: TDbOrTx, cityId: string): Promise<TCityRules> {
  // Sequential: a transaction is one connection, and pg deprecates overlapping queries on it.
  const tariffRows = await tx.select().from(tariffs).where(eq(tariffs.cityId, cityId));
  const reductionRows = await tx.select().from(reductions).where(eq(reductions.cityId, cityId));
  const exemptionRows = await tx.select().from(exemptions).where(eq(exemptions.cityId, cityId));
  const [city] = await tx.select({ taxCapMode: cities.taxCapMode }).from(cities).where(eq(cities.id, cityId));
  return { tariffs: tariffRows.map(tariffFromRow), reductions: reductionRows.map(reductionFromRow), exemptions: exemptionRows.map(exemptionFromRow), capMode: city?.taxCapMode ?? 'stay' };
}
