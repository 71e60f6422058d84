import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../seed/demo.ts';
import { auditLogs, ncaHistory, ncaReports, otpChallenges, otpSignerFailures, permissions, roles, signatureEvidence, signRequests, users, correctiveActions } from '../../../db/schema/index.ts';
import { setFeature } from '../../platform/index.ts';
import { startTestApp, type TSession, type TTestApp } from '../../../test/harness.ts';
import { acceptTermsAs, codeFromOutbox, ncaFixtures, pendingRequestOf, signAs } from './nca-test-fixtures.ts';

let t: TTestApp;
let admin: TSession;
let consortium: TSession;
let ambiente: TSession;
let agency: TSession;
let agency3: TSession;
let lab: TSession;
let fx: Awaited<ReturnType<typeof ncaFixtures>>;

beforeAll(async () => {
  t = await startTestApp();
  [admin, consortium, ambiente, agency, agency3, lab] = await Promise.all(['admin', 'consortium', 'ambiente', 'agency', 'agency3', 'lab'].map((a) => t.signedIn(a as never)));
  fx = await ncaFixtures(t);
  for (const signer of [consortium, ambiente, agency]) await acceptTermsAs(t, signer);
});
afterAll(() => t?.close());

const post = (session: TSession | string, url: string, body: unknown = {}) => t.request('POST', url, { token: typeof session === 'string' ? session : session.token, body });

