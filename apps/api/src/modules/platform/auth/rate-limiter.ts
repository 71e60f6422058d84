import { AppError } from '../../../lib/errors.ts';

/**
 * Sliding-window counters kept in memory. They are per process: with several API processes behind
 * a balancer each one counts on its own, so the effective limit is multiplied by the process count.
 * That is acceptable for slowing down guessing; a shared store would be needed for exact limits.
 */
export type TRateLimit = { limit: number; windowMs: number };

export type TRateLimiter = {
  /** Throws RATE_LIMITED (with Retry-After) when `key` already has `limit` events in the window. */
  check(key: string, rule: TRateLimit): void;
  /** Records one event for `key`. */
  hit(key: string, rule: TRateLimit): void;
  /** check + hit in one step, for actions that count every attempt (not only failures). */
  consume(key: string, rule: TRateLimit): void;
  reset(key: string): void;
};

const MAX_KEYS = 100_000;

export function createRateLimiter(now: () => number = Date.now): TRateLimiter {
  const events = new Map<string, number[]>();

  function recent(key: string, windowMs: number): number[] {
    const since = now() - windowMs;
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

  function check(key: string, rule: TRateLimit) {
    const list = recent(key, rule.windowMs);
    if (list.length >= rule.limit) {
      const retryAfterSeconds = Math.max(1, Math.ceil((list[list.length - rule.limit] + rule.windowMs - now()) / 1000));
      throw new AppError('RATE_LIMITED', 'Too many attempts; try again later', { headers: { 'retry-after': String(retryAfterSeconds) } });
    }
  }

  function hit(key: string, rule: TRateLimit) {
    const list = recent(key, rule.windowMs);
    if (!events.has(key)) evictIfFull();
    list.push(now());
    events.set(key, list);
  }

  return {
    check,
    hit,
    consume(key, rule) {
      check(key, rule);
      hit(key, rule);
    },
    reset(key) {
      events.delete(key);
    },
  };
}

const MINUTE = 60_000;

/** The limits of the sign-in area. Keys are per account (normalised e-mail) and per client address. */
export const AUTH_RATE_LIMITS = {
  failedLoginPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  failedLoginPerAddress: { limit: 30, windowMs: 15 * MINUTE },
  passwordResetPerAccount: { limit: 3, windowMs: 60 * MINUTE },
  passwordResetPerAddress: { limit: 10, windowMs: 60 * MINUTE },
  registrationPerAddress: { limit: 5, windowMs: 60 * MINUTE },
} as const satisfies Record<string, TRateLimit>;

export const accountKey = (scope: string, email: string) => `${scope}:account:${email.trim().toLowerCase()}`;
export const addressKey = (scope: string, ip: string) => `${scope}:address:${ip}`;
