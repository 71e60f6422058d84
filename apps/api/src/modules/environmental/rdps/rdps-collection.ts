import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { toEuros } from '@app/domain/environmental/fields';
import { analyticColumns, computeRdpPrice, ZRdpCreate, ZRdpRecord, ZRdpUpdate, type TRdpRecord } from '@app/domain/environmental/rdp/index';
import { agencies, contracts, laboratories, lots, rdps, settings } from '../../../db/schema/index.ts';
import type { TDbOrTx, TTx } from '../../../db/client.ts';
import { scopeCondition, type TScopeImplementations } from '../../../lib/access.ts';
import { defineCollection, type TSignedInContext } from '../../../lib/collection/define.ts';
import { rowToRecord } from '../../../lib/collection/serialize.ts';
import { AppError, validationFailed, type TErrorDetail } from '../../../lib/errors.ts';
import { notifyConsortiumOfOutOfLimits } from './rdp-notifications.ts';

export type TRdpRow = typeof rdps.$inferSelect;

/*
 * Laboratory test reports as a collection of the generic contract. Who may do what and how far is
 * the access table's `rdps`: a laboratory its own reports (ownLaboratory), an agency those of its
 * samples (ownAgency, read-only), the consortium all. The report's data can be changed only while it
 * is in processing: once the consortium approved the draft, the signed file must match what was approved.
 */

const none = sql`false`;

/** Every referenced id that does not exist (or is not of the right setting type), as a field detail. */
async function missingReferences(
  tx: TDbOrTx,
  values: { laboratoryId?: string; lotId?: string | null; agencyId?: string | null; matrixSettingId?: string | null; analyticPackageSettingIds?: string[] },
) {
  const problems: TErrorDetail[] = [];
  const exists = async (path: string, ids: string[], found: () => Promise<{ id: string }[]>) => {
    if (ids.length === 0) return;
    const known = new Set((await found()).map((r) => r.id));
    for (const id of ids) if (!known.has(id)) problems.push({ path, message: 'does not exist', value: id });
  };
  const one = (id: string | null | undefined) => (id ? [id] : []);
  await exists('laboratoryId', one(values.laboratoryId), () =>
    tx
      .select({ id: laboratories.id })
      .from(laboratories)
      .where(inArray(laboratories.id, one(values.laboratoryId))),
  );
  await exists('lotId', one(values.lotId), () =>
    tx
      .select({ id: lots.id })
      .from(lots)
      .where(inArray(lots.id, one(values.lotId))),
  );
  await exists('agencyId', one(values.agencyId), () =>
    tx
      .select({ id: agencies.id })
      .from(agencies)
      .where(inArray(agencies.id, one(values.agencyId))),
  );
  await exists('matrixSettingId', one(values.matrixSettingId), () =>
    tx
      .select({ id: settings.id })
      .from(settings)
      .where(and(inArray(settings.id, one(values.matrixSettingId)), eq(settings.settingType, 'matrix'))),
  );
  const packages = [...new Set(values.analyticPackageSettingIds ?? [])];
  await exists('analyticPackageSettingIds', packages, () =>
    tx
      .select({ id: settings.id })
      .from(settings)
      .where(and(inArray(settings.id, packages), eq(settings.settingType, 'analyticPackage'))),
  );
  return problems;
}

/** The price of the report from the laboratory's price list (integer cents), with the packages it does not price. */
export async function priceOfRdp(tx: TDbOrTx, laboratoryId: string, analyticPackageSettingIds: readonly string[], matrixSettingId: string | null) {
  if (analyticPackageSettingIds.length === 0) return { totalCents: 0, lines: [], unpriced: [] };
  const priceList = await tx
    .select({
      id: contracts.id,
      analyticPackageSettingId: contracts.analyticPackageSettingId,
      matrixSettingId: contracts.matrixSettingId,
      priceCents: contracts.priceCents,
      code: contracts.code,
      articleCode: contracts.articleCode,
    })
    .from(contracts)
    .where(and(eq(contracts.laboratoryId, laboratoryId), inArray(contracts.analyticPackageSettingId, [...analyticPackageSettingIds])));
  return computeRdpPrice(analyticPackageSettingIds, matrixSettingId, priceList);
}

/**
 * The report's JSON columns that no list shows: the analytic rows (about 2 KB a report), the signature check and the
 * last rejection. A list with `?fields=` naming none of them does not read them (the web list asks for its columns).
 */
export const RDP_LIST_HEAVY_FIELDS = { analyticData: rdps.analyticData, signatureCheck: rdps.signatureCheck, lastRejection: rdps.lastRejection };

