import type { FastifyInstance } from 'fastify';
import { and, arrayContains, eq, inArray, isNull, or } from 'drizzle-orm';
import { contracts, orders, settings, users } from '../../db/schema/index.ts';
import type { TDbOrTx } from '../../db/client.ts';
import { registerAreaSettingTypes, registerSettingUsageCheck, registerUserFunctionCheck, registerUserLinkCheck, type TDailyJob, type TSettingUsageCheck } from '../platform/index.ts';
import { companyExists } from './companies/company-tables.ts';
import { runNcaReminders } from './nca/nca-reminders.ts';
import { registerNcaRoutes } from './nca/routes.ts';
import { registerFormRoutes } from './forms/routes.ts';
import { registerEnvironmentalRegistry } from './registry/routes.ts';
import { registerRdps } from './rdps/routes.ts';
import { environmentalSettingsCollection } from './registry/collections.ts';
import { ENVIRONMENTAL_SETTING_TYPES } from '@app/domain/environmental/settings';

/**
 * Environmental compliance (NCA): lots, orders, agencies, laboratories and their price lists,
 * invitations: the checks the platform asks of it, the registry's collections and routes.
 */

/** Orders and price-list lines name settings (company functions, matrices, analytic packages). */
const settingsUsedByEnvironmentalRecords: TSettingUsageCheck = async (db: TDbOrTx, setting) => {
  const used: string[] = [];
  const byOrders = await db.select({ name: orders.name }).from(orders).where(eq(orders.agencyFunctionSettingId, setting.id)).limit(5);
  used.push(...byOrders.map((o) => `Order ${o.name}`));
  const byContracts = await db
    .select({ code: contracts.code, articleCode: contracts.articleCode })
    .from(contracts)
    .where(or(eq(contracts.matrixSettingId, setting.id), eq(contracts.analyticPackageSettingId, setting.id)))
    .limit(5);
  used.push(...byContracts.map((c) => `Price list ${c.code}, article ${c.articleCode}`));
  const holders = await db
    .select({ email: users.email })
    .from(users)
    .where(and(arrayContains(users.companyFunctionSettingIds, [setting.id]), isNull(users.deletedAt)))
    .limit(5);
  used.push(...holders.map((u) => `User ${u.email}`));
  return used;
};

/** The ids among those given that are not active company functions (what a user may hold). */
async function notActiveCompanyFunctions(db: TDbOrTx, ids: readonly string[]): Promise<string[]> {
  const rows = await db
    .select({ id: settings.id })
    .from(settings)
    .where(and(inArray(settings.id, [...ids]), eq(settings.settingType, 'companyFunction'), eq(settings.isActive, true)));
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

const agencyExists = (db: TDbOrTx, id: string) => companyExists(db, 'agency', id);
const laboratoryExists = (db: TDbOrTx, id: string) => companyExists(db, 'laboratory', id);

export async function registerEnvironmentalArea(app: FastifyInstance) {
  registerUserLinkCheck('agencyId', agencyExists);
  registerUserLinkCheck('laboratoryId', laboratoryExists);
  registerUserFunctionCheck(notActiveCompanyFunctions);
  registerSettingUsageCheck(settingsUsedByEnvironmentalRecords);
  registerAreaSettingTypes({ types: ENVIRONMENTAL_SETTING_TYPES, resource: 'environmental-settings', scopes: environmentalSettingsCollection.scopes ?? {} });
  await registerEnvironmentalRegistry(app);
  registerNcaRoutes(app);
  await registerRdps(app);
  await registerFormRoutes(app);
}

/** NCA reminders: actions expiring or overdue, signers waiting (the platform's durable runner runs it daily). */
export const environmentalDailyJobs: readonly TDailyJob[] = [{ name: 'nca-reminders', hour: 7, run: (deps, today) => runNcaReminders(deps, today) }];
