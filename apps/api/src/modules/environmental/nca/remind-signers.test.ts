import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, mailOutbox, ncaHistory, notifications, signRequests } from '../../../db/schema/index.ts';
import { startTestApp, type TSession, type TTestApp } from '../../../test/harness.ts';
import { ncaFixtures, pendingRequestOf, requestPhase1Signers } from './nca-test-fixtures.ts';

let t: TTestApp;
let consortium: TSession;
let agency: TSession;
let admin: TSession;
let fx: Awaited<ReturnType<typeof ncaFixtures>>;

beforeAll(async () => {
  t = await startTestApp();
  [consortium, agency, admin] = await Promise.all(['consortium', 'agency', 'admin'].map((a) => t.signedIn(a as never)));
  fx = await ncaFixtures(t);
});
afterAll(() => t?.close());

/** A new report whose phase-1 signatures (the consortium's and the agency's) are requested and pending. */
async function reportWaitingForSigners(): Promise<string> {
  const created = await t.request<{ _id: string }>('POST', '/api/nca-reports', { token: consortium.token, body: fx.phase1 });
  expect(created.status).toBe(201);
  const requested = await requestPhase1Signers(t, fx, created.body._id, consortium, agency);
  expect(requested.status).toBe(200);
  return created.body._id;
}

const remind = (session: TSession, id: string) => t.request('POST', `/api/sign-requests/${id}/remind`, { token: session.token, body: {} });
/** Moves a request's last reminder back, as if the hour had passed. */
const anHourAgo = (id: string) =>
  t.db
    .update(signRequests)
    .set({ remindedAt: new Date(Date.now() - 61 * 60_000) })
    .where(eq(signRequests.id, id));

describe('reminding a pending signer', () => {
  it('the consortium reminds the signer: bell and e-mail in their language, audited, on the timeline; a second reminder within the hour is 429 REMINDER_TOO_SOON', async () => {
    const reportId = await reportWaitingForSigners();
    const requestId = await pendingRequestOf(t, agency, reportId);
    const mailsBefore = (
      await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, 'agency@demo.test'), eq(mailOutbox.template, 'notification')))
    ).length;

    const reminded = await remind(consortium, requestId);
    expect(reminded.status).toBe(200);
    expect(reminded.body).toMatchObject({ _id: requestId, status: 'pending' });
    expect(Date.parse(reminded.body.remindedAt)).toBeGreaterThan(Date.now() - 60_000);

    const bell = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, agency.user._id as string), eq(notifications.event, 'nca.remindSigner')));
    expect(bell).toHaveLength(1);
    expect(bell[0].title).toBe('Promemoria: firma richiesta');
    expect(bell[0].body).toContain('fase 1');
    expect(bell[0].data).toMatchObject({ reportId, signRequestId: requestId });
    await expect
      .poll(
        async () =>
          (
            await t.db
              .select()
              .from(mailOutbox)
              .where(and(eq(mailOutbox.to, 'agency@demo.test'), eq(mailOutbox.template, 'notification')))
          ).length,
      )
      .toBe(mailsBefore + 1);

    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'signs.remind'), eq(auditLogs.entityId, requestId)));
    expect(audit.actorId).toBe(consortium.user._id);
    const timeline = await t.db
      .select()
      .from(ncaHistory)
      .where(and(eq(ncaHistory.entityId, requestId), eq(ncaHistory.action, 'remind')));
    expect(timeline).toHaveLength(1);
    expect(timeline[0].actorId).toBe(consortium.user._id);

    const again = await remind(consortium, requestId);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('REMINDER_TOO_SOON');
    expect(Date.parse(again.body.params.nextAt)).toBeGreaterThan(Date.now() + 58 * 60_000);
    // Refused, so nothing more was sent.
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, agency.user._id as string), eq(notifications.event, 'nca.remindSigner'))),
    ).toHaveLength(1);

    // After the hour, the administrator may remind again.
    await anHourAgo(requestId);
    expect((await remind(admin, requestId)).status).toBe(200);
  });

  it('two reminders at the same moment: one is sent, the other is REMINDER_TOO_SOON', async () => {
    const reportId = await reportWaitingForSigners();
    const requestId = await pendingRequestOf(t, agency, reportId);
    const answers = await Promise.all([remind(consortium, requestId), remind(admin, requestId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429]);
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.event, 'nca.remindSigner'), eq(notifications.userId, agency.user._id as string))),
    ).toHaveLength(3);
  });

  it('roles that may not remind get 403 (the signer themself, a laboratory, the tourist tax roles); an unknown request is 404', async () => {
    const reportId = await reportWaitingForSigners();
    const requestId = await pendingRequestOf(t, agency, reportId);
    for (const account of ['agency', 'lab', 'city', 'hotelier'] as const) {
      const session = await t.signedIn(account);
      const answer = await remind(session, requestId);
      expect(answer.status, account).toBe(403);
      expect(answer.body.code, account).toBe('FORBIDDEN');
    }
    expect((await remind(consortium, randomUUID())).status).toBe(404);
    expect((await remind(consortium, 'not-an-id')).status).toBe(404);
  });

  it('a request that waits for no signature (the round recalled) is 409 SIGN_REQUEST_NOT_PENDING', async () => {
    const reportId = await reportWaitingForSigners();
    const requestId = await pendingRequestOf(t, agency, reportId);
    expect((await t.request('POST', `/api/nca-reports/${reportId}/recallPhase1`, { token: consortium.token, body: {} })).status).toBe(200);
    const answer = await remind(consortium, requestId);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('SIGN_REQUEST_NOT_PENDING');
  });
});

