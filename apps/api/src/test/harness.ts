import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type TConfig } from '../config.ts';
import { openDatabase, type TDatabase } from '../db/client.ts';
import { setFeature, type TFeatureFlag } from '../modules/platform/settings/features.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../seed/demo.ts';
import { closeServer } from '../start.ts';
import { socketIdentityFromToken } from '../modules/platform/auth/authenticate.ts';
import { createPostgresDatabase, dropPostgresDatabase, prepareTestDatabase, testDatabaseName } from './test-database.ts';

/**
 * A real API server for integration tests: real HTTP on a loopback port, real database (in-memory
 * PGlite, or a fresh PostgreSQL database per call when TEST_DATABASE_URL is set), migrated, with
 * feature flags, permissions and (unless `seedDemo: false`) the demo data. The database is a copy
 * of the one global-setup.ts prepared once for the run; without it (another vitest config) it is
 * prepared here.
 */
export type TTestApp = Awaited<ReturnType<typeof startTestApp>>;

export type TResponse<T = any> = { status: number; headers: Headers; body: T };

export type TSession = { token: string; refreshToken: string; user: Record<string, any> };

/** The demo accounts (seed/demo.ts and seed/tourist-tax-demo.ts) by the part of their e-mail before the @. */
export type TDemoAccount = (typeof DEMO_ACCOUNTS)[number]['email'] extends `${infer Name}@demo.test` ? Name | 'city2' | 'hotelier2' : never;

/** Opens this test's database: a copy of the prepared template, or a new one prepared here. */
async function openTestDatabase(seedDemo: boolean): Promise<{ database: TDatabase; prepared: boolean; demoUploads?: string; url?: string; drop?: () => Promise<void> }> {
  const templates = inject('testDatabaseTemplates') ?? null;
  const demoUploads = seedDemo ? templates?.demoUploads : undefined;
  const pgBase = process.env.TEST_DATABASE_URL;
  if (pgBase) {
    const template = templates?.kind === 'postgres' ? (seedDemo ? templates.demo : templates.bare) : undefined;
    const name = testDatabaseName('file');
    const url = await createPostgresDatabase(pgBase, name, template);
    const drop = () => dropPostgresDatabase(pgBase, name);
    const database = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 4 }).catch(async (error) => {
      await drop();
      throw error;
    });
    return { database, prepared: Boolean(template), demoUploads, url, drop };
  }
  const dump = templates?.kind === 'pglite' ? (seedDemo ? templates.demo : templates.bare) : undefined;
  const database = await openDatabase({ dataDir: null, snapshot: dump ? new Blob([fs.readFileSync(dump)]) : undefined });
  return { database, prepared: Boolean(dump), demoUploads };
}

/**
 * Runs every teardown step in order even when one fails (a failing step must not leave a
 * database or a server open behind it), then reports the first failure.
 */
async function inOrder(steps: Array<(() => unknown) | undefined>) {
  let failure: unknown;
  for (const step of steps) {
    try {
      await step?.();
    } catch (error) {
      failure ??= error;
    }
  }
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrows the first caught value unchanged
  if (failure) throw failure;
}

export async function startTestApp(options: { env?: Record<string, string>; features?: Partial<Record<TFeatureFlag, boolean>>; seedDemo?: boolean } = {}) {
  const seedDemo = options.seedDemo !== false;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  let database: TDatabase | undefined;
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  let app: FastifyInstance | undefined;
  let closing: Promise<void> | undefined;
  /**
   * Teardown, in this order: sockets and the server (start.ts closeServer: what is still open is cut), then the
   * database and its pool (every connection ended), then the PostgreSQL database itself, then the
   * temporary folder. Idempotent.
   */
  const close = () =>
    (closing ??= inOrder([
      // A test's requests are over at teardown: what is still open is cut at once.
      app && (() => closeServer(app!, 0)),
      database && (() => database!.close()),
      drop,
      () => fs.rmSync(tmp, { recursive: true, force: true }),
    ]));

  let config: TConfig;
  try {
    const opened = await openTestDatabase(seedDemo);
    ({ database, url: databaseUrl, drop } = opened);
    config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: tmp,
      PUBLIC_URL: 'http://localhost:3000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...options.env,
    });
    // The demo seed's files: stored now when this test prepares its own database, else a copy of the template's.
    if (!opened.prepared) await prepareTestDatabase(database, seedDemo ? { seedDemo, uploadDir: config.uploadDir } : { seedDemo });
    else if (opened.demoUploads && fs.existsSync(opened.demoUploads)) fs.cpSync(opened.demoUploads, config.uploadDir, { recursive: true });
    for (const [flag, on] of Object.entries(options.features ?? {})) await setFeature(database.db, flag as TFeatureFlag, on);
    // TEST_LOG=1 prints the server's errors (the cause behind a 500 a test saw).
    app = await buildApp({ config, database, logger: process.env.TEST_LOG ? { level: 'error' } : false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const started = app;
    app.services.realtime.attach(app.server, (token) => socketIdentityFromToken(started, token));
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  async function request<T = any>(method: string, url: string, init: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: BodyInit } = {}): Promise<TResponse<T>> {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: BodyInit | undefined = init.raw;
    if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    const response = await fetch(baseUrl + url, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

  async function login(email: string, password = DEMO_PASSWORD): Promise<TSession> {
    const res = await request('POST', '/api/auth', { headers: { authorization: basic(email, password) } });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as TSession;
  }

  /** Signs in as a demo account (`signedIn('hotelier')` is hotelier@demo.test with the demo password). */
  const signedIn = (account: TDemoAccount) => login(`${account}@demo.test`);

  return {
    app,
    baseUrl,
    config: config!,
    db: database.db,
    request,
    login,
    signedIn,
    basic,
    close,
  };
}
