import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type TConfig } from '../config.ts';
import { openDatabase, runMigrations, type TDatabase } from '../db/client.ts';
import { ensureFeatureFlags, setFeature, type TFeatureFlag } from '../modules/platform/settings/features.ts';
import { ensurePermissions } from '../modules/platform/permissions/permissions.ts';
import { seedDemoOnce, DEMO_PASSWORD } from '../seed/demo.ts';
import { actorFromToken } from '../modules/platform/auth/authenticate.ts';

/**
 * A real API server for integration tests: real HTTP on a loopback port, real database (in-memory
 * PGlite, or a fresh PostgreSQL database per test file when TEST_DATABASE_URL is set), migrations
 * and demo data applied.
 */
export type TTestApp = Awaited<ReturnType<typeof startTestApp>>;

export type TResponse<T = any> = { status: number; headers: Headers; body: T };

async function createPostgresDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${process.pid}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function startTestApp(options: { env?: Record<string, string>; features?: Partial<Record<TFeatureFlag, boolean>>; seedDemo?: boolean } = {}) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  const pgBase = process.env.TEST_DATABASE_URL;
  const pgDb = pgBase ? await createPostgresDatabase(pgBase) : undefined;
  const config: TConfig = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: tmp,
    PUBLIC_URL: 'http://localhost:3000',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...options.env,
  });
  const database: TDatabase = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null, poolSize: 4 });
  await runMigrations(database);
  await ensureFeatureFlags(database.db);
  await ensurePermissions(database.db);
  if (options.seedDemo !== false) await seedDemoOnce(database.db);
  for (const [flag, on] of Object.entries(options.features ?? {})) await setFeature(database.db, flag as TFeatureFlag, on!);
  const app: FastifyInstance = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  app.services.realtime.attach(app.server, async (token) => (await actorFromToken(app, token)).id);
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

  async function login(email: string, password = DEMO_PASSWORD) {
    const res = await request('POST', '/api/auth', { headers: { authorization: basic(email, password) } });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { token: string; refreshToken: string; user: Record<string, any> };
  }

  return {
    app,
    baseUrl,
    config,
    db: database.db,
    request,
    login,
    basic,
    async close() {
      await app.services.realtime.close();
      await app.close();
      await database.close();
      await pgDb?.drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
