import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ZAgencyCreate, ZAgencyRecord, ZAgencyUpdate, ZLaboratoryCreate, ZLaboratoryRecord, ZLaboratoryUpdate } from '@app/domain/environmental/companies';
import { ZContractCreate, ZContractRecord, ZContractUpdate } from '@app/domain/environmental/contracts';
import { toCents, toEuros } from '@app/domain/environmental/fields';
import { ZLotCreate, ZLotRecord, ZLotUpdate, lotWarnings } from '@app/domain/environmental/lots';
import { ZOrderCreate, ZOrderRecord, ZOrderUpdate } from '@app/domain/environmental/orders';
import { ENVIRONMENTAL_SETTING_TYPES, isEnvironmentalSettingType, ZEnvironmentalSettingCreate, ZEnvironmentalSettingRecord, ZEnvironmentalSettingUpdate } from '@app/domain/environmental/settings';
import { agencies, contracts, laboratories, lots, ncaReports, orders, settings, users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { defineCollection, type TSignedInContext } from '../../../lib/collection/define.ts';
import { rowToRecord } from '../../../lib/collection/serialize.ts';
import { AppError, validationFailed, type TErrorDetail } from '../../../lib/errors.ts';
import { findSettingUsages, settingRowValues } from '../../platform/index.ts';

/*
 * The environmental registry as collections of the generic contract. Who may do what and how far
 * is the access table's (lots, orders, agencies, laboratories, contracts, environmental-settings);
 * the scopes below are the SQL of its `ownAgency`, `ownLaboratory` and `published` grants.
 */

/** A supplier account without its company link reaches nothing. */
const ownAgencyOf = (ctx: TSignedInContext) => ctx.actor.agencyId;
const ownLaboratoryOf = (ctx: TSignedInContext) => ctx.actor.laboratoryId;
const none = sql`false`;

type TReferenceCheck = { path: string; ids: string[]; table: PgTable & { id: PgColumn }; where?: SQL };

/** Every referenced id that does not exist (or does not match `where`), as a detail on its field. */
async function missingReferences(db: TDbOrTx, checks: TReferenceCheck[]): Promise<TErrorDetail[]> {
  const problems: TErrorDetail[] = [];
  for (const check of checks) {
    const ids = [...new Set(check.ids.filter(Boolean))];
    if (ids.length === 0) continue;
    const found: { id: unknown }[] = await db
      .select({ id: check.table.id })
      .from(check.table as never)
      .where(and(inArray(check.table.id, ids), check.where));
    const known = new Set(found.map((r) => r.id));
    for (const id of ids) if (!known.has(id)) problems.push({ path: check.path, message: 'does not exist', value: id });
  }
  return problems;
}

// ---- lots ----

export const lotsCollection = defineCollection({
  name: 'lots',
  resource: 'lots',
  tag: 'environmental',
  table: lots,
  record: ZLotRecord,
  create: ZLotCreate,
  update: ZLotUpdate,
  filterable: { name: lots.name, code: lots.code, cig: lots.cig, cup: lots.cup, functionalCode: lots.functionalCode },
  searchable: [lots.name, lots.code, lots.cig, lots.cup, lots.description],
  // A doubtful CIG or CUP is kept; every answer carries the doubt so that the form can show it.
  toRecord: (row) => ({ ...rowToRecord(row), warnings: lotWarnings(row) }),
  async beforeDelete(row, { tx }) {
    const [used] = await tx.select({ n: count() }).from(orders).where(eq(orders.lotId, row.id));
    if (used.n > 0) throw new AppError('CONFLICT', 'This lot has orders: delete or move them first', { details: [{ path: '_id', message: `${used.n} orders` }] });
  },
});

// ---- orders ----

export const ordersCollection = defineCollection({
  name: 'orders',
  resource: 'orders',
  tag: 'environmental',
  table: orders,
  record: ZOrderRecord,
  create: ZOrderCreate,
  update: ZOrderUpdate,
  filterable: { name: orders.name, lotId: orders.lotId, orderType: orders.orderType, agencyIds: orders.agencyIds, managerId: orders.managerId, userId: orders.userId },
  searchable: [orders.name],
  scopes: {
    // The orders given to the user's agency.
    ownAgency: (ctx) => (ownAgencyOf(ctx) ? sql`${ownAgencyOf(ctx)}::uuid = any(${orders.agencyIds})` : none),
  },
  async toRow({ input, tx, existing }) {
    const merged = existing ? { ...existing, ...input } : input;
    const problems = await missingReferences(tx, [
      { path: 'lotId', ids: input.lotId ? [input.lotId] : [], table: lots },
      { path: 'agencyIds', ids: input.agencyIds ?? [], table: agencies },
      { path: 'managerId', ids: input.managerId ? [input.managerId] : [], table: users },
      { path: 'userId', ids: input.userId ? [input.userId] : [], table: users },
      {
        path: 'agencyFunctionSettingId',
        ids: input.agencyFunctionSettingId ? [input.agencyFunctionSettingId] : [],
        table: settings,
        where: eq(settings.settingType, 'companyFunction'),
      },
    ]);
    if (problems.length) throw validationFailed(problems);
    if (!merged.lotId) throw validationFailed([{ path: 'lotId', message: 'validation.required' }]);
    return input;
  },
});

// ---- agencies and laboratories ----

/** Active accounts of each company, one query per page of records. */
async function userCounts(db: TDbOrTx, column: typeof users.agencyId | typeof users.laboratoryId, ids: string[]) {
  const rows = await db
    .select({ companyId: column, n: count() })
    .from(users)
    .where(and(inArray(column, ids), isNull(users.deletedAt), eq(users.isEnabled, true)))
    .groupBy(column);
  return new Map(rows.map((r) => [r.companyId, Number(r.n)]));
}

export const agenciesCollection = defineCollection({
  name: 'agencies',
  resource: 'agencies',
  tag: 'environmental',
  table: agencies,
  record: ZAgencyRecord,
  create: ZAgencyCreate,
  update: ZAgencyUpdate,
  filterable: { businessName: agencies.businessName, vatNumber: agencies.vatNumber, managerEmail: agencies.managerEmail, inviteStatus: agencies.inviteStatus },
  searchable: [agencies.businessName, agencies.vatNumber, agencies.managerEmail],
  scopes: { ownAgency: (ctx) => (ownAgencyOf(ctx) ? eq(agencies.id, ownAgencyOf(ctx)!) : none) },
  async decorate(records, ctx) {
    const counts = await userCounts(
      ctx.db,
      users.agencyId,
      records.map((r) => r._id as string),
    );
    const open = await ctx.db
      .select({ agencyId: ncaReports.targetAgencyId, n: count() })
      .from(ncaReports)
      .where(
        and(
          inArray(
            ncaReports.targetAgencyId,
            records.map((r) => r._id as string),
          ),
          sql`${ncaReports.status} not in ('pending', 'closed')`,
        ),
      )
      .groupBy(ncaReports.targetAgencyId);
    for (const record of records) {
      record.userCount = counts.get(record._id as string) ?? 0;
      // Reports targeting the agency that left the consortium's draft and are not closed.
      record.openNcaCount = Number(open.find((o) => o.agencyId === record._id)?.n ?? 0);
    }
  },
  async beforeDelete(row, { tx }) {
    const [used] = await tx
      .select({ n: count() })
      .from(orders)
      .where(sql`${row.id}::uuid = any(${orders.agencyIds})`);
    if (used.n > 0) throw new AppError('CONFLICT', 'Orders name this agency: remove it from them first', { details: [{ path: '_id', message: `${used.n} orders` }] });
    const [people] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.agencyId, row.id), isNull(users.deletedAt)));
    if (people.n > 0) throw new AppError('CONFLICT', 'This agency has user accounts: remove them first', { details: [{ path: '_id', message: `${people.n} users` }] });
  },
});

