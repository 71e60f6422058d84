import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { createPostgresDatabase, dropPostgresDatabase, prepareTestDatabase, testDatabaseName, type TTestDatabaseTemplates } from './test-database.ts';

/**
 * Migrates and seeds once per vitest run; each API test file then starts from a copy (see
 * startTestApp). PGlite: two data-folder tarballs in a temporary folder. PostgreSQL
 * (TEST_DATABASE_URL): two template databases, with names unique to this run, dropped at the end.
 */
export default async function setup(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  const started = Date.now();
  const { templates, teardown } = baseUrl ? await postgresTemplates(baseUrl) : await pgliteTemplates();
  project.provide('testDatabaseTemplates', templates);
  if (process.env.TEST_TIMINGS) console.log(`test database templates (${templates.kind}) ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return teardown;
}

async function pgliteTemplates(): Promise<{ templates: TTestDatabaseTemplates; teardown: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-db-'));
  const templates: TTestDatabaseTemplates = { kind: 'pglite', bare: path.join(dir, 'bare.tar'), demo: path.join(dir, 'demo.tar'), demoUploads: path.join(dir, 'demo-uploads') };
  const teardown = async () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    const database = await openDatabase({ dataDir: null });
    try {
      await prepareTestDatabase(database, { seedDemo: false });
      fs.writeFileSync(templates.bare, Buffer.from(await (await database.dump!()).arrayBuffer()));
      await prepareTestDatabase(database, { seedDemo: true, uploadDir: templates.demoUploads });
      fs.writeFileSync(templates.demo, Buffer.from(await (await database.dump!()).arrayBuffer()));
    } finally {
      await database.close();
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  return { templates, teardown };
}

async function postgresTemplates(baseUrl: string): Promise<{ templates: TTestDatabaseTemplates; teardown: () => Promise<void> }> {
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-uploads-'));
  const templates: TTestDatabaseTemplates = { kind: 'postgres', bare: testDatabaseName('tpl_bare'), demo: testDatabaseName('tpl_demo'), demoUploads: uploads };
  // Templates are dropped last, after every test file has dropped its copy; nothing is connected by then.
  const teardown = async () => {
    fs.rmSync(uploads, { recursive: true, force: true });
    await dropPostgresDatabase(baseUrl, templates.demo, { force: true });
    await dropPostgresDatabase(baseUrl, templates.bare, { force: true });
  };
  try {
    // Each template is closed before it is copied: PostgreSQL copies only a database nobody is connected to.
    const bare = await openDatabase({ databaseUrl: await createPostgresDatabase(baseUrl, templates.bare), dataDir: null, poolSize: 1 });
    try {
      await prepareTestDatabase(bare, { seedDemo: false });
    } finally {
      await bare.close();
    }
    const demo = await openDatabase({ databaseUrl: await createPostgresDatabase(baseUrl, templates.demo, templates.bare), dataDir: null, poolSize: 1 });
    try {
      await prepareTestDatabase(demo, { seedDemo: true, uploadDir: templates.demoUploads });
    } finally {
      await demo.close();
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  return { templates, teardown };
}
