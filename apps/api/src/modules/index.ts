import type { FastifyInstance } from 'fastify';
import { registerAuthRoutes } from './auth/routes.ts';
import { registerProfileRoutes } from './profile/routes.ts';
import { registerHealthRoutes } from './health/routes.ts';
import { registerCollection } from '../lib/collection/routes.ts';
import { faqsCollection } from './generic/faqs.ts';
import { categoriesCollection } from './generic/categories.ts';
import { eventsCollection } from './generic/events.ts';
import { customersCollection } from './generic/customers.ts';
import { projectsCollection } from './generic/projects.ts';
import { linksCollection } from './generic/links.ts';
import { registerUserRoutes } from './users/routes.ts';
import { registerRoleRoutes } from './roles/routes.ts';
import { registerSettingRoutes } from './settings/routes.ts';
import { registerTranslationRoutes } from './translations/routes.ts';
import { registerNotificationRoutes } from './notifications/routes.ts';
import { registerAppVersionRoutes } from './app-versions/routes.ts';
import { registerAnalyticsRoutes } from './analytics/routes.ts';
import { auditLogsCollection } from './audit/audit-logs.ts';
import { mailOutboxCollection } from './mail/mail-outbox.ts';
import { registerUploadRoutes } from './uploads/routes.ts';
import { registerTouristTax } from './tourist-tax/routes.ts';

import { registerDeclarationRoutes } from './declarations/routes.ts';
import { registerModello21Routes } from './modello21/routes.ts';
import { documentsCollection } from './documents/documents.ts';
import { registerCommunicationRoutes } from './communications/routes.ts';
import { registerDashboardRoutes } from './dashboards/routes.ts';
import { registerSearchRoutes } from './search/routes.ts';

/**
 * Every feature module of the API, registered in one place. A module adds its routes and
 * collections; keep one line per module.
 */
export async function registerModules(app: FastifyInstance) {
  registerHealthRoutes(app);
  registerAuthRoutes(app);
  registerProfileRoutes(app);
  registerCollection(app, faqsCollection);
  registerCollection(app, categoriesCollection);
  registerCollection(app, eventsCollection);
  registerCollection(app, customersCollection);
  registerCollection(app, projectsCollection);
  registerCollection(app, linksCollection);
  registerUserRoutes(app);
  registerRoleRoutes(app);
  registerSettingRoutes(app);
  registerTranslationRoutes(app);
  registerNotificationRoutes(app);
  registerAppVersionRoutes(app);
  registerAnalyticsRoutes(app);
  registerCollection(app, auditLogsCollection);
  registerCollection(app, mailOutboxCollection);
  registerUploadRoutes(app);
  await registerTouristTax(app);
  registerDeclarationRoutes(app);
  registerModello21Routes(app);
  registerCollection(app, documentsCollection);
  registerCommunicationRoutes(app);
  registerDashboardRoutes(app);
  registerSearchRoutes(app);
}
