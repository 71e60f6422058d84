import { and, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  editableFieldsOf,
  frozenFieldsIn,
  isRecurrenceOf,
  recurrenceDateOf,
  recurrenceWindowStart,
  type TRecurrenceCandidate,
  ISHIKAWA_CATEGORIES,
  verificationsChangedBySupplier,
  ZNcaReportCreate,
  ZNcaReportRecord,
  ZNcaReportUpdate,
  type TIshikawaCategory,
} from '@app/domain/environmental/nca/index';
import { ncaSideOf, type TNcaSide } from '@app/domain/platform/access/access-table';
import { summaryOf, type TDraftNameParts } from '@app/domain/environmental/nca/report-name';
import { italianDateOf } from '@app/domain/platform/time/italian-time';
import { agencies, correctiveActions, lots, ncaReports, settings, signRequests, users } from '../../../db/schema/index.ts';
import { queryRows, sqlDialect } from '../../../db/client.ts';
import { holdsPermission } from '../../../lib/access.ts';
import { cachedSettingsRead } from '../../platform/index.ts';
import { defineCollection, type TSignedInContext } from '../../../lib/collection/define.ts';
import { rowToRecord } from '../../../lib/collection/serialize.ts';
import { AppError, validationFailed, type TErrorDetail } from '../../../lib/errors.ts';
import { appendHistory } from './nca-history.ts';
import { reportScopes } from './nca-scope.ts';
import { agencyProblems, registryProblems, settingProblems, userProblems } from './references.ts';

export type TNcaReportRow = typeof ncaReports.$inferSelect;

/**
 * The side of an NCA writer, as the access table declares it for the role: suppliers write only the
 * target agency's part. The table grants NCA writes only to roles with a side.
 */
export function sideOf(ctx: TSignedInContext): TNcaSide {
  const side = ncaSideOf(ctx.actor.role);
  if (!side) throw new AppError('FORBIDDEN', 'Your role takes no part in NCA reports');
  return side;
}

export const todayInItaly = () => italianDateOf(new Date());

/** SQL: the report has a corrective action past its expiry date and not done. */
export function hasOverdueActions(today: string) {
  return sql`exists (select 1 from ${correctiveActions} where ${correctiveActions.reportId} = ${ncaReports.id} and ${correctiveActions.expires}
    and ${correctiveActions.expireDate} < ${today} and ${correctiveActions.status} in ('new', 'confirmed', 'in_progress'))`;
}

/**
 * The report's columns that no list shows and that may be long: the cause analysis, the containment actions, the
 * 5 whys. A list with `?fields=` naming none of them does not read them (the web list asks for its columns).
 */
export const NCA_LIST_HEAVY_FIELDS = { causeAnalysis: ncaReports.causeAnalysis, containmentActions: ncaReports.containmentActions, fiveWhys: ncaReports.fiveWhys };

const CODE_PARTS = ['codeYear', 'codeSequence'] as const;

/**
 * A report's record, its decorations empty (`decorate` fills them); a list row read without a heavy column lacks that
 * field (it is then not answered). Built in one pass over the row: a list page maps
 * 25 reports per request, and copying each record twice more (a rest, then a spread) was a twentieth of its CPU.
 */
export function reportToRecord(row: TNcaReportRow) {
  return Object.assign(rowToRecord(row, CODE_PARTS), {
    ambientCategory: null as string | null,
    overdueActions: 0,
    recurrenceOf: null as { _id: string; code: string | null } | null,
  });
}

/** The day a report counts from for recurrences, as SQL over a report row (its alias): its opening, else its creation in Italy. */
const recurrenceDay = (alias: string) => sql.raw(`coalesce(${alias}.open_date, (${alias}.created_at at time zone 'Europe/Rome')::date)`);

/**
 * SQL: an earlier report (out of the draft) of the same type on the same agency within the 12 months
 * before this one: the report is a recurrence. The same rule as the domain's isRecurrenceOf.
 */
