import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** Where uploaded bytes live. Keys are generated here; a client's file name never becomes a path. */
export type TFileStorage = {
  put(bytes: Buffer): Promise<string>;
  read(key: string): Readable;
  remove(key: string): Promise<void>;
};

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
