import { Redis } from 'ioredis';

/**
 * The Redis connection several API processes share state through (REDIS_URL): rate-limit counters,
 * used bot-check challenges, socket.io rooms and the daily job's lock. Without REDIS_URL there is
 * none and that state stays in the process's memory.
 */
export type TRedis = Redis;

export function connectRedis(url: string): Redis {
  // Commands fail after a few retries instead of queueing forever while Redis is away.
  return new Redis(url, { maxRetriesPerRequest: 3, connectTimeout: 5_000 });
}
