import { expect, it } from 'vitest';
import { uuidv7, uuidv7Generator } from './uuidv7.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const msOf = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);
const counterOf = (id: string) => parseInt(id.slice(15, 18), 16);

it('lays out version 7: the millisecond in the first 48 bits, version 7, variant 10', () => {
  const ms = Date.UTC(2026, 2, 1, 12, 34, 56, 789);
  const id = uuidv7Generator(() => ms)();
  expect(id).toMatch(UUID_V7);
  expect(msOf(id)).toBe(ms);
  expect(id.slice(0, 13)).toBe(`${ms.toString(16).padStart(12, '0').slice(0, 8)}-${ms.toString(16).padStart(12, '0').slice(8)}`);
  // The counter starts below 0x800, so a millisecond has room for at least 2,048 ids before it runs ahead.
  expect(counterOf(id)).toBeLessThan(0x800);
});

it('stamps the clock of the moment', () => {
  const before = Date.now();
  const id = uuidv7();
  expect(msOf(id)).toBeGreaterThanOrEqual(before);
  expect(msOf(id)).toBeLessThanOrEqual(Date.now());
});

it('increases strictly within one generator, in the same millisecond, past the counter and with a clock going back', () => {
  const ticks = [1_000, 1_000, 1_001, 999, 999, 2_000];
  let call = 0;
  // 3,000 ids per tick: more than the counter holds in one millisecond.
  const generate = uuidv7Generator(() => ticks[Math.floor(call++ / 3_000)]);
  const ids = Array.from({ length: ticks.length * 3_000 }, generate);
  for (const id of ids) expect(id).toMatch(UUID_V7);
  for (let i = 1; i < ids.length; i++) if (!(ids[i - 1] < ids[i])) expect.fail(`id ${i} (${ids[i]}) is not above id ${i - 1} (${ids[i - 1]})`);
  // Running ahead is bounded: 15,000 ids around 1,000 ms end a few milliseconds past it, then the clock takes over.
  expect(msOf(ids[5 * 3_000 - 1])).toBeLessThan(1_010);
  expect(msOf(ids[5 * 3_000])).toBe(2_000);
});

it('keeps 62 random bits: ids of the same millisecond differ past the counter', () => {
  const tails = new Set(Array.from({ length: 1_000 }, () => uuidv7Generator(() => 5)().slice(19)));
  expect(tails.size).toBe(1_000);
});
