import { randomFillSync } from 'node:crypto';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const hex8 = (value: number) => HEX[value & 0xff];

// Random bytes are drawn from the system a few kilobytes at a time, not a few bytes per id.
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;
function randomBytes(count: number): Buffer {
  if (poolOffset + count > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + count);
  poolOffset += count;
  return bytes;
}

/**
 * Time-ordered UUIDs (version 7, RFC 9562): 48 bits of Unix milliseconds, the version, a 12-bit counter
 * (method 1 of the RFC, started at a random value below 0x800 each millisecond), the variant and 62 random
 * bits. Ids one generator makes are strictly increasing, as bytes and as lowercase text, so rows inserted
 * in that order land next to each other in every index that ends in the id (the primary key, the lists'
 * (city_id, sort column, id) indexes) instead of on a random page each, which is what a random (version 4)
 * id costs an index larger than the database's buffer pool.
 *
 * `clock` gives the milliseconds; a clock that stands still or goes back keeps the last millisecond and
 * counts on, and past 4,096 ids in one millisecond the timestamp runs ahead by one until the clock catches up.
 */
export function uuidv7Generator(clock: () => number = Date.now): () => string {
  let lastMs = -1;
  let counter = 0;
  return () => {
    const now = clock();
    if (now > lastMs) {
      lastMs = now;
      counter = randomBytes(2).readUInt16BE(0) & 0x7ff;
    } else if (++counter > 0xfff) {
      lastMs++;
      counter = randomBytes(2).readUInt16BE(0) & 0x7ff;
    }
    const random = randomBytes(8);
    const high = Math.floor(lastMs / 0x10000);
    return (
      hex8(high >>> 24) +
      hex8(high >>> 16) +
      hex8(high >>> 8) +
      hex8(high) +
      '-' +
      hex8(lastMs >>> 8) +
      hex8(lastMs) +
      '-' +
      hex8(0x70 | (counter >>> 8)) +
      hex8(counter) +
      '-' +
      hex8(0x80 | (random[0] & 0x3f)) +
      hex8(random[1]) +
      '-' +
      hex8(random[2]) +
      hex8(random[3]) +
      hex8(random[4]) +
      hex8(random[5]) +
      hex8(random[6]) +
      hex8(random[7])
    );
  };
}

/** The process's (a worker thread's) generator: ids it gives are increasing within that thread. */
export const uuidv7 = uuidv7Generator();