describe('reminding the signers in bulk', () => {
  it('from the NCA list: each selected report done or refused with its code (nobody pending, all reminded within the hour, out of scope)', async () => {
    const fresh = await reportWaitingForSigners();
    const recent = await reportWaitingForSigners();
    for (const session of [consortium, agency]) expect((await remind(consortium, await pendingRequestOf(t, session, recent))).status).toBe(200);
    const draft = await t.request<{ _id: string }>('POST', '/api/nca-reports', { token: consortium.token, body: fx.phase1 });
    const unknown = randomUUID();

    const answer = await t.request('POST', '/api/nca-reports/bulk', { token: consortium.token, body: { action: 'remindSigners', ids: [fresh, recent, draft.body._id, unknown] } });
    expect(answer.status).toBe(200);
    expect(answer.body.done).toEqual([fresh]);
    const codes = Object.fromEntries((answer.body.refused as { id: string; code: string }[]).map((r) => [r.id, r.code]));
    expect(codes).toEqual({ [recent]: 'REMINDER_TOO_SOON', [draft.body._id]: 'SIGN_REQUEST_NOT_PENDING', [unknown]: 'NOT_FOUND' });
    // Both pending signers of the fresh report were reminded, once each.
    const reminded = await t.db.select().from(signRequests).where(eq(signRequests.reportId, fresh));
    expect(reminded.every((r) => r.remindedAt !== null)).toBe(true);
  });

  it('an agency asking the bulk reminder is refused on every row (FORBIDDEN), and nothing is sent', async () => {
    const reportId = await reportWaitingForSigners();
    const answer = await t.request('POST', '/api/nca-reports/bulk', { token: agency.token, body: { action: 'remindSigners', ids: [reportId] } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ done: [], refused: [{ id: reportId, code: 'FORBIDDEN', message: expect.any(String) }] });
    expect((await t.db.select().from(signRequests).where(eq(signRequests.reportId, reportId))).every((r) => r.remindedAt === null)).toBe(true);
  });

  it('sign requests in bulk: a pending one is reminded, a signed-or-recalled one is refused SIGN_REQUEST_NOT_PENDING', async () => {
    const open = await reportWaitingForSigners();
    const recalled = await reportWaitingForSigners();
    const pending = await pendingRequestOf(t, agency, open);
    const gone = await pendingRequestOf(t, agency, recalled);
    await t.request('POST', `/api/nca-reports/${recalled}/recallPhase1`, { token: consortium.token, body: {} });
    const answer = await t.request('POST', '/api/sign-requests/bulk', { token: consortium.token, body: { action: 'remind', ids: [pending, gone] } });
    expect(answer.status).toBe(200);
    expect(answer.body.done).toEqual([pending]);
    expect(answer.body.refused).toEqual([{ id: gone, code: 'SIGN_REQUEST_NOT_PENDING', message: expect.any(String) }]);
  });

  it("the sign-request list by role: the consortium filters every report's requests by status, report and signer; an agency only its reports' and may not remind them; the tourist tax's roles are refused", async () => {
    const reportId = await reportWaitingForSigners();
    const agencyRequest = await pendingRequestOf(t, agency, reportId);
    const list = (session: TSession, query: string) => t.request<{ _id: string; userId: string; reportId: string; status: string }[]>('GET', `/api/sign-requests?${query}`, { token: session.token });
    const byReport = await list(consortium, `reportId=${reportId}&status=pending`);
    expect(byReport.status).toBe(200);
    expect(byReport.body.map((r) => r.reportId)).toEqual([reportId, reportId]);
    const bySigner = await list(consortium, `reportId=${reportId}&userId=${agency.user._id as string}`);
    expect(bySigner.body.map((r) => r._id)).toEqual([agencyRequest]);
    expect((await list(admin, `reportId=${reportId}`)).body).toHaveLength(2);
    // The agency takes part in the report: it reads its requests, and may not remind anyone.
    expect((await list(agency, `reportId=${reportId}`)).body).toHaveLength(2);
    const agencyBulk = await t.request('POST', '/api/sign-requests/bulk', { token: agency.token, body: { action: 'remind', ids: [agencyRequest] } });
    expect(agencyBulk.body).toEqual({ done: [], refused: [{ id: agencyRequest, code: 'FORBIDDEN', message: expect.any(String) }] });
    expect((await remind(agency, agencyRequest)).status).toBe(403);
    for (const account of ['hotelier', 'city'] as const) {
      const session = await t.signedIn(account);
      expect((await list(session, 'status=pending')).status, account).toBe(403);
      expect((await remind(session, agencyRequest)).status, account).toBe(403);
    }
  });
});
