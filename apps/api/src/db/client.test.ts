import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, openDatabase, runMigrations } from './client.ts';

describe('embedded database', () => {
  it('refuses a second opener of the same PGlite data folder, and allows it again once closed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-lock-'));
    const first = await openDatabase({ dataDir: dir });
    await runMigrations(first);
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by another process/);
    await first.close();
    const again = await openDatabase({ dataDir: dir });
    await again.ping();
    await again.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
