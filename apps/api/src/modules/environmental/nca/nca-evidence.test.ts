import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpChallenges, signatureEvidence, signingTermsAcceptances, signRequests } from '../../../db/schema/index.ts';
import { startTestApp, type TSession, type TTestApp } from '../../../test/harness.ts';
import { recomputedRowHash } from './signature-evidence.ts';
import { codeFromOutbox, createPhase1SignedReport, ncaFixtures, pendingRequestOf } from './nca-test-fixtures.ts';
import { sha256Hex } from './snapshot.ts';

let t: TTestApp;
let consortium: TSession;
let agency: TSession;
let agency3: TSession;
let admin: TSession;
let ambiente: TSession;
let fx: Awaited<ReturnType<typeof ncaFixtures>>;
let reportId: string;

beforeAll(async () => {
  t = await startTestApp();
  [consortium, agency, agency3, admin, ambiente] = await Promise.all(['consortium', 'agency', 'agency3', 'admin', 'ambiente'].map((a) => t.signedIn(a as never)));
  fx = await ncaFixtures(t);
  reportId = await createPhase1SignedReport(t, fx, consortium, agency);
});
afterAll(() => t?.close());

type TVerification = { intact: boolean; rows: { evidenceId: string; problems: { kind: string }[] }[]; brokenLink: { evidenceId: string; kind: string } | null };
const verify = async (session: TSession = consortium) => t.request<TVerification>('GET', `/api/nca-reports/${reportId}/evidence/verify`, { token: session.token });

/** Changes a row in place: the table refuses updates (trigger), as a forger with database access would not. */
async function tamper(change: () => Promise<unknown>) {
  await t.db.execute(sql`alter table signature_evidence disable trigger signature_evidence_append_only`);
  try {
    await change();
  } finally {
    await t.db.execute(sql`alter table signature_evidence enable trigger signature_evidence_append_only`);
  }
}

