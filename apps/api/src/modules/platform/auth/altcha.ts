import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { TConfig } from '../../../config.ts';
import { AppError } from '../../../lib/errors.ts';
import type { TRedis } from '../../../lib/redis.ts';

/**
 * Self-hosted ALTCHA proof of work (the widget fetches GET /api/auth/altcha-challenge and sends the
 * solved payload, base64 JSON, in the `x-altcha` header). Challenges are HMAC-signed, expire after
 * CHALLENGE_TTL_MS, and a solved challenge is accepted once (replay store below).
 */
const ALGORITHM = 'PBKDF2/SHA-256';
const CHALLENGE_TTL_MS = 10 * 60_000;

// Deterministic mode: the server picks the counter, so verification checks a key signature instead
// of re-deriving. About 3.5 million PBKDF2 rounds on average: roughly a second on an office laptop
// (the library's example, 5,000 x 7,500, took 7-12 s in our measurements, too long for a form);
// tests use a tiny cost so the suite can solve challenges in-process quickly.
function difficulty(config: TConfig) {
  return config.env === 'test' ? { cost: 10, counterMin: 5, counterMax: 40 } : { cost: 1_000, counterMin: 2_000, counterMax: 5_000 };
}

const keySignatureSecret = (config: TConfig) => createHmac('sha256', config.altchaHmacKey).update('altcha-key-signature').digest('hex');

export async function createAltchaChallenge(config: TConfig, now: number = Date.now()): Promise<Challenge> {
  const d = difficulty(config);
  return createChallenge({
    algorithm: ALGORITHM,
    cost: d.cost,
    counter: randomInt(d.counterMin, d.counterMax),
    deriveKey,
    expiresAt: new Date(now + CHALLENGE_TTL_MS),
    hmacSignatureSecret: config.altchaHmacKey,
    hmacKeySignatureSecret: keySignatureSecret(config),
  });
}

/** Remembers solved challenges (by nonce) until they expire: in memory (per process) or in Redis (shared). */
export type TAltchaReplayStore = { markUsed(id: string, expiresAtMs: number): Promise<boolean> };

const MAX_REMEMBERED = 200_000;

export function createAltchaReplayStore(now: () => number = Date.now): TAltchaReplayStore {
  const used = new Map<string, number>();
  return {
    async markUsed(id, expiresAtMs) {
      const t = now();
      if (used.size >= MAX_REMEMBERED / 2) {
        for (const [key, until] of used) if (until < t) used.delete(key);
      }
      // Still full of live entries: drop the oldest. Replaying them needs them unexpired and
      // each was paid for with proof of work, so the window this opens is small.
      while (used.size >= MAX_REMEMBERED) used.delete(used.keys().next().value!);
      const until = used.get(id);
      if (until !== undefined && until >= t) return false;
      used.set(id, expiresAtMs);
      return true;
    },
  };
}

/** Solved challenges in Redis: the first process to mark a nonce wins, every other one refuses it. */
export function createRedisAltchaReplayStore(redis: TRedis, now: () => number = Date.now): TAltchaReplayStore {
  return {
    async markUsed(id, expiresAtMs) {
      const ttl = Math.max(1_000, expiresAtMs - now());
      return (await redis.set(`altcha-used:${id}`, '1', 'PX', ttl, 'NX')) === 'OK';
    },
  };
}

const ZAltchaPayload = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(ALGORITHM),
      nonce: z.string().regex(/^[0-9a-f]{8,128}$/),
      expiresAt: z.number(),
      // What verifySolution reads besides: the challenge this server created and signed carries them all.
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
    }),
    signature: z.string(),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }),
});

const botCheckFailed = (message = 'The bot check was not passed; complete it and try again') => new AppError('BOT_CHECK_FAILED', message);

/** Verifies an `x-altcha` header value; throws BOT_CHECK_FAILED unless it is a fresh, valid, unused solution. */
export async function verifyAltchaPayload(config: TConfig, replay: TAltchaReplayStore, header: string | undefined): Promise<void> {
  if (!header) throw botCheckFailed('The bot check is required');
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(header, 'base64').toString('utf8'));
  } catch {
    throw botCheckFailed();
  }
  const parsed = ZAltchaPayload.safeParse(decoded);
  if (!parsed.success) throw botCheckFailed();
  const { challenge, solution } = parsed.data;
  let verified: boolean;
  try {
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: config.altchaHmacKey,
      hmacKeySignatureSecret: keySignatureSecret(config),
    });
    verified = result.verified;
  } catch {
    verified = false;
  }
  if (!verified) throw botCheckFailed();
  if (!(await replay.markUsed(challenge.parameters.nonce, challenge.parameters.expiresAt * 1000))) {
    throw botCheckFailed('This bot check was already used; complete it again');
  }
}