export const laboratoriesCollection = defineCollection({
  name: 'laboratories',
  resource: 'laboratories',
  tag: 'environmental',
  table: laboratories,
  record: ZLaboratoryRecord,
  create: ZLaboratoryCreate,
  update: ZLaboratoryUpdate,
  filterable: {
    businessName: laboratories.businessName,
    vatNumber: laboratories.vatNumber,
    managerEmail: laboratories.managerEmail,
    inviteStatus: laboratories.inviteStatus,
  },
  searchable: [laboratories.businessName, laboratories.vatNumber, laboratories.managerEmail],
  scopes: { ownLaboratory: (ctx) => (ownLaboratoryOf(ctx) ? eq(laboratories.id, ownLaboratoryOf(ctx)!) : none) },
  async beforeDelete(row, { tx }) {
    const [people] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.laboratoryId, row.id), isNull(users.deletedAt)));
    if (people.n > 0) throw new AppError('CONFLICT', 'This laboratory has user accounts: remove them first', { details: [{ path: '_id', message: `${people.n} users` }] });
  },
});

// ---- contracts (price-list lines) ----

export const contractsCollection = defineCollection({
  name: 'contracts',
  resource: 'contracts',
  tag: 'environmental',
  table: contracts,
  record: ZContractRecord,
  create: ZContractCreate,
  update: ZContractUpdate,
  filterable: {
    code: contracts.code,
    laboratoryId: contracts.laboratoryId,
    articleCode: contracts.articleCode,
    articleName: contracts.articleName,
    packetCode: contracts.packetCode,
    matrixSettingId: contracts.matrixSettingId,
    analyticPackageSettingId: contracts.analyticPackageSettingId,
  },
  sortable: { code: contracts.code, articleCode: contracts.articleCode, articleName: contracts.articleName, priceCents: contracts.priceCents, price: contracts.priceCents },
  searchable: [contracts.code, contracts.articleCode, contracts.articleName, contracts.packetCode],
  scopes: { ownLaboratory: (ctx) => (ownLaboratoryOf(ctx) ? eq(contracts.laboratoryId, ownLaboratoryOf(ctx)!) : none) },
  toRecord: (row) => {
    const { priceCents, ...rest } = rowToRecord(row);
    return { ...rest, price: toEuros(priceCents) };
  },
  async toRow({ input, tx }) {
    const { price, ...values } = input;
    const problems = await missingReferences(tx, [
      { path: 'laboratoryId', ids: 'laboratoryId' in values && values.laboratoryId ? [values.laboratoryId] : [], table: laboratories },
      { path: 'matrixSettingId', ids: values.matrixSettingId ? [values.matrixSettingId] : [], table: settings, where: eq(settings.settingType, 'matrix') },
      {
        path: 'analyticPackageSettingId',
        ids: values.analyticPackageSettingId ? [values.analyticPackageSettingId] : [],
        table: settings,
        where: eq(settings.settingType, 'analyticPackage'),
      },
    ]);
    if (problems.length) throw validationFailed(problems);
    return price === undefined ? values : { ...values, priceCents: toCents(price) };
  },
});

