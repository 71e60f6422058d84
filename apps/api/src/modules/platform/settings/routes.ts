import type { FastifyInstance } from 'fastify';
import { registerCollection } from '../../../lib/collection/routes.ts';
import { invalidateFeatureCache } from './features.ts';
import { settingsCollection } from './settings.ts';

/** /api/settings; a settings write also clears the flag cache once its transaction has committed. */
export function registerSettingRoutes(app: FastifyInstance) {
  registerCollection(app, settingsCollection);
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.routeOptions.url?.startsWith('/api/settings')) invalidateFeatureCache();
  });
}