async function draft(extra: Record<string, unknown> = {}) {
  const res = await post(consortium, '/api/nca-reports', { ...fx.phase1, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id as string;
}

async function askPhase1(id: string, signers: TSession[]) {
  const res = await post(consortium, `/api/nca-reports/${id}/requestPhase1Signs`, {
    signers: signers.map((s) => ({ userId: s.user._id, agencyFunctionSettingId: s.user.role === 'agency_user' ? fx.agencyFunction : fx.consortiumFunction })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Lets the next code be sent at once (the 60-second throttle is tested on its own). */
const ageCodes = (requestId: string) =>
  t.db
    .update(otpChallenges)
    .set({ createdAt: new Date(Date.now() - 61_000) })
    .where(eq(otpChallenges.signRequestId, requestId));

describe('forced variants', () => {
  it('an admin forces a report open with a reason that is recorded; without the reason it is refused', async () => {
    const id = await draft();
    expect((await post(admin, `/api/nca-reports/${id}/forceOpen`)).status).toBe(400);
    const forced = await post(admin, `/api/nca-reports/${id}/forceOpen`, { reason: 'Urgenza: intervento immediato' });
    expect(forced.status).toBe(200);
    expect(forced.body).toMatchObject({ status: 'open' });
    expect(forced.body.code).toMatch(/^NCA-/);
    const [entry] = await t.db
      .select()
      .from(ncaHistory)
      .where(and(eq(ncaHistory.reportId, id), eq(ncaHistory.action, 'forceOpen')));
    expect(entry).toMatchObject({ actorId: admin.user._id, message: 'Urgenza: intervento immediato', fromStatus: 'pending', toStatus: 'open' });
  });

  it('consortium staff need nca.forceSkipSignatures with the permission system on; the pending round is suspended', async () => {
    const id = await draft();
    await askPhase1(id, [consortium, agency]);
    const without = await post(consortium, `/api/nca-reports/${id}/forceOpen`, { reason: 'x' });
    expect(without.status).toBe(403);
    const facts = await t.request('GET', `/api/nca-reports/${id}/facts`, { token: consortium.token });
    expect(facts.body.mayForceSkip).toBe(false);
    const keys = await t.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.key, ['nca.forceSkipSignatures', 'nca.get', 'nca.getAll']));
    expect(keys).toHaveLength(3);
    const [role] = await t.db
      .insert(roles)
      .values({ name: 'Forzature NCA', roleType: 'internal', permissionIds: keys.map((k) => k.id) })
      .returning();
    await t.db
      .update(users)
      .set({ roleIds: [role.id] })
      .where(eq(users.id, ambiente.user._id));
    await setFeature(t.db, 'permissionsSystem', true);
    try {
      expect((await post(consortium, `/api/nca-reports/${id}/forceOpen`, { reason: 'x' })).status).toBe(403);
      expect((await t.request('GET', `/api/nca-reports/${id}/facts`, { token: ambiente.token })).body.mayForceSkip).toBe(true);
      const forced = await post(ambiente, `/api/nca-reports/${id}/forceOpen`, { reason: 'Firmatario assente' });
      expect(forced.status, JSON.stringify(forced.body)).toBe(200);
      expect(forced.body.status).toBe('open');
    } finally {
      await setFeature(t.db, 'permissionsSystem', false);
    }
    const requests = await t.db.select({ status: signRequests.status }).from(signRequests).where(eq(signRequests.reportId, id));
    expect(requests.map((r) => r.status)).toEqual(['suspended', 'suspended']);
    // The system suspends them through their workflow, in the name of who forced the report.
    const suspended = await t.db
      .select()
      .from(ncaHistory)
      .where(and(eq(ncaHistory.reportId, id), eq(ncaHistory.action, 'suspend')));
    expect(suspended.map((e) => [e.actorId, e.message, e.fromStatus, e.toStatus])).toEqual([
      [ambiente.user._id, 'forceOpen: Firmatario assente', 'pending', 'suspended'],
      [ambiente.user._id, 'forceOpen: Firmatario assente', 'pending', 'suspended'],
    ]);
  });

  it('anything else is INVALID_TRANSITION', async () => {
    const id = await draft();
    expect((await post(consortium, `/api/nca-reports/${id}/submitForValidation`)).body.code).toBe('INVALID_TRANSITION');
    expect((await post(consortium, `/api/nca-reports/${id}/recallPhase1`)).body.code).toBe('INVALID_TRANSITION');
    expect((await post(admin, `/api/nca-reports/${id}/forceClose`, { reason: 'x' })).status).toBe(409);
  });
});

describe('signatures and one-time codes', () => {
  it('refuses a user named twice with DUPLICATE_SIGNATURE', async () => {
    const id = await draft();
    const res = await post(consortium, `/api/nca-reports/${id}/requestPhase1Signs`, {
      signers: [
        { userId: agency.user._id, agencyFunctionSettingId: fx.agencyFunction },
        { userId: agency.user._id, agencyFunctionSettingId: fx.consortiumFunction },
      ],
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'DUPLICATE_SIGNATURE', message: 'A duplicate signature already exists for this user' });
  });

  it('wrong, voided, expired and reused codes; 5 wrong tries void a code, 10 lock the request until the consortium unlocks it and the signer for 24 hours', async () => {
    const id = await draft();
    await askPhase1(id, [agency, consortium]);
    const requestId = await pendingRequestOf(t, agency, id);
    // Only the signer asks for a code.
    expect((await post(consortium, `/api/sign-requests/${requestId}/sendCode`)).status).toBe(403);
    const sent = await post(agency, `/api/sign-requests/${requestId}/sendCode`);
    expect(sent.status).toBe(200);
    expect(sent.body.destinationMasked).toMatch(/^a\*+@demo\.test$/);
    const code = await codeFromOutbox(t, 'agency@demo.test');
    const [challenge] = await t.db.select().from(otpChallenges).where(eq(otpChallenges.signRequestId, requestId));
    expect(challenge.codeHmac).not.toContain(code);
    expect(challenge.codeHmac).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.expiresAt.getTime() - challenge.createdAt.getTime()).toBe(10 * 60_000);
    // Throttled: a second code within a minute.
    expect((await post(agency, `/api/sign-requests/${requestId}/sendCode`)).status).toBe(429);
    const wrong = code === '000000' ? '000001' : '000000';
    const first = await post(agency, `/api/sign-requests/${requestId}/sign`, { code: wrong });
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({ code: 'OTP_INVALID', details: [{ path: 'code', value: 4 }] });
    for (let i = 0; i < 4; i++) expect((await post(agency, `/api/sign-requests/${requestId}/sign`, { code: wrong })).body.code).toBe('OTP_INVALID');
    // Five wrong tries void the code: even the right one is refused now.
    expect((await post(agency, `/api/sign-requests/${requestId}/sign`, { code })).body.code).toBe('OTP_EXPIRED');
    // A resend does not reset the request's count: five more wrong tries lock it.
    await ageCodes(requestId);
    expect((await post(agency, `/api/sign-requests/${requestId}/sendCode`)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await post(agency, `/api/sign-requests/${requestId}/sign`, { code: wrong })).body.code).toBe('OTP_INVALID');
    const locked = await post(agency, `/api/sign-requests/${requestId}/sign`, { code: wrong });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('OTP_LOCKED');
    const [row] = await t.db.select().from(signRequests).where(eq(signRequests.id, requestId));
    expect(row.failedAttempts).toBe(10);
    await ageCodes(requestId);
    expect((await post(agency, `/api/sign-requests/${requestId}/sendCode`)).body.code).toBe('OTP_LOCKED');
    expect((await post(agency, `/api/sign-requests/${requestId}/unlock`)).status).toBe(403);
    expect((await post(consortium, `/api/sign-requests/${requestId}/unlock`)).status).toBe(200);
    // The unlock clears the request's count, not the signer's: ten wrong codes lock the signer out for 24 hours.
    const signerLocked = await post(agency, `/api/sign-requests/${requestId}/sendCode`);
    expect(signerLocked.status).toBe(429);
    expect(signerLocked.body.code).toBe('OTP_LOCKED');
    await t.db
      .update(otpSignerFailures)
      .set({ failedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(otpSignerFailures.userId, agency.user._id));
    // Expired: past its 10 minutes.
    expect((await post(agency, `/api/sign-requests/${requestId}/sendCode`)).status).toBe(200);
    const fresh = await codeFromOutbox(t, 'agency@demo.test');
    await t.db
      .update(otpChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000), createdAt: new Date(Date.now() - 61_000) })
      .where(eq(otpChallenges.signRequestId, requestId));
    expect((await post(agency, `/api/sign-requests/${requestId}/sign`, { code: fresh })).body.code).toBe('OTP_EXPIRED');
    // A newer code voids the older one.
    expect((await post(agency, `/api/sign-requests/${requestId}/sendCode`)).status).toBe(200);
    const older = await codeFromOutbox(t, 'agency@demo.test');
    await ageCodes(requestId);
    expect((await post(agency, `/api/sign-requests/${requestId}/sendCode`)).status).toBe(200);
    const newest = await codeFromOutbox(t, 'agency@demo.test');
    if (older !== newest) expect((await post(agency, `/api/sign-requests/${requestId}/sign`, { code: older })).body.code).toBe('OTP_INVALID');
    const ok = await post(agency, `/api/sign-requests/${requestId}/sign`, { code: newest });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // Reused: the code is spent and the request signed.
    const reused = await post(agency, `/api/sign-requests/${requestId}/sign`, { code: newest });
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('DUPLICATE_SIGNATURE');
    const [evidence] = await t.db.select().from(signatureEvidence).where(eq(signatureEvidence.signRequestId, requestId));
    // The try with the voided code counted on the newest one.
    expect(evidence.attemptsUsed).toBe(older !== newest ? 2 : 1);
    expect(evidence.signer.email).toBe('agency@demo.test');
  });

  it('refuses signing and codes under impersonation', async () => {
    const id = await draft();
    await askPhase1(id, [agency]);
    const requestId = await pendingRequestOf(t, agency, id);
    const imp = await t.request('GET', `/api/users/personificate/${agency.user._id}`, { token: admin.token });
    expect(imp.status).toBe(200);
    const sent = await post(imp.body.token as string, `/api/sign-requests/${requestId}/sendCode`);
    expect(sent.status).toBe(403);
    expect(sent.body.code).toBe('IMPERSONATION_FORBIDDEN');
    expect((await post(imp.body.token as string, `/api/sign-requests/${requestId}/sign`, { code: '123456' })).body.code).toBe('IMPERSONATION_FORBIDDEN');
    expect((await signAs(t, agency, requestId)).status).toBe(200);
  });

  it('a rejection with its explanation sends the report back to pending and suspends the rest of the round', async () => {
    const id = await draft();
    await askPhase1(id, [agency, consortium]);
    const requestId = await pendingRequestOf(t, agency, id);
    expect((await post(agency, `/api/sign-requests/${requestId}/reject`, { explanation: 'corto' })).status).toBe(400);
    const rejected = await post(agency, `/api/sign-requests/${requestId}/reject`, { explanation: 'La descrizione non corrisponde a quanto rilevato.' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', explanationsRequest: 'La descrizione non corrisponde a quanto rilevato.' });
    expect((await t.request('GET', `/api/nca-reports/${id}`, { token: consortium.token })).body.status).toBe('pending');
    const statuses = await t.db.select({ id: signRequests.id, userId: signRequests.userId, status: signRequests.status }).from(signRequests).where(eq(signRequests.reportId, id));
    const other = statuses.find((s) => s.userId === consortium.user._id)!;
    expect(other.status).toBe('suspended');
    // The round's outcome and the suspension are the system's steps, audited without an actor.
    const audits = await t.db
      .select({ action: auditLogs.action, actorId: auditLogs.actorId, entityId: auditLogs.entityId })
      .from(auditLogs)
      .where(inArray(auditLogs.entityId, [id, requestId, other.id]));
    expect(audits).toEqual(
      expect.arrayContaining([
        { action: 'signs.reject', actorId: agency.user._id, entityId: requestId },
        { action: 'nca.phase1Rejected', actorId: null, entityId: id },
        { action: 'signs.suspend', actorId: null, entityId: other.id },
      ]),
    );
    const [outcome] = await t.db
      .select()
      .from(ncaHistory)
      .where(and(eq(ncaHistory.reportId, id), eq(ncaHistory.action, 'phase1Rejected')));
    expect(outcome).toMatchObject({ actorId: null, message: 'La descrizione non corrisponde a quanto rilevato.', fromStatus: 'waiting_phase1_signs', toStatus: 'pending' });
    // The next round is a new one; the consortium records a refusal given off the platform.
    await askPhase1(id, [agency, consortium]);
    const second = await pendingRequestOf(t, consortium, id);
    expect((await post(agency, `/api/sign-requests/${second}/manualReject`, { reason: 'x' })).status).toBe(403);
    expect((await post(admin, `/api/sign-requests/${second}/manualReject`, { reason: 'Assente per ferie' })).body.status).toBe('manual_rejected');
    expect((await t.request('GET', `/api/nca-reports/${id}`, { token: consortium.token })).body).toMatchObject({ status: 'pending', signRound: 2 });
  });

  it('20 concurrent signatures of one phase leave exactly one transition and one code', async () => {
    const { passwordHash } = (await t.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, consortium.user._id)))[0];
    const created = await t.db
      .insert(users)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          email: `firmatario${i}@demo.test`,
          role: 'consortium_user',
          name: 'Firmatario',
          surname: String(i),
          passwordHash,
          isConfirmed: true,
          isProfileComplete: true,
          companyFunctionSettingIds: [fx.consortiumFunction],
        })),
      )
      .returning();
    const sessions: TSession[] = [];
    for (const u of created) sessions.push(await t.login(u.email, DEMO_PASSWORD));
    for (const session of sessions) await acceptTermsAs(t, session);
    const id = await draft();
    await askPhase1(id, sessions);
    const requests = await t.db.select().from(signRequests).where(eq(signRequests.reportId, id));
    const codes: { session: TSession; requestId: string; code: string }[] = [];
    for (const session of sessions) {
      const requestId = requests.find((r) => r.userId === session.user._id)!.id;
      expect((await post(session, `/api/sign-requests/${requestId}/sendCode`)).status).toBe(200);
      codes.push({ session, requestId, code: await codeFromOutbox(t, session.user.email as string) });
    }
    const results = await Promise.all(codes.map((c) => post(c.session, `/api/sign-requests/${c.requestId}/sign`, { code: c.code })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const [report] = await t.db.select().from(ncaReports).where(eq(ncaReports.id, id));
    expect(report.status).toBe('open');
    expect(report.code).toMatch(/^NCA-/);
    const [transitions] = await t.db
      .select({ n: count() })
      .from(ncaHistory)
      .where(and(eq(ncaHistory.reportId, id), eq(ncaHistory.action, 'phase1Complete')));
    expect(transitions.n).toBe(1);
    const evidence = await t.db
      .select()
      .from(signatureEvidence)
      .where(
        inArray(
          signatureEvidence.signRequestId,
          requests.map((r) => r.id),
        ),
      );
    expect(evidence).toHaveLength(20);
  });
});

