import type { FastifyInstance } from 'fastify';
import { registerCollection } from '../../lib/collection/routes.ts';
import { registerCommunicationRoutes } from './communications/routes.ts';
import { registerDashboardRoutes } from './dashboards/routes.ts';
import { registerDeclarationRoutes } from './declarations/routes.ts';
import { documentsCollection } from './documents/documents.ts';
import { registerModello21Routes } from './modello21/routes.ts';
import { registerPagopaRoutes } from './pagopa/routes.ts';
import { registerPoliceFileRoutes } from './police-files/routes.ts';
import { registerTouristTax } from './registry/routes.ts';
import { registerRepriceRoutes } from './reprice/routes.ts';
import { runFilingReminders } from './declarations/filing-reminders.ts';
import { requireChangeToAttach, type TDailyJob } from '../platform/index.ts';

/** The tourist-tax area: comuni and their rules, structures, stays, declarations, Modello 21. */
export async function registerTouristTaxArea(app: FastifyInstance) {
  await registerTouristTax(app);
  registerDeclarationRoutes(app);
  registerModello21Routes(app);
  registerCollection(app, documentsCollection);
  registerCommunicationRoutes(app);
  registerDashboardRoutes(app);
  registerRepriceRoutes(app);
  registerPoliceFileRoutes(app);
  await registerPagopaRoutes(app);
  // A stay's documents are its hotelier's; a comune's logo is the comune's (both read more widely).
  requireChangeToAttach('stays');
  requireChangeToAttach('cities');
}

/** Reminds hoteliers and comuni of filing deadlines every morning. */
export const touristTaxDailyJobs: readonly TDailyJob[] = [{ name: 'filing-reminders', hour: 7, run: (deps, today) => runFilingReminders(deps, today) }];
