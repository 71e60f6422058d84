import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isTaxRuleError } from '@app/domain/tourist-tax/errors';
import { stays, structures } from '../../../db/schema/index.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { ownCityOf, requireAccess } from '../../../lib/access.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { AppError, validationFailed } from '../../../lib/errors.ts';
import { inTransition } from '../../../lib/workflow/run-transition.ts';
import { toEuros } from '../registry/fields.ts';
import { lockCity } from '../registry/scope.ts';
import { loadCityRules } from '../rules/city-rules.ts';
import { computeTaxOfFacts, previousNightsOf, stayColumns, stayFactsFrom } from '../stays/compute-stay.ts';
import { taxRuleErrorToAppError } from '../stays/tax-errors.ts';

export const ZRepriceBody = z.object({
  cityId: z.uuid().optional().describe("The comune; a city user's own comune when omitted"),
  ruleId: z.uuid().optional().describe('Only the stays priced with this tariff, reduction or exemption; all the stays of the comune when omitted'),
  apply: z.boolean().optional().describe('false (default): preview only; true: save the new amounts of the changed stays not yet declared, in one transaction'),
  stayIds: z.array(z.uuid()).max(10_000).optional().describe('With apply: only these stays (from the preview); default every changed stay'),
});

const ZAmounts = z.object({ tariffImport: z.number(), reductionImport: z.number(), toPayAmount: z.number() });

export const ZRepriceResult = z.object({
  applied: z.boolean(),
  /** Stays not yet declared whose amounts change with the current rules. */
  changed: z.array(
    z.object({ stayId: z.string(), structureId: z.string(), structureName: z.string(), guest: z.string(), checkIn: z.string(), checkOut: z.string(), before: ZAmounts, after: ZAmounts }),
  ),
  unchanged: z.number().describe('Stays not yet declared that the current rules price the same'),
  /** Stays the current rules cannot price (e.g. a night left without tariff): not changed, fix the rules first. */
  failed: z.array(z.object({ stayId: z.string(), checkIn: z.string(), checkOut: z.string(), code: z.string(), message: z.string() })),
  declared: z.number().describe('Stays in a submitted declaration: never repriced'),
});

type TRepriceResult = z.infer<typeof ZRepriceResult>;

const amounts = (r: { tariffImportCents: number; reductionImportCents: number; toPayAmountCents: number }) => ({
  tariffImport: toEuros(r.tariffImportCents),
  reductionImport: toEuros(r.reductionImportCents),
  toPayAmount: toEuros(r.toPayAmountCents),
});

/** Stays that used the rule: a tariff of any night (beyond the cap too), a reduction or exemption typed or applied by the guests' data. */
function usesRule(ruleId: string) {
  return sql`(${ruleId}::uuid = any(${stays.tariffIds}) or ${ruleId}::uuid = any(${stays.exemptionIds})
    or ${stays.breakdown}->'nights' @> ${JSON.stringify([{ tariffId: ruleId }])}::jsonb
    or ${stays.breakdown}->'categories' @> ${JSON.stringify([{ id: ruleId }])}::jsonb
    or ${stays.appliedReductions} @> ${JSON.stringify([{ reductionId: ruleId }])}::jsonb
    or ${stays.appliedExemptions} @> ${JSON.stringify([{ exemptionId: ruleId }])}::jsonb)`;
}

/**
 * After the comune edits a tariff, reduction or exemption, the saved stays keep the amounts they were
 * priced with. This recomputes the comune's stays not yet declared with the current rules and lists
 * the ones whose amounts change (preview); with `apply` it saves those (all of them, or the chosen
 * `stayIds`) in one transaction with one audit entry. Stays in a submitted declaration are never
 * touched: they are only counted.
 */
export async function repriceStays(ctx: TSignedInContext, input: z.infer<typeof ZRepriceBody>): Promise<TRepriceResult> {
  const access = await requireAccess(ctx, 'stays', 'reprice');
  const cityId = input.cityId ?? ownCityOf(ctx.actor, 'stays', 'reprice');
  if (!cityId) throw validationFailed([{ path: 'cityId', message: 'validation.required' }]);
  // A comune user reprices only its own comune: another comune's stays are not found.
  if (access.scope === 'ownCity' && cityId !== ctx.actor.cityId) throw new AppError('NOT_FOUND', 'Comune not found', { details: [{ path: 'cityId', message: 'not found', value: cityId }] });
  // inTransition: once it commits, the watchers of the stays lists hear of the repriced stays.
  return inTransition(ctx.db, async (unit) => {
    const { tx } = unit;
    await lockCity(tx, cityId); // rule writes lock the comune too: the preview sees one version of the rules
    const rules = await loadCityRules(tx, cityId);
    const inCity = and(eq(stays.cityId, cityId), input.ruleId ? usesRule(input.ruleId) : undefined);
    const [declared] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(stays)
      .where(and(inCity, isNotNull(stays.lockedAt)));
    const rows = await tx
      .select({ stay: stays, structure: structures })
      .from(stays)
      .innerJoin(structures, eq(structures.id, stays.structureId))
      .where(and(inCity, isNull(stays.lockedAt)))
      .orderBy(asc(stays.checkIn), asc(stays.id))
      .for('update', { of: stays });
    const result: TRepriceResult = { applied: Boolean(input.apply), changed: [], unchanged: 0, failed: [], declared: declared.n };
    const chosen = input.stayIds ? new Set(input.stayIds) : null;
    const updates: { id: string; columns: ReturnType<typeof stayColumns> }[] = [];
    for (const { stay, structure } of rows) {
      const facts = stayFactsFrom({}, stay);
      let columns: ReturnType<typeof stayColumns>;
      try {
        const tax = computeTaxOfFacts(facts, structure, rules, await previousNightsOf(tx, facts, stay.id));
        columns = stayColumns(facts, structure, tax);
      } catch (error) {
        if (!isTaxRuleError(error)) throw error;
        const appError = taxRuleErrorToAppError(error) as Error & { code: string };
        result.failed.push({ stayId: stay.id, checkIn: stay.checkIn, checkOut: stay.checkOut, code: appError.code, message: appError.message });
        continue;
      }
      const same =
        columns.tariffImportCents === stay.tariffImportCents &&
        columns.reductionImportCents === stay.reductionImportCents &&
        columns.toPayAmountCents === stay.toPayAmountCents &&
        columns.reducedPresences === stay.reducedPresences &&
        columns.exemptPresences === stay.exemptPresences &&
        columns.beyondCapPresences === stay.beyondCapPresences;
      if (same) {
        result.unchanged += 1;
        continue;
      }
      result.changed.push({
        stayId: stay.id,
        structureId: structure.id,
        structureName: structure.name,
        guest: `${stay.guest.surname} ${stay.guest.name}`.trim(),
        checkIn: stay.checkIn,
        checkOut: stay.checkOut,
        before: amounts(stay),
        after: amounts(columns),
      });
      if (!chosen || chosen.has(stay.id)) updates.push({ id: stay.id, columns });
    }
    if (input.apply) {
      const now = new Date();
      for (const { id, columns } of updates) {
        await tx
          .update(stays)
          .set({ ...columns, updatedAt: now })
          .where(eq(stays.id, id));
        unit.changed.push({ table: stays, id, kind: 'updated', by: ctx.actor });
      }
      await recordAudit(tx, ctx, { action: 'reprice', entityType: 'stays', entityId: cityId, changes: { ruleId: input.ruleId ?? null, stays: updates.map((u) => u.id) } });
    }
    return result;
  });
}