/** The report's record; a list row read without a heavy column lacks that field (it is then not answered). */
export function rdpToRecord(row: TRdpRow): TRdpRecord {
  const { totalPriceCents, importHash: _hash, createdById: _by, ...rest } = rowToRecord(row);
  return { ...rest, status: row.status, totalPrice: totalPriceCents === null ? null : toEuros(totalPriceCents) };
}

/** The columns of one write of the report's data (create, update, import), checked and derived. */
export async function rdpRowValues(tx: TTx, input: Partial<ReturnType<typeof ZRdpCreate.parse>>, existing: TRdpRow | undefined) {
  const problems = await missingReferences(tx, input);
  if (problems.length) throw validationFailed(problems);
  const laboratoryId = existing?.laboratoryId ?? input.laboratoryId!;
  const packages = input.analyticPackageSettingIds ?? existing?.analyticPackageSettingIds ?? [];
  const matrix = input.matrixSettingId !== undefined ? input.matrixSettingId : (existing?.matrixSettingId ?? null);
  const price = await priceOfRdp(tx, laboratoryId, packages, matrix ?? null);
  const { analyticData, ...values } = input;
  return {
    ...values,
    ...(analyticData !== undefined || !existing ? analyticColumns(analyticData ?? []) : {}),
    ...(input.analyticPackageSettingIds !== undefined ? { analyticPackageSettingIds: [...new Set(input.analyticPackageSettingIds)] } : {}),
    totalPriceCents: price.totalCents,
    unpricedPackageIds: price.unpriced,
  };
}

const ownLaboratory = (ctx: TSignedInContext) => (ctx.actor.laboratoryId ? eq(rdps.laboratoryId, ctx.actor.laboratoryId) : none);
const ownAgency = (ctx: TSignedInContext) => (ctx.actor.agencyId ? eq(rdps.agencyId, ctx.actor.agencyId) : none);
const rdpScopes: TScopeImplementations = { ownLaboratory, ownAgency };

/** The caller's reading scope as SQL, the access table's for reading reports (also used by the totals and the workflow). */
export function rdpReadScope(ctx: TSignedInContext) {
  return scopeCondition(ctx, 'rdps', 'read', rdpScopes);
}

export const rdpsCollection = defineCollection({
  name: 'rdps',
  resource: 'rdps',
  tag: 'environmental',
  table: rdps,
  record: ZRdpRecord,
  create: ZRdpCreate,
  update: ZRdpUpdate,
  filterable: {
    code: rdps.code,
    status: rdps.status,
    laboratoryId: rdps.laboratoryId,
    agencyId: rdps.agencyId,
    lotId: rdps.lotId,
    matrixSettingId: rdps.matrixSettingId,
    cer: rdps.cer,
    wbs: rdps.wbs,
    outOfLimits: rdps.outOfLimits,
    sampleDate: rdps.sampleDate,
  },
  sortable: { code: rdps.code, status: rdps.status, sampleDate: rdps.sampleDate, receivingDate: rdps.receivingDate, totalPrice: rdps.totalPriceCents, outOfLimitsCount: rdps.outOfLimitsCount },
  searchable: [rdps.code, rdps.label, rdps.wbs, rdps.sampleLocation, rdps.producer, rdps.samplingReportCode],
  scopes: rdpScopes,
  customFilters: {
    // "SAL confermato": true / false.
    salConfirmed: (value) => (value === 'true' ? isNotNull(rdps.salConfirmedAt) : isNull(rdps.salConfirmedAt)),
  },
  toRecord: (row) => rdpToRecord(row),
  heavyFields: RDP_LIST_HEAVY_FIELDS,
  // Every filter and scope of the list reads the report's own columns: a count holds until the next write to rdps (trigger of migration 0046).
  cachedCounts: true,
  async toRow({ op, input, existing, tx, ctx }) {
    if (op === 'update' && existing.status !== 'processing') {
      throw new AppError('CONFLICT', 'The report can be changed only while its draft is being processed', {
        details: [{ path: 'status', message: 'locked after the approval of the draft', value: existing.status }],
      });
    }
    const values = await rdpRowValues(tx, input, existing);
    return op === 'create' ? { ...values, createdById: ctx.actor.id } : values;
  },
  async afterWrite(op, row, { tx, existing }) {
    // The consortium hears of a report that becomes out of limits (not again for each edit).
    if (op !== 'delete' && row.outOfLimits && !existing?.outOfLimits) await notifyConsortiumOfOutOfLimits(tx, [row]);
  },
  beforeDelete(row) {
    if (row.status !== 'processing')
      throw new AppError('CONFLICT', 'Only a report whose draft is still being processed can be deleted', { details: [{ path: 'status', message: 'not processing', value: row.status }] });
  },
});
