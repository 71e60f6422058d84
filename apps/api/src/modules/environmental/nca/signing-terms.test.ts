import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingTerms, signingTermsAcceptances } from '../../../db/schema/index.ts';
import { startTestApp, type TSession, type TTestApp } from '../../../test/harness.ts';
import { acceptTermsAs, codeFromOutbox, ncaFixtures, pendingRequestOf, signAs } from './nca-test-fixtures.ts';

/*
 * Publishing a new version of the signing terms: an administrator only; earlier versions stay; a
 * signer who accepted the earlier version accepts the new one before their next signature.
 */

let t: TTestApp;
let admin: TSession;
let consortium: TSession;
let agency: TSession;
let lab: TSession;

type TTerms = { version: string; textIt: string; textEn: string; text: string; acceptedAt: string | null };
const NEW_TERMS = {
  textIt: 'Condizioni d’uso della firma elettronica avanzata con codice OTP, versione aggiornata.\n\nNon è una firma digitale qualificata.',
  textEn: 'Terms of use of the advanced electronic signature with OTP code, updated version.\n\nIt is not a qualified digital signature.',
};

beforeAll(async () => {
  t = await startTestApp();
  [admin, consortium, agency, lab] = await Promise.all(['admin', 'consortium', 'agency', 'lab'].map((a) => t.signedIn(a as never)));
});
afterAll(() => t?.close());

describe('publishing new signing terms', () => {
  it('refuses the consortium, the supplier agency and the laboratory (403), and changes nothing', async () => {
    const before = await t.db.select().from(signingTerms);
    for (const session of [consortium, agency, lab]) {
      const res = await t.request('POST', '/api/sign-requests/terms', { token: session.token, body: NEW_TERMS });
      expect(res.status, session.user.email as string).toBe(403);
    }
    expect(await t.db.select().from(signingTerms)).toHaveLength(before.length);
  });

  it('validates the texts: both required, and not both the ones in force', async () => {
    const empty = await t.request('POST', '/api/sign-requests/terms', { token: admin.token, body: { textIt: '  ', textEn: 'x' } });
    expect(empty.status).toBe(400);
    const current = await t.request<TTerms>('GET', '/api/sign-requests/terms', { token: admin.token });
    const same = await t.request('POST', '/api/sign-requests/terms', { token: admin.token, body: { textIt: current.body.textIt, textEn: current.body.textEn } });
    expect(same.status).toBe(400);
    expect(same.body.code).toBe('VALIDATION_FAILED');
  });

  it('an administrator publishes a new version; the earlier one is kept, and signers accept again before their next signature', async () => {
    const fx = await ncaFixtures(t);
    // The agency accepted the terms in force and signed once under them.
    const first = await t.request('POST', '/api/nca-reports', { token: consortium.token, body: fx.phase1 });
    const ask = (id: string) =>
      t.request('POST', `/api/nca-reports/${id}/requestPhase1Signs`, { token: consortium.token, body: { signers: [{ userId: agency.user._id, agencyFunctionSettingId: fx.agencyFunction }] } });
    expect((await ask(first.body._id as string)).status).toBe(200);
    expect((await signAs(t, agency, await pendingRequestOf(t, agency, first.body._id as string))).status).toBe(200);
    const old = await t.request<TTerms>('GET', '/api/sign-requests/terms', { token: agency.token });
    expect(old.body.acceptedAt).not.toBeNull();

    const published = await t.request<TTerms>('POST', '/api/sign-requests/terms', { token: admin.token, body: NEW_TERMS, headers: { 'accept-language': 'en' } });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.version).not.toBe(old.body.version);
    expect(published.body.version).toMatch(/^fea-otp-\d+$/);
    expect(published.body).toMatchObject({ textIt: NEW_TERMS.textIt, textEn: NEW_TERMS.textEn, text: NEW_TERMS.textEn });
    const versions = await t.db.select().from(signingTerms);
    expect(versions.map((v) => v.version)).toEqual(expect.arrayContaining([old.body.version, published.body.version]));
    expect((await t.db.select().from(signingTerms).where(eq(signingTerms.version, old.body.version)))[0].textIt).toBe(old.body.textIt);

    // The agency reads the new version as not accepted yet, and cannot sign until it accepts it.
    const now = await t.request<TTerms>('GET', '/api/sign-requests/terms', { token: agency.token });
    expect(now.body).toMatchObject({ version: published.body.version, acceptedAt: null, textIt: NEW_TERMS.textIt });
    const second = await t.request('POST', '/api/nca-reports', { token: consortium.token, body: fx.phase1 });
    expect((await ask(second.body._id as string)).status).toBe(200);
    const requestId = await pendingRequestOf(t, agency, second.body._id as string);
    const sent = await t.request('POST', `/api/sign-requests/${requestId}/sendCode`, { token: agency.token, body: {} });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const code = await codeFromOutbox(t, agency.user.email as string);
    const sign = () => t.request('POST', `/api/sign-requests/${requestId}/sign`, { token: agency.token, body: { code } });
    const refused = await sign();
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SIGNING_TERMS_NOT_ACCEPTED');
    // Accepting the old version is refused too: it is no longer in force.
    const stale = await t.request('POST', '/api/sign-requests/terms/accept', { token: agency.token, body: { version: old.body.version, language: 'it' } });
    expect(stale.status).toBe(409);
    // Once the new version is accepted, the same code signs (the refusal counted no guess).
    await acceptTermsAs(t, agency);
    expect((await t.request<TTerms>('GET', '/api/sign-requests/terms', { token: agency.token })).body.acceptedAt).not.toBeNull();
    expect((await sign()).status).toBe(200);
  });
});

