import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_RULES } from '@app/domain/environmental/nca/index';
import { PDFDocument } from 'pdf-lib';
import { mailOutbox } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { codeFromOutbox, ncaFixtures, pendingRequestOf } from './nca-test-fixtures.ts';

/*
 * Notifications and e-mails are written in each recipient's language: two users of the same agency,
 * one who chose English in the profile and one who kept Italian, hear of the same NCA step.
 */

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const latestNotification = async (token: string, event: string) => {
  const list = await t.request('GET', '/api/notifications?limit=50', { token });
  return (list.body as { title: string; body: string; event: string }[]).find((n) => n.event === event);
};
const mailsTo = (email: string, template: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, template)));

describe('NCA texts in the recipient language', () => {
  it('the profile takes a language (Italian until chosen) and refuses one the server does not write', async () => {
    const agency = await t.signedIn('agency');
    expect((await t.request('GET', '/api/users/me', { token: agency.token })).body.language).toBe('it');
    const bad = await t.request('PUT', '/api/users/me', { token: agency.token, body: { language: 'fr' } });
    expect(bad.status).toBe(400);
    const set = await t.request('PUT', '/api/users/me', { token: agency.token, body: { language: 'en' } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.language).toBe('en');
  });

  it('an opened NCA reaches the English user in English and the Italian one in Italian, bell and e-mail', async () => {
    const [admin, consortium, agency, agency2] = await Promise.all([t.signedIn('admin'), t.login('consortium@demo.test'), t.signedIn('agency'), t.login('agency2@demo.test')]);
    expect((await t.request('PUT', '/api/users/me', { token: agency.token, body: { language: 'en' } })).status).toBe(200);
    const fx = await ncaFixtures(t);
    const created = await t.request('POST', '/api/nca-reports', { token: consortium.token, body: fx.phase1 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const opened = await t.request('POST', `/api/nca-reports/${created.body._id}/forceOpen`, { token: admin.token, body: { reason: 'Test' } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const code = opened.body.code as string;
    expect(code).toBeTruthy();

    const english = await latestNotification(agency.token, 'nca.forceOpen');
    expect(english).toMatchObject({ title: `NCA ${code} opened`, body: `NCA ${code} is open: the company writes the root-cause analysis and proposes the corrective actions.` });
    const italian = await latestNotification(agency2.token, 'nca.forceOpen');
    expect(italian).toMatchObject({ title: `NCA ${code} aperta`, body: `La NCA ${code} è aperta: l'impresa scrive l'analisi delle cause e propone le azioni correttive.` });

    const [englishMail] = (await mailsTo('agency@demo.test', 'notification')).filter((m) => m.subject.includes(code));
    expect(englishMail?.subject).toBe(`NCA ${code} opened`);
    expect(englishMail?.text).toContain('the company writes the root-cause analysis');
    const [italianMail] = (await mailsTo('agency2@demo.test', 'notification')).filter((m) => m.subject.includes(code));
    expect(italianMail?.subject).toBe(`NCA ${code} aperta`);
  });

  it("a signing code e-mail is in the signer's language, phase and time included", async () => {
    const [consortium, agency] = await Promise.all([t.login('consortium@demo.test'), t.signedIn('agency')]);
    expect((await t.request('PUT', '/api/users/me', { token: agency.token, body: { language: 'en' } })).status).toBe(200);
    const fx = await ncaFixtures(t);
    const created = await t.request('POST', '/api/nca-reports', { token: consortium.token, body: fx.phase1 });
    const signers = [
      { userId: agency.user._id, agencyFunctionSettingId: fx.agencyFunction },
      { userId: consortium.user._id, agencyFunctionSettingId: fx.consortiumFunction },
    ];
    const asked = await t.request('POST', `/api/nca-reports/${created.body._id}/requestPhase1Signs`, { token: consortium.token, body: { signers } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(await latestNotification(agency.token, 'nca.requestPhase1Signs')).toMatchObject({ title: 'Signature requested', body: expect.stringContaining('(phase 1)') });

    const requestId = await pendingRequestOf(t, agency, created.body._id as string);
    expect((await t.request('POST', `/api/sign-requests/${requestId}/sendCode`, { token: agency.token, body: {} })).status).toBe(200);
    const mails = await mailsTo('agency@demo.test', 'ncaSigningCode');
    const mail = mails.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    // A draft is named by its day in the subject, and by its lot, agency and description too in the text.
    expect(mail.subject).toMatch(/^Signing code for NCA draft of \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(mail.text).toMatch(/^Hello .*\n\nyour code to sign NCA draft of \d{1,2} [A-Z][a-z]{2} \d{4} – .+ · .+ \(phase 1\) with a one-time code is:/);
    expect(mail.text).toMatch(/valid until \d{2}:\d{2} and can be used once/);
    expect(await codeFromOutbox(t, 'agency@demo.test')).toMatch(/^\d{6}$/);

    // A refusal keeps its code and English message and carries the values the client needs to write it in its language.
    const again = await t.request('POST', `/api/sign-requests/${requestId}/sendCode`, { token: agency.token, body: {} });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('seconds ago'), params: { seconds: OTP_RULES.resendIntervalSeconds } });
  });

  it("a downloaded report PDF is in the request's language, else the user's, else Italian", async () => {
    const [admin, consortium, agency] = await Promise.all([t.signedIn('admin'), t.login('consortium@demo.test'), t.signedIn('agency')]);
    const fx = await ncaFixtures(t);
    const created = await t.request('POST', '/api/nca-reports', { token: consortium.token, body: fx.phase1 });
    const opened = await t.request('POST', `/api/nca-reports/${created.body._id}/forceOpen`, { token: admin.token, body: { reason: 'Test' } });
    const code = opened.body.code as string;
    const pdfOf = async (token: string, headers: Record<string, string> = {}, query = '') => {
      const response = await fetch(`${t.baseUrl}/api/nca-reports/${created.body._id}/pdf${query}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
      expect(response.status).toBe(200);
      const doc = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()), { updateMetadata: false });
      return { title: doc.getTitle(), producer: doc.getProducer() };
    };
    expect(await pdfOf(consortium.token, { 'accept-language': 'en-GB,en;q=0.9' })).toEqual({ title: `NCA ${code} – report in progress`, producer: 'Back office – environmental compliance' });
    expect(await pdfOf(consortium.token, { 'accept-language': 'it-IT' })).toEqual({ title: `NCA ${code} – rapporto in corso`, producer: 'Back office – conformità ambientale' });
    // No language asked: the user's profile decides (the agency user chose English above; the consortium user kept Italian).
    expect((await t.request('PUT', '/api/users/me', { token: agency.token, body: { language: 'en' } })).status).toBe(200);
    expect((await pdfOf(agency.token)).title).toBe(`NCA ${code} – report in progress`);
    expect((await pdfOf(consortium.token)).title).toBe(`NCA ${code} – rapporto in corso`);
    expect((await pdfOf(agency.token, {}, '?phase=second')).title).toBe(`NCA ${code} – Phase 2 – Root-cause analysis and action plan`);
  });
});
