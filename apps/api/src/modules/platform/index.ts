import type { FastifyInstance } from 'fastify';
import { registerCollection } from '../../lib/collection/routes.ts';
import { registerAnalyticsRoutes } from './analytics/routes.ts';
import { registerAppVersionRoutes } from './app-versions/routes.ts';
import { auditLogsCollection } from './audit/audit-logs.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { categoriesCollection } from './generic/categories.ts';
import { customersCollection } from './generic/customers.ts';
import { eventsCollection } from './generic/events.ts';
import { faqsCollection } from './generic/faqs.ts';
import { linksCollection } from './generic/links.ts';
import { registerLinkRedirect } from './generic/links-redirect.ts';
import { projectsCollection } from './generic/projects.ts';
import { registerHealthRoutes } from './health/routes.ts';
import { mailOutboxCollection } from './mail/mail-outbox.ts';
import { registerNotificationRoutes } from './notifications/routes.ts';
import { registerProfileRoutes } from './profile/routes.ts';
import { registerRoleRoutes } from './roles/routes.ts';
import { savedViewsCollection } from './saved-views/saved-views.ts';
import { registerSearchRoutes } from './search/routes.ts';
import { registerSettingRoutes } from './settings/routes.ts';
import { registerTranslationRoutes } from './translations/routes.ts';
import { registerUploadRoutes } from './uploads/routes.ts';
import { registerUserRoutes } from './users/routes.ts';

/** The administration base every business area stands on: one line per feature. */
export function registerPlatform(app: FastifyInstance) {
  registerHealthRoutes(app);
  registerAuthRoutes(app);
  registerProfileRoutes(app);
  registerCollection(app, faqsCollection);
  registerCollection(app, categoriesCollection);
  registerCollection(app, eventsCollection);
  registerCollection(app, customersCollection);
  registerCollection(app, projectsCollection);
  registerCollection(app, linksCollection);
  registerLinkRedirect(app);
  registerUserRoutes(app);
  registerRoleRoutes(app);
  registerSettingRoutes(app);
  registerTranslationRoutes(app);
  registerNotificationRoutes(app);
  registerAppVersionRoutes(app);
  registerAnalyticsRoutes(app);
  registerCollection(app, auditLogsCollection);
  registerCollection(app, mailOutboxCollection);
  registerCollection(app, savedViewsCollection);
  registerUploadRoutes(app);
  registerSearchRoutes(app);
}

// What other areas use of the platform: they import it from here, never from a feature's files.
export { recordAudit } from './audit/record-audit.ts';
export { assertPasswordPolicy, hashPassword, replacePassword } from './auth/passwords.ts';
export { randomToken, sha256 } from './auth/tokens.ts';
export { runDueJobs, type TDailyJob, type TJobDeps } from './jobs/job-runner.ts';
export { createMailer } from './mail/mailer.ts';
export { createNotification, pushNotification, type TNotificationInput, type TNotificationRow } from './notifications/notify-user.ts';
export { makeP7mDer, makePdf, PNG_1X1 } from './uploads/test-files.ts';
export { requireChangeToAttach } from './uploads/link-policies.ts';
export { normaliseEmail } from './users/user-input.ts';
export { findSettingUsages, registerAreaSettingTypes, registerSettingUsageCheck, settingRowValues, type TSettingUsageCheck } from './settings/settings.ts';
export { setFeature } from './settings/features.ts';
export { cachedSettingsRead } from './settings/settings-cache.ts';
export { sendInvite as sendAccountInvite } from './users/create-users.ts';
export { addUserVisibilityRule, emailTaken, findEmailOwner, registerUserFunctionCheck, registerUserLinkCheck } from './users/users.ts';
export { authorizeAction } from './permissions/authorize.ts';
