import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { declarations, stays, structures } from '../../../db/schema/index.ts';
import { defineCollection, type TRowValues, type TSignedInContext } from '../../../lib/collection/define.ts';
import { AppError, validationFailed } from '../../../lib/errors.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { loadCityRules } from '../rules/city-rules.ts';
import { attachmentProblems, computeTaxOfFacts, linkAttachments, previousNightsOf, stayColumns, stayFactsFrom, stayFactsProblems } from './compute-stay.ts';
import { findStructureInScope, structureChildScopes } from '../registry/scope.ts';
import { STAY_LIST_HEAVY_FIELDS, ZStayInput, ZStayRecord, stayToRecord } from './stay-shapes.ts';
import { withTaxErrors } from './tax-errors.ts';
import { MAX_STAY_NIGHTS } from '@app/domain/tourist-tax/engine';

export function assertStayNotLocked(row: { lockedAt: Date | null; declarationId: string | null }) {
  if (row.lockedAt) {
    throw new AppError('STAY_DECLARED', 'The stay is counted in a submitted declaration and can no longer be changed', {
      details: [{ path: 'declarationId', message: 'declared', value: row.declarationId }],
    });
  }
}

/**
 * A period a structure has already declared is closed: a new stay checking out in it (or a stay
 * moved into it) would change figures the comune has already received.
 */
export async function assertPeriodNotDeclared(tx: TDbOrTx, structureId: string, checkOut: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(checkOut)) return; // an invalid date is reported by the field validation
  const [declared] = await tx
    .select({ id: declarations.id, status: declarations.status })
    .from(declarations)
    .where(and(eq(declarations.structureId, structureId), inArray(declarations.status, ['submitted', 'validated']), lte(declarations.dateFrom, checkOut), gte(declarations.dateTo, checkOut)))
    .limit(1);
  if (declared) {
    throw new AppError('STAY_DECLARED', 'The period of this check-out date has already been declared for the structure', {
      details: [{ path: 'checkOut', message: 'period already declared', value: checkOut }],
    });
  }
}

/** The structure of a stay, if the caller may write stays in it; otherwise 404 on `structureId`. */
export async function structureForStay(tx: TDbOrTx, ctx: TSignedInContext, structureId: string) {
  const structure = await findStructureInScope(tx, ctx, structureId);
  if (!structure) {
    throw new AppError('NOT_FOUND', 'Structure not found', { details: [{ path: 'structureId', message: 'not found', value: structureId }] });
  }
  return structure;
}

/**
 * Stays (guests of a structure). Hoteliers write the stays of their structures, admins any; the
 * comune reads its own. On every create and update the server recomputes the tax with the comune's
 * rules read in the same transaction; amounts sent by a client are ignored (not even accepted by
 * the input schema). Year-scoped by checkOut.
 */
export const staysCollection = defineCollection({
  name: 'stays',
  resource: 'stays',
  tag: 'tourist-tax',
  table: stays,
  record: ZStayRecord,
  create: ZStayInput,
  update: ZStayInput.partial(),
  // A stay lasts 1 to MAX_STAY_NIGHTS nights (the engine refuses others on every write path): its check-in is bounded
  // by the year too, and a list sorted by check-in walks stays_structure_checkin_idx within it (issue 24).
  year: { column: stays.checkOut, kind: 'date', startsBefore: { column: stays.checkIn, maxDays: MAX_STAY_NIGHTS } },
  filterable: {
    structureId: stays.structureId,
    cityId: stays.cityId,
    checkIn: stays.checkIn,
    checkOut: stays.checkOut,
    componentsNumber: stays.componentsNumber,
    paymentStatus: stays.paymentStatus,
    hasInvoice: stays.hasInvoice,
    source: stays.source,
    declarationId: stays.declarationId,
    tariffIds: stays.tariffIds,
    reductionIds: stays.reductionIds,
    exemptionIds: stays.exemptionIds,
  },
  sortable: {
    structureId: stays.structureId,
    checkIn: stays.checkIn,
    checkOut: stays.checkOut,
    componentsNumber: stays.componentsNumber,
    nightsNumber: stays.nightsNumber,
    paymentStatus: stays.paymentStatus,
    toPayAmount: stays.toPayAmountCents,
    tariffImport: stays.tariffImportCents,
  },
  // Free text over the lead guest; ilike works on these expressions as on columns.
  searchable: [sql`(${stays.guest}->>'surname')`, sql`(${stays.guest}->>'name')`, sql`(${stays.guest}->>'taxCode')`] as unknown as PgColumn[],
  scopes: structureChildScopes(stays.structureId, stays.cityId),
  toRecord: (row) => stayToRecord(row),
  heavyFields: STAY_LIST_HEAVY_FIELDS,
  // A comune's quarter is some 250,000 stays: counted once per filter until the next write (migration 0019's trigger),
  // to stays or to structures (a hotelier's scope reads who manages each structure; trigger of migration 0059).
  cachedCounts: { readsAlso: [structures] },
  toRow: async ({ input, tx, ctx, existing: current }) => {
    if (current) assertStayNotLocked(current);
    const facts = stayFactsFrom(input, current);
    const structure = await structureForStay(tx, ctx, facts.structureId);
    if (!current || current.checkOut !== facts.checkOut || current.structureId !== facts.structureId) {
      await assertPeriodNotDeclared(tx, facts.structureId, facts.checkOut);
    }
    const problems = [...stayFactsProblems(facts), ...(await attachmentProblems(tx, ctx, facts.attachments, current?.id))];
    if (problems.length) throw validationFailed(problems);
    const rules = await loadCityRules(tx, structure.cityId);
    const previousNights = await previousNightsOf(tx, facts, current?.id);
    const tax = withTaxErrors(() => computeTaxOfFacts(facts, structure, rules, previousNights));
    const columns: TRowValues<typeof stays> = stayColumns(facts, structure, tax);
    // A hand-edited imported stay keeps its fingerprint, so a re-import still skips it.
    if (!current) columns.source = 'manual';
    return columns;
  },
  afterWrite: async (op, row, { tx }) => {
    if (op !== 'delete') await linkAttachments(tx, row.id, row.attachments);
  },
  beforeDelete: (row) => assertStayNotLocked(row),
});
