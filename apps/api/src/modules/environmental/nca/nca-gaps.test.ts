import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ncaHistory, notifications, permissions, roles, signatureEvidence, signRequests, users } from '../../../db/schema/index.ts';
import { setFeature } from '../../platform/index.ts';
import { startTestApp, type TSession, type TTestApp } from '../../../test/harness.ts';
import { ncaFixtures } from './nca-test-fixtures.ts';

let t: TTestApp;
let admin: TSession;
let consortium: TSession;
let agency: TSession;
let agency3: TSession;
let fx: Awaited<ReturnType<typeof ncaFixtures>>;

beforeAll(async () => {
  t = await startTestApp();
  [admin, consortium, agency, agency3] = await Promise.all(['admin', 'consortium', 'agency', 'agency3'].map((a) => t.signedIn(a as never)));
  fx = await ncaFixtures(t);
});
afterAll(() => t?.close());

const post = (session: TSession, url: string, body: unknown = {}) => t.request('POST', url, { token: session.token, body });
const get = (session: TSession, url: string) => t.request('GET', url, { token: session.token });

/** A report opened by an admin (signatures skipped), targeting the demo agency. */
async function openReport() {
  const created = await post(consortium, '/api/nca-reports', fx.phase1);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const opened = await post(admin, `/api/nca-reports/${created.body._id}/forceOpen`, { reason: 'Test' });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  return created.body._id as string;
}

async function propose(session: TSession, reportId: string, name: string) {
  const res = await post(session, '/api/corrective-actions', { reportId, name, actionType: 'action' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id as string;
}

describe('N1: a supplier agency reports a non-conformity it detected', () => {
  it('with the permission system off agencies cannot create', async () => {
    const res = await post(agency3, '/api/nca-reports', fx.phase1);
    expect(res.status).toBe(403);
  });

  it('holding nca.create with the permission system on, its agency becomes detectedByAgencyId; without the key 403', async () => {
    const keys = await t.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.key, ['nca.create', 'nca.get', 'nca.getAll']));
    expect(keys).toHaveLength(3);
    const [role] = await t.db
      .insert(roles)
      .values({ name: 'Segnalazioni NCA', roleType: 'supplier', permissionIds: keys.map((k) => k.id) })
      .returning();
    const [before] = await t.db.select({ roleIds: users.roleIds }).from(users).where(eq(users.id, agency3.user._id));
    await setFeature(t.db, 'permissionsSystem', true);
    try {
      // Without the key: refused.
      expect((await post(agency3, '/api/nca-reports', fx.phase1)).status).toBe(403);
      await t.db
        .update(users)
        .set({ roleIds: [role.id] })
        .where(eq(users.id, agency3.user._id));
      const created = await post(agency3, '/api/nca-reports', { ...fx.phase1, detectedByAgencyId: fx.edil.id });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body).toMatchObject({ status: 'pending', detectedByAgencyId: agency3.user.agencyId, openedById: agency3.user._id });
      expect(created.body.detectedByAgencyId).not.toBe(fx.edil.id);
      // Its own report is readable to it.
      expect((await get(agency3, `/api/nca-reports/${created.body._id}`)).status).toBe(200);
    } finally {
      await setFeature(t.db, 'permissionsSystem', false);
      await t.db.update(users).set({ roleIds: before.roleIds }).where(eq(users.id, agency3.user._id));
    }
  });
});

describe('N10: returnToAgency unconfirms the plan', () => {
  it('confirmed actions go back to new with the reason, in the transition; a refused return changes nothing', async () => {
    const id = await openReport();
    expect((await t.request('PUT', `/api/nca-reports/${id}`, { token: agency.token, body: { causeAnalysis: 'Telo assente' } })).status).toBe(200);
    const first = await propose(agency, id, 'Copertura del cassone');
    const second = await propose(agency, id, 'Formazione del personale');
    expect((await post(agency, `/api/nca-reports/${id}/submitForValidation`)).body.status).toBe('waiting_validations');
    expect((await post(admin, `/api/corrective-actions/${first}/confirm`)).body.status).toBe('confirmed');

    // Without the reason: refused, and the confirmed action stays confirmed.
    expect((await post(consortium, `/api/nca-reports/${id}/returnToAgency`)).status).toBe(400);
    expect((await get(admin, `/api/corrective-actions/${first}`)).body.status).toBe('confirmed');

    const returned = await post(consortium, `/api/nca-reports/${id}/returnToAgency`, { reason: 'Tempi di esecuzione non indicati' });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(returned.body.status).toBe('open');
    const firstNow = (await get(admin, `/api/corrective-actions/${first}`)).body;
    expect(firstNow).toMatchObject({ status: 'new', confirmationDate: null, confirmedById: null });
    expect((await get(admin, `/api/corrective-actions/${second}`)).body.status).toBe('new');
    const notes = await t.db
      .select()
      .from(ncaHistory)
      .where(and(eq(ncaHistory.reportId, id), eq(ncaHistory.action, 'returnedToAgency')));
    expect(notes.map((n) => [n.entityId, n.fromStatus, n.toStatus, n.message]).sort()).toEqual(
      [
        [first, 'confirmed', 'new', 'Tempi di esecuzione non indicati'],
        [second, 'new', 'new', 'Tempi di esecuzione non indicati'],
      ].sort(),
    );
    // The agency edits its returned action again.
    expect((await t.request('PUT', `/api/corrective-actions/${first}`, { token: agency.token, body: { name: 'Copertura entro 3 giorni' } })).status).toBe(200);
  });
});

