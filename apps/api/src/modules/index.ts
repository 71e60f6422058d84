import type { FastifyInstance } from 'fastify';
import { registerPlatform } from './platform/index.ts';
import { registerTouristTaxArea, touristTaxDailyJobs } from './tourist-tax/index.ts';
import { registerEnvironmentalArea } from './environmental/index.ts';

/**
 * Every business area of the API, registered in one place. Each area's index registers its own
 * features; areas reach each other only through these index files.
 */
export async function registerModules(app: FastifyInstance) {
  registerPlatform(app);
  await registerTouristTaxArea(app);
  await registerEnvironmentalArea(app);
}

/** The daily jobs of every area, run by the platform's durable job runner. */
export const DAILY_JOBS = [...touristTaxDailyJobs];
