import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { runMigrations, type TDatabase } from '../db/client.ts';
import { ensureFeatureFlags } from '../modules/platform/settings/features.ts';
import { ensurePermissions } from '../modules/platform/permissions/permissions.ts';
import { seedDemoOnce } from '../seed/demo.ts';
import { createLocalStorage } from '../modules/platform/uploads/storage.ts';

/**
 * The databases the API tests start from, prepared once per vitest run by global-setup.ts:
 * migrated, feature flags and permissions ensured, and (`demo`) the demo data seeded or (`bare`) not.
 * PGlite: paths of data-folder tarballs; PostgreSQL: names of template databases. `demoUploads` is the
 * folder of the files the demo seed stored: each test copies it into its own upload folder.
 */
export type TTestDatabaseTemplates = { kind: 'pglite' | 'postgres'; demo: string; bare: string; demoUploads: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplates: TTestDatabaseTemplates | null;
  }
}

/** What every API test database holds before its tests run. */
export async function prepareTestDatabase(database: TDatabase, options: { seedDemo: false } | { seedDemo: true; uploadDir: string }) {
  await runMigrations(database);
  await ensureFeatureFlags(database.db);
  await ensurePermissions(database.db);
  if (options.seedDemo) await seedDemoOnce(database.db, createLocalStorage(options.uploadDir));
}

/**
 * Test database names start with `t_` (.ci/run drops leftovers of killed runs by that prefix) and
 * carry the process id and a random part, so concurrent runs and files never collide.
 */
export function testDatabaseName(label: string) {
  return `t_${label}_${process.pid}_${randomUUID().slice(0, 8)}`;
}

export function databaseUrl(baseUrl: string, name: string) {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onAdmin<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Creates a database (a copy of `template` when given; nobody may be connected to the template). */
export async function createPostgresDatabase(baseUrl: string, name: string, template?: string) {
  await onAdmin(baseUrl, (c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  return databaseUrl(baseUrl, name);
}

/**
 * Drops a database. Without `force`, every connection to it must be closed first (PostgreSQL waits
 * a few seconds for closing ones): a connection still open here is a leak in the caller's teardown,
 * and is reported as such instead of being killed under the pool that holds it (57P01).
 */
export async function dropPostgresDatabase(baseUrl: string, name: string, options: { force?: boolean } = {}) {
  await onAdmin(baseUrl, async (c) => {
    try {
      await c.query(`drop database if exists ${name}${options.force ? ' with (force)' : ''}`);
    } catch (error) {
      if ((error as { code?: string }).code === '55006') {
        const { rows } = await c.query('select pid, application_name, state, query from pg_stat_activity where datname = $1', [name]);
        throw new Error(`test database ${name} is still in use after teardown: ${JSON.stringify(rows)}`, { cause: error });
      }
      throw error;
    }
  });
}