describe('A4: rejecting a proposed action', () => {
  it('the consortium rejects with a note; the action stays new and its author is notified', async () => {
    const id = await openReport();
    const action = await propose(agency, id, 'Pulizia del piazzale');
    expect((await post(consortium, `/api/corrective-actions/${action}/rejectProposal`)).status).toBe(400);
    const rejected = await post(consortium, `/api/corrective-actions/${action}/rejectProposal`, { reason: 'Non risolve la causa' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.status).toBe('new');
    const [entry] = await t.db
      .select()
      .from(ncaHistory)
      .where(and(eq(ncaHistory.entityId, action), eq(ncaHistory.action, 'rejectProposal')));
    expect(entry).toMatchObject({ actorId: consortium.user._id, fromStatus: 'new', toStatus: 'new', message: 'Non risolve la causa' });
    const sent = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, agency.user._id), eq(notifications.event, 'nca.action.rejectProposal')));
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toContain('Non risolve la causa');
    // Admins reject too.
    expect((await post(admin, `/api/corrective-actions/${action}/rejectProposal`, { reason: 'Ancora insufficiente' })).status).toBe(200);
  });

  it('suppliers cannot reject; a confirmed action cannot be rejected', async () => {
    const id = await openReport();
    const action = await propose(agency, id, 'Bagnatura delle piste');
    expect((await post(agency, `/api/corrective-actions/${action}/rejectProposal`, { reason: 'x' })).status).toBe(403);
    expect((await post(admin, `/api/corrective-actions/${action}/confirm`)).status).toBe(200);
    expect((await post(consortium, `/api/corrective-actions/${action}/rejectProposal`, { reason: 'x' })).body.code).toBe('INVALID_TRANSITION');
  });
});

describe('demo signature rounds', () => {
  it('store the phase PDF that was signed: its SHA-256 in the requests and the evidence is that of the file the report serves', async () => {
    const requests = await t.db.select().from(signRequests);
    const rounds = new Map(requests.map((r) => [`${r.reportId}|${r.phase}|${r.round}`, r]));
    expect(rounds.size).toBeGreaterThan(3);
    for (const r of requests) {
      expect(r.pdfStorageKey, `request ${r.id}`).not.toBe('');
      const stored = await buffer(t.app.services.storage.read(r.pdfStorageKey));
      expect(stored.subarray(0, 5).toString()).toBe('%PDF-');
      expect(createHash('sha256').update(stored).digest('hex')).toBe(r.pdfSha256);
    }
    const evidence = await t.db.select().from(signatureEvidence);
    expect(evidence.length).toBeGreaterThan(0);
    for (const e of evidence) {
      const request = requests.find((r) => r.id === e.signRequestId)!;
      expect([e.pdfSha256, e.pdfStorageKey]).toEqual([request.pdfSha256, request.pdfStorageKey]);
    }
    // The download of the latest round of a phase is byte for byte the stored document.
    const latest = [...rounds.values()].sort((a, b) => b.round - a.round).find((r) => r.status === 'signed')!;
    const phaseRounds = requests.filter((r) => r.reportId === latest.reportId && r.phase === latest.phase);
    const newest = phaseRounds.sort((a, b) => b.round - a.round)[0];
    const res = await fetch(`${t.baseUrl}/api/nca-reports/${latest.reportId}/pdf?phase=${latest.phase}`, { headers: { authorization: `Bearer ${consortium.token}` } });
    expect(res.status).toBe(200);
    expect(
      createHash('sha256')
        .update(Buffer.from(await res.arrayBuffer()))
        .digest('hex'),
    ).toBe(newest.pdfSha256);
  });
});
