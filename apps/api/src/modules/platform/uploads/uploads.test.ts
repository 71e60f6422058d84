import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs, uploads } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { registerUploadLinkPolicy } from './link-policies.ts';
import { makeDocx, makeExe, makeOle2, makeP7mDer, makePdf, makeXlsx, PNG_1X1 } from './test-files.ts';

let t: TTestApp;
let admin: string;
let hotelier: { token: string; user: Record<string, any> };
let city: string;
let visibleFaq: string;
let hiddenFaq: string;

type TUploadOptions = { token?: string; fileName?: string; data?: unknown; dataAsBlob?: boolean; extraFile?: boolean; noFile?: boolean };

async function upload(bytes: Buffer, options: TUploadOptions = {}) {
  const form = new FormData();
  if (!options.noFile) form.append('file', new Blob([new Uint8Array(bytes)]), options.fileName ?? 'file.pdf');
  if (options.extraFile) form.append('file', new Blob([new Uint8Array(bytes)]), 'second.pdf');
  const data = JSON.stringify(options.data ?? { purpose: 'pdf' });
  if (options.dataAsBlob) form.append('data', new Blob([data], { type: 'application/json' }));
  else form.append('data', data);
  const token = 'token' in options ? options.token : hotelier.token;
  const res = await fetch(`${t.baseUrl}/api/uploads`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function download(id: string, token: string) {
  const res = await fetch(`${t.baseUrl}/api/uploads/${id}/download`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.signedIn('admin')).token;
  hotelier = await t.signedIn('hotelier');
  city = (await t.signedIn('city')).token;
  visibleFaq = (await t.request('POST', '/api/faqs', { token: admin, body: { question: 'Visibile?', answer: 'Sì' } })).body._id;
  hiddenFaq = (await t.request('POST', '/api/faqs', { token: admin, body: { question: 'Nascosta?', answer: 'Sì', isVisible: false } })).body._id;
});
afterAll(() => t?.close());

describe('POST /api/uploads', () => {
  it('accepts a real pdf, stores sha256, size and mime type under a generated key, and audits it', async () => {
    const pdf = await makePdf();
    const res = await upload(pdf, {
      fileName: '../../etc/Ricevuta "marzo".pdf',
      data: { purpose: 'pdf', additionalInfo: { name: 'Ricevuta marzo', format: 'pdf', fullName: 'Ricevuta marzo.pdf', size: pdf.length }, tags: ['ricevute'] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      purpose: 'pdf',
      name: 'Ricevuta marzo',
      format: 'pdf',
      fullName: 'Ricevuta marzo.pdf',
      mimeType: 'application/pdf',
      size: pdf.length,
      tags: ['ricevute'],
      ownerId: hotelier.user._id,
      linkedEntityId: null,
    });
    expect(res.body.sha256).toMatch(/^[0-9a-f]{64}$/);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, res.body._id));
    expect(row.storageKey).toMatch(/^[0-9a-f-]{36}$/);
    const stored = fs.readFileSync(path.join(t.config.uploadDir, row.storageKey.slice(0, 2), row.storageKey));
    expect(stored.equals(pdf)).toBe(true);
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, 'uploads'), eq(auditLogs.entityId, row.id)));
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('accepts each purpose its formats, decided by content (data part as a JSON Blob too)', async () => {
    const cases: [Buffer, string, string, string][] = [
      [await makeDocx(), 'document', 'lettera.docx', 'docx'],
      [makeOle2('WordDocument'), 'document', 'vecchio.doc', 'doc'],
      [await makeXlsx(), 'import', 'soggiorni.xlsx', 'xlsx'],
      [makeOle2('Workbook'), 'import', 'soggiorni.xls', 'xls'],
      [Buffer.from('checkIn;checkOut\n2025-07-01;2025-07-03\n'), 'import', 'soggiorni.csv', 'csv'],
      [PNG_1X1, 'image', 'foto.png', 'png'],
      [makeP7mDer(), 'p7m', 'rdp.pdf.p7m', 'p7m'],
      [await makePdf(), 'document', 'named-wrongly.docx', 'pdf'],
    ];
    for (const [bytes, purpose, fileName, format] of cases) {
      const res = await upload(bytes, { fileName, data: { purpose }, dataAsBlob: true });
      expect(res.status, fileName).toBe(201);
      expect(res.body.format, fileName).toBe(format);
    }
  });

  it('refuses content that does not match the purpose with 415, whatever the name says', async () => {
    const cases: [Buffer, string, string][] = [
      [makeExe(), 'pdf', 'fattura.pdf'],
      [Buffer.from('just some text pretending'), 'pdf', 'fattura.pdf'],
      [await makePdf(), 'image', 'foto.png'],
      [await makePdf(), 'p7m', 'firmato.p7m'],
      [await makeDocx(), 'import', 'soggiorni.xlsx'],
      [makeOle2('__substg1.0_0037001F'), 'document', 'mail.doc'],
      [Buffer.from('checkIn;checkOut\n'), 'document', 'a.csv'],
    ];
    for (const [bytes, purpose, fileName] of cases) {
      const res = await upload(bytes, { fileName, data: { purpose } });
      expect(res.status, `${purpose} ${fileName}`).toBe(415);
      expect(res.body.code).toBe('UNSUPPORTED_FILE_TYPE');
    }
    expect(await t.db.select().from(uploads).where(eq(uploads.name, 'fattura'))).toHaveLength(0);
  });

  it('refuses bad requests with 400 and anonymous callers with 401', async () => {
    const pdf = await makePdf();
    const cases: [TUploadOptions, string][] = [
      [{ data: { purpose: 'video' } }, 'data.purpose'],
      [{ data: { purpose: 'pdf', linkedEntityId: visibleFaq } }, 'data.linkedEntityType'],
      [{ data: { purpose: 'pdf', linkedEntityType: 'no-such-thing', linkedEntityId: visibleFaq } }, 'linkedEntityType'],
      [{ data: 'not json' }, 'data'],
      [{ noFile: true }, 'file'],
      [{ extraFile: true }, 'file'],
    ];
    for (const [options, pathExpected] of cases) {
      const res = await upload(pdf, options);
      expect(res.status, pathExpected).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(
        res.body.details.map((d: any) => d.path),
        pathExpected,
      ).toContain(pathExpected);
    }
    const notMultipart = await t.request('POST', '/api/uploads', { token: hotelier.token, body: { purpose: 'pdf' } });
    expect(notMultipart.status).toBe(400);
    expect((await upload(pdf, { token: undefined })).status).toBe(401);
    expect((await upload(Buffer.alloc(0))).status).toBe(400);
  });

  it('refuses to link a file to a record the caller cannot see (404)', async () => {
    const res = await upload(await makePdf(), { data: { purpose: 'pdf', linkedEntityType: 'faqs', linkedEntityId: hiddenFaq } });
    expect(res.status).toBe(404);
  });
});

