import { describe, expect, it } from 'vitest';
import { createTableWrites, readsAsOfArrival } from './table-writes.ts';

/** A LISTEN connection whose round trips the test answers by hand, counting them. */
function fakeListening() {
  const pending: (() => void)[] = [];
  let roundTrips = 0;
  const database = {
    listen: async () => ({
      sync: () => {
        roundTrips++;
        return new Promise<void>((resolve) => pending.push(resolve));
      },
      stop: async () => undefined,
    }),
  };
  return { database, answer: () => pending.splice(0).forEach((resolve) => resolve()), roundTrips: () => roundTrips };
}
const quiet = { warn: () => undefined };

describe('table writes: one round trip serves a read request', () => {
  it('within a request, a sync answered by a round trip sent after its arrival needs no other; a later request does', async () => {
    const fake = fakeListening();
    const writes = createTableWrites(fake.database, quiet);
    await writes.start();

    const first = readsAsOfArrival.run(performance.now(), async () => {
      const sync = writes.sync();
      fake.answer();
      await sync;
      // The user's, the settings' and the counts' caches of the same request: no more round trips.
      await writes.sync();
      await writes.sync();
    });
    await first;
    expect(fake.roundTrips()).toBe(1);

    // A request that arrives after that round trip was sent needs one of its own.
    await new Promise((resolve) => setTimeout(resolve, 2));
    const second = readsAsOfArrival.run(performance.now(), () => writes.sync());
    expect(fake.roundTrips()).toBe(2);
    fake.answer();
    await second;
  });

  it('outside a read request every sync takes its round trip, and a lost connection forgets what was heard', async () => {
    const fake = fakeListening();
    const writes = createTableWrites(fake.database, quiet);
    await writes.start();
    for (let i = 1; i <= 2; i++) {
      const sync = writes.sync();
      expect(fake.roundTrips()).toBe(i);
      fake.answer();
      await sync;
    }
    const arrived = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 2));
    const third = readsAsOfArrival.run(arrived, () => writes.sync());
    fake.answer();
    await third;
    expect(fake.roundTrips()).toBe(3);
    // Heard as of now; after a stop (a lost connection) sync fails rather than answering from before.
    await writes.stop();
    await expect(readsAsOfArrival.run(arrived, () => writes.sync())).rejects.toThrow(/not listening/);
  });
});
