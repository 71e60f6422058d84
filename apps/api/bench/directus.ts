import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Directus 11, the generic collections server a user might pick instead, as a contender in the list
 * bench. It is not a dependency of the project (hundreds of packages): the bench uses an install
 * made beforehand from the npm registry, `npm install --prefix <dir> directus@11`, found through
 * BENCH_DIRECTUS_DIR. Without one, the bench says so and the raw node-postgres server stays the reference.
 */
export type TDirectus = { baseUrl: string; headers: Record<string, string>; stop: () => void };

const TOKEN = 'bench-directus-static-token';
const ADMIN_EMAIL = 'bench-admin@example.com';

export function directusInstallDir(): string | null {
  const dir = process.env.BENCH_DIRECTUS_DIR;
  if (!dir) return null;
  return fs.existsSync(path.join(dir, 'node_modules/directus/package.json')) ? dir : null;
}

export function directusVersion(dir: string): string {
  return (JSON.parse(fs.readFileSync(path.join(dir, 'node_modules/directus/package.json'), 'utf8')) as { version: string }).version;
}

/**
 * Starts Directus on `databaseUrl` (its bootstrap adds its own directus_* tables beside ours and
 * serves our tables, unconfigured, to its administrator), with data caching and rate limiting off
 * so that every request reaches the database as the API's do. The administrator's static token
 * reads without row permissions: a filter-free shortcut our API does not take, so the comparison
 * favours Directus.
 */
export async function startDirectus(dir: string, databaseUrl: string, port: number): Promise<TDirectus> {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DB_CLIENT: 'pg',
    DB_HOST: url.hostname,
    DB_PORT: url.port || '5432',
    DB_DATABASE: url.pathname.slice(1),
    DB_USER: decodeURIComponent(url.username) || 'postgres',
    DB_PASSWORD: decodeURIComponent(url.password),
    KEY: 'bench-directus-key-0123456789abcdef',
    SECRET: 'bench-directus-secret-0123456789abcdef',
    ADMIN_EMAIL,
    ADMIN_PASSWORD: 'Bench-directus-1234',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TELEMETRY: 'false',
    LOG_LEVEL: 'warn',
    CACHE_ENABLED: 'false',
    RATE_LIMITER_ENABLED: 'false',
    ACCESS_TOKEN_TTL: '1d',
  };
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-directus-'));
  const cli = path.join(dir, 'node_modules/directus/cli.js');
  const run = (args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [cli, ...args], { cwd: work, env, stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`directus ${args.join(' ')} exited with ${code}: ${err.slice(-500)}`))));
    });
  // Bootstrap installs Directus's tables once and creates the administrator; later runs only migrate.
  await run(['bootstrap']);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const updated = await client.query('update directus_users set token = $1 where email = $2', [TOKEN, ADMIN_EMAIL]);
    if (updated.rowCount === 0) throw new Error(`Directus bootstrap made no administrator ${ADMIN_EMAIL} in ${url.pathname.slice(1)}`);
  } finally {
    await client.end();
  }
  const server: ChildProcess = spawn(process.execPath, [cli, 'start'], { cwd: work, env, stdio: ['ignore', 'ignore', 'pipe'] });
  // Directus prints an update notice on stderr at every start: its output is shown only if it fails to start.
  let serverErr = '';
  server.stderr!.on('data', (chunk: Buffer) => (serverErr = (serverErr + chunk.toString()).slice(-2000)));
  const stop = () => {
    server.kill();
    fs.rmSync(work, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) break;
    try {
      if ((await fetch(`${baseUrl}/server/ping`)).ok) return { baseUrl, headers: { authorization: `Bearer ${TOKEN}` }, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop();
  throw new Error(`Directus did not start within 2 minutes: ${serverErr}`);
}
