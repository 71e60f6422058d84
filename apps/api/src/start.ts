import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig, type TConfig } from './config.ts';
import { openDatabase, runMigrations, type TDatabase } from './db/client.ts';
import { ensureFeatureFlags } from './modules/platform/settings/features.ts';
import { ensurePermissions } from './modules/platform/permissions/permissions.ts';
import { socketIdentityFromToken } from './modules/platform/auth/authenticate.ts';
import { seedProductionAdmin } from './seed/production-admin.ts';
import { seedDemoOnce } from './seed/demo.ts';
import { loadInstallationSeal } from './lib/installation-seal.ts';
import { createLocalStorage } from './modules/platform/uploads/storage.ts';
import { registerRunningVersion } from './modules/platform/app-versions/register-running-version.ts';
import { startJobRunner } from './modules/platform/jobs/job-runner.ts';
import { DAILY_JOBS } from './modules/index.ts';

/** Opens the database, applies migrations, seeds what the mode needs, builds and starts the app. */
export async function startServer(config: TConfig = loadConfig(), options: { listen?: boolean; logger?: boolean | object } = {}) {
  // Without configured secrets this installation's are generated (or read) now, before anything is served.
  if (!config.jwtSecret || !config.altchaHmacKey) throw new Error('secrets are not available');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let app: FastifyInstance | undefined;
  try {
    await runMigrations(database);
    await ensureFeatureFlags(database.db);
    await ensurePermissions(database.db);
    if (config.adminEmail && config.adminPassword) await seedProductionAdmin(database.db, config.adminEmail, config.adminPassword);
    if (config.demo) await seedDemoOnce(database.db, createLocalStorage(config.uploadDir), await loadInstallationSeal(config));
    app = await buildApp({ config, database, logger: options.logger });
    await registerRunningVersion(app);
    if (options.listen !== false) {
      startJobRunner(app, DAILY_JOBS);
      await app.listen({ port: config.port, host: config.host });
      app.services.realtime.attach(app.server, (token) => socketIdentityFromToken(app!, token));
    }
    return { app, database };
  } catch (error) {
    await app?.close();
    await database.close();
    throw error;
  }
}

/** How long a shutdown lets the requests in flight finish before it cuts their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Closes the real-time sockets, the app and its HTTP server: requests in flight get `graceMs` to finish, then every
 * connection still open is cut. Node closes idle keep-alive connections itself, but one it still counted as busy held
 * the close (socket.io's, which waits for the HTTP server) for the keep-alive timeout, 72 s.
 */
export async function closeServer(app: FastifyInstance, graceMs: number): Promise<void> {
  const server = app.server;
  // The server says 'close' once it accepts nothing and every connection has ended, whichever of socket.io and
  // Fastify closed it (the second gets "not running" and returns at once).
  const ended = server.listening ? new Promise<void>((resolve) => server.once('close', () => resolve())) : Promise.resolve();
  const cut = setTimeout(() => server.closeAllConnections(), graceMs);
  try {
    await Promise.all([app.services.realtime.close(), app.close(), ended]);
  } finally {
    clearTimeout(cut);
  }
}

export async function stopServer(app: FastifyInstance, database: TDatabase) {
  await closeServer(app, SHUTDOWN_GRACE_MS);
  await database.close();
}
