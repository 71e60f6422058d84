import type { TServices } from '../../../lib/fastify-types.ts';
import { isFeatureOn, type TFeatureFlag } from '../settings/features.ts';
import { createAltchaReplayStore, createRedisAltchaReplayStore, verifyAltchaPayload, type TAltchaReplayStore } from './altcha.ts';
import { createRateLimiter, createRedisRateLimitStore, type TRateLimiter } from './rate-limiter.ts';

/**
 * State of the sign-in area (rate-limit counters, used bot-check challenges), one set per
 * application instance so that test apps do not share counters: in memory, or in Redis when the
 * app has one (REDIS_URL), so that several processes count and remember together.
 */
export type TAuthGuards = { limiter: TRateLimiter; altchaReplay: TAltchaReplayStore };

const guards = new WeakMap<TServices, TAuthGuards>();

export function authGuardsOf(services: TServices): TAuthGuards {
  let g = guards.get(services);
  if (!g) {
    const redis = services.redis;
    g = redis
      ? { limiter: createRateLimiter(createRedisRateLimitStore(redis)), altchaReplay: createRedisAltchaReplayStore(redis) }
      : { limiter: createRateLimiter(), altchaReplay: createAltchaReplayStore() };
    guards.set(services, g);
  }
  return g;
}

/** Requires a valid `x-altcha` payload, always or when the named feature flag is on; true when one was verified. */
export async function requireBotCheck(services: TServices, header: string | string[] | undefined, when: 'always' | TFeatureFlag): Promise<boolean> {
  if (when !== 'always' && !(await isFeatureOn(services.db, when))) return false;
  await verifyAltchaPayload(services.config, authGuardsOf(services).altchaReplay, Array.isArray(header) ? header[0] : header);
  return true;
}
