import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { deadlineState, modello21Deadline, wasSubmittedLate } from '@app/domain/tourist-tax/filings/deadlines';
import { cities, declarations, declarationTemplates, structures, modello21 } from '../../../db/schema/index.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { requireGrant } from '../../../lib/access.ts';
import { todayInItaly } from '../declarations/filing-scope.ts';

/** A declaration period of one structure, as a deadline or a to-do names it. */
const periodOfStructure = {
  structureId: z.string(),
  structureName: z.string(),
  declarationTemplateId: z.string(),
  periodName: z.string(),
  submitBy: z.string().describe('YYYY-MM-DD'),
  payBy: z.string().describe('YYYY-MM-DD'),
  declarationId: z.string().nullable(),
  status: z.string().nullable().describe("The declaration's status, null before it exists"),
};
const ZNextDeadline = z.object({ ...periodOfStructure, kind: z.enum(['submit', 'pay']), date: z.string().describe('YYYY-MM-DD'), daysLeft: z.number() });
const ZToDo = z.union([
  z.object({
    ...periodOfStructure,
    action: z.enum(['fix_returned', 'submit', 'create', 'pay']),
    overdue: z.boolean(),
    dueDate: z.string().describe('YYYY-MM-DD'),
    reason: z.string().nullable().describe('Why the declaration was returned'),
    submittedLate: z.boolean().optional(),
  }),
  z.object({
    structureId: z.string(),
    structureName: z.string(),
    action: z.literal('modello21'),
    year: z.number(),
    twentyOneModelId: z.string().nullable(),
    deadline: z.string().describe('YYYY-MM-DD'),
    dueDate: z.string().describe('YYYY-MM-DD'),
    overdue: z.boolean(),
  }),
]);
export const ZHotelierDashboard = z.object({
  structures: z.array(z.object({ _id: z.string(), name: z.string(), cityId: z.string(), cityName: z.string() })),
  nextDeadlines: z.array(ZNextDeadline).describe('The ten nearest, soonest first'),
  toDo: z.array(ZToDo).describe('What is late first, then the nearest deadline'),
});

/** What a hotelier sees first: their structures, the next deadlines and what is still to do. */
export async function hotelierDashboard(ctx: TSignedInContext): Promise<z.infer<typeof ZHotelierDashboard>> {
  requireGrant(ctx.actor, 'dashboard', 'hotelier', 'The hotelier dashboard is for hoteliers');
  const { db } = ctx;
  const today = todayInItaly();
  const mine = await db
    .select({ _id: structures.id, name: structures.name, cityId: structures.cityId, cityName: cities.name, modello21Required: cities.modello21Required })
    .from(structures)
    .innerJoin(cities, eq(cities.id, structures.cityId))
    .where(sql`${ctx.actor.id}::uuid = any(${structures.userIds})`)
    .orderBy(asc(structures.name));
  if (mine.length === 0) return { structures: [], nextDeadlines: [], toDo: [] };
  const cityIds = [...new Set(mine.map((s) => s.cityId))];
  // Periods of this year and the two before: what a hotelier can still have open.
  const periods = await db
    .select()
    .from(declarationTemplates)
    .where(and(inArray(declarationTemplates.cityId, cityIds), gte(declarationTemplates.year, Number(today.slice(0, 4)) - 2)))
    .orderBy(asc(declarationTemplates.submitBy));
  const decls = await db
    .select()
    .from(declarations)
    .where(
      inArray(
        declarations.structureId,
        mine.map((s) => s._id),
      ),
    );
  const byKey = new Map(decls.map((d) => [`${d.structureId}:${d.declarationTemplateId}`, d]));
  const nextDeadlines: z.infer<typeof ZNextDeadline>[] = [];
  const toDo: z.infer<typeof ZToDo>[] = [];
  for (const s of mine) {
    for (const p of periods.filter((x) => x.cityId === s.cityId)) {
      const d = byKey.get(`${s._id}:${p.id}`);
      const state = deadlineState({ status: d?.status ?? null, submitBy: p.submitBy, payBy: p.payBy, paymentDate: d?.paymentDate ?? null, toPayAmountCents: d?.toPayAmountCents ?? 0 }, today);
      const base = {
        structureId: s._id,
        structureName: s.name,
        declarationTemplateId: p.id,
        periodName: p.periodName,
        submitBy: p.submitBy,
        payBy: p.payBy,
        declarationId: d?.id ?? null,
        status: d?.status ?? null,
      };
      const submitted = d?.status === 'submitted' || d?.status === 'validated';
      if (!submitted && p.dateTo < today)
        toDo.push({ ...base, action: d?.status === 'returned' ? 'fix_returned' : d ? 'submit' : 'create', overdue: state.submitOverdue, dueDate: p.submitBy, reason: d?.returnReason ?? null });
      else if (submitted && d.paymentDate === null && d.toPayAmountCents > 0)
        toDo.push({ ...base, action: 'pay', overdue: state.paymentOverdue, dueDate: p.payBy, submittedLate: wasSubmittedLate(d), reason: null });
      if (p.submitBy >= today && !submitted) nextDeadlines.push({ ...base, kind: 'submit', date: p.submitBy, daysLeft: state.daysToSubmitBy });
      else if (p.payBy >= today && submitted && d.paymentDate === null && d.toPayAmountCents > 0) nextDeadlines.push({ ...base, kind: 'pay', date: p.payBy, daysLeft: state.daysToPayBy });
    }
    // Modello 21 of last year, where the comune requires it.
    const lastYear = Number(today.slice(0, 4)) - 1;
    if (s.modello21Required) {
      const [model] = await db
        .select({ id: modello21.id, status: modello21.status })
        .from(modello21)
        .where(and(eq(modello21.structureId, s._id), eq(modello21.year, lastYear)));
      if (!model || model.status === 'draft') {
        toDo.push({
          structureId: s._id,
          structureName: s.name,
          action: 'modello21',
          year: lastYear,
          twentyOneModelId: model?.id ?? null,
          deadline: modello21Deadline(lastYear),
          dueDate: modello21Deadline(lastYear),
          overdue: today > modello21Deadline(lastYear),
        });
      }
    }
  }
  // What to do first: what is already late, then the nearest deadline.
  toDo.sort((a, b) => Number(b.overdue) - Number(a.overdue) || a.dueDate.localeCompare(b.dueDate) || a.structureName.localeCompare(b.structureName, 'it'));
  nextDeadlines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { structures: mine.map(({ modello21Required: _m, ...s }) => s), nextDeadlines: nextDeadlines.slice(0, 10), toDo };
}