describe('reading and deleting uploads', () => {
  it('lets who may see the linked record read and download; others get 404', async () => {
    const pdf = await makePdf();
    const onVisible = (await upload(pdf, { token: admin, fileName: 'Modulo è ok.pdf', data: { purpose: 'pdf', linkedEntityType: 'faqs', linkedEntityId: visibleFaq } })).body;
    const onHidden = (await upload(pdf, { token: admin, data: { purpose: 'pdf', linkedEntityType: 'faqs', linkedEntityId: hiddenFaq } })).body;

    const got = await download(onVisible._id, hotelier.token);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(pdf)).toBe(true);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="Modulo e ok.pdf"; filename*=UTF-8''Modulo%20%C3%A8%20ok.pdf`);
    expect((await t.request('GET', `/api/uploads/${onVisible._id}`, { token: hotelier.token })).body.fullName).toBe('Modulo è ok.pdf');
    const listed = await t.request('GET', `/api/uploads?linkedEntityType=faqs&linkedEntityId=${visibleFaq}`, { token: hotelier.token });
    expect(listed.body.map((u: any) => u._id)).toEqual([onVisible._id]);

    expect((await download(onHidden._id, hotelier.token)).status).toBe(404);
    expect((await t.request('GET', `/api/uploads/${onHidden._id}`, { token: hotelier.token })).status).toBe(404);
    expect((await t.request('GET', `/api/uploads?linkedEntityType=faqs&linkedEntityId=${hiddenFaq}`, { token: hotelier.token })).status).toBe(404);
    expect((await download(onHidden._id, admin)).status).toBe(200);
    expect((await t.request('GET', '/api/uploads/not-a-uuid', { token: admin })).status).toBe(404);
  });

  it('keeps unlinked files to their owner and admins', async () => {
    const mine = (await upload(PNG_1X1, { fileName: 'avatar.png', data: { purpose: 'image', linkedEntityId: '', linkedEntityType: '' } })).body;
    expect(mine.linkedEntityType).toBeNull();
    expect((await download(mine._id, hotelier.token)).status).toBe(200);
    expect((await download(mine._id, admin)).status).toBe(200);
    expect((await download(mine._id, city)).status).toBe(404);
  });

  it('uses a registered link policy for non-collection types', async () => {
    const allowedIds = new Set<string>();
    registerUploadLinkPolicy(
      'test-folders',
      async (ctx, id) => ctx.actor.role === 'city' && allowedIds.has(id),
      async (ctx) => ctx.actor.role === 'city',
    );
    const folder = '11111111-1111-4111-8111-111111111111';
    allowedIds.add(folder);
    const byCity = await upload(await makePdf(), { token: city, data: { purpose: 'pdf', linkedEntityType: 'test-folders', linkedEntityId: folder } });
    expect(byCity.status).toBe(201);
    expect((await upload(await makePdf(), { data: { purpose: 'pdf', linkedEntityType: 'test-folders', linkedEntityId: folder } })).status).toBe(404);
    expect((await download(byCity.body._id, hotelier.token)).status).toBe(404);
    allowedIds.delete(folder);
    expect((await download(byCity.body._id, city)).status).toBe(404);
  });

  it('deletes for the owner, an admin, or who may change the linked record; refuses others', async () => {
    const own = (await upload(await makePdf())).body;
    expect((await t.request('DELETE', `/api/uploads/${own._id}`, { token: city })).status).toBe(404);
    const removed = await t.request('DELETE', `/api/uploads/${own._id}`, { token: hotelier.token });
    expect(removed.status).toBe(200);
    expect((await t.request('GET', `/api/uploads/${own._id}`, { token: hotelier.token })).status).toBe(404);
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, 'uploads'), eq(auditLogs.entityId, own._id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'delete']);

    // A hotelier sees the admin's file on a visible FAQ but may not change FAQs: 403.
    const adminFile = (await upload(await makePdf(), { token: admin, data: { purpose: 'pdf', linkedEntityType: 'faqs', linkedEntityId: visibleFaq } })).body;
    const refused = await t.request('DELETE', `/api/uploads/${adminFile._id}`, { token: hotelier.token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    // The hotelier's own file on the same FAQ is theirs to delete.
    const hotelierFile = (await upload(await makePdf(), { data: { purpose: 'pdf', linkedEntityType: 'faqs', linkedEntityId: visibleFaq } })).body;
    expect((await t.request('DELETE', `/api/uploads/${hotelierFile._id}`, { token: hotelier.token })).status).toBe(200);
    expect((await t.request('DELETE', `/api/uploads/${adminFile._id}`, { token: admin })).status).toBe(200);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, adminFile._id));
    expect(row).toBeUndefined();
  });
});

describe('upload size limit', () => {
  it('answers 413 PAYLOAD_TOO_LARGE above UPLOAD_MAX_BYTES and stores nothing', async () => {
    const small = await startTestApp({ env: { UPLOAD_MAX_BYTES: '2048' } });
    try {
      const { token } = await small.signedIn('hotelier');
      // The demo data already holds files (the demo test reports'): nothing is added to them.
      const dir = small.config.uploadDir;
      const filesNow = () => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).sort() : []);
      const before = { rows: (await small.db.select().from(uploads)).length, files: filesNow() };
      const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4096, 0x20)]);
      const form = new FormData();
      form.append('data', JSON.stringify({ purpose: 'pdf' }));
      form.append('file', new Blob([new Uint8Array(big)]), 'big.pdf');
      const res = await fetch(`${small.baseUrl}/api/uploads`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(413);
      expect((await res.json()).code).toBe('PAYLOAD_TOO_LARGE');
      expect(await small.db.select().from(uploads)).toHaveLength(before.rows);
      expect(filesNow()).toEqual(before.files);
    } finally {
      await small.close();
    }
  });
});

describe("POST /api/uploads with the spec's payload (no purpose)", () => {
  it('accepts linkedEntityId, linkedEntityType, additionalInfo and tags alone; the format comes from the content', async () => {
    const me = hotelier.user._id as string;
    const pdf = await makePdf();
    const res = await upload(pdf, {
      fileName: 'scan.pdf',
      data: { linkedEntityId: visibleFaq, linkedEntityType: 'faqs', additionalInfo: { name: 'Scansione', format: 'pdf', fullName: 'Scansione.pdf', size: pdf.length }, tags: ['spec'] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ format: 'pdf', purpose: 'pdf', linkedEntityType: 'faqs', linkedEntityId: visibleFaq, tags: ['spec'], name: 'Scansione' });
    // Without a link at all, any recognised format is accepted and stored under its narrowest purpose.
    const sheet = await upload(await makeXlsx(), { fileName: 'dati.xlsx', data: { tags: [] } });
    expect(sheet.status).toBe(201);
    expect(sheet.body).toMatchObject({ format: 'xlsx', purpose: 'document' });
    // Content nobody accepts is still refused.
    const exe = await upload(makeExe(), { fileName: 'run.pdf', data: { additionalInfo: { fullName: 'run.pdf' } } });
    expect(exe.status).toBe(415);
    expect(exe.body.code).toBe('UNSUPPORTED_FILE_TYPE');
    // A user's file is their picture: an image is accepted, a pdf is not.
    const picture = await upload(PNG_1X1, { fileName: 'me.png', data: { linkedEntityId: me, linkedEntityType: 'users', tags: ['avatar'] } });
    expect(picture.status).toBe(201);
    expect(picture.body).toMatchObject({ format: 'png', purpose: 'image' });
    const notPicture = await upload(pdf, { fileName: 'me.pdf', data: { linkedEntityId: me, linkedEntityType: 'users' } });
    expect(notPicture.status).toBe(415);
  });

  it('still honours a purpose when one is sent', async () => {
    const res = await upload(await makeXlsx(), { fileName: 'x.xlsx', data: { purpose: 'pdf' } });
    expect(res.status).toBe(415);
  });
});