export const isRecurrence: SQL = sql`exists (select 1 from ${ncaReports} earlier
  where earlier.target_agency_id = ${ncaReports.targetAgencyId} and earlier.system_setting_id = ${ncaReports.systemSettingId}
    and earlier.id <> ${ncaReports.id} and earlier.status <> 'pending'
    and (${recurrenceDay('earlier')} < ${recurrenceDay('nca_reports')}
      or (${recurrenceDay('earlier')} = ${recurrenceDay('nca_reports')} and earlier.created_at < ${ncaReports.createdAt}))
    and ${recurrenceDay('earlier')} >= (${recurrenceDay('nca_reports')} - interval '12 months')::date)`;

type TRecurrenceRow = Pick<TNcaReportRow, 'id' | 'code' | 'systemSettingId' | 'targetAgencyId' | 'openDate' | 'createdAt'>;
/** A report as the recurrence rule reads it. Its day of creation in Italy is computed only if read: the rule reads it only without an opening date. */
const asCandidate = (r: TRecurrenceRow): TRecurrenceCandidate & { code: string | null } => {
  const created = r.createdAt;
  return {
    ...r,
    get createdOn() {
      return italianDateOf(created);
    },
    createdAt: created.toISOString(),
  };
};

type TPageDecorations = {
  overdue: Map<string, number>;
  recurrences: Map<string, { _id: string; code: string | null }>;
  drafts: Map<string, TDraftNameParts>;
};

/** A row of the decorations' statement, its columns in the select list's order. */
type TDecorationRow = [
  reportId: string,
  overdue: number,
  isDraft: boolean,
  reportCreatedMs: number,
  draftDescription: string | null,
  draftLot: string | null,
  draftAgency: string | null,
  id: string | null,
  code: string | null,
  systemSettingId: string | null,
  targetAgencyId: string | null,
  openDate: string | null,
  createdMs: number | null,
];

let decorationsText: string | undefined;
/**
 * The decorations' statement, rendered once per process (it was rendered by drizzle on every list request): $1 the
 * page's report ids, $2 each one's recurrence window start (null: no type, no recurrence), $3 today in Italy.
 */
function decorationsStatement(): string {
  return (decorationsText ??= sqlDialect.sqlToQuery(sql`
    select p.report_id::text as "reportId",
           (select count(*) from ${correctiveActions} a where a.report_id = p.report_id and a.expires and a.expire_date < $3::date
              and a.status in ('new', 'confirmed', 'in_progress'))::int as overdue,
           r.code is null as "isDraft", (extract(epoch from r.created_at) * 1000)::float8 as "reportCreatedMs",
           case when r.code is null then r.description end as "draftDescription",
           case when r.code is null then (select l.name from ${lots} l where l.id = r.lot_id) end as "draftLot",
           case when r.code is null then (select g.business_name from ${agencies} g where g.id = r.target_agency_id) end as "draftAgency",
           earlier.id::text as id, earlier.code, earlier.system_setting_id::text as "systemSettingId",
           earlier.target_agency_id::text as "targetAgencyId", earlier.open_date::text as "openDate", (extract(epoch from earlier.created_at) * 1000)::float8 as "createdMs"
    from unnest($1::uuid[], $2::date[]) as p(report_id, window_start)
    join ${ncaReports} r on r.id = p.report_id
    left join lateral (
      select e.id, e.code, e.system_setting_id, e.target_agency_id, e.open_date, e.created_at from ${ncaReports} e
      where p.window_start is not null and e.target_agency_id = r.target_agency_id and e.system_setting_id = r.system_setting_id and e.status <> 'pending' and e.id <> r.id
        and ${recurrenceDay('e')} >= p.window_start
        and (${recurrenceDay('e')} < ${recurrenceDay('r')} or (${recurrenceDay('e')} = ${recurrenceDay('r')} and e.created_at < r.created_at))
      order by ${recurrenceDay('e')} desc, e.created_at desc
      limit 1) earlier on true`).sql);
}

/**
 * What a list page shows besides the reports' own columns, in one statement (one round trip, one connection of
 * the pool): for each report its overdue corrective actions (`corrective_actions_overdue_idx`), its draft name's
 * parts when it is a draft (lot, agency, day of creation, summary: as draftNamePartsOf reads them), and the latest
 * earlier report it recurs (same type, same agency, 12 months) or none. The recurrence: for each report, the
 * latest report of its agency and type out of the draft that comes before it within its window (the window's
 * first day computed by the domain), read from the recurrence index of migration 0046 (one index probe per
 * report, whatever the table holds); the domain's isRecurrenceOf has the last word on each candidate.
 */
