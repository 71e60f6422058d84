import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Two API processes on one PostgreSQL and one Redis behave as one: a notification created on one
 * reaches a socket on the other, so does a live list change (only where the receiver's scope reaches), failed sign-ins spread over both meet one limit, a bot-check
 * answer used on one is refused on the other, and only one of them runs the daily jobs.
 * Needs PostgreSQL (MULTI_INSTANCE_DATABASE_URL, default postgres://postgres@127.0.0.1:5432) and
 * Redis (MULTI_INSTANCE_REDIS_URL, default redis://127.0.0.1:6379/15, a database this test empties);
 * without them it is skipped, saying why.
 */
const PG_BASE = (process.env.MULTI_INSTANCE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
const REDIS_URL = process.env.MULTI_INSTANCE_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const ROOT = path.resolve(import.meta.dirname, '../../../..');

async function whyUnavailable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: `${PG_BASE}/postgres`, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
  } catch (error) {
    return `PostgreSQL not reachable at ${PG_BASE} (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    return `Redis not reachable at ${REDIS_URL} (${(error as Error).message})`;
  } finally {
    redis.disconnect();
  }
  return null;
}

const unavailable = await whyUnavailable();
if (unavailable) console.warn(`[multi-instance.test] skipped: ${unavailable}`);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

type TInstance = { url: string; process: ChildProcess; log: string[] };

const databaseName = `multi_instance_${process.pid}_${Date.now().toString(36)}`;
const databaseUrl = `${PG_BASE}/${databaseName}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'multi-instance-'));
const shared = { JWT_SECRET: 'multi-instance-test-secret-0123456789abcdef', ALTCHA_HMAC_KEY: 'multi-instance-test-altcha-key' };
const instances: TInstance[] = [];
const sockets: Socket[] = [];
let redis: Redis;

/** One API process, started from the TypeScript sources as `npm run dev` does (no build needed). */
async function startInstance(): Promise<TInstance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['--conditions=source', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...shared,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const instance = { url, process: child, log };
  instances.push(instance);
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`API process exited: ${log.join('')}`);
    const ready = await fetch(`${url}/api/ready`).catch(() => null);
    if (ready?.ok) return instance;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`API process not ready: ${log.join('')}`);
}

