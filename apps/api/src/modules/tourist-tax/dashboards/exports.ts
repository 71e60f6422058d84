import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { deadlineState } from '@app/domain/tourist-tax/filings/deadlines';
import { quarterLabel, type TQuarter } from '@app/domain/tourist-tax/periods';
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
const STATUS_IT = { draft: 'Bozza', submitted: 'Presentata', validated: 'Validata', returned: 'Rinviata' } as const;

/**
 * Declarations of one period, one row per structure of the comune (a structure without a
 * declaration appears as "Non presentata"), streamed as xlsx. Comune and admins only.
 */
export async function exportPeriodDeclarations(ctx: TSignedInContext, reply: FastifyReply, declarationTemplateId: string) {
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
  const columns = [
    { header: 'Struttura', key: 'structure', width: 32 },
    { header: 'CIN', key: 'cin', width: 20 },
    { header: 'Stato', key: 'status', width: 14 },
    { header: 'Tipo', key: 'type', width: 12 },
    { header: 'Protocollo', key: 'code', width: 20 },
    { header: 'Data presentazione', key: 'compilationDate', width: 14, numFmt: DATE },
    { header: 'Soggiorni', key: 'numberOfStays', width: 10 },
    { header: 'Notti', key: 'nightsNumber', width: 10 },
    { header: 'Presenze paganti', key: 'payingPresences', width: 12 },
    { header: 'Presenze ridotte', key: 'reducedPresences', width: 12 },
    { header: 'Presenze esenti', key: 'exemptPresences', width: 12 },
    { header: 'Imposta dovuta', key: 'totalAmount', width: 14, numFmt: MONEY },
    { header: 'Riscossa', key: 'toPayAmount', width: 14, numFmt: MONEY },
    { header: 'Non riscossa', key: 'unpaidAmount', width: 14, numFmt: MONEY },
    { header: 'Soggiorni non pagati', key: 'rejectedPayments', width: 12 },
    { header: 'Versato', key: 'paidAmount', width: 14, numFmt: MONEY },
    { header: 'Data versamento', key: 'paymentDate', width: 14, numFmt: DATE },
    { header: 'TRN', key: 'trn', width: 24 },
    { header: 'Presentazione in ritardo', key: 'submitOverdue', width: 12 },
    { header: 'Versamento in ritardo', key: 'paymentOverdue', width: 12 },
  ];
  const fileName = `dichiarazioni-${period.periodName.replace(/[^\w-]+/g, '-').toLowerCase()}.xlsx`;
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
          status: d ? STATUS_IT[d.status] : 'Non presentata',
          type: d ? (d.noGuests ? 'Nessun ospite' : d.type === 'automatic' ? 'Automatica' : 'Manuale') : null,
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
          submitOverdue: state.submitOverdue ? 'Sì' : 'No',
          paymentOverdue: state.paymentOverdue ? 'Sì' : 'No',
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
export async function exportAnnualSummary(ctx: TSignedInContext, reply: FastifyReply, query: { year: number; cityId?: string; structureId?: string }) {
  await requireAccess(ctx, 'declarations', 'exportAnnualSummary');
  const scope = structureRecordScope(ctx, structures.id, structures.cityId);
  const where = allOf([scope, query.cityId ? eq(structures.cityId, query.cityId) : undefined, query.structureId ? eq(structures.id, query.structureId) : undefined]);
  const from = `${query.year}-01-01`;
  const to = `${query.year}-12-31`;
  const columns = [
    { header: 'Struttura', key: 'structure', width: 32 },
    { header: 'Comune', key: 'city', width: 20 },
    { header: 'Indirizzo', key: 'address', width: 30 },
    { header: 'CIN', key: 'cin', width: 20 },
    { header: 'Codice ATECO', key: 'ateco', width: 12 },
    { header: 'Trimestre', key: 'quarter', width: 10 },
    { header: 'Presenze paganti', key: 'paying', width: 12 },
    { header: 'Presenze esenti', key: 'exempt', width: 12 },
    { header: 'Presenze ridotte', key: 'reduced', width: 12 },
    { header: 'Imposta applicata', key: 'taxApplied', width: 14, numFmt: MONEY },
    { header: 'di cui riscossa', key: 'taxCollected', width: 14, numFmt: MONEY },
    { header: 'Presenze oltre il limite di notti', key: 'beyondCap', width: 14 },
  ];
  return streamWorksheet(
    reply,
    { fileName: `riepilogo-annuale-${query.year}.xlsx`, sheetName: `Riepilogo ${query.year}`, columns },
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
        for (const q of [1, 2, 3, 4] as TQuarter[]) {
          const r = byKey.get(`${s.id}:${q}`);
          add({
            structure: s.name,
            city: s.city,
            address: s.address,
            cin: s.cin,
            ateco: s.ateco,
            quarter: quarterLabel(q),
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
