import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { TFileStorage } from '../../../lib/services.ts';

/** Uploaded bytes on the local disk under `root`: one file per key, in a folder named by its first two characters. */
export function createLocalStorage(root: string): TFileStorage {
  const pathOf = (key: string) => {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error('invalid storage key');
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(bytes) {
      const key = randomUUID();
      const file = pathOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes, { flag: 'wx' });
      return key;
    },
    read: (key) => createReadStream(pathOf(key)),
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
  };
}
