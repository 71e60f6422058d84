import { Worker, type ResourceLimits } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Starts a worker thread on a module of this app, so CPU-heavy work (reading and pricing an import
 * file) runs off the event loop and other requests stay responsive.
 *
 * The built app runs its `.js` modules directly. From the TypeScript sources (tests, `npm run dev`,
 * the bench) the worker first registers tsx, and resolves `@app/domain` to its sources as the
 * parent does ("source" export condition); Node 20 does not apply `--import` to a worker's entry.
 */
export function startWorker(moduleUrl: URL, workerData: unknown, transferList: ArrayBuffer[] = [], resourceLimits?: ResourceLimits): Worker {
  if (!moduleUrl.pathname.endsWith('.ts')) return new Worker(fileURLToPath(moduleUrl), { workerData, transferList, resourceLimits });
  const tsx = resolveTsx();
  const bootstrap = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(moduleUrl.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData, transferList, resourceLimits, execArgv: ['--conditions=source'] });
}

/** At most `size` tasks at once; the others wait their turn (the machine's cores are shared with the server). */
export function taskLimiter(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/**
 * tsx's loader API (its ES module). Vitest's global setup runs in a module runner without
 * `import.meta.resolve`: there the package is found by require's resolution, whose file is the
 * CommonJS twin (.cjs) of the module (.mjs) beside it.
 */
function resolveTsx(): string {
  try {
    return import.meta.resolve('tsx/esm/api');
  } catch {
    return pathToFileURL(
      createRequire(import.meta.url)
        .resolve('tsx/esm/api')
        .replace(/\.cjs$/, '.mjs'),
    ).href;
  }
}
