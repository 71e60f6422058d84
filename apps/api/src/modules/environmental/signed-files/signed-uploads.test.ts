import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings, users, wasteForms } from '../../../db/schema/index.ts';
import { startTestApp, type TResponse, type TSession, type TTestApp } from '../../../test/harness.ts';
import { whileHealthPolled } from '../../../test/health-poll.ts';
import { verifySignedUpload } from './verify-signed-upload.ts';
import { craftManyElementsP7m, makeLargePdf, signForTest, signThenTamper } from './test-signed-files.ts';

// Hostile and wrong signed files sent to the two routes that verify one: each is refused with a clean 4xx within a few
// seconds while the server keeps answering (the verification runs in the document-job pool, not on the request thread).

const fixture = (name: string) => readFileSync(new URL(`../../../../fixtures/signed-files/${name}`, import.meta.url));

let t: TTestApp;
let lab: TSession;
let agency: TSession;
let rdpId: string;
let formId: string;
const files: Record<string, Buffer> = {};

beforeAll(async () => {
  t = await startTestApp();
  let consortium: TSession;
  [lab, agency, consortium] = await Promise.all([t.signedIn('lab'), t.signedIn('agency'), t.signedIn('consortium' as never)]);
  const [labUser] = await t.db.select({ laboratoryId: users.laboratoryId }).from(users).where(eq(users.email, 'lab@demo.test'));
  const [agencyUser] = await t.db.select({ agencyId: users.agencyId }).from(users).where(eq(users.email, 'agency@demo.test'));
  const settingId = async (name: string) => (await t.db.select({ id: settings.id }).from(settings).where(eq(settings.name, name)))[0].id;
  const created = await t.request('POST', '/api/rdps', {
    token: lab.token,
    body: {
      code: 'RDP-SIGNED-1',
      laboratoryId: labUser.laboratoryId,
      agencyId: agencyUser.agencyId,
      matrixSettingId: await settingId('Terre e rocce da scavo'),
      analyticPackageSettingIds: [await settingId('Metalli pesanti')],
      sampleDate: '2026-11-02',
      lat: 41.2567,
      long: 13.6064,
      cer: '17 05 04',
      analyticData: [{ activity: 'Piombo', unit: 'mg/kg', upperLimit: 100, value: '35,2' }],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  rdpId = created.body._id;
  expect((await postRdpFile('uploadDraft', fixture('doc.pdf'), 'rapporto.pdf')).status).toBe(200);
  expect((await t.request('POST', `/api/rdps/${rdpId}/approveDraft`, { token: consortium.token, body: {} })).status).toBe(200);
  [{ id: formId }] = await t.db.select({ id: wasteForms.id }).from(wasteForms).where(eq(wasteForms.code, 'XRBC 000101 HF'));

  files.crafted = craftManyElementsP7m(10 * 2 ** 20);
  files.zeros = Buffer.alloc(20 * 2 ** 20);
  files.nestedTampered = fixture('doc.tampered-inner.pdf.p7m.p7m');
  // An inner envelope over 16 MB (four length bytes), its document altered after signing, inside a valid outer signature.
  files.nestedTamperedOver16MB = await signForTest(await signThenTamper(await makeLargePdf(17 * 2 ** 20), 'RDP-FILLER'));
  files.signedZip = fixture('doc.zip.p7m');
  files.signedJunkThenPdf = fixture('doc.prefixed.pdf.p7m');
  files.signedPdfHeaderOnly = fixture('doc.header-only.pdf.p7m');
  // The pool's worker starts once per process (from the sources, tsx compiles the job module then): started here, so the
  // timings below are those of a running server.
  await verifySignedUpload(fixture('doc.pdf.p7m'), { maxBytes: 2 ** 20, trustListFile: null, content: 'pdf' });
}, 60_000);
afterAll(() => t?.close());

/**
 * The client that sends a file runs in a worker thread: the test and the server share this thread, and encoding a 20 MB
 * multipart body here would stall it as much as the server could, hiding what the server itself does.
 */
const MULTIPART_CLIENT = `
const { parentPort, workerData: w } = require('node:worker_threads');
(async () => {
  const form = new FormData();
  form.append('file', new Blob([w.bytes]), w.name);
  if (w.data) form.append('data', w.data);
  const res = await fetch(w.url, { method: 'POST', body: form, headers: { authorization: 'Bearer ' + w.token } });
  parentPort.postMessage({ status: res.status, text: await res.text() });
})().catch((error) => parentPort.postMessage({ status: -1, text: String(error) }));
`;

async function postMultipart(path: string, token: string, bytes: Buffer, name: string, data?: string): Promise<TResponse> {
  const own = new Uint8Array(bytes);
  const worker = new Worker(MULTIPART_CLIENT, { eval: true, workerData: { url: t.baseUrl + path, token, bytes: own, name, data }, transferList: [own.buffer] });
  try {
    const [reply] = (await once(worker, 'message')) as [{ status: number; text: string }];
    let body: unknown = reply.text;
    try {
      body = JSON.parse(reply.text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: reply.status, headers: new Headers(), body };
  } finally {
    await worker.terminate();
  }
}

function postRdpFile(action: 'uploadDraft' | 'uploadSigned', bytes: Buffer, name: string) {
  return postMultipart(`/api/rdps/${rdpId}/${action}`, lab.token, bytes, name);
}

/** Uploads the file (POST /api/uploads) and attaches it as the form's signed document: the answer of the first refusal. */
async function attachFormDocument(bytes: Buffer, name: string) {
  const uploaded = await postMultipart('/api/uploads', agency.token, bytes, name, JSON.stringify({ purpose: 'p7m', linkedEntityType: 'forms', linkedEntityId: formId }));
  if (uploaded.status !== 201) return uploaded;
  return t.request('POST', `/api/forms/${formId}/document`, { token: agency.token, body: { uploadId: uploaded.body._id } });
}

type TCase = [label: string, file: string, code: string, reason: RegExp];

const rdpCases: TCase[] = [
  ['a 10 MB signed-data header over a million tiny elements', 'crafted', 'DOCUMENT_TOO_COMPLEX', /ASN\.1 elements/],
  ['20 MB of zeros', 'zeros', 'SIGNATURE_INVALID', /not a signed file/],
  ['a valid signature over a tampered inner .p7m', 'nestedTampered', 'SIGNATURE_INVALID', /message digest/],
  ['a valid signature over a tampered inner .p7m over 16 MB', 'nestedTamperedOver16MB', 'SIGNATURE_INVALID', /message digest/],
  ['a valid signature over a zip', 'signedZip', 'SIGNATURE_INVALID', /not a PDF: it is a zip/],
  ['a valid signature over a PDF behind junk bytes', 'signedJunkThenPdf', 'SIGNATURE_INVALID', /not a PDF: it does not start with the PDF header/],
  ['a valid signature over a bare PDF header', 'signedPdfHeaderOnly', 'SIGNATURE_INVALID', /not a PDF: it has no PDF trailer/],
];

const formCases: TCase[] = [
  ['a 10 MB signed-data header over a million tiny elements', 'crafted', 'DOCUMENT_TOO_COMPLEX', /ASN\.1 elements/],
  ['a valid signature over a tampered inner .p7m', 'nestedTampered', 'SIGNATURE_INVALID', /message digest/],
  ['a valid signature over a tampered inner .p7m over 16 MB', 'nestedTamperedOver16MB', 'SIGNATURE_INVALID', /message digest/],
  ['a valid signature over a zip', 'signedZip', 'SIGNATURE_INVALID', /not a PDF: it is a zip/],
];

/** A 422 with `code` and a message matching `reason`, in under 5 s, while /api/health never waits a second. */
async function expectFastRefusal(send: () => ReturnType<typeof postRdpFile>, code: string, reason: RegExp) {
  const { result, elapsedMs, worstHealthMs, healthChecks } = await whileHealthPolled(t.baseUrl, send);
  expect(result.status, JSON.stringify(result.body)).toBe(422);
  expect(result.body).toMatchObject({ code });
  expect(result.body.message).toMatch(reason);
  expect(elapsedMs).toBeLessThan(5000);
  expect(healthChecks).toBeGreaterThan(0);
  expect(worstHealthMs).toBeLessThan(1000);
}

describe('POST /api/rdps/{id}/uploadSigned refuses hostile and non-PDF signed files fast, the server answering meanwhile', () => {
  it.each(rdpCases)(
    '%s: 422 %s within 5 s, /api/health never waits a second',
    async (_label, file, code, reason) => {
      await expectFastRefusal(() => postRdpFile('uploadSigned', files[file], 'rapporto.pdf.p7m'), code, reason);
    },
    30_000,
  );

  it('after every refusal the report is still waiting for its signed file, with nothing attached', async () => {
    const res = await t.request('GET', `/api/rdps/${rdpId}`, { token: lab.token });
    expect(res.body).toMatchObject({ status: 'approved', signedRdp: null, signedInnerPdf: null, signatureCheck: null });
  });

  it('a real signed PDF is still accepted', async () => {
    const res = await postRdpFile('uploadSigned', fixture('doc.pdf.p7m'), 'rapporto.pdf.p7m');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'p7mUploaded', signatureCheck: { identicalToDraft: true, nested: 0 } });
  });
});

describe('POST /api/forms/{id}/document refuses hostile and non-PDF signed files fast, the server answering meanwhile', () => {
  it.each(formCases)(
    '%s: 422 %s within 5 s, /api/health never waits a second',
    async (_label, file, code, reason) => {
      await expectFastRefusal(() => attachFormDocument(files[file], 'fir.pdf.p7m'), code, reason);
    },
    30_000,
  );

  it('20 MB of zeros is refused at the upload already (not signed data by its content), fast', async () => {
    const { result, elapsedMs, worstHealthMs } = await whileHealthPolled(t.baseUrl, () => attachFormDocument(files.zeros, 'fir.pdf.p7m'));
    expect(result.status).toBeGreaterThanOrEqual(400);
    expect(result.status).toBeLessThan(500);
    expect(elapsedMs).toBeLessThan(5000);
    expect(worstHealthMs).toBeLessThan(1000);
  }, 30_000);

  it('after every refusal the form has no document; a real signed PDF is still accepted', async () => {
    const [form] = await t.db.select({ documentUploadId: wasteForms.documentUploadId }).from(wasteForms).where(eq(wasteForms.id, formId));
    expect(form.documentUploadId).toBeNull();
    const res = await attachFormDocument(fixture('doc.pdf.p7m'), 'fir.pdf.p7m');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.document).toMatchObject({ format: 'p7m' });
  });
});
