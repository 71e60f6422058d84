import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_RULES } from '@app/domain/environmental/nca/index';
import { otpChallenges, otpSignerFailures, signRequests } from '../../../db/schema/index.ts';
import { startTestApp, type TSession, type TTestApp } from '../../../test/harness.ts';
import { acceptTermsAs, codeFromOutbox, ncaFixtures, pendingRequestOf } from './nca-test-fixtures.ts';

/*
 * Wrong signing codes count per signer over all their requests and the consortium's unlocks: a signer
 * with several pending requests, or a request unlocked again, gets no more than maxFailuresPerSigner
 * guesses in signerWindowHours.
 */

let t: TTestApp;
let consortium: TSession;
let agency: TSession;
let fx: Awaited<ReturnType<typeof ncaFixtures>>;

beforeAll(async () => {
  t = await startTestApp();
  [consortium, agency] = await Promise.all([t.signedIn('consortium' as never), t.signedIn('agency')]);
  fx = await ncaFixtures(t);
  await acceptTermsAs(t, agency);
});
afterAll(() => t?.close());

const post = (session: TSession, url: string, body: unknown = {}) => t.request('POST', url, { token: session.token, body });

/** A report waiting for the phase-1 signatures of the agency user and the consortium user; the agency's request. */
async function pendingRequest() {
  const created = await post(consortium, '/api/nca-reports', fx.phase1);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const asked = await post(consortium, `/api/nca-reports/${created.body._id}/requestPhase1Signs`, {
    signers: [
      { userId: agency.user._id, agencyFunctionSettingId: fx.agencyFunction },
      { userId: consortium.user._id, agencyFunctionSettingId: fx.consortiumFunction },
    ],
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  return pendingRequestOf(t, agency, created.body._id as string);
}

/** Asks for a code and answers `times` wrong ones; returns the right code and the last answer. */
async function guessWrong(requestId: string, times: number) {
  // The 60-second throttle between codes is tested on its own.
  await t.db
    .update(otpChallenges)
    .set({ createdAt: new Date(Date.now() - 61_000) })
    .where(eq(otpChallenges.signRequestId, requestId));
  const sent = await post(agency, `/api/sign-requests/${requestId}/sendCode`);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const code = await codeFromOutbox(t, 'agency@demo.test');
  const wrong = code === '000000' ? '000001' : '000000';
  let last = await post(agency, `/api/sign-requests/${requestId}/sign`, { code: wrong });
  for (let i = 1; i < times; i++) last = await post(agency, `/api/sign-requests/${requestId}/sign`, { code: wrong });
  return { code, last };
}

describe('wrong signing codes per signer', () => {
  it('a signer with several pending requests is locked out of all of them after the per-signer limit, and an unlock does not reset it', async () => {
    expect(OTP_RULES.maxFailuresPerSigner).toBe(10);
    const [first, second, third] = [await pendingRequest(), await pendingRequest(), await pendingRequest()];

    // Five on the first request void its code; four on the second leave one guess to the signer.
    expect((await guessWrong(first, 5)).last.body.code).toBe('OTP_INVALID');
    const nine = (await guessWrong(second, 4)).last;
    expect(nine.body).toMatchObject({ code: 'OTP_INVALID', details: [{ path: 'code', value: 1 }] });
    // The tenth, on a third request with a fresh code and a fresh request count, locks the signer.
    const { code: thirdCode, last: tenth } = await guessWrong(third, 1);
    expect(tenth.status).toBe(429);
    expect(tenth.body.code).toBe('OTP_LOCKED');
    const [thirdRow] = await t.db.select().from(signRequests).where(eq(signRequests.id, third));
    expect(thirdRow.failedAttempts, 'the request itself is far from its own limit').toBe(1);

    // Even the right code is refused now, and no request gets a new code.
    const right = await post(agency, `/api/sign-requests/${third}/sign`, { code: thirdCode });
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('OTP_LOCKED');
    for (const id of [first, second, third]) {
      await t.db
        .update(otpChallenges)
        .set({ createdAt: new Date(Date.now() - 61_000) })
        .where(eq(otpChallenges.signRequestId, id));
      expect((await post(agency, `/api/sign-requests/${id}/sendCode`)).body.code, id).toBe('OTP_LOCKED');
    }
    const facts = await t.request('GET', `/api/sign-requests/${first}/facts`, { token: consortium.token });
    expect(facts.body).toMatchObject({ locked: false, signerLockedUntil: expect.any(String) });

    // The consortium unlocks every request: their counts go back to zero, the signer's does not.
    for (const id of [first, second, third]) expect((await post(consortium, `/api/sign-requests/${id}/unlock`)).status, id).toBe(200);
    const unlocked = await post(agency, `/api/sign-requests/${first}/sendCode`);
    expect(unlocked.status).toBe(429);
    expect(unlocked.body.code).toBe('OTP_LOCKED');
    expect((await t.db.select().from(otpSignerFailures).where(eq(otpSignerFailures.userId, agency.user._id))).length).toBe(10);

    // Once the window has passed (the oldest guesses moved back 25 hours), the signer signs again.
    await t.db
      .update(otpSignerFailures)
      .set({ failedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(and(eq(otpSignerFailures.userId, agency.user._id), eq(otpSignerFailures.signRequestId, first)));
    expect((await t.request('GET', `/api/sign-requests/${first}/facts`, { token: consortium.token })).body.signerLockedUntil).toBeNull();
    const { code } = await guessWrong(first, 1);
    const signed = await post(agency, `/api/sign-requests/${first}/sign`, { code });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.status).toBe('signed');
  });
});
