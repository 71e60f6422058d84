import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_ONLY, ON_POSTGRES } from './postgres-pass.ts';

/**
 * The PostgreSQL pass is a list (postgres-pass.ts): these checks keep it from rotting silently. A new
 * API test file fails here until it is classified, and a file said not to touch a database is read
 * for the imports that would open one.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const src = path.join(root, 'apps/api/src');

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [path.relative(root, full).split(path.sep).join('/')] : [];
  });
}

/** How a test reaches a database: the test server, the database client, Drizzle, the drivers. */
const OPENS_DATABASE = /\b(?:startTestApp|openDatabase|prepareTestDatabase)\b|from '(?:drizzle-orm[^']*|pg|@electric-sql\/pglite[^']*)'/;

describe('the PostgreSQL pass', () => {
  const files = testFiles(src);
  const classified = [...Object.keys(ON_POSTGRES), ...Object.keys(EMBEDDED_ONLY)];

  it('finds the API test files (the scanner works)', () => {
    expect(files).toContain('apps/api/src/test/row-scope.test.ts');
    expect(files.length).toBeGreaterThan(50);
  });

  it('classifies every API test file once, and names no file that is gone', () => {
    expect(
      files.filter((file) => !classified.includes(file)),
      'add these to ON_POSTGRES or EMBEDDED_ONLY in postgres-pass.ts',
    ).toEqual([]);
    expect(
      classified.filter((file) => !files.includes(file)),
      'remove these from postgres-pass.ts',
    ).toEqual([]);
    expect(Object.keys(ON_POSTGRES).filter((file) => file in EMBEDDED_ONLY)).toEqual([]);
  });

  it('takes a file at its word when it says it opens no database', () => {
    // This file names what it looks for, so it is left out of its own check.
    const noDatabase = Object.entries(EMBEDDED_ONLY).filter(([file, why]) => why === 'no-database' && file !== 'apps/api/src/test/postgres-pass.test.ts');
    expect(noDatabase.length).toBeGreaterThan(5);
    expect(noDatabase.filter(([file]) => OPENS_DATABASE.test(fs.readFileSync(path.join(root, file), 'utf8'))).map(([file]) => file)).toEqual([]);
  });

  it('reads the imports that open a database (the check above works)', () => {
    for (const file of ['apps/api/src/test/row-scope.test.ts', 'apps/api/src/db/client.test.ts', 'apps/api/src/modules/tourist-tax/stays/import-bounds.test.ts']) {
      expect(OPENS_DATABASE.test(fs.readFileSync(path.join(root, file), 'utf8')), file).toBe(true);
    }
  });
});
