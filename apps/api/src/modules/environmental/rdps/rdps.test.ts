import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies, laboratories, notifications, settings, users } from '../../../db/schema/index.ts';
import { startTestApp, type TSession, type TTestApp } from '../../../test/harness.ts';

// The signed files are the fixtures of the verifier (made with openssl by make-fixtures.sh).
const fixture = (name: string) => readFileSync(new URL(`../../../../fixtures/signed-files/${name}`, import.meta.url));
const draftPdf = fixture('doc.pdf');

let t: TTestApp;
let lab: TSession;
let agency: TSession;
let consortium: TSession;
let admin: TSession;
let labId: string;
let agencyId: string;
let otherLabId: string;
let otherAgencyId: string;
let metals: string;
let soil: string;

beforeAll(async () => {
  t = await startTestApp();
  [lab, agency, consortium, admin] = await Promise.all([t.signedIn('lab'), t.signedIn('agency'), t.signedIn('consortium' as never), t.signedIn('admin')]);
  const [labUser] = await t.db.select({ laboratoryId: users.laboratoryId }).from(users).where(eq(users.email, 'lab@demo.test'));
  labId = labUser.laboratoryId!;
  const [agencyUser] = await t.db.select({ agencyId: users.agencyId }).from(users).where(eq(users.email, 'agency@demo.test'));
  agencyId = agencyUser.agencyId!;
  const [otherLab] = await t.db.select({ id: laboratories.id }).from(laboratories).where(eq(laboratories.businessName, 'ChemLab Tirreno S.r.l.'));
  otherLabId = otherLab.id;
  const [otherAgency] = await t.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.businessName, 'Ecologia Garigliano S.r.l.'));
  otherAgencyId = otherAgency.id;
  const [m] = await t.db.select({ id: settings.id }).from(settings).where(eq(settings.name, 'Metalli pesanti'));
  metals = m.id;
  const [s] = await t.db.select({ id: settings.id }).from(settings).where(eq(settings.name, 'Terre e rocce da scavo'));
  soil = s.id;
});
afterAll(() => t?.close());

function upload(session: TSession, id: string, action: 'uploadDraft' | 'uploadSigned', bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return t.request('POST', `/api/rdps/${id}/${action}`, { token: session.token, raw: form });
}