export async function pageDecorationsOf(db: TSignedInContext['db'], reports: TRecurrenceRow[], today: string): Promise<TPageDecorations> {
  const found: TPageDecorations = { overdue: new Map(), recurrences: new Map(), drafts: new Map() };
  if (reports.length === 0) return found;
  const mine = reports.map(asCandidate);
  // Ids and dates only (no character to escape): the two arrays as PostgreSQL array literals, one parameter each.
  const arrayLiteral = (values: (string | null)[]) => `{${values.map((v) => v ?? 'NULL').join(',')}}`;
  const params = [arrayLiteral(mine.map((r) => r.id)), arrayLiteral(mine.map((r) => (r.systemSettingId ? recurrenceWindowStart(recurrenceDateOf(r)) : null))), today];
  const rows = await queryRows(db, { sql: decorationsStatement(), params }, (result) => result as TDecorationRow[]);
  const byId = new Map(mine.map((r) => [r.id, r]));
  for (const [reportId, overdue, isDraft, reportCreatedMs, draftDescription, draftLot, draftAgency, id, code, systemSettingId, targetAgencyId, openDate, createdMs] of rows) {
    if (overdue > 0) found.overdue.set(reportId, Number(overdue));
    if (isDraft) {
      found.drafts.set(reportId, { lot: draftLot, agency: draftAgency, createdOn: italianDateOf(new Date(Number(reportCreatedMs))), summary: summaryOf(draftDescription) });
    }
    const report = byId.get(reportId);
    if (!report || id === null || !report.systemSettingId) continue;
    const candidate = asCandidate({ id, code, systemSettingId, targetAgencyId: targetAgencyId!, openDate, createdAt: new Date(Number(createdMs)) });
    if (isRecurrenceOf(report, candidate)) found.recurrences.set(report.id, { _id: candidate.id, code: candidate.code });
  }
  return found;
}

/** The environmental category of every setting that has one (the aspects of the NCA lists), kept per process until a write to settings. */
function ambientCategories(db: TSignedInContext['db']): Promise<Map<string, string | null>> {
  return cachedSettingsRead(
    db,
    'nca.ambientCategories',
    async () => new Map((await db.select({ id: settings.id, category: settings.ambientCategory }).from(settings).where(isNotNull(settings.ambientCategory))).map((s) => [s.id, s.category])),
  );
}

/** The columns {@link recurrencesOf} and the draft names read, from the records of a list page; undefined when a record lacks one. */
function recurrenceRowsOf(records: Record<string, unknown>[]): TRecurrenceRow[] | undefined {
  const rows: TRecurrenceRow[] = [];
  for (const r of records) {
    if (typeof r._id !== 'string' || typeof r.targetAgencyId !== 'string' || typeof r.createdAt !== 'string' || !('code' in r) || !('systemSettingId' in r) || !('openDate' in r)) return undefined;
    rows.push({
      id: r._id,
      code: (r.code as string | null) ?? null,
      systemSettingId: (r.systemSettingId as string | null) ?? null,
      targetAgencyId: r.targetAgencyId,
      openDate: (r.openDate as string | null) ?? null,
      createdAt: new Date(r.createdAt),
    });
  }
  return rows;
}

const isIshikawaCategory = (value: string): value is TIshikawaCategory => (ISHIKAWA_CATEGORIES as readonly string[]).includes(value);

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

