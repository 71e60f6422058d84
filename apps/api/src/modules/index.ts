import type { FastifyInstance } from 'fastify';
import { registerAuthRoutes } from './auth/routes.ts';
import { registerHealthRoutes } from './health/routes.ts';
import { registerCollection } from '../lib/collection/routes.ts';
import { faqsCollection } from './generic/faqs.ts';
import { registerUserRoutes } from './users/routes.ts';

/**
 * Every feature module of the API, registered in one place. A module adds its routes and
 * collections; keep one line per module.
 */
export async function registerModules(app: FastifyInstance) {
  registerHealthRoutes(app);
  registerAuthRoutes(app);
  registerCollection(app, faqsCollection);
  registerUserRoutes(app);
}
