import type { z } from 'zod';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { requireAccess } from '../../../lib/access.ts';
import { validationFailed } from '../../../lib/errors.ts';
import { loadCityRules } from '../rules/city-rules.ts';
import { computeTaxOfFacts, previousNightsOf, stayFactsFrom, stayFactsProblems } from './compute-stay.ts';
import { computationToApi, type ZStayComputation, type ZStayPreviewInput } from './stay-shapes.ts';
import { structureForStay } from './stays.ts';
import { withTaxErrors } from './tax-errors.ts';

/**
 * The tax of a stay as it would be saved, with its per-night and per-guest-category breakdown,
 * without saving anything. Same scope as a save: the structure must be one the caller sees.
 */
export async function previewStay(ctx: TSignedInContext, input: z.infer<typeof ZStayPreviewInput>): Promise<z.infer<typeof ZStayComputation>> {
  await requireAccess(ctx, 'stays', 'preview');
  return ctx.db.transaction(async (tx) => {
    const facts = stayFactsFrom(input);
    const structure = await structureForStay(tx, ctx, input.structureId);
    const problems = stayFactsProblems(facts).filter((d) => d.path === 'checkOut');
    if (problems.length) throw validationFailed(problems);
    const rules = await loadCityRules(tx, structure.cityId);
    const previousNights = facts.guest.name || facts.guest.surname ? await previousNightsOf(tx, facts, input.stayId ?? undefined) : [];
    return computationToApi(withTaxErrors(() => computeTaxOfFacts(facts, structure, rules, previousNights)));
  });
}
