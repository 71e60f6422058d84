import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The product as users run it, for the bench: `node apps/api/dist/main.js` in a process of its own (so the load
 * generator never shares its event loop), over HTTP on 127.0.0.1. Every section that times what a user meets starts
 * it through here, so the figures are those of the compiled code, not of the TypeScript sources run in process.
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let built = false;
/**
 * Builds the product once per bench run when its sources are newer than its build (`scripts/build.mjs --if-stale`:
 * domain, API and web). BENCH_NO_BUILD=1 uses the dist folders as they are.
 */
export function buildProductIfStale() {
  if (built || process.env.BENCH_NO_BUILD === '1') return;
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
  built = true;
}

/** A free TCP port of 127.0.0.1 (asked of the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type TCompiledServer = {
  /** `http://127.0.0.1:<port>` */
  base: string;
  port: number;
  pid: number;
  /** The server process's resident memory now, in MB (threads included). */
  rssMb(): number;
  /** User + system CPU seconds the server process has used so far (all its threads). */
  cpuSeconds(): number;
  /** SIGTERM, then SIGKILL after 10 s; removes the data folder it made. */
  stop(): Promise<void>;
};

export type TCompiledServerOptions = {
  /** PostgreSQL database to run on; without it, the embedded database in a new temporary data folder. */
  databaseUrl?: string;
  /** Demo data (default: none; a bench seeds its own rows). */
  demo?: boolean;
  /** More environment for the server (JWT_SECRET, CHECK_LIST_RESPONSES, WEB_DIST_DIR, ...). */
  env?: Record<string, string>;
  /** A fixed port instead of a free one. */
  port?: number;
  readyTimeoutMs?: number;
};

/** User + system CPU seconds a process has used so far (all its threads); 0 once it is gone. */
export function cpuSecondsOf(pid: number): number {
  try {
    // After the command name: utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Starts the compiled product (built first if stale) and resolves once `/api/ready` answers. */
export async function startCompiledServer(options: TCompiledServerOptions = {}): Promise<TCompiledServer> {
  buildProductIfStale();
  const port = options.port ?? (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-product-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    SEED_DEMO: options.demo ? 'true' : 'false',
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['apps/api/dist/main.js'], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 300_000);
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the product exited (${child.exitCode}) before it was ready`);
    }
    const ready = await fetch(`${base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the product was not ready within ${Math.round((options.readyTimeoutMs ?? 300_000) / 1000)} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const pid = child.pid!;
  const rssMb = () => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    } catch {
      return 0;
    }
  };
  const cpuSeconds = () => cpuSecondsOf(pid);
  return { base, port, pid, rssMb, cpuSeconds, stop };
}