describe("the evidence of an NCA report's signatures", () => {
  it('keeps who signed, in which role and function, from where, over the PDF as signed', async () => {
    const rows = await t.db.select().from(signatureEvidence).where(eq(signatureEvidence.reportId, reportId));
    expect(rows).toHaveLength(2);
    const agencyRow = rows.find((r) => r.userId === agency.user._id)!;
    expect(agencyRow.signer).toMatchObject({ email: agency.user.email, role: 'agency_user' });
    expect(agencyRow).toMatchObject({ phase: 'first', round: 1, channel: 'email', agencyFunctionName: 'Direttore tecnico di cantiere' });
    expect(agencyRow.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(agencyRow.ip).toBeTruthy();
  });

  it('verifies intact, for the consortium and the target agency', async () => {
    for (const session of [consortium, agency]) {
      const res = await verify(session);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.intact).toBe(true);
      expect(res.body.brokenLink).toBeNull();
      expect(res.body.rows).toHaveLength(2);
    }
  });

  it("verifies the demo's signed reports too (their evidence is written as a signature writes it)", async () => {
    const reports = await t.db.selectDistinct({ reportId: signatureEvidence.reportId }).from(signatureEvidence);
    expect(reports.length).toBeGreaterThan(1);
    for (const { reportId: id } of reports) {
      const res = await t.request<TVerification>('GET', `/api/nca-reports/${id}/evidence/verify`, { token: consortium.token });
      expect(res.body.intact, JSON.stringify(res.body.brokenLink)).toBe(true);
    }
  });

  it("refuses another agency's supplier as if the report did not exist", async () => {
    expect((await verify(agency3)).status).toBe(404);
  });

  it('finds one changed byte in the stored PDF', async () => {
    const [row] = await t.db.select().from(signatureEvidence).where(eq(signatureEvidence.reportId, reportId));
    const file = path.join(t.config.uploadDir, row.pdfStorageKey.slice(0, 2), row.pdfStorageKey);
    const original = fs.readFileSync(file);
    const changed = Buffer.from(original);
    changed[Math.floor(changed.length / 2)] ^= 0x01;
    fs.writeFileSync(file, changed);
    try {
      const res = await verify();
      expect(res.body.intact).toBe(false);
      expect(res.body.brokenLink).toMatchObject({ kind: 'pdfChanged' });
      // Both signatures are over that one document.
      expect(res.body.rows.every((r) => r.problems.some((p) => p.kind === 'pdfChanged'))).toBe(true);
    } finally {
      fs.writeFileSync(file, original);
    }
    expect((await verify()).body.intact).toBe(true);
  });

  it('finds one changed byte in any stored PDF of a report signed in all three phases, on the rows over that PDF only', async () => {
    // A demo report signed in more than one phase: each phase's PDF is its own stored file.
    const rows = await t.db.select().from(signatureEvidence).orderBy(signatureEvidence.sequence);
    const byReport = new Map<string, typeof rows>();
    for (const row of rows) byReport.set(row.reportId, [...(byReport.get(row.reportId) ?? []), row]);
    const [demoId, demoRows] = [...byReport].find(([, r]) => new Set(r.map((x) => x.phase)).size === 3) ?? [];
    expect(demoRows, 'the demo has a report signed in the three phases').toBeTruthy();
    const check = async () => (await t.request<TVerification>('GET', `/api/nca-reports/${demoId!}/evidence/verify`, { token: consortium.token })).body;
    const keys = [...new Set(demoRows!.map((r) => r.pdfStorageKey))];
    expect(keys.length).toBeGreaterThanOrEqual(3);
    for (const key of keys) {
      const file = path.join(t.config.uploadDir, key.slice(0, 2), key);
      const original = fs.readFileSync(file);
      const changed = Buffer.from(original);
      changed[original.length - 40] ^= 0x20;
      fs.writeFileSync(file, changed);
      try {
        const res = await check();
        expect(res.intact, key).toBe(false);
        const over = new Set(demoRows!.filter((r) => r.pdfStorageKey === key).map((r) => r.id));
        for (const row of res.rows)
          expect(
            row.problems.some((p) => p.kind === 'pdfChanged'),
            row.evidenceId,
          ).toBe(over.has(row.evidenceId));
      } finally {
        fs.writeFileSync(file, original);
      }
    }
    expect((await check()).intact).toBe(true);
  });

  it('finds an edited evidence row, and a row rewritten with its own hash recomputed', async () => {
    const rows = await t.db.select().from(signatureEvidence).where(eq(signatureEvidence.reportId, reportId)).orderBy(signatureEvidence.sequence);
    const [first, second] = rows;
    // An address changed: the row's hash no longer matches its content.
    await tamper(() => t.db.update(signatureEvidence).set({ ip: '10.9.9.9' }).where(eq(signatureEvidence.id, first.id)));
    let res = await verify();
    expect(res.body.intact).toBe(false);
    expect(res.body.brokenLink).toMatchObject({ evidenceId: first.id, kind: 'rowHash' });
    await tamper(() => t.db.update(signatureEvidence).set({ ip: first.ip }).where(eq(signatureEvidence.id, first.id)));
    expect((await verify()).body.intact).toBe(true);
    // The row's copy of the acceptance hash blanked (to hide an edited acceptance): the row's hash no longer matches.
    await tamper(() => t.db.update(signatureEvidence).set({ acceptanceHash: null }).where(eq(signatureEvidence.id, first.id)));
    expect((await verify()).body.brokenLink).toMatchObject({ evidenceId: first.id, kind: 'rowHash' });
    await tamper(() => t.db.update(signatureEvidence).set({ acceptanceHash: first.acceptanceHash }).where(eq(signatureEvidence.id, first.id)));
    expect((await verify()).body.intact).toBe(true);

    // The first row rewritten with a hash that fits its new content: the next row's link breaks.
    const forged = { ...first, signedAt: new Date(first.signedAt.getTime() - 3_600_000) };
    await tamper(() =>
      t.db
        .update(signatureEvidence)
        .set({ signedAt: forged.signedAt, rowHash: recomputedRowHash(forged) })
        .where(eq(signatureEvidence.id, first.id)),
    );
    res = await verify();
    expect(res.body.intact).toBe(false);
    const firstCheck = res.body.rows.find((r) => r.evidenceId === first.id)!;
    expect(firstCheck.problems.map((p) => p.kind)).toEqual(expect.arrayContaining(['nextLink', 'historyMismatch']));
    expect(res.body.rows.find((r) => r.evidenceId === second.id)!.problems.map((p) => p.kind)).toContain('previousLink');
    await tamper(() => t.db.update(signatureEvidence).set({ signedAt: first.signedAt, rowHash: first.rowHash }).where(eq(signatureEvidence.id, first.id)));

    // The last row of the chain rewritten the same way: nothing follows it, the history's record of its hash does.
    const lastForged = { ...second, userAgent: 'forged' };
    await tamper(() =>
      t.db
        .update(signatureEvidence)
        .set({ userAgent: 'forged', rowHash: recomputedRowHash(lastForged) })
        .where(eq(signatureEvidence.id, second.id)),
    );
    res = await verify();
    expect(res.body.brokenLink).toMatchObject({ evidenceId: second.id, kind: 'historyMismatch' });
    await tamper(() => t.db.update(signatureEvidence).set({ userAgent: second.userAgent, rowHash: second.rowHash }).where(eq(signatureEvidence.id, second.id)));
    expect((await verify()).body.intact).toBe(true);
  });
});

