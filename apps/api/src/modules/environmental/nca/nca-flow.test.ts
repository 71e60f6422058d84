import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ncaHistory, signatureEvidence } from '../../../db/schema/index.ts';
import { startTestApp, type TSession, type TTestApp } from '../../../test/harness.ts';
import { ncaFixtures, pendingRequestOf, signAs } from './nca-test-fixtures.ts';

let t: TTestApp;
let admin: TSession;
let consortium: TSession;
let agency: TSession;
let agency3: TSession;
let lab: TSession;
let fx: Awaited<ReturnType<typeof ncaFixtures>>;

beforeAll(async () => {
  t = await startTestApp();
  [admin, consortium, agency, agency3, lab] = await Promise.all(['admin', 'consortium', 'agency', 'agency3', 'lab'].map((a) => t.signedIn(a as never)));
  fx = await ncaFixtures(t);
});
afterAll(() => t?.close());

async function uploadTo(session: TSession, actionId: string, tags: string[]) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'))]), 'documento.pdf');
  form.append('data', JSON.stringify({ purpose: 'pdf', linkedEntityType: 'corrective-actions', linkedEntityId: actionId, tags }));
  const res = await fetch(`${t.baseUrl}/api/uploads`, { method: 'POST', body: form, headers: { authorization: `Bearer ${session.token}` } });
  return { status: res.status, body: JSON.parse(await res.text()) };
}