async function call(instance: TInstance, method: string, route: string, init: { token?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(instance.url + route, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
const signIn = (instance: TInstance, email: string, password = 'Demo1234', address = '10.0.0.1') =>
  call(instance, 'POST', '/api/auth', { headers: { authorization: basic(email, password), 'x-forwarded-for': address } });

describe.skipIf(unavailable !== null)(`two API processes on one PostgreSQL and one Redis${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let a: TInstance;
  let b: TInstance;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL);
    await redis.flushdb();
    const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
    await admin.connect();
    await admin.query(`create database "${databaseName}"`);
    await admin.end();
    // The first process migrates and seeds; the second starts on the prepared database.
    a = await startInstance();
    b = await startInstance();
  }, 240_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all(
      instances.map(
        (instance) =>
          new Promise<void>((resolve) => {
            if (instance.process.exitCode !== null) return resolve();
            instance.process.once('exit', () => resolve());
            instance.process.kill('SIGTERM');
            setTimeout(() => {
              instance.process.kill('SIGKILL');
              resolve();
            }, 10_000).unref();
          }),
      ),
    );
    await redis?.flushdb().catch(() => undefined);
    redis?.disconnect();
    const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
    await admin.connect();
    await admin.query(`drop database if exists "${databaseName}" with (force)`).catch(() => undefined);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('a notification created on one process reaches the user socket connected to the other', async () => {
    const hotelier = (await signIn(b, 'hotelier@demo.test')).body;
    const city = (await signIn(a, 'city@demo.test')).body;
    const socket = io(b.url, { path: '/socket.io', auth: { token: hotelier.token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    // The server joins the user's room right after authenticating the handshake.
    await new Promise((r) => setTimeout(r, 1_000));
    const pushed = new Promise<{ notification: { title: string } }>((resolve, reject) => {
      socket.once('notifications', resolve);
      setTimeout(() => reject(new Error('no notification reached the socket on the other process')), 10_000).unref();
    });
    const sent = await call(a, 'POST', '/api/communications', { token: city.token, body: { title: 'Avviso da un altro processo', text: '<p>Ciao</p>' } });
    expect(sent.status).toBe(201);
    expect((await pushed).notification.title).toBe('Avviso da un altro processo');
  });

  it('a live list change made on one process reaches the watcher on the other, and only a watcher whose scope holds the row', async () => {
    const admin = (await signIn(a, 'admin@demo.test', 'Demo1234', '10.5.0.1')).body;
    const gaeta = (await signIn(b, 'city@demo.test', 'Demo1234', '10.5.0.2')).body;
    const formia = (await signIn(b, 'city2@demo.test', 'Demo1234', '10.5.0.3')).body;
    const watch = async (token: string) => {
      const socket = io(b.url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      socket.emit('live:watch', 'structures');
      return socket;
    };
    const [gaetaSocket, formiaSocket] = [await watch(gaeta.token), await watch(formia.token)];
    // The server joins the watch rooms right after authenticating the handshake.
    await new Promise((r) => setTimeout(r, 1_500));
    const formiaStructure = (await call(a, 'GET', '/api/structures?limit=1', { token: formia.token })).body[0];
    const heard = { formia: new Promise<unknown>((resolve) => formiaSocket.once('live', resolve)), gaeta: false };
    gaetaSocket.once('live', () => (heard.gaeta = true));
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('no live change reached the socket on the other process')), 10_000).unref());
    expect((await call(a, 'PUT', `/api/structures/${formiaStructure._id}`, { token: admin.token, body: { name: 'Hotel Formia Mare (in diretta)' } })).status).toBe(200);
    expect(await Promise.race([heard.formia, timeout])).toEqual({ collection: 'structures', id: formiaStructure._id, kind: 'updated' });
    // Gaeta's comune may not read Formia's structure: it never hears of it.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(heard.gaeta).toBe(false);
  });

  it('failed sign-ins spread over both processes meet one limit', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn(a, 'agency@demo.test', `Wrong${i}pass`, `10.1.0.${i}`)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await signIn(b, 'agency@demo.test', `Wrong${i}pass`, `10.2.0.${i}`)).status).toBe(401);
    // Five failures in all: each process alone saw fewer than five, together they reached the limit.
    for (const instance of [a, b]) {
      const asked = await signIn(instance, 'agency@demo.test', 'Demo1234', '10.3.0.1');
      expect(asked.status).toBe(429);
      expect(asked.body.code).toBe('BOT_CHECK_REQUIRED');
    }
  });

  it('a sign-out on one process ends the session on the other at once, though the other keeps signed-in users for a few seconds', async () => {
    const { token } = (await signIn(a, 'consortium@demo.test', 'Demo1234', '10.4.0.1')).body;
    expect((await call(b, 'GET', '/api/users/me', { token })).status).toBe(200);
    expect((await call(b, 'GET', '/api/users/me', { token })).status).toBe(200);
    expect((await call(a, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    expect((await call(b, 'GET', '/api/users/me', { token })).status).toBe(401);
  });

  it('a bot-check answer used on one process is refused on the other', async () => {
    const challenge = (await call(a, 'GET', '/api/auth/altcha-challenge')).body as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
    const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const first = await call(a, 'POST', '/api/auth/forgot-password', { headers: { 'x-altcha': altcha }, body: { email: 'hotelier@demo.test' } });
    expect(first.status).toBe(200);
    const replay = await call(b, 'POST', '/api/auth/forgot-password', { headers: { 'x-altcha': altcha }, body: { email: 'hotelier@demo.test' } });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('BOT_CHECK_FAILED');
  });

  it('only one process runs the daily jobs: one holds the lock, each job has at most one run a day', async () => {
    // The runners tick 5 s after start, then every minute; one of them takes the lock.
    let holder: string | null = null;
    for (let i = 0; i < 40 && !holder; i++) {
      holder = await redis.get('daily-jobs:lock');
      if (!holder) await new Promise((r) => setTimeout(r, 500));
    }
    expect(holder).toMatch(/^\d+:[0-9a-f-]{36}$/);
    const ttl = await redis.pttl('daily-jobs:lock');
    expect(ttl).toBeGreaterThan(0);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from job_runs group by job_name, run_date having count(*) > 1');
      expect(rows).toEqual([]);
    } finally {
      await client.end();
    }
    for (const instance of [a, b]) expect(instance.process.exitCode).toBeNull();
  });
});
