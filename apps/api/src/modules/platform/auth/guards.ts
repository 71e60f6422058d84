import type { TServices } from '../../../lib/fastify-types.ts';
import { isFeatureOn, type TFeatureFlag } from '../settings/features.ts';
import { createAltchaReplayStore, verifyAltchaPayload, type TAltchaReplayStore } from './altcha.ts';
import { createRateLimiter, type TRateLimiter } from './rate-limiter.ts';

/**
 * In-memory state of the sign-in area (rate-limit counters, used bot-check challenges), one set
 * per application instance so that test apps do not share counters.
 */
export type TAuthGuards = { limiter: TRateLimiter; altchaReplay: TAltchaReplayStore };

const guards = new WeakMap<TServices, TAuthGuards>();

export function authGuardsOf(services: TServices): TAuthGuards {
  let g = guards.get(services);
  if (!g) {
    g = { limiter: createRateLimiter(), altchaReplay: createAltchaReplayStore() };
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
