import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { deadlineState } from '@app/domain/tourist-tax/filings/deadlines';
import type { TQuarter } from '@app/domain/tourist-tax/periods';
import { DEFAULT_LANGUAGE, translate, type TLanguage, type TMessageKey, type TParams } from '../../../i18n/translate.ts';
import { centsToEuros } from '@app/domain/tourist-tax/money';
import { cities, declarations, declarationTemplates, stays, structures } from '../../../db/schema/index.ts';
import { requireAccess, scopeCondition } from '../../../lib/access.ts';
import { ownCityRows } from '../registry/scope.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { allOf, isUuid } from '../../../lib/collection/query.ts';
import { notFound } from '../../../lib/errors.ts';
import { excelDate, streamWorksheet } from '../../../lib/xlsx-stream.ts';
import { structureRecordScope, todayInItaly } from '../declarations/filing-scope.ts';

const MONEY = '#,##0.00';
const DATE = 'dd/mm/yyyy';
const QUARTERS: readonly TQuarter[] = [1, 2, 3, 4];
type TPeriodColumn = TExportKey extends infer K ? (K extends `period.${infer C}` ? C : never) : never;
type TAnnualColumn = TExportKey extends infer K ? (K extends `annual.${infer C}` ? C : never) : never;

type TExportKey = TMessageKey extends infer K ? (K extends `declarationExports.${infer R}` ? R : never) : never;
/** The texts of the exports in the reader's language. */
const textsIn = (language: TLanguage) => (key: TExportKey, params?: TParams) => translate(language, `declarationExports.${key}`, params);

/**
 * Declarations of one period, one row per structure of the comune (a structure without a
 * declaration appears as "Non presentata"), streamed as xlsx. Comune and admins only.
 */
export async function exportPeriodDeclarations(ctx: TSignedInContext, reply: FastifyReply, declarationTemplateId: string, language: TLanguage = DEFAULT_LANGUAGE) {
  const t = textsIn(language);
  await requireAccess(ctx, 'declarations', 'export', "Only the comune exports a period's declarations");
  const scope = scopeCondition(ctx, 'declarations', 'export', { ownCity: (c) => ownCityRows(c, declarationTemplates.cityId) });
  const [period] = isUuid(declarationTemplateId)
    ? await ctx.db
        .select()
        .from(declarationTemplates)
        .where(allOf([eq(declarationTemplates.id, declarationTemplateId), scope]))
    : [];
  if (!period) throw notFound('Period');
  const today = todayInItaly();
  const column = (key: TPeriodColumn, width: number, numFmt?: string) => ({ header: t(`period.${key}`), key, width, ...(numFmt ? { numFmt } : {}) });
  const columns = [
    column('structure', 32),
    column('cin', 20),
    column('status', 14),
    column('type', 12),
    column('code', 20),
    column('compilationDate', 14, DATE),
    column('numberOfStays', 10),
    column('nightsNumber', 10),
    column('payingPresences', 12),
    column('reducedPresences', 12),
    column('exemptPresences', 12),
    column('totalAmount', 14, MONEY),
    column('toPayAmount', 14, MONEY),
    column('unpaidAmount', 14, MONEY),
    column('rejectedPayments', 12),
    column('paidAmount', 14, MONEY),
    column('paymentDate', 14, DATE),
    column('trn', 24),
    column('submitOverdue', 12),
    column('paymentOverdue', 12),
  ];
  const fileName = t('periodFile', { period: period.periodName.replace(/[^\w-]+/g, '-').toLowerCase() });
  return streamWorksheet(
    reply,
    { fileName, sheetName: period.periodName.slice(0, 31), columns },
    async (add) => {
      const rows = await ctx.db
        .select({ name: structures.name, cin: structures.cin, d: declarations })
        .from(structures)
        .leftJoin(declarations, and(eq(declarations.structureId, structures.id), eq(declarations.declarationTemplateId, period.id)))
        .where(sql`${structures.cityId} = ${period.cityId}::uuid and (${declarations.id} is not null or ${structures.isActive})`)
        .orderBy(asc(structures.name));
      for (const { name, cin, d } of rows) {
        const state = deadlineState(
          { status: d?.status ?? null, submitBy: period.submitBy, payBy: period.payBy, paymentDate: d?.paymentDate ?? null, toPayAmountCents: d?.toPayAmountCents ?? 0 },
          today,
        );
        add({
          structure: name,
          cin,
          status: d ? t(`status.${d.status}`) : t('notSubmitted'),
          type: d ? t(d.noGuests ? 'kind.noGuests' : d.type === 'automatic' ? 'kind.automatic' : 'kind.manual') : null,
          code: d?.code ?? null,
          compilationDate: excelDate(d?.compilationDate ?? null),
          numberOfStays: d?.numberOfStays ?? null,
          nightsNumber: d?.nightsNumber ?? null,
          payingPresences: d?.payingPresences ?? null,
          reducedPresences: d?.reducedPresences ?? null,
          exemptPresences: d?.exemptPresences ?? null,
          totalAmount: d ? centsToEuros(d.totalAmountCents) : null,
          toPayAmount: d ? centsToEuros(d.toPayAmountCents) : null,
          unpaidAmount: d ? centsToEuros(d.unpaidAmountCents) : null,
          rejectedPayments: d?.rejectedPayments ?? null,
          paidAmount: d?.paidAmountCents == null ? null : centsToEuros(d.paidAmountCents),
          paymentDate: excelDate(d?.paymentDate ?? null),
          trn: d?.trn ?? null,
          submitOverdue: t(state.submitOverdue ? 'yes' : 'no'),
          paymentOverdue: t(state.paymentOverdue ? 'yes' : 'no'),
        });
      }
    },
    reply.log,
  );
}

