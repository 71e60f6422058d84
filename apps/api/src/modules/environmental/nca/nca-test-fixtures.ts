import { and, desc, eq } from 'drizzle-orm';
import { agencies, lots, mailOutbox, orders, settings, users } from '../../../db/schema/index.ts';
import type { TSession, TTestApp } from '../../../test/harness.ts';

/** The demo registry rows the NCA tests build on, and helpers to walk a report through its phases. */
export async function ncaFixtures(t: TTestApp) {
  const settingId = async (type: string, name: string) =>
    (
      await t.db
        .select({ id: settings.id })
        .from(settings)
        .where(and(eq(settings.settingType, type as never), eq(settings.name, name)))
    )[0].id;
  const [edil] = await t.db.select().from(agencies).where(eq(agencies.businessName, 'Edil Strade Tirrenia S.p.A.'));
  const [order] = await t.db.select().from(orders).where(eq(orders.name, 'ODL 01/2025 - Scavo galleria Monte Altino'));
  const [lot] = await t.db.select().from(lots).where(eq(lots.id, order.lotId));
  const userId = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
  return {
    edil,
    order,
    lot,
    userId,
    phase1: {
      lotId: lot.id,
      orderId: order.id,
      targetAgencyId: edil.id,
      description: 'Deposito di rifiuti non coperto nel cantiere della galleria',
      wbs: 'GA-01',
      ambientSettingId: await settingId('environmentalAspectType', 'Deposito temporaneo dei rifiuti'),
      warningLevelSettingId: await settingId('severityLevel', 'Media'),
      systemSettingId: await settingId('ncaType', 'Non conformità da sopralluogo'),
      origin: 'audit',
      detectorName: 'Roberto Ambiente',
    },
    consortiumFunction: await settingId('companyFunction', 'Responsabile ambientale del consorzio'),
    agencyFunction: await settingId('companyFunction', 'Direttore tecnico di cantiere'),
  };
}

/** The latest signing code e-mailed to an address (read from the mail outbox). */
export async function codeFromOutbox(t: TTestApp, email: string): Promise<string> {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'ncaSigningCode')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const code = mail?.text.match(/^(\d{6})$/m)?.[1];
  if (!code) throw new Error(`no signing code in the outbox for ${email}`);
  return code;
}

/** Accepts the signing terms in force as the user (as a signer does once, before a first signature). */
export async function acceptTermsAs(t: TTestApp, session: TSession) {
  const terms = await t.request<{ version: string }>('GET', '/api/sign-requests/terms', { token: session.token });
  if (terms.status !== 200) throw new Error(`terms ${terms.status} ${JSON.stringify(terms.body)}`);
  const accepted = await t.request('POST', '/api/sign-requests/terms/accept', { token: session.token, body: { version: terms.body.version, language: 'it' } });
  if (accepted.status !== 200) throw new Error(`accept terms ${accepted.status} ${JSON.stringify(accepted.body)}`);
}

/** Accepts the signing terms if needed, asks for a code as the signer, reads it from the outbox and signs. */
export async function signAs(t: TTestApp, session: TSession, requestId: string) {
  await acceptTermsAs(t, session);
  const sent = await t.request('POST', `/api/sign-requests/${requestId}/sendCode`, { token: session.token, body: {} });
  if (sent.status !== 200) throw new Error(`sendCode ${sent.status} ${JSON.stringify(sent.body)}`);
  const code = await codeFromOutbox(t, session.user.email as string);
  return t.request('POST', `/api/sign-requests/${requestId}/sign`, { token: session.token, body: { code } });
}

/** The pending request of a user on a report. */
export async function pendingRequestOf(t: TTestApp, session: TSession, reportId: string): Promise<string> {
  const mine = await t.request('GET', '/api/sign-requests/mine', { token: session.token });
  const found = (mine.body as { _id: string; reportId: string }[]).find((r) => r.reportId === reportId);
  if (!found) throw new Error(`no pending request for ${session.user.email as string} on ${reportId}: ${JSON.stringify(mine.body)}`);
  return found._id;
}

/** The consortium asks for a report's phase-1 signatures: its own signer's and the agency's, each in their demo function. */
export function requestPhase1Signers(t: TTestApp, fx: Awaited<ReturnType<typeof ncaFixtures>>, reportId: string, consortium: TSession, agency: TSession) {
  return t.request('POST', `/api/nca-reports/${reportId}/requestPhase1Signs`, {
    token: consortium.token,
    body: {
      signers: [
        { userId: consortium.user._id as string, agencyFunctionSettingId: fx.consortiumFunction },
        { userId: agency.user._id as string, agencyFunctionSettingId: fx.agencyFunction },
      ],
    },
  });
}

/**
 * A new report whose phase 1 is signed by a consortium and an agency signer (two evidence rows over
 * one stored, sealed round PDF): the starting point of the evidence and seal tests.
 */
export async function createPhase1SignedReport(t: TTestApp, fx: Awaited<ReturnType<typeof ncaFixtures>>, consortium: TSession, agency: TSession): Promise<string> {
  const created = await t.request<{ _id: string }>('POST', '/api/nca-reports', { token: consortium.token, body: fx.phase1 });
  if (created.status !== 201) throw new Error(`create report ${created.status} ${JSON.stringify(created.body)}`);
  const reportId = created.body._id;
  const requested = await requestPhase1Signers(t, fx, reportId, consortium, agency);
  if (requested.status !== 200) throw new Error(`requestPhase1Signs ${requested.status} ${JSON.stringify(requested.body)}`);
  for (const session of [consortium, agency]) {
    const signed = await signAs(t, session, await pendingRequestOf(t, session, reportId));
    if (signed.status !== 200) throw new Error(`sign as ${session.user.email as string}: ${signed.status} ${JSON.stringify(signed.body)}`);
  }
  return reportId;
}
