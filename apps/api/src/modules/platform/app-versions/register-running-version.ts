import type { FastifyInstance } from 'fastify';
import { appVersions } from '../../../db/schema/index.ts';
import { APP_VERSION } from '../health/routes.ts';

export const BUILD_TYPE = 'backoffice';

/** The running build records its version at start, so clients can learn that a newer one exists. */
export async function registerRunningVersion(app: FastifyInstance) {
  const version = app.services.config.appVersion ?? APP_VERSION;
  await app.services.db.insert(appVersions).values({ name: BUILD_TYPE, version }).onConflictDoNothing();
}