// ---- environmental settings ----

const environmentalRows = inArray(settings.settingType, [...ENVIRONMENTAL_SETTING_TYPES]);

/**
 * The NCA settings and the laboratory analysis settings: the `settings` rows of the environmental
 * types (feature flags stay in the platform's settings screen). A setting still named by a record
 * is not deleted (SETTING_IN_USE): switch it off instead.
 */
export const environmentalSettingsCollection = defineCollection({
  name: 'environmental-settings',
  resource: 'environmental-settings',
  tag: 'environmental',
  table: settings,
  record: ZEnvironmentalSettingRecord,
  create: ZEnvironmentalSettingCreate,
  update: ZEnvironmentalSettingUpdate,
  filterable: {
    settingType: settings.settingType,
    code: settings.code,
    name: settings.name,
    isActive: settings.isActive,
    ambientCategory: settings.ambientCategory,
    agencyFunctionType: settings.agencyFunctionType,
    userId: settings.userId,
    severityRank: settings.severityRank,
  },
  searchable: [settings.name, settings.code, settings.description],
  scopes: {
    all: () => environmentalRows,
    // Suppliers read the active entries (the names their records show).
    published: () => and(environmentalRows, eq(settings.isActive, true)),
  },
  toRecord: (row) => {
    const { isSystem: _system, settingType, ...rest } = rowToRecord(row);
    // The scopes reach the environmental types only; a feature flag here is a programming error.
    if (!isEnvironmentalSettingType(settingType)) throw new Error(`environmental-settings: ${row.id} is a ${settingType} setting`);
    return { ...rest, settingType, userId: row.userId };
  },
  toRow: settingRowValues,
  async beforeDelete(row, { tx }) {
    const usages = await findSettingUsages(tx, row);
    if (usages.length > 0) throw new AppError('SETTING_IN_USE', 'This setting is still in use: switch it off instead', { details: usages.map((message) => ({ path: '_id', message })) });
  },
});
