import type { FastifyInstance } from 'fastify';
import { areaGuard } from '../lib/access.ts';
import { registerPlatform } from './platform/index.ts';
import { registerTouristTaxArea, touristTaxDailyJobs } from './tourist-tax/index.ts';
import { environmentalDailyJobs, registerEnvironmentalArea } from './environmental/index.ts';

/**
 * Every business area of the API, registered in one place. Each area's index registers its own
 * features; areas reach each other only through these index files. Each business area registers in
 * its own scope behind the guard of its area, so a switched-off area answers AREA_DISABLED on every
 * route it has (the collection runtime and requireAccess check the access table's area as well).
 */
export async function registerModules(app: FastifyInstance) {
  registerPlatform(app);
  await app.register(async (area) => {
    area.addHook('onRequest', areaGuard('touristTax'));
    await registerTouristTaxArea(area);
  });
  await app.register(async (area) => {
    area.addHook('onRequest', areaGuard('environmental'));
    await registerEnvironmentalArea(area);
  });
}

/** The daily jobs of every area, run by the platform's durable job runner. */
export const DAILY_JOBS = [...touristTaxDailyJobs, ...environmentalDailyJobs];
