// The README's test command (npm test): every suite, lint and typecheck included, stage by stage.
// Stops at the first failing stage (exit 1) and prints what each stage took: wall seconds, the CPU
// seconds of its processes, and the load average, so a figure from a shared machine can be read.
// ESLint and tsc use one core each: with two cores or more, lint runs beside format check,
// typecheck and build.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

const TICKS_PER_SECOND = 100;
/** User + system CPU seconds of this process's finished children (Linux; 0 elsewhere). */
function childrenCpuSeconds() {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // After the command name: state is field 3 of stat, cutime and cstime are 16 and 17.
    return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/** Runs one npm script or command with the terminal; resolves to its exit code. */
function run(command, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (options.quiet) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Commands side by side, each output printed whole once it ends (so they do not interleave). */
async function sideBySide(commands) {
  const results = await Promise.all(
    commands.map(async (sequence) => {
      let output = '';
      for (const command of sequence) {
        const started = Date.now();
        const result = await run(command, { quiet: true });
        output += `${result.output}(${command}: ${Math.round((Date.now() - started) / 1000)} s, exit ${result.code})\n`;
        if (result.code !== 0) return { code: result.code, output };
      }
      return { code: 0, output };
    }),
  );
  for (const { output } of results) process.stdout.write(output);
  return results.find((result) => result.code !== 0)?.code ?? 0;
}

// The build comes after typecheck, which has just type-checked the domain and the API: tsc only emits
// them (--no-check) instead of checking them a second time. What only the build's own settings would
// catch (NodeNext resolution of the emitted imports) fails the end-to-end stage, which starts the built server.
const CHECKS = ['npm run format:check', 'npm run typecheck', 'node scripts/build.mjs --if-stale --no-check'];
const STAGES = [
  os.availableParallelism() >= 2
    ? { name: 'lint | format, typecheck, build', work: () => sideBySide([['npm run lint'], CHECKS]) }
    : { name: 'lint, format, typecheck, build', work: () => sideBySide([['npm run lint', ...CHECKS]]) },
  { name: 'vitest (unit, API on the embedded database)', work: async () => (await run('npm run test:unit')).code },
  { name: 'end-to-end (Chromium)', work: async () => (await run('npm run test:e2e')).code },
];

const summary = [];
let failed = 0;
for (const stage of STAGES) {
  const started = Date.now();
  const cpuBefore = childrenCpuSeconds();
  const loadBefore = load();
  console.log(`== ${stage.name}`);
  const code = await stage.work();
  summary.push(
    `${stage.name.padEnd(46)} ${String(Math.round((Date.now() - started) / 1000)).padStart(5)} s wall ${String(Math.round(childrenCpuSeconds() - cpuBefore)).padStart(6)} s CPU   load ${loadBefore} -> ${load()}${code ? '   FAILED' : ''}`,
  );
  if (code !== 0) {
    failed = code;
    break;
  }
}
console.log(`== npm test: ${summary.length} of ${STAGES.length} stages run, ${os.availableParallelism()} cores`);
for (const line of summary) console.log(line);
process.exit(failed ? 1 : 0);