async function referenceProblems(tx: TSignedInContext['db'], merged: Partial<TNcaReportRow>, input: Record<string, unknown>): Promise<TErrorDetail[]> {
  const problems: TErrorDetail[] = [];
  if ('lotId' in input || 'orderId' in input || 'targetAgencyId' in input || 'announcementId' in input)
    problems.push(...(await registryProblems(tx, { lotId: merged.lotId!, orderId: merged.orderId!, targetAgencyId: merged.targetAgencyId!, announcementId: merged.announcementId })));
  if ('ambientSettingId' in input) problems.push(...(await settingProblems(tx, 'ambientSettingId', [merged.ambientSettingId], 'environmentalAspectType')));
  if ('warningLevelSettingId' in input) problems.push(...(await settingProblems(tx, 'warningLevelSettingId', [merged.warningLevelSettingId], 'severityLevel')));
  if ('systemSettingId' in input) problems.push(...(await settingProblems(tx, 'systemSettingId', [merged.systemSettingId], 'ncaType')));
  if ('documentSettingIds' in input) problems.push(...(await settingProblems(tx, 'documentSettingIds', merged.documentSettingIds ?? [], 'referenceDocument')));
  if ('detectedByAgencyId' in input) problems.push(...(await agencyProblems(tx, 'detectedByAgencyId', merged.detectedByAgencyId)));
  if ('observerUsersIds' in input) problems.push(...(await userProblems(tx, 'observerUsersIds', merged.observerUsersIds ?? [])));
  if ('containmentActions' in input) {
    const verifiers = (merged.containmentActions ?? []).map((a) => a.verifiedById).filter((id): id is string => !!id);
    problems.push(...(await userProblems(tx, 'containmentActions', [...new Set(verifiers)])));
  }
  return problems;
}

/**
 * NCA reports over the generic contract. Created by the consortium as a draft (pending); phase 1 and
 * the registry are frozen once it leaves pending (the signatures cover them); the target agency
 * writes the cause analysis while the report is open. Status, code and dates move only through the
 * workflow routes.
 */
