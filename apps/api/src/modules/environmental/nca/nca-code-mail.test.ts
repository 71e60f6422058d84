import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../../db/schema/index.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { startSmtpListener } from '../../../test/smtp-listener.ts';
import { acceptTermsAs, ncaFixtures, pendingRequestOf } from './nca-test-fixtures.ts';

/*
 * The signing code is a secret of its e-mail: delivered by SMTP, the outbox keeps the message with
 * the code masked; without SMTP (demo) the outbox is the delivery, shows the code and says so.
 */

type TOutboxRecord = { _id: string; to: string; text: string; html: string | null; template: string; status: string; secrets: 'masked' | 'kept' | null };

async function askForCode(t: TTestApp) {
  const [consortium, agency, admin] = await Promise.all([t.signedIn('consortium' as never), t.signedIn('agency'), t.signedIn('admin')]);
  const fx = await ncaFixtures(t);
  const created = await t.request('POST', '/api/nca-reports', { token: consortium.token, body: fx.phase1 });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const asked = await t.request('POST', `/api/nca-reports/${created.body._id}/requestPhase1Signs`, {
    token: consortium.token,
    body: {
      signers: [
        { userId: agency.user._id, agencyFunctionSettingId: fx.agencyFunction },
        { userId: consortium.user._id, agencyFunctionSettingId: fx.consortiumFunction },
      ],
    },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  const requestId = await pendingRequestOf(t, agency, created.body._id as string);
  const sent = await t.request('POST', `/api/sign-requests/${requestId}/sendCode`, { token: agency.token, body: {} });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const [row] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, 'agency@demo.test'), eq(mailOutbox.template, 'ncaSigningCode')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const listed = await t.request('GET', '/api/mail-outbox?template=ncaSigningCode&limit=100', { token: admin.token });
  expect(listed.status).toBe(200);
  const record = (listed.body as TOutboxRecord[]).find((r) => r._id === row.id)!;
  return { agency, admin, requestId, row, record, report: created.body };
}

describe('signing codes delivered by SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
  let t: TTestApp;
  beforeAll(async () => {
    smtp = await startSmtpListener();
    t = await startTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('reach the signer whole while the outbox keeps the code masked, and says so', async () => {
    const { agency, requestId, row, record } = await askForCode(t);
    const delivered = smtp.received.filter((m) => m.to.some((to) => to.includes('agency@demo.test')) && /NCA/.test(m.data)).at(-1);
    const code = delivered?.data.match(/^(\d{6})\r?$/m)?.[1];
    expect(code, 'the delivered mail carries the code').toMatch(/^\d{6}$/);

    expect(row.status).toBe('sent');
    expect(row.secrets).toBe('masked');
    expect(row.text).toContain('[code sent by e-mail, not kept]');
    expect(row.text).not.toMatch(/^\d{6}$/m);
    expect(row.text).not.toContain(code);
    expect(row.html).not.toContain(code);
    expect(record).toMatchObject({ secrets: 'masked', status: 'sent' });
    expect(record.text).not.toContain(code);

    await acceptTermsAs(t, agency);
    const signed = await t.request('POST', `/api/sign-requests/${requestId}/sign`, { token: agency.token, body: { code } });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  });
});

describe('signing codes without SMTP (demo)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('stay readable in the outbox, which is their delivery and says so; messages without secrets say nothing', async () => {
    const { admin, row, record, report } = await askForCode(t);
    expect(row.status).toBe('logged');
    // A draft has no code yet: the mail names it by its day, lot, agency and description, and so do the signer's lists.
    expect(report.code).toBeNull();
    const [year, month, day] = report.draftName.createdOn.split('-');
    expect(row.text).toContain(`in bozza del ${day}/${month}/${year} – ${report.draftName.lot}`);
    expect(report.draftName).toMatchObject({ lot: expect.any(String), agency: expect.any(String) });
    const mine = await t.request('GET', `/api/sign-requests?reportId=${report._id}`, { token: admin.token });
    expect(mine.body[0].reportDraftName).toEqual(report.draftName);
    expect(row.text).toMatch(/^\d{6}$/m);
    expect(record).toMatchObject({ secrets: 'kept', status: 'logged', text: row.text });
    const notifications = await t.request('GET', '/api/mail-outbox?template=notification&limit=5', { token: admin.token });
    expect(notifications.body.length).toBeGreaterThan(0);
    expect(new Set((notifications.body as TOutboxRecord[]).map((r) => r.secrets))).toEqual(new Set([null]));
    // Anyone else reads only what was sent to them: the signer finds their code, nobody else's.
    const consortium = await t.signedIn('consortium' as never);
    const seen = await t.request('GET', '/api/mail-outbox?limit=100', { token: consortium.token });
    expect(seen.status).toBe(200);
    expect((seen.body as TOutboxRecord[]).every((r) => r.to.toLowerCase() === String(consortium.user.email).toLowerCase())).toBe(true);
  });
});