describe('an NCA report from draft to closed, with codes read from the mail outbox', () => {
  it('walks all three phases', async () => {
    const created = await t.request('POST', '/api/nca-reports', { token: consortium.token, body: fx.phase1 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body._id as string;
    expect(created.body).toMatchObject({ status: 'pending', code: null, openedById: consortium.user._id, signRound: 0 });
    // A draft stays internal: the target agency does not see it yet; a laboratory never.
    expect((await t.request('GET', `/api/nca-reports/${id}`, { token: agency.token })).status).toBe(404);
    expect((await t.request('GET', `/api/nca-reports/${id}`, { token: lab.token })).status).toBe(404);

    // Phase 1: the consortium names two signers; each signs with the e-mailed code.
    const phase1 = await t.request('POST', `/api/nca-reports/${id}/requestPhase1Signs`, {
      token: consortium.token,
      body: {
        signers: [
          { userId: consortium.user._id, agencyFunctionSettingId: fx.consortiumFunction },
          { userId: agency.user._id, agencyFunctionSettingId: fx.agencyFunction },
        ],
      },
    });
    expect(phase1.status, JSON.stringify(phase1.body)).toBe(200);
    expect(phase1.body).toMatchObject({ status: 'waiting_phase1_signs', signRound: 1 });
    // Phase-1 data are frozen once the report leaves the draft.
    const frozen = await t.request('PUT', `/api/nca-reports/${id}`, { token: consortium.token, body: { description: 'altro' } });
    expect(frozen.status).toBe(409);
    expect(frozen.body.details[0]).toMatchObject({ path: 'description' });
    const first = await signAs(t, consortium, await pendingRequestOf(t, consortium, id));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ status: 'signed', phase: 'first', round: 1 });
    expect((await t.request('GET', `/api/nca-reports/${id}`, { token: consortium.token })).body.status).toBe('waiting_phase1_signs');
    const agencyRequest = await pendingRequestOf(t, agency, id);
    const last = await signAs(t, agency, agencyRequest);
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    const opened = (await t.request('GET', `/api/nca-reports/${id}`, { token: agency.token })).body;
    expect(opened.status).toBe('open');
    expect(opened.code).toMatch(new RegExp(`^NCA-${fx.lot.code}-\\d{4}-\\d{4}$`));
    expect(opened.openDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A second signature by the same user is refused.
    const again = await t.request('POST', `/api/sign-requests/${agencyRequest}/sign`, { token: agency.token, body: { code: '000000' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'DUPLICATE_SIGNATURE', message: 'A duplicate signature already exists for this user' });

    // Phase 2: the agency writes the cause analysis and proposes an action with a required document.
    expect((await t.request('POST', `/api/nca-reports/${id}/submitForValidation`, { token: agency.token, body: {} })).body.code).toBe('VALIDATION_FAILED');
    const analysis = await t.request('PUT', `/api/nca-reports/${id}`, { token: agency.token, body: { causeAnalysis: 'Mancata copertura del cassone per assenza del telo' } });
    expect(analysis.status, JSON.stringify(analysis.body)).toBe(200);
    expect((await t.request('PUT', `/api/nca-reports/${id}`, { token: agency.token, body: { wbs: 'X' } })).status).toBe(409);
    const proposed = await t.request('POST', '/api/corrective-actions', {
      token: agency.token,
      body: { reportId: id, name: 'Copertura dei cassoni', actionType: 'action', documents: [{ name: 'Foto copertura', isRequired: true }], expires: true, expireDate: '2099-12-31' },
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    expect(proposed.body).toMatchObject({ status: 'new', agencyId: fx.edil.id, code: `${opened.code}-A1`, documents: [{ name: 'Foto copertura', isRequired: true, uploaded: false }] });
    const actionId = proposed.body._id as string;
    expect((await t.request('POST', '/api/corrective-actions', { token: agency.token, body: { reportId: id, name: 'Interna', actionType: 'internal' } })).status).toBe(400);
    const early = await t.request('POST', `/api/nca-reports/${id}/submitForValidation`, { token: agency.token, body: {} });
    expect(early.body.code).toBe('REQUIRED_DOCUMENTS_MISSING');
    // Confirming without the required document is refused with the spec's message.
    const unconfirmed = await t.request('POST', `/api/corrective-actions/${actionId}/confirm`, { token: admin.token, body: {} });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body).toMatchObject({ code: 'REQUIRED_DOCUMENTS_MISSING', message: 'Some required documents are missing' });
    const uploaded = await uploadTo(agency, actionId, ['Foto copertura']);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect((await t.request('GET', `/api/corrective-actions/${actionId}`, { token: agency.token })).body.documents[0].uploaded).toBe(true);
    expect((await t.request('POST', `/api/nca-reports/${id}/submitForValidation`, { token: agency.token, body: {} })).body.status).toBe('waiting_validations');
    // With the permission system off only an admin confirms.
    expect((await t.request('POST', `/api/corrective-actions/${actionId}/confirm`, { token: consortium.token, body: {} })).status).toBe(403);
    expect(
      (
        await t.request('POST', `/api/nca-reports/${id}/requestPhase2Signs`, {
          token: consortium.token,
          body: { signers: [{ userId: consortium.user._id, agencyFunctionSettingId: fx.consortiumFunction }] },
        })
      ).body.code,
    ).toBe('ACTIONS_NOT_CONFIRMED');
    expect((await t.request('POST', `/api/corrective-actions/${actionId}/confirm`, { token: admin.token, body: {} })).body.status).toBe('confirmed');
    const phase2 = await t.request('POST', `/api/nca-reports/${id}/requestPhase2Signs`, {
      token: consortium.token,
      body: {
        signers: [
          { userId: agency.user._id, agencyFunctionSettingId: fx.agencyFunction },
          { userId: consortium.user._id, agencyFunctionSettingId: fx.consortiumFunction },
        ],
      },
    });
    expect(phase2.body).toMatchObject({ status: 'waiting_phase2_signs', signRound: 2 });
    expect((await signAs(t, agency, await pendingRequestOf(t, agency, id))).status).toBe(200);
    expect((await signAs(t, consortium, await pendingRequestOf(t, consortium, id))).status).toBe(200);
    expect((await t.request('GET', `/api/nca-reports/${id}`, { token: consortium.token })).body.status).toBe('waiting_operations');

    // Phase 3: the agency carries the action out; closing is refused while it is open.
    expect((await t.request('POST', `/api/corrective-actions/${actionId}/start`, { token: agency.token, body: {} })).body.status).toBe('in_progress');
    expect((await t.request('POST', `/api/corrective-actions/${actionId}/start`, { token: agency3.token, body: {} })).status).toBe(404);
    const closing = await t.request('POST', `/api/nca-reports/${id}/requestClosingSigns`, {
      token: consortium.token,
      body: { signers: [{ userId: consortium.user._id, agencyFunctionSettingId: fx.consortiumFunction }] },
    });
    expect(closing.status).toBe(409);
    expect(closing.body).toMatchObject({ code: 'ACTIONS_STILL_OPEN', message: 'There are still actions open for this report' });
    const forced = await t.request('POST', `/api/nca-reports/${id}/forceClose`, { token: admin.token, body: { reason: 'prova' } });
    expect(forced.body.code).toBe('ACTIONS_STILL_OPEN');
    expect((await t.request('POST', `/api/corrective-actions/${actionId}/complete`, { token: agency.token, body: {} })).body.status).toBe('completed');
    expect((await t.request('POST', `/api/corrective-actions/${actionId}/close`, { token: consortium.token, body: {} })).status).toBe(400);
    expect((await t.request('POST', `/api/corrective-actions/${actionId}/close`, { token: consortium.token, body: { reason: 'Verificato in sopralluogo: cassoni coperti' } })).body).toMatchObject({
      status: 'closed',
      effectivenessNote: 'Verificato in sopralluogo: cassoni coperti',
    });
    const phase3 = await t.request('POST', `/api/nca-reports/${id}/requestClosingSigns`, {
      token: consortium.token,
      body: {
        signers: [
          { userId: consortium.user._id, agencyFunctionSettingId: fx.consortiumFunction },
          { userId: agency.user._id, agencyFunctionSettingId: fx.agencyFunction },
        ],
      },
    });
    expect(phase3.body).toMatchObject({ status: 'waiting_signs', signRound: 3 });
    expect((await signAs(t, consortium, await pendingRequestOf(t, consortium, id))).status).toBe(200);
    expect((await signAs(t, agency, await pendingRequestOf(t, agency, id))).status).toBe(200);
    const closed = (await t.request('GET', `/api/nca-reports/${id}`, { token: consortium.token })).body;
    expect(closed).toMatchObject({ status: 'closed', code: opened.code });
    expect(closed.closingDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // The timeline has every step, signature and change; the evidence rows are chained.
    const timeline = (await t.request('GET', `/api/nca-reports/${id}/timeline`, { token: agency.token })).body as { action: string; kind: string }[];
    expect(timeline.filter((e) => e.kind === 'signature').map((e) => e.action)).toEqual(['sign', 'sign', 'sign', 'sign', 'sign', 'sign']);
    expect(timeline.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'created',
        'requestPhase1Signs',
        'phase1Complete',
        'submitForValidation',
        'confirm',
        'requestPhase2Signs',
        'phase2Complete',
        'start',
        'complete',
        'close',
        'requestClosingSigns',
        'phase3Complete',
      ]),
    );
    const evidence = await t.db.select().from(signatureEvidence).where(eq(signatureEvidence.reportId, id)).orderBy(signatureEvidence.sequence);
    expect(evidence).toHaveLength(6);
    for (let i = 1; i < evidence.length; i++) expect(evidence[i].previousHash).toBe(evidence[i - 1].rowHash);
    expect(evidence[0]).toMatchObject({ phase: 'first', round: 1, agencyFunctionName: 'Responsabile ambientale del consorzio', consentVersion: 'fea-otp-1' });
    expect(evidence[0].pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    // Append-only: the database refuses to change history.
    await expect(t.db.update(ncaHistory).set({ message: 'x' }).where(eq(ncaHistory.reportId, id))).rejects.toThrow();

    // The PDFs: each phase's signed document and the final report.
    for (const phase of ['first', 'second', 'third']) {
      const pdf = await fetch(`${t.baseUrl}/api/nca-reports/${id}/pdf?phase=${phase}`, { headers: { authorization: `Bearer ${agency.token}` } });
      expect(pdf.status).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    const final = await fetch(`${t.baseUrl}/api/nca-reports/${id}/pdf`, { headers: { authorization: `Bearer ${consortium.token}` } });
    expect(final.headers.get('content-disposition')).toContain('finale');

    // Notifications: the signers were asked; the agency heard the report open and close.
    const notified = await t.request('GET', '/api/notifications', { token: agency.token });
    expect((notified.body as { event: string }[]).map((n) => n.event)).toEqual(expect.arrayContaining(['nca.requestPhase1Signs', 'nca.phase1Complete', 'nca.phase3Complete']));
    void and;
  });
});