let seq = 0;
async function createRdp(session: TSession, extra: Record<string, unknown> = {}) {
  const res = await t.request('POST', '/api/rdps', {
    token: session.token,
    body: {
      code: `RDP-T-${++seq}`,
      laboratoryId: labId,
      agencyId,
      matrixSettingId: soil,
      analyticPackageSettingIds: [metals],
      sampleDate: '2026-11-02',
      lat: 41.2567,
      long: 13.6064,
      cer: '17 05 04',
      analyticData: [
        { activity: 'Piombo', unit: 'mg/kg', method: 'EPA 6010D', upperLimit: 100, value: '35,2' },
        { activity: 'Cadmio', unit: 'mg/kg', upperLimit: 2, value: '< LOQ' },
      ],
      ...extra,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('RDP: the whole path with real files', () => {
  it('lab creates and uploads the draft; consortium approves; lab uploads the signed file; consortium approves and confirms SAL', async () => {
    const rdp = await createRdp(lab);
    expect(rdp).toMatchObject({ status: 'processing', cer: '170504', outOfLimits: false, totalPrice: 95, temporaryRdp: null });
    expect(rdp.analyticData.map((r: { limitStatus: string }) => r.limitStatus)).toEqual(['within', 'within']);

    const drafted = await upload(lab, rdp._id, 'uploadDraft', draftPdf, 'rapporto.pdf');
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(200);
    expect(drafted.body.temporaryRdp).toEqual(expect.any(String));

    const draftView = await t.request('GET', `/api/rdps/${rdp._id}/files/draft`, { token: agency.token });
    expect(draftView.status).toBe(200);
    expect(draftView.headers.get('content-disposition')).toMatch(/^inline/);

    const approved = await t.request('POST', `/api/rdps/${rdp._id}/approveDraft`, { token: consortium.token, body: {} });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.status).toBe('approved');

    const signed = await upload(lab, rdp._id, 'uploadSigned', fixture('doc.pdf.p7m'), 'rapporto.pdf.p7m');
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.status).toBe('p7mUploaded');
    expect(signed.body.signatureCheck).toMatchObject({
      identicalToDraft: true,
      nested: 0,
      signers: [{ name: 'ROSSI MARIO', codiceFiscale: 'RSSMRA80A01H501U', signingCertificateV2: 'present', validNow: true }],
    });
    // no trust list configured in the tests: the CA is reported as not checked
    expect(signed.body.signatureCheck.warnings.map((w: { code: string }) => w.code)).toEqual(['CA_NOT_CHECKED']);

    const inner = await fetch(`${t.baseUrl}/api/rdps/${rdp._id}/files/signed-content`, { headers: { authorization: `Bearer ${lab.token}` } });
    expect(inner.status).toBe(200);
    expect(Buffer.from(await inner.arrayBuffer()).equals(draftPdf)).toBe(true);

    const completed = await t.request('POST', `/api/rdps/${rdp._id}/approveSigned`, { token: consortium.token, body: {} });
    expect(completed.body.status).toBe('completed');

    const sal = await t.request('POST', `/api/rdps/${rdp._id}/confirmAccounting`, { token: consortium.token, body: { salRef: 'SAL 3/2026' } });
    expect(sal.status, JSON.stringify(sal.body)).toBe(200);
    expect(sal.body).toMatchObject({ status: 'completed', salRef: 'SAL 3/2026', salConfirmedById: consortium.user._id, totalPrice: 95 });
    expect(sal.body.salConfirmedAt).toEqual(expect.any(String));

    const again = await t.request('POST', `/api/rdps/${rdp._id}/confirmAccounting`, { token: consortium.token, body: { salRef: 'SAL 4/2026' } });
    expect(again.status).toBe(409);

    const totals = await t.request('GET', '/api/rdps-totals', { token: consortium.token });
    expect(totals.status).toBe(200);
    expect(totals.body.byLaboratory.find((l: { laboratoryId: string }) => l.laboratoryId === labId)).toMatchObject({ confirmedCount: expect.any(Number) });
    expect(totals.body.confirmedTotal).toBeGreaterThanOrEqual(95);
    expect(totals.body.byPeriod.length).toBeGreaterThan(0);
    expect((await t.request('GET', '/api/rdps-totals', { token: lab.token })).status).toBe(403);
  });

  it('a signed PDF different from the approved draft is accepted and flagged; an expired certificate and nested files carry their details', async () => {
    const rdp = await createRdp(lab);
    await upload(lab, rdp._id, 'uploadDraft', Buffer.concat([draftPdf, Buffer.from('\n% another version\n')]), 'bozza.pdf');
    await t.request('POST', `/api/rdps/${rdp._id}/approveDraft`, { token: admin.token, body: {} });
    const expired = await upload(lab, rdp._id, 'uploadSigned', fixture('doc.expired.pdf.p7m'), 'r.pdf.p7m');
    expect(expired.status, JSON.stringify(expired.body)).toBe(200);
    expect(expired.body.signatureCheck.identicalToDraft).toBe(false);
    expect(expired.body.signatureCheck.warnings.map((w: { code: string }) => w.code)).toContain('CERTIFICATE_EXPIRED');
    const rejected = await t.request('POST', `/api/rdps/${rdp._id}/rejectSigned`, { token: consortium.token, body: { reason: 'Certificato scaduto' } });
    expect(rejected.body).toMatchObject({ status: 'approved', signedRdp: null, signatureCheck: null, lastRejection: { reason: 'Certificato scaduto', step: 'signed' } });
    const nested = await upload(lab, rdp._id, 'uploadSigned', fixture('doc.pdf.p7m.p7m'), 'r.pdf.p7m.p7m');
    expect(nested.status).toBe(200);
    expect(nested.body.signatureCheck).toMatchObject({ nested: 1 });
    expect(nested.body.signatureCheck.signers).toHaveLength(2);
  });
});

describe('RDP: every refusal', () => {
  it('a signed file before the approval of the draft: 409', async () => {
    const rdp = await createRdp(lab);
    await upload(lab, rdp._id, 'uploadDraft', draftPdf, 'a.pdf');
    const early = await upload(lab, rdp._id, 'uploadSigned', fixture('doc.pdf.p7m'), 'a.pdf.p7m');
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('INVALID_TRANSITION');
  });

  it('a tampered file and a plain PDF renamed .p7m: 422 SIGNATURE_INVALID with the reason, nothing stored', async () => {
    const rdp = await createRdp(lab);
    await upload(lab, rdp._id, 'uploadDraft', draftPdf, 'a.pdf');
    await t.request('POST', `/api/rdps/${rdp._id}/approveDraft`, { token: consortium.token, body: {} });
    const tampered = await upload(lab, rdp._id, 'uploadSigned', fixture('doc.tampered.pdf.p7m'), 'a.pdf.p7m');
    expect(tampered.status).toBe(422);
    expect(tampered.body).toMatchObject({ code: 'SIGNATURE_INVALID', details: [{ path: 'file' }] });
    expect(tampered.body.message).toMatch(/message digest/i);
    const renamed = await upload(lab, rdp._id, 'uploadSigned', draftPdf, 'a.pdf.p7m');
    expect(renamed.status).toBe(422);
    expect(renamed.body.code).toBe('SIGNATURE_INVALID');
    const after = await t.request('GET', `/api/rdps/${rdp._id}`, { token: lab.token });
    expect(after.body).toMatchObject({ status: 'approved', signedRdp: null });
  });

  it('a draft that is not a PDF: 415', async () => {
    const rdp = await createRdp(lab);
    const res = await upload(lab, rdp._id, 'uploadDraft', Buffer.from('just text'), 'a.pdf');
    expect(res.status).toBe(415);
  });

  it('a lab approving its own report, an agency approving or uploading: 403; approval without a draft: 409', async () => {
    const rdp = await createRdp(lab);
    expect((await t.request('POST', `/api/rdps/${rdp._id}/approveDraft`, { token: consortium.token, body: {} })).status).toBe(409);
    await upload(lab, rdp._id, 'uploadDraft', draftPdf, 'a.pdf');
    const own = await t.request('POST', `/api/rdps/${rdp._id}/approveDraft`, { token: lab.token, body: {} });
    expect(own.status).toBe(403);
    expect((await t.request('POST', `/api/rdps/${rdp._id}/approveDraft`, { token: agency.token, body: {} })).status).toBe(403);
    expect((await upload(agency, rdp._id, 'uploadDraft', draftPdf, 'a.pdf')).status).toBe(403);
    expect((await upload(consortium, rdp._id, 'uploadDraft', draftPdf, 'a.pdf')).status).toBe(403);
    const noReason = await t.request('POST', `/api/rdps/${rdp._id}/rejectDraft`, { token: consortium.token, body: {} });
    expect(noReason.status).toBe(400);
    const rejected = await t.request('POST', `/api/rdps/${rdp._id}/rejectDraft`, { token: consortium.token, body: { reason: 'Manca il metodo' } });
    expect(rejected.body).toMatchObject({ status: 'processing', lastRejection: { reason: 'Manca il metodo', step: 'draft' } });
  });

  it('data locked after the approval of the draft; bad values refused with their field', async () => {
    const rdp = await createRdp(lab);
    const bad = await t.request('POST', '/api/rdps', { token: lab.token, body: { code: 'X-1', laboratoryId: labId, analyticData: [{ activity: 'pH', value: 'alto' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].path).toMatch(/analyticData\.0\.value/);
    await upload(lab, rdp._id, 'uploadDraft', draftPdf, 'a.pdf');
    await t.request('POST', `/api/rdps/${rdp._id}/approveDraft`, { token: consortium.token, body: {} });
    const current = (await t.request('GET', `/api/rdps/${rdp._id}`, { token: lab.token })).body;
    const edit = await t.request('PUT', `/api/rdps/${rdp._id}`, { token: lab.token, body: { label: 'changed', updatedAt: current.updatedAt } });
    expect(edit.status).toBe(409);
  });
});

describe('RDP: scope', () => {
  it('a lab sees and edits only its own; an agency reads only its samples and writes nothing; the consortium sees all', async () => {
    const mine = await createRdp(lab);
    const theirs = await createRdp(consortium, { laboratoryId: otherLabId, agencyId: otherAgencyId });
    expect((await t.request('GET', `/api/rdps/${theirs._id}`, { token: lab.token })).status).toBe(404);
    expect((await t.request('GET', `/api/rdps/${theirs._id}`, { token: agency.token })).status).toBe(404);
    expect((await t.request('GET', `/api/rdps/${mine._id}`, { token: agency.token })).status).toBe(200);
    expect((await t.request('GET', `/api/rdps/${theirs._id}`, { token: consortium.token })).status).toBe(200);
    const labList = await t.request('GET', '/api/rdps?limit=200', { token: lab.token });
    expect(labList.body.length).toBeGreaterThan(0);
    expect(labList.body.every((r: { laboratoryId: string }) => r.laboratoryId === labId)).toBe(true);
    const agencyList = await t.request('GET', '/api/rdps?limit=200', { token: agency.token });
    expect(agencyList.body.every((r: { agencyId: string }) => r.agencyId === agencyId)).toBe(true);
    // a lab cannot create for another laboratory, an agency cannot create at all
    const forOther = await t.request('POST', '/api/rdps', { token: lab.token, body: { code: 'OTHER-1', laboratoryId: otherLabId } });
    expect(forOther.status).toBe(403);
    expect((await t.request('POST', '/api/rdps', { token: agency.token, body: { code: 'AG-1', laboratoryId: labId } })).status).toBe(403);
    expect((await upload(lab, theirs._id, 'uploadDraft', draftPdf, 'a.pdf')).status).toBe(404);
    expect((await t.request('GET', `/api/rdps/${theirs._id}/files/draft`, { token: lab.token })).status).toBe(404);
  });
});

describe('RDP: the lot and agency a laboratory names', () => {
  it('a laboratory reads them by name (it reads neither registry) and names them on its report; an agency may not', async () => {
    expect((await t.request('GET', '/api/lots', { token: lab.token })).status).toBe(403);
    const res = await t.request('GET', '/api/rdps/sample-choices', { token: lab.token });
    expect(res.status).toBe(200);
    const lot = res.body.lots[0];
    expect(Object.keys(lot).sort()).toEqual(['_id', 'code', 'name']);
    expect(res.body.agencies.map((a: { _id: string }) => a._id)).toEqual(expect.arrayContaining([agencyId, otherAgencyId]));
    expect(Object.keys(res.body.agencies[0]).sort()).toEqual(['_id', 'businessName']);
    expect((await t.request('GET', '/api/rdps/sample-choices', { token: agency.token })).status).toBe(403);
    const rdp = await createRdp(lab, { lotId: lot._id, agencyId: otherAgencyId });
    expect(rdp).toMatchObject({ lotId: lot._id, agencyId: otherAgencyId });
  });
});

describe('RDP: out of limits', () => {
  it('flags the row and the report, filters the list and notifies the consortium', async () => {
    const rdp = await createRdp(lab, { analyticData: [{ activity: 'Piombo', unit: 'mg/kg', upperLimit: 100, value: '120' }] });
    expect(rdp).toMatchObject({ outOfLimits: true, outOfLimitsCount: 1 });
    expect(rdp.analyticData[0]).toMatchObject({ limitStatus: 'above', outOfLimits: true });
    const list = await t.request('GET', '/api/rdps?outOfLimits=true&limit=200', { token: consortium.token });
    expect(list.body.map((r: { _id: string }) => r._id)).toContain(rdp._id);
    expect(list.body.every((r: { outOfLimits: boolean }) => r.outOfLimits)).toBe(true);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, consortium.user._id));
    expect(notes.some((n) => n.event === 'rdps.outOfLimits' && (n.data as { rdpId?: string } | null)?.rdpId === rdp._id)).toBe(true);
  });
});

describe('RDP: the list as the web asks for it', () => {
  it('with ?fields= the records carry those fields only (no analytic rows); without, the whole report as before', async () => {
    const rdp = await createRdp(lab, { analyticData: [{ activity: 'Piombo', unit: 'mg/kg', upperLimit: 100, value: '130' }] });
    const fields = 'code,status,outOfLimits,outOfLimitsCount,laboratoryId,agencyId,sampleDate,totalPrice,updatedAt';
    const light = await t.request('GET', `/api/rdps?outOfLimits=true&sort=-sampleDate&limit=200&count=true&fields=${fields}`, { token: lab.token });
    expect(light.status).toBe(200);
    const row = light.body.find((r: { _id: string }) => r._id === rdp._id);
    expect(Object.keys(row).sort()).toEqual(['_id', ...fields.split(',')].sort());
    expect(row).toMatchObject({ code: rdp.code, status: 'processing', outOfLimits: true, outOfLimitsCount: 1, laboratoryId: labId, totalPrice: rdp.totalPrice });
    const full = await t.request('GET', '/api/rdps?outOfLimits=true&sort=-sampleDate&limit=200&count=true', { token: lab.token });
    expect(full.headers.get('x-total-count')).toBe(light.headers.get('x-total-count'));
    expect(full.body.map((r: { _id: string }) => r._id)).toEqual(light.body.map((r: { _id: string }) => r._id));
    expect(full.body.find((r: { _id: string }) => r._id === rdp._id).analyticData[0]).toMatchObject({ activity: 'Piombo', outOfLimits: true });
    // Asking for the analytic rows reads them.
    const withRows = await t.request('GET', `/api/rdps?outOfLimits=true&limit=200&fields=code,analyticData`, { token: lab.token });
    expect(withRows.body.find((r: { _id: string }) => r._id === rdp._id).analyticData).toHaveLength(1);
  });
});

describe('RDP: apri NCA', () => {
  it('creates a pending NCA report prefilled with the lot, the agency and the failing rows; refused to a lab and on a report within limits', async () => {
    const list = await t.request('GET', '/api/rdps?code=RDP-2026-0102', { token: consortium.token });
    const [rdp] = list.body;
    expect(rdp).toMatchObject({ outOfLimits: true });
    const noOrder = await t.request('POST', `/api/rdps/${rdp._id}/openNca`, { token: consortium.token, body: {} });
    expect(noOrder.status).toBe(400);
    expect(noOrder.body.details[0].path).toBe('orderId');
    const orders = await t.request('GET', `/api/orders?lotId=${rdp.lotId}`, { token: consortium.token });
    const order = orders.body.find((o: { agencyIds: string[] }) => o.agencyIds.includes(rdp.agencyId));
    expect((await t.request('POST', `/api/rdps/${rdp._id}/openNca`, { token: lab.token, body: { orderId: order._id } })).status).toBe(403);
    const opened = await t.request('POST', `/api/rdps/${rdp._id}/openNca`, { token: consortium.token, body: { orderId: order._id } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const nca = await t.request('GET', `/api/nca-reports/${opened.body._id}`, { token: consortium.token });
    expect(nca.body).toMatchObject({ status: 'pending', lotId: rdp.lotId, orderId: order._id, targetAgencyId: rdp.agencyId });
    expect(nca.body.description).toContain('RDP-2026-0102');
    expect(nca.body.description).toContain('Piombo: 142');
    expect(nca.body.description).not.toContain('Cadmio');
    // The report names its NCA; a second "apri NCA" is refused with the existing one.
    expect((await t.request('GET', `/api/rdps/${rdp._id}`, { token: consortium.token })).body.ncaReportId).toBe(opened.body._id);
    const again = await t.request('POST', `/api/rdps/${rdp._id}/openNca`, { token: consortium.token, body: { orderId: order._id } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'DUPLICATE', details: [{ path: 'ncaReportId', value: opened.body._id }] });
    const within = await createRdp(lab);
    expect((await t.request('POST', `/api/rdps/${within._id}/openNca`, { token: consortium.token, body: { orderId: order._id } })).status).toBe(409);
  });
});

describe('RDP: demo data with files', () => {
  it('the seeded reports past the draft have their files stored and served; the signed content is identical to the draft', async () => {
    const approved = (await t.request('GET', '/api/rdps?code=RDP-2026-0095', { token: consortium.token })).body[0];
    expect(approved).toMatchObject({ status: 'approved' });
    expect(approved.label).not.toContain('file non caricati');
    const approvedDraft = await t.request('GET', `/api/rdps/${approved._id}/files/draft`, { token: consortium.token });
    expect(approvedDraft.status).toBe(200);
    expect(approvedDraft.headers.get('content-type')).toBe('application/pdf');
    expect(String(approvedDraft.body).startsWith('%PDF-')).toBe(true);
    expect((await t.request('GET', `/api/rdps/${approved._id}/files/signed`, { token: consortium.token })).status).toBe(404);

    for (const code of ['RDP-2026-0090', 'RDP-2026-0081', 'RDP-2026-0077']) {
      const rdp = (await t.request('GET', `/api/rdps?code=${code}`, { token: lab.token })).body[0];
      expect(rdp.signatureCheck, code).toMatchObject({ identicalToDraft: true, encoding: 'der' });
      const signed = await fetch(`${t.baseUrl}/api/rdps/${rdp._id}/files/signed`, { headers: { authorization: `Bearer ${lab.token}` } });
      expect(signed.status, code).toBe(200);
      expect(Buffer.from(await signed.arrayBuffer()).equals(fixture('doc.pdf.p7m'))).toBe(true);
      for (const file of ['draft', 'signed-content']) {
        const res = await fetch(`${t.baseUrl}/api/rdps/${rdp._id}/files/${file}`, { headers: { authorization: `Bearer ${lab.token}` } });
        expect(res.status, `${code} ${file}`).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(draftPdf), `${code} ${file}`).toBe(true);
      }
    }
  });
});