describe('corrective actions and closing', () => {
  it('the consortium adds any type, suppliers only their own action/treatment; edits stop once confirmed', async () => {
    const id = await draft();
    await post(admin, `/api/nca-reports/${id}/forceOpen`, { reason: 'prova' });
    const internal = await post(consortium, '/api/corrective-actions', { reportId: id, name: 'Audit interno', actionType: 'internal' });
    expect(internal.status).toBe(201);
    const foreign = await post(agency3, '/api/corrective-actions', { reportId: id, name: 'X', actionType: 'action' });
    expect(foreign.status).toBe(404);
    const own = await post(agency, '/api/corrective-actions', { reportId: id, name: 'Telo di copertura', actionType: 'treatment', agencyId: null });
    expect(own.body.agencyId).toBe(fx.edil.id);
    expect((await t.request('PUT', `/api/corrective-actions/${own.body._id}`, { token: agency.token, body: { name: 'Teli di copertura' } })).status).toBe(200);
    await post(admin, `/api/corrective-actions/${own.body._id}/confirm`);
    const edit = await t.request('PUT', `/api/corrective-actions/${own.body._id}`, { token: consortium.token, body: { name: 'Altro' } });
    expect(edit.status).toBe(409);
    // Agencies do not touch the consortium's internal action.
    expect((await t.request('PUT', `/api/corrective-actions/${internal.body._id}`, { token: agency.token, body: { name: 'x' } })).status).toBe(404);
    const [{ n }] = await t.db.select({ n: count() }).from(correctiveActions).where(eq(correctiveActions.reportId, id));
    expect(n).toBe(2);
  });
});

