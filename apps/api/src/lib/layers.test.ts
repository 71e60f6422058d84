import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LIB = fileURLToPath(new URL('.', import.meta.url));

/** Files allowed to import modules/ for now (none: the collection runtime takes its permission gate from the context). */
const NOT_YET_CLEAN = new Set<string>([]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

const importsOf = (text: string) => [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]);

describe('lib layer', () => {
  const files = sourceFiles(LIB).map((path) => ({ file: relative(LIB, path), imports: importsOf(readFileSync(path, 'utf8')) }));

  it('reads the imports of lib (the scanner works)', () => {
    expect(files.find((f) => f.file === 'fastify-types.ts')?.imports).toContain('./services.ts');
  });

  it('never imports from modules/', () => {
    const offending = files
      .filter(({ file }) => !NOT_YET_CLEAN.has(file))
      .flatMap(({ file, imports }) => imports.filter((spec) => /(^|\/)modules\//.test(spec)).map((spec) => `${file} imports ${spec}`));
    expect(offending).toEqual([]);
  });
});

describe('relative imports', () => {
  const SRC = fileURLToPath(new URL('..', import.meta.url));
  const DOMAIN = fileURLToPath(new URL('../../../../packages/domain/src/', import.meta.url));
  const allFiles = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? allFiles(path) : /\.ts$/.test(name) ? [path] : [];
    });

  it('name their .ts file in packages/domain and apps/api (the NodeNext build rewrites only those)', () => {
    const files = [...allFiles(SRC), ...allFiles(DOMAIN)];
    expect(files.length).toBeGreaterThan(100);
    const offending = files.flatMap((path) =>
      importsOf(readFileSync(path, 'utf8'))
        .filter((spec) => spec.startsWith('.') && !/\.(ts|json)$/.test(spec))
        .map((spec) => `${relative(join(SRC, '../../..'), path)} imports ${spec}`),
    );
    expect(offending).toEqual([]);
  });
});
