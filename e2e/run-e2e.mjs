// Starts the product on a fresh embedded database (demo data), runs the Playwright suites against
// it in Debian's Chromium, and stops it. Exit code: Playwright's.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}. Install Debian's package: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  process.exit(1);
}
// The product under test is the built one, started like npm start starts it: plain node on the output.
const serverEntry = path.join(root, 'apps/api/dist/main.js');
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html')) || !fs.existsSync(serverEntry)) {
  console.error('The product is not built: run npm run build first.');
  process.exit(1);
}
const port = process.env.E2E_PORT ?? '3210';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
const server = spawn(process.execPath, [serverEntry], {
  cwd: root,
  env: { ...process.env, PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development', PUBLIC_URL: `http://127.0.0.1:${port}` },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitForReady() {
  for (let i = 0; i < 360; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet: try again
    }
    if (server.exitCode !== null) throw new Error('the server exited before it was ready');
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not become ready in 60 s');
}

let code = 1;
try {
  await waitForReady();
  const runner = spawn(process.execPath, [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '-c', path.join(here, 'playwright.config.ts'), ...process.argv.slice(2)], {
    cwd: here,
    env: { ...process.env, E2E_BASE_URL: `http://127.0.0.1:${port}` },
    stdio: 'inherit',
  });
  code = await new Promise((resolve) => runner.on('exit', (c) => resolve(c ?? 1)));
} catch (error) {
  console.error(error);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