/**
 * The annual summary per structure: the four quarterly rows of the annual declaration to the
 * Agenzia delle Entrate (paying, exempt and reduced presences, tax applied), summed by the database
 * with the presence rule of @app/domain/filings/declaration-figures (stayPresences): the presences the
 * engine stored on each stay (reduced = guest-nights a reduction applied to), with nights beyond the
 * cap in their own column after the four of the Agenzia's form.
 */
export async function exportAnnualSummary(ctx: TSignedInContext, reply: FastifyReply, query: { year: number; cityId?: string; structureId?: string }, language: TLanguage = DEFAULT_LANGUAGE) {
  const t = textsIn(language);
  await requireAccess(ctx, 'declarations', 'exportAnnualSummary');
  const scope = structureRecordScope(ctx, structures.id, structures.cityId);
  const where = allOf([scope, query.cityId ? eq(structures.cityId, query.cityId) : undefined, query.structureId ? eq(structures.id, query.structureId) : undefined]);
  const from = `${query.year}-01-01`;
  const to = `${query.year}-12-31`;
  const column = (key: TAnnualColumn, width: number, numFmt?: string) => ({ header: t(`annual.${key}`), key, width, ...(numFmt ? { numFmt } : {}) });
  const columns = [
    column('structure', 32),
    column('city', 20),
    column('address', 30),
    column('cin', 20),
    column('ateco', 12),
    column('quarter', 10),
    column('paying', 12),
    column('exempt', 12),
    column('reduced', 12),
    column('taxApplied', 14, MONEY),
    column('taxCollected', 14, MONEY),
    column('beyondCap', 14),
  ];
  return streamWorksheet(
    reply,
    { fileName: t('annualFile', { year: query.year }), sheetName: t('annualSheet', { year: query.year }), columns },
    async (add) => {
      const list = await ctx.db
        .select({ id: structures.id, name: structures.name, address: structures.address, cin: structures.cin, ateco: structures.atecoCode, city: cities.name })
        .from(structures)
        .innerJoin(cities, eq(cities.id, structures.cityId))
        .where(where)
        .orderBy(asc(cities.name), asc(structures.name));
      const sums = await ctx.db
        .select({
          structureId: stays.structureId,
          quarter: sql<number>`extract(quarter from ${stays.checkOut})::int`,
          // The presences the engine stored on each stay; the fallback is the domain's (stayPresences) for rows without them.
          paying: sql<number>`coalesce(sum(coalesce(${stays.payingPresences}, (${stays.payingGuests} - ${stays.reducedGuests}) * ${stays.taxableNights})), 0)::bigint`,
          reduced: sql<number>`coalesce(sum(coalesce(${stays.reducedPresences}, ${stays.reducedGuests} * ${stays.taxableNights})), 0)::bigint`,
          exempt: sql<number>`coalesce(sum(coalesce(${stays.exemptPresences}, ${stays.exemptGuests} * ${stays.nightsNumber})), 0)::bigint`,
          beyondCap: sql<number>`coalesce(sum(coalesce(${stays.beyondCapPresences}, ${stays.payingGuests} * (${stays.nightsNumber} - ${stays.taxableNights}))), 0)::bigint`,
          taxApplied: sql<number>`coalesce(sum(${stays.toPayAmountCents}), 0)::bigint`,
          taxCollected: sql<number>`coalesce(sum(${stays.toPayAmountCents}) filter (where ${stays.paymentStatus} = 'paid'), 0)::bigint`,
        })
        .from(stays)
        .where(sql`${stays.checkOut} between ${from} and ${to} and ${stays.structureId} in (select ${structures.id} from ${structures} where ${where ?? sql`true`})`)
        .groupBy(stays.structureId, sql`2`);
      const byKey = new Map(sums.map((s) => [`${s.structureId}:${s.quarter}`, s]));
      for (const s of list) {
        for (const q of QUARTERS) {
          const r = byKey.get(`${s.id}:${q}`);
          add({
            structure: s.name,
            city: s.city,
            address: s.address,
            cin: s.cin,
            ateco: s.ateco,
            quarter: t('quarter', { quarter: q }),
            paying: Number(r?.paying ?? 0),
            exempt: Number(r?.exempt ?? 0),
            reduced: Number(r?.reduced ?? 0),
            beyondCap: Number(r?.beyondCap ?? 0),
            taxApplied: centsToEuros(Number(r?.taxApplied ?? 0)),
            taxCollected: centsToEuros(Number(r?.taxCollected ?? 0)),
          });
        }
      }
    },
    reply.log,
  );
}