describe('scope', () => {
  it('an agency sees the reports that target it (out of the draft) or that it detected; a laboratory none unless it observes', async () => {
    const targetsEdil = await draft();
    const detectedByEco = await draft({ detectedByAgencyId: agency3.user.agencyId });
    const list = async (s: TSession) =>
      (await t.request('GET', '/api/nca-reports?limit=500', { token: s.token })).body as { _id: string; targetAgencyId: string; detectedByAgencyId: string | null; status: string }[];
    expect((await list(agency)).map((r) => r._id)).not.toContain(targetsEdil);
    expect((await list(agency3)).map((r) => r._id)).toContain(detectedByEco);
    for (const r of await list(agency3)) expect(r.targetAgencyId === agency3.user.agencyId || r.detectedByAgencyId === agency3.user.agencyId).toBe(true);
    // ...or that its user is asked to sign (a signer reads what they sign, even a draft whose round was rejected).
    const signing = new Set((await t.db.select({ reportId: signRequests.reportId }).from(signRequests).where(eq(signRequests.userId, agency.user._id))).map((r) => r.reportId));
    for (const r of await list(agency)) expect((r.targetAgencyId === agency.user.agencyId && r.status !== 'pending') || r.detectedByAgencyId === agency.user.agencyId || signing.has(r._id)).toBe(true);
    expect(await list(lab)).toEqual([]);
    expect((await t.request('GET', `/api/nca-reports/${targetsEdil}/timeline`, { token: lab.token })).status).toBe(404);
    expect((await t.request('GET', '/api/corrective-actions', { token: lab.token })).body).toEqual([]);
    expect((await t.request('PUT', `/api/nca-reports/${targetsEdil}`, { token: consortium.token, body: { observerUsersIds: [lab.user._id] } })).status).toBe(200);
    expect((await list(lab)).map((r) => r._id)).toEqual([targetsEdil]);
    expect((await post(lab, `/api/nca-reports/${targetsEdil}/comments`, { text: 'Osservazione del laboratorio' })).body).toMatchObject({ kind: 'comment', message: 'Osservazione del laboratorio' });
    // Observing is reading: no writes.
    expect((await t.request('PUT', `/api/nca-reports/${targetsEdil}`, { token: lab.token, body: { causeAnalysis: 'x' } })).status).toBe(403);
    // Another agency's sign requests stay hidden.
    const other = (await t.request('GET', '/api/sign-requests?limit=500', { token: agency3.token })).body as { userId: string; reportId: string }[];
    const visible = new Set((await list(agency3)).map((r) => r._id));
    for (const r of other) expect(r.userId === agency3.user._id || visible.has(r.reportId)).toBe(true);
  });
});