describe('the earlier versions of the signing terms', () => {
  type TVersion = {
    version: string;
    publishedAt: string;
    inForce: boolean;
    textItSha256: string;
    textEnSha256: string;
    publishedBy: { id: string; name: string } | null;
    acceptances: number;
  };
  const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

  it('are listed to an administrator only: the consortium, a supplier and a laboratory are refused (403)', async () => {
    for (const session of [consortium, agency, lab]) {
      const res = await t.request('GET', '/api/sign-requests/terms/versions', { token: session.token });
      expect(res.status, session.user.email as string).toBe(403);
    }
    expect((await t.request('GET', '/api/sign-requests/terms/versions')).status).toBe(401);
  });

  it('lists every version newest first, with its date, the hashes of both texts, who published it and how many accepted it', async () => {
    const res = await t.request<TVersion[]>('GET', '/api/sign-requests/terms/versions', { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await t.db.select().from(signingTerms);
    expect(res.body).toHaveLength(rows.length);
    expect(rows.length, 'the version of the migration and the one published above').toBeGreaterThanOrEqual(2);
    const [latest, ...earlier] = res.body;
    expect(latest.inForce).toBe(true);
    expect(earlier.every((v) => !v.inForce)).toBe(true);
    expect([...res.body].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))).toEqual(res.body);
    for (const row of rows) {
      const listed = res.body.find((v) => v.version === row.version)!;
      expect(listed).toMatchObject({ publishedAt: row.createdAt.toISOString(), textItSha256: sha256(row.textIt), textEnSha256: sha256(row.textEn) });
    }
    // The version published above names the administrator (from the audit entry of the publication) and its acceptance;
    // the first version comes with the installation (its migration) and names nobody.
    expect(latest).toMatchObject({ textItSha256: sha256(NEW_TERMS.textIt), publishedBy: { id: admin.user._id }, acceptances: 1 });
    expect(latest.publishedBy!.name).not.toBe('');
    const first = res.body.at(-1)!;
    expect(first.publishedBy).toBeNull();
    expect(first.acceptances).toBeGreaterThanOrEqual(1);
    // What an acceptance recorded is the hash listed for its language.
    const [accepted] = await t.db.select().from(signingTermsAcceptances).where(eq(signingTermsAcceptances.termsVersion, latest.version));
    expect(accepted.textSha256).toBe(accepted.language === 'en' ? latest.textEnSha256 : latest.textItSha256);
  });
});
