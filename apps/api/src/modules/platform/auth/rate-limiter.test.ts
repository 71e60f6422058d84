import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors.ts';
import { createAltchaReplayStore } from './altcha.ts';
import { createRateLimiter } from './rate-limiter.ts';

describe('createRateLimiter (sliding window)', () => {
  it('refuses the event over the limit with the seconds until the oldest one leaves the window', async () => {
    let now = 1_000_000;
    const limiter = createRateLimiter(undefined, () => now);
    const rule = { limit: 3, windowMs: 60_000 };
    await limiter.consume('k', rule); // t=0
    now += 10_000;
    await limiter.consume('k', rule); // t=10s
    now += 10_000;
    await limiter.consume('k', rule); // t=20s
    let error: AppError | undefined;
    try {
      await limiter.consume('k', rule);
    } catch (e) {
      error = e as AppError;
    }
    expect(error?.code).toBe('RATE_LIMITED');
    expect(error?.statusCode).toBe(429);
    expect(error?.headers?.['retry-after']).toBe('40');
    // The window slides: once the first event is older than 60 s, one more is allowed.
    now += 40_001;
    await expect(limiter.consume('k', rule)).resolves.toBeUndefined();
    await expect(limiter.consume('k', rule)).rejects.toThrow(AppError);
  });

  it('check does not count, reset clears, keys are independent', async () => {
    const limiter = createRateLimiter(undefined, () => 0);
    const rule = { limit: 1, windowMs: 1000 };
    await limiter.check('a', rule);
    await limiter.check('a', rule);
    expect(await limiter.isOver('a', rule)).toBe(false);
    await limiter.hit('a', rule);
    expect(await limiter.isOver('a', rule)).toBe(true);
    await expect(limiter.check('a', rule)).rejects.toThrow(AppError);
    await expect(limiter.check('b', rule)).resolves.toBeUndefined();
    await limiter.reset('a');
    await expect(limiter.check('a', rule)).resolves.toBeUndefined();
  });
});

describe('createAltchaReplayStore', () => {
  it('accepts an id once until it expires', () => {
    let now = 0;
    const store = createAltchaReplayStore(() => now);
    expect(store.markUsed('n1', 5000)).toBe(true);
    expect(store.markUsed('n1', 5000)).toBe(false);
    expect(store.markUsed('n2', 5000)).toBe(true);
    now = 6000; // expired challenges are refused by the signature check anyway; the store may forget them
    expect(store.markUsed('n1', 9000)).toBe(true);
  });
});
