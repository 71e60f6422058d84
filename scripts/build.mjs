// Builds the product: the domain package and the API to JavaScript (tsc), the web app (Vite).
//   node scripts/build.mjs             always builds
//   node scripts/build.mjs --if-stale  builds only when an output is missing or an input changed
//   node scripts/build.mjs --no-check  emits the domain and the API without tsc's type check: for
//                                      npm test, whose typecheck stage has just checked the same files
// "Changed" means the content hash of the inputs (every file of the three workspaces except
// node_modules and build outputs, plus the root package files) differs from the one recorded by the
// last complete build, so a fresh build costs one hash of a few megabytes and nothing else.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const WORKSPACES = ['packages/domain', 'apps/api', 'apps/web'];
const ROOT_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.base.json', 'scripts/build.mjs'];
/** Folders that are outputs or local state, never inputs. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage']);
const OUTPUTS = ['packages/domain/dist/platform/auth/roles.js', 'apps/api/dist/main.js', 'apps/web/dist/index.html'];
/** Written last by a complete build; holds the inputs' hash that build saw. */
const STAMP = path.join(root, 'apps/api/dist/build-fingerprint.json');

function listFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || (entry.isDirectory() && SKIPPED_DIRS.has(entry.name))) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(full));
    else if (entry.isFile()) files.push(full);
  }
  return files;
}

function inputsFingerprint() {
  const files = [...ROOT_INPUTS.map((f) => path.join(root, f)).filter((f) => fs.existsSync(f)), ...WORKSPACES.flatMap((w) => listFiles(path.join(root, w)))];
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    hash.update(path.relative(root, file).split(path.sep).join('/')).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function readStamp() {
  try {
    return JSON.parse(fs.readFileSync(STAMP, 'utf8')).fingerprint;
  } catch {
    return undefined;
  }
}

/** tsc's flag that emits without type checking (the type errors are typecheck's to report). */
const TSC_ARGS = process.argv.includes('--no-check') ? ['--', '--noCheck'] : [];

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const fingerprint = inputsFingerprint();
if (process.argv.includes('--if-stale')) {
  const missing = OUTPUTS.filter((f) => !fs.existsSync(path.join(root, f)));
  const stamp = readStamp();
  if (missing.length === 0 && stamp === fingerprint) process.exit(0);
  console.log(missing.length > 0 ? `Building (no build output at ${missing[0]}).` : stamp ? 'Building (the sources changed since the last build).' : 'Building (no record of a complete build).');
}

try {
  createRequire(path.join(root, 'package.json')).resolve('typescript');
} catch {
  console.error('The build is missing or out of date, and the build tools (devDependencies) are not installed. Run npm ci, then npm run build.');
  process.exit(1);
}

// tsc does not remove outputs of deleted sources: start both from empty folders.
for (const dir of ['packages/domain/dist', 'apps/api/dist']) fs.rmSync(path.join(root, dir), { recursive: true, force: true });
run(['run', 'build', '-w', '@app/domain', ...TSC_ARGS]);
run(['run', 'build', '-w', '@app/api', ...TSC_ARGS]);
run(['run', 'build', '-w', '@app/web']);
fs.writeFileSync(STAMP, `${JSON.stringify({ fingerprint, builtAt: new Date().toISOString() }, null, 2)}\n`);
