// Starts the product on fresh embedded databases (demo data), runs the Playwright suites against
// them in Debian's Chromium, and stops them. Exit code: Playwright's.
//
// Playwright runs E2E_WORKERS workers (default 2: this machine's cores; 1 for a run that must be
// serial). Each worker talks to a server of its own on a data folder of its own (see
// playwright.config.ts), so no test sees another worker's writes, and a spec file still runs
// after the files its worker ran before it, on one database, as in a serial run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
// Debian's Chromium headless shell when it is installed (package chromium-headless-shell: the same
// Chromium release built for headless use only, without the full browser's windowing and UI layers;
// Playwright itself runs headless tests in it), else Debian's full Chromium. The whole suite, three
// workers, alone on this machine: 631 -> 497 CPU s, 343 -> 285 s wall (ARCHITECTURE.md, "CI").
const chromium = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file));
if (!chromium || !fs.existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium ?? '/usr/bin/chromium'}. Install Debian's package: apt-get install -y chromium-headless-shell (or chromium, or set CHROMIUM_PATH).`);
  process.exit(1);
}
// The product under test is the built one, started like npm start starts it: plain node on the output.
const serverEntry = path.join(root, 'apps/api/dist/main.js');
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html')) || !fs.existsSync(serverEntry)) {
  console.error('The product is not built: run npm run build first.');
  process.exit(1);
}
const workers = Number(process.env.E2E_WORKERS ?? Math.min(2, os.availableParallelism()));
if (!Number.isInteger(workers) || workers < 1) {
  console.error(`E2E_WORKERS must be a positive integer, not ${process.env.E2E_WORKERS}.`);
  process.exit(1);
}
const firstPort = Number(process.env.E2E_PORT ?? '3210');

function startServer(port) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  const process_ = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development', PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { url: `http://127.0.0.1:${port}`, dataDir, process: process_ };
}

// Seeding the demo takes 10 to 30 s on a quiet machine and over three minutes at load 36: the limit
// is stretched as the tests' are (tests/time-scale.ts: E2E_TIME_SCALE, else 2 on CI).
const timeScale = Number(process.env.E2E_TIME_SCALE) > 0 ? Number(process.env.E2E_TIME_SCALE) : process.env.CI ? 2 : 1;
const readyLimitSeconds = Math.round(180 * timeScale);

async function waitForReady(server) {
  for (let i = 0; i < readyLimitSeconds * 2; i++) {
    try {
      const res = await fetch(`${server.url}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet: try again
    }
    if (server.process.exitCode !== null) throw new Error(`the server on ${server.url} exited before it was ready`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server on ${server.url} did not become ready in ${readyLimitSeconds} s`);
}

/** Stops a server and waits until it has exited (its data folder closed), killing it after 10 s. */
async function stopServer(server) {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  const timer = setTimeout(() => server.process.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

const started = performance.now();
const servers = Array.from({ length: workers }, (_, i) => startServer(firstPort + i));
let code = 1;
try {
  await Promise.all(servers.map(waitForReady));
  // Each server seeds its own demo data (about 25 s of CPU; a restart on a copy of a seeded folder
  // takes about 13, so a seed-once-and-copy start would save CPU only from three workers on).
  console.log(`e2e: ${workers} server(s) with demo data ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const runner = spawn(
    process.execPath,
    [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '-c', path.join(here, 'playwright.config.ts'), `--workers=${workers}`, ...process.argv.slice(2)],
    {
      cwd: here,
      env: { ...process.env, CHROMIUM_PATH: chromium, E2E_BASE_URLS: servers.map((s) => s.url).join(',') },
      stdio: 'inherit',
    },
  );
  code = await new Promise((resolve) => runner.on('exit', (c) => resolve(c ?? 1)));
} catch (error) {
  console.error(error);
} finally {
  // A folder removed under a server still closing made it crash (its lock file gone) and left it running.
  await Promise.all(servers.map(stopServer));
  for (const server of servers) fs.rmSync(server.dataDir, { recursive: true, force: true });
}
process.exit(code);