describe('dashboard, export and demo data', () => {
  it('the demo has reports in every status, actions in every status, signatures given, pending and rejected', async () => {
    const reports = await t.db.select({ status: ncaReports.status }).from(ncaReports);
    expect(new Set(reports.map((r) => r.status))).toEqual(
      new Set(['pending', 'waiting_phase1_signs', 'open', 'waiting_validations', 'waiting_phase2_signs', 'waiting_operations', 'waiting_signs', 'closed']),
    );
    const actions = await t.db.select({ status: correctiveActions.status }).from(correctiveActions);
    expect(new Set(actions.map((a) => a.status))).toEqual(new Set(['new', 'confirmed', 'in_progress', 'completed', 'closed']));
    const signs = await t.db.select({ status: signRequests.status }).from(signRequests);
    expect(new Set(signs.map((s) => s.status))).toEqual(expect.objectContaining({}));
    for (const s of ['signed', 'pending', 'rejected', 'suspended']) expect(signs.map((x) => x.status)).toContain(s);
  });

  it('gives the figures and refuses the export without a lot', async () => {
    const dashboard = await t.request('GET', '/api/nca-reports/dashboard', { token: consortium.token });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.total).toBeGreaterThanOrEqual(9);
    expect(dashboard.body.overdueActions).toBeGreaterThanOrEqual(1);
    expect(dashboard.body.averageDaysToClose).toBeGreaterThan(0);
    expect((await t.request('GET', '/api/nca-reports/dashboard', { token: agency.token })).status).toBe(403);
    const noLot = await t.request('GET', '/api/nca-reports/export', { token: consortium.token });
    expect(noLot.status).toBe(400);
    expect(noLot.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Select a lot to export its NCA reports', details: [{ path: 'lotId' }] });
    const xlsx = await fetch(`${t.baseUrl}/api/nca-reports/export?lotId=${fx.lot.id}`, { headers: { authorization: `Bearer ${consortium.token}` } });
    expect(xlsx.status).toBe(200);
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });
});