export const ncaReportsCollection = defineCollection({
  name: 'nca-reports',
  resource: 'nca-reports',
  tag: 'environmental',
  table: ncaReports,
  record: ZNcaReportRecord,
  create: ZNcaReportCreate,
  update: ZNcaReportUpdate,
  filterable: {
    code: ncaReports.code,
    status: ncaReports.status,
    lotId: ncaReports.lotId,
    orderId: ncaReports.orderId,
    targetAgencyId: ncaReports.targetAgencyId,
    detectedByAgencyId: ncaReports.detectedByAgencyId,
    warningLevelSettingId: ncaReports.warningLevelSettingId,
    ambientSettingId: ncaReports.ambientSettingId,
    systemSettingId: ncaReports.systemSettingId,
    origin: ncaReports.origin,
    openDate: ncaReports.openDate,
    closingDate: ncaReports.closingDate,
  },
  sortable: { code: ncaReports.code, status: ncaReports.status, openDate: ncaReports.openDate, closingDate: ncaReports.closingDate, lotId: ncaReports.lotId },
  searchable: [ncaReports.code, ncaReports.description, ncaReports.wbs, ncaReports.twentyOneDigitsCode],
  scopes: reportScopes,
  customFilters: {
    // The environmental category of the report's aspect.
    category: (value) => sql`${ncaReports.ambientSettingId} in (select ${settings.id} from ${settings} where ${settings.ambientCategory} = ${value})`,
    overdue: (value) => (value === 'true' ? hasOverdueActions(todayInItaly()) : sql`not ${hasOverdueActions(todayInItaly())}`),
    // A report of the same type on the same agency within 12 months of an earlier one.
    recurrence: (value) => (value === 'true' ? isRecurrence : sql`not ${isRecurrence}`),
    // The reports whose root cause is classified in an Ishikawa family.
    ishikawa: (value) => (isIshikawaCategory(value) ? sql`${ncaReports.ishikawaCategories} @> array[${value}]::text[]` : sql`false`),
  },
  // Counted once per filter until the next committed write to a table the scope or the custom filters read (the
  // notify triggers of migrations 0027, 0046 and 0059): 50,000 reports take 14 ms to count, the page 0.1 ms.
  cachedCounts: { readsAlso: [correctiveActions, signRequests, users, settings, agencies] },
  toRecord: (row) => reportToRecord(row),
  heavyFields: NCA_LIST_HEAVY_FIELDS,
  async decorate(records, ctx) {
    const ids = records.map((r) => r._id as string);
    const today = todayInItaly();
    // The page's own fields carry what the recurrences and the draft names read (a page without them reads the rows);
    // the decorations are then one statement.
    const mine = recurrenceRowsOf(records) ?? (ids.length ? await ctx.db.select().from(ncaReports).where(inArray(ncaReports.id, ids)) : []);
    const [categories, { overdue, recurrences, drafts }] = await Promise.all([ambientCategories(ctx.db), pageDecorationsOf(ctx.db, mine, today)]);
    for (const record of records) {
      record.draftName = drafts.get(record._id as string) ?? null;
      record.ambientCategory = record.ambientSettingId ? (categories.get(record.ambientSettingId as string) ?? null) : null;
      record.overdueActions = overdue.get(record._id as string) ?? 0;
      record.recurrenceOf = recurrences.get(record._id as string) ?? null;
    }
  },
  async toRow({ op, input, existing, tx, ctx }) {
    if (op === 'create') {
      const values = { ...input };
      if (sideOf(ctx) === 'agency') {
        // A supplier agency reports what it detected only holding nca.create with the permission system on.
        if (!(await holdsPermission(ctx, 'nca-reports', 'create'))) throw new AppError('FORBIDDEN', 'Only agencies holding the nca.create permission may report a non-conformity');
        values.detectedByAgencyId = ctx.actor.agencyId ?? null;
      }
      const problems = await referenceProblems(tx, values, { ...values, lotId: values.lotId });
      if (problems.length) throw validationFailed(problems);
      return { ...values, status: 'pending' as const, openedById: ctx.actor.id, signRound: 0 };
    }
    const status = existing.status;
    const changed = Object.fromEntries(Object.entries(input).filter(([key, value]) => value !== undefined && !sameValue(value, existing[key as keyof TNcaReportRow])));
    const side = sideOf(ctx);
    const frozen = frozenFieldsIn(changed, status, side);
    if (frozen.length > 0) {
      const editable = editableFieldsOf(status, side);
      throw new AppError(
        'CONFLICT',
        status === 'pending' || side === 'agency' ? `These fields cannot be changed now: ${frozen.join(', ')}` : 'Once the report leaves the draft its phase-1 data can no longer be edited',
        {
          details: frozen.map((path) => ({ path, message: editable.length ? `frozen while the report is ${status}` : `the report is ${status}: nothing can be edited`, value: changed[path] })),
        },
      );
    }
    if (side === 'agency' && 'containmentActions' in changed) {
      // Who verified a containment is the consortium's word, never the supplier's.
      const refused = verificationsChangedBySupplier(existing.containmentActions, changed.containmentActions as TNcaReportRow['containmentActions']);
      if (refused.length > 0)
        throw new AppError('FORBIDDEN', 'Only the consortium records who verified a containment action', {
          details: refused.map((i) => ({ path: i < 0 ? 'containmentActions' : `containmentActions.${i}.verifiedById`, message: 'consortium only' })),
        });
    }
    const merged = { ...existing, ...changed };
    const problems = await referenceProblems(tx, merged, changed);
    if (problems.length) throw validationFailed(problems);
    return changed;
  },
  async beforeDelete(row, { tx }) {
    if (row.status !== 'pending') throw new AppError('CONFLICT', 'Only a draft report (pending) can be deleted', { details: [{ path: 'status', message: 'not pending', value: row.status }] });
    const [signed] = await tx
      .select({ n: count() })
      .from(signRequests)
      .where(and(eq(signRequests.reportId, row.id), eq(signRequests.status, 'signed')));
    if (signed.n > 0) throw new AppError('CONFLICT', 'This report has signatures of a recalled round: it is kept as a record', { details: [{ path: '_id', message: `${signed.n} signatures` }] });
  },
  async afterWrite(op, row, { tx, ctx, existing }) {
    const changed = op === 'update' && existing ? Object.keys(row).filter((k) => k !== 'updatedAt' && !sameValue(row[k as keyof TNcaReportRow], existing[k as keyof TNcaReportRow])) : [];
    if (op === 'delete') return;
    await appendHistory(tx, ctx.actor, {
      reportId: row.id,
      kind: 'change',
      action: op === 'create' ? 'created' : 'updated',
      entityType: 'nca-reports',
      entityId: row.id,
      data: op === 'create' ? {} : { fields: changed },
    });
  },
});