describe("the signers' acceptances of the terms, checked with the evidence", () => {
  /** Changes an acceptance in place: the table refuses updates and deletes (trigger), as a forger with database access would not. */
  async function tamperAcceptance(change: () => Promise<unknown>) {
    await t.db.execute(sql`alter table signing_terms_acceptances disable trigger signing_terms_acceptances_append_only`);
    try {
      await change();
    } finally {
      await t.db.execute(sql`alter table signing_terms_acceptances enable trigger signing_terms_acceptances_append_only`);
    }
  }

  it('finds an acceptance moved after the signature, of another text, removed, or with its address edited', async () => {
    const [row] = await t.db.select().from(signatureEvidence).where(eq(signatureEvidence.reportId, reportId)).orderBy(signatureEvidence.sequence);
    const where = and(eq(signingTermsAcceptances.userId, row.userId), eq(signingTermsAcceptances.termsVersion, row.consentVersion));
    const [acceptance] = await t.db.select().from(signingTermsAcceptances).where(where);
    expect(acceptance, 'the signer accepted the terms the evidence names').toBeTruthy();
    const problemsOfRow = async () => (await verify()).body.rows.find((r) => r.evidenceId === row.id)!.problems.map((p) => p.kind);
    expect(await problemsOfRow()).toEqual([]);
    try {
      await tamperAcceptance(() =>
        t.db
          .update(signingTermsAcceptances)
          .set({ createdAt: new Date(row.signedAt.getTime() + 3_600_000) })
          .where(where),
      );
      expect(await problemsOfRow()).toEqual(['acceptanceMismatch']);
      await tamperAcceptance(() =>
        t.db
          .update(signingTermsAcceptances)
          .set({ createdAt: acceptance.createdAt, textSha256: sha256Hex('another text') })
          .where(where),
      );
      expect(await problemsOfRow()).toEqual(['acceptanceMismatch']);
      await tamperAcceptance(() => t.db.delete(signingTermsAcceptances).where(where));
      const res = await verify();
      expect(res.body.intact).toBe(false);
      expect(res.body.brokenLink).toMatchObject({ evidenceId: row.id, kind: 'acceptanceMismatch' });
      // The evidence row keeps the acceptance's hash: an address (or user agent) edited in it shows too.
      await tamperAcceptance(() => t.db.insert(signingTermsAcceptances).values({ ...acceptance, ip: '10.9.9.9' }));
      expect(await problemsOfRow()).toEqual(['acceptanceMismatch']);
      await tamperAcceptance(() => t.db.update(signingTermsAcceptances).set({ ip: acceptance.ip, userAgent: 'another browser' }).where(where));
      expect(await problemsOfRow()).toEqual(['acceptanceMismatch']);
      await tamperAcceptance(() => t.db.update(signingTermsAcceptances).set({ userAgent: acceptance.userAgent }).where(where));
      expect(await problemsOfRow()).toEqual([]);
      expect(row.acceptanceHash, 'a signature made after the acceptance hash existed keeps it').toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await tamperAcceptance(async () => {
        await t.db.delete(signingTermsAcceptances).where(where);
        await t.db.insert(signingTermsAcceptances).values(acceptance);
      });
    }
    expect((await verify()).body.intact).toBe(true);
  });
});

