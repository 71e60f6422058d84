import { AppError } from '../../../lib/errors.ts';

/**
 * Sliding-window counters. Without REDIS_URL they live in this process's memory; with it they live
 * in Redis (shared/redis.ts), so several API processes behind one address count together and a
 * guess spread over them meets the same limit.
 */
export type TRateLimit = { limit: number; windowMs: number };

export type TRateLimiter = {
  /** Throws RATE_LIMITED (with Retry-After) when `key` already has `limit` events in the window. */
  check(key: string, rule: TRateLimit): Promise<void>;
  /** True when `key` already has `limit` events in the window (the caller decides what that costs). */
  isOver(key: string, rule: TRateLimit): Promise<boolean>;
  /** Records one event for `key`. */
  hit(key: string, rule: TRateLimit): Promise<void>;
  /** check + hit in one step, for actions that count every attempt (not only failures). */
  consume(key: string, rule: TRateLimit): Promise<void>;
  reset(key: string): Promise<void>;
};

/** Where the events of a key are kept: the times (ms) of the events still inside the window, oldest first. */
export type TRateLimitStore = {
  recent(key: string, windowMs: number, now: number): Promise<number[]>;
  add(key: string, windowMs: number, now: number): Promise<void>;
  clear(key: string): Promise<void>;
};

const MAX_KEYS = 100_000;

export function createMemoryRateLimitStore(): TRateLimitStore {
  const events = new Map<string, number[]>();

  function inWindow(key: string, windowMs: number, now: number): number[] {
    const since = now - windowMs;
    const list = (events.get(key) ?? []).filter((at) => at > since);
    if (list.length === 0) events.delete(key);
    else events.set(key, list);
    return list;
  }

  // Keeps memory bounded under a flood of distinct keys: old keys go first (Map keeps insertion order).
  function evictIfFull() {
    if (events.size < MAX_KEYS) return;
    const drop = Math.ceil(MAX_KEYS / 10);
    let i = 0;
    for (const key of events.keys()) {
      if (i++ >= drop) break;
      events.delete(key);
    }
  }

  return {
    recent: async (key, windowMs, now) => inWindow(key, windowMs, now),
    async add(key, windowMs, now) {
      const list = inWindow(key, windowMs, now);
      if (!events.has(key)) evictIfFull();
      list.push(now);
      events.set(key, list);
    },
    async clear(key) {
      events.delete(key);
    },
  };
}

export function createRateLimiter(store: TRateLimitStore = createMemoryRateLimitStore(), now: () => number = Date.now): TRateLimiter {
  async function check(key: string, rule: TRateLimit) {
    const t = now();
    const list = await store.recent(key, rule.windowMs, t);
    if (list.length >= rule.limit) {
      const retryAfterSeconds = Math.max(1, Math.ceil((list[list.length - rule.limit] + rule.windowMs - t) / 1000));
      throw new AppError('RATE_LIMITED', 'Too many attempts; try again later', { headers: { 'retry-after': String(retryAfterSeconds) } });
    }
  }
  const hit = (key: string, rule: TRateLimit) => store.add(key, rule.windowMs, now());

  return {
    check,
    hit,
    async isOver(key, rule) {
      return (await store.recent(key, rule.windowMs, now())).length >= rule.limit;
    },
    async consume(key, rule) {
      await check(key, rule);
      await hit(key, rule);
    },
    reset: (key) => store.clear(key),
  };
}

const MINUTE = 60_000;

/**
 * The limits of the sign-in area. Keys are per account (normalised e-mail) and per client address.
 * Past the failed-login limits nothing is locked: every further attempt on that account, or from
 * that address, needs a solved bot check (login.ts), so the right password still gets through.
 */
export const AUTH_RATE_LIMITS = {
  failedLoginPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  failedLoginPerAddress: { limit: 30, windowMs: 15 * MINUTE },
  passwordResetPerAccount: { limit: 3, windowMs: 60 * MINUTE },
  passwordResetPerAddress: { limit: 10, windowMs: 60 * MINUTE },
  registrationPerAddress: { limit: 5, windowMs: 60 * MINUTE },
} as const satisfies Record<string, TRateLimit>;

export const accountKey = (scope: string, email: string) => `${scope}:account:${email.trim().toLowerCase()}`;
export const addressKey = (scope: string, ip: string) => `${scope}:address:${ip}`;
