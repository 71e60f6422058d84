import type { FastifyInstance } from 'fastify';
import { eq, or } from 'drizzle-orm';
import { contracts, orders } from '../../db/schema/index.ts';
import type { TDbOrTx } from '../../db/client.ts';
import { registerSettingUsageCheck, registerUserLinkCheck, type TSettingUsageCheck } from '../platform/index.ts';
import { companyExists } from './companies/company-tables.ts';
import { registerNcaRoutes } from './nca/routes.ts';
import { registerFormRoutes } from './forms/routes.ts';
import { registerEnvironmentalRegistry } from './registry/routes.ts';
import { registerRdps } from './rdps/routes.ts';

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
  return used;
};

const agencyExists = (db: TDbOrTx, id: string) => companyExists(db, 'agency', id);
const laboratoryExists = (db: TDbOrTx, id: string) => companyExists(db, 'laboratory', id);

export async function registerEnvironmentalArea(app: FastifyInstance) {
  registerUserLinkCheck('agencyId', agencyExists);
  registerUserLinkCheck('laboratoryId', laboratoryExists);
  registerSettingUsageCheck(settingsUsedByEnvironmentalRecords);
  await registerEnvironmentalRegistry(app);
  registerNcaRoutes(app);
  await registerRdps(app);
  await registerFormRoutes(app);
}