describe('the evidence pack', () => {
  it('holds each PDF as signed, the rows with what their hash covers, the chain and a summary in both languages', async () => {
    const res = await fetch(`${t.baseUrl}/api/nca-reports/${reportId}/evidence`, { headers: { authorization: `Bearer ${agency.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/prova-firme\.zip/);
    const zip = await JSZip.loadAsync(await res.arrayBuffer());
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(
      expect.arrayContaining(['summary-it.txt', 'summary-en.txt', 'evidence.json', 'chain.json', 'verification.json', 'acceptances.json', 'terms/fea-otp-1-it.txt', 'terms/fea-otp-1-en.txt']),
    );
    const rows = JSON.parse(await zip.file('evidence.json')!.async('string')) as { canonical: string; rowHash: string; previousHash: string; pdfSha256: string; phase: string }[];
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(sha256Hex(row.canonical)).toBe(row.rowHash);
    expect(rows[1].previousHash).toBe(rows[0].rowHash);
    const pdfs = names.filter((n) => n.startsWith('pdf/'));
    expect(pdfs).toHaveLength(1);
    const pdf = await zip.file(pdfs[0])!.async('uint8array');
    expect(sha256Hex(pdf)).toBe(rows[0].pdfSha256);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const it = await zip.file('summary-it.txt')!.async('string');
    expect(it).toContain('Firme elettroniche avanzate con codice OTP');
    expect(it).toContain('integra');
    expect(it).toContain('versione fea-otp-1');
    expect(await zip.file('summary-en.txt')!.async('string')).toContain('Signature evidence of');
    const acceptances = JSON.parse(await zip.file('acceptances.json')!.async('string')) as Record<string, unknown>[];
    expect(acceptances).toHaveLength(2);
    // Each acceptance shows its time, address, user agent and the hash of the text read, as stored.
    for (const a of acceptances) {
      expect(a).toMatchObject({ termsVersion: 'fea-otp-1', acceptedAt: expect.stringMatching(/Z$/), ip: expect.any(String), textSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(a).toHaveProperty('userAgent');
      expect(it).toContain(a.textSha256 as string);
    }
  });

  it("is refused to another agency's supplier (404)", async () => {
    expect((await t.request('GET', `/api/nca-reports/${reportId}/evidence`, { token: agency3.token })).status).toBe(404);
  });
});

describe('the signing terms, accepted once before a first signature', () => {
  it('refuse the signature until accepted, keep the acceptance, and name the version in the evidence', async () => {
    const created = await t.request('POST', '/api/nca-reports', { token: consortium.token, body: fx.phase1 });
    const id = created.body._id as string;
    const asked = await t.request('POST', `/api/nca-reports/${id}/requestPhase1Signs`, {
      token: consortium.token,
      body: { signers: [{ userId: ambiente.user._id, agencyFunctionSettingId: fx.consortiumFunction }] },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const requestId = await pendingRequestOf(t, ambiente, id);

    const before = await t.request('GET', '/api/sign-requests/terms', { token: ambiente.token, headers: { 'accept-language': 'en' } });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ version: 'fea-otp-1', language: 'en', acceptedAt: null });
    expect(before.body.text).toBe(before.body.textEn);
    expect(before.body.textIt).toContain('firma elettronica avanzata con codice OTP');
    expect(before.body.textIt).toContain('Non è una firma digitale qualificata');

    // A right code is refused while the terms are not accepted, and no guess is counted.
    expect((await t.request('POST', `/api/sign-requests/${requestId}/sendCode`, { token: ambiente.token, body: {} })).status).toBe(200);
    const code = await codeFromOutbox(t, ambiente.user.email as string);
    const refused = await t.request('POST', `/api/sign-requests/${requestId}/sign`, { token: ambiente.token, body: { code } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SIGNING_TERMS_NOT_ACCEPTED');
    const [challenge] = await t.db.select().from(otpChallenges).where(eq(otpChallenges.signRequestId, requestId));
    expect(challenge).toMatchObject({ attempts: 0, consumedAt: null });

    // Only the version in force is accepted; never under impersonation.
    const stale = await t.request('POST', '/api/sign-requests/terms/accept', { token: ambiente.token, body: { version: 'fea-otp-0', language: 'en' } });
    expect(stale.status).toBe(409);
    expect(stale.body.details[0]).toMatchObject({ path: 'version' });
    const imp = await t.request('GET', `/api/users/personificate/${ambiente.user._id}`, { token: admin.token });
    expect(imp.status).toBe(200);
    const asAdmin = await t.request('POST', '/api/sign-requests/terms/accept', { token: imp.body.token as string, body: { version: 'fea-otp-1', language: 'en' } });
    expect(asAdmin.body.code).toBe('IMPERSONATION_FORBIDDEN');

    const accepted = await t.request('POST', '/api/sign-requests/terms/accept', {
      token: ambiente.token,
      headers: { 'user-agent': 'evidence-test/1.0' },
      body: { version: 'fea-otp-1', language: 'en' },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.acceptedAt).toMatch(/Z$/);
    expect(accepted.body.acceptedLanguage).toBe('en');
    const [acceptance] = await t.db.select().from(signingTermsAcceptances).where(eq(signingTermsAcceptances.userId, ambiente.user._id));
    expect(acceptance).toMatchObject({ termsVersion: 'fea-otp-1', language: 'en', textSha256: sha256Hex(before.body.textEn), userAgent: 'evidence-test/1.0' });
    expect(acceptance.ip).toBeTruthy();
    // Accepting again keeps the first acceptance.
    expect((await t.request('POST', '/api/sign-requests/terms/accept', { token: ambiente.token, body: { version: 'fea-otp-1', language: 'it' } })).body.acceptedLanguage).toBe('en');

    const signed = await t.request('POST', `/api/sign-requests/${requestId}/sign`, { token: ambiente.token, body: { code } });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const [request] = await t.db.select().from(signRequests).where(eq(signRequests.id, requestId));
    const [evidence] = await t.db.select().from(signatureEvidence).where(eq(signatureEvidence.id, request.evidenceId!));
    expect(evidence).toMatchObject({ consentVersion: 'fea-otp-1', consentText: before.body.textEn });
  });
});
