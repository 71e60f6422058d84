import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies, inviteTokens, laboratories, mailOutbox, users } from '../../../db/schema/index.ts';
import type { TActor } from '../../../lib/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { startTestApp, type TTestApp } from '../../../test/harness.ts';
import { sha256 } from '../../platform/index.ts';
import { acceptInvite, findInvite } from './accept-invite.ts';
import { revokeInvite } from './revoke-invite.ts';
import { inviteCompany, resendInvite } from './send-invite.ts';

let t: TTestApp;
const ctxOf = (actor: TActor | null) => ({ actor, ip: '127.0.0.1', requestId: 'test' });
let admin: ReturnType<typeof ctxOf>;
let consortium: ReturnType<typeof ctxOf>;
let supplier: ReturnType<typeof ctxOf>;
const anonymous = { ip: '127.0.0.1', requestId: 'test' };

async function actor(email: string): Promise<TActor> {
  const [u] = await t.db.select().from(users).where(eq(users.email, email));
  return { id: u.id, email: u.email, role: u.role as TActor['role'], cityId: u.cityId, agencyId: u.agencyId, laboratoryId: u.laboratoryId, impersonatorId: null };
}

async function companyId(table: typeof agencies | typeof laboratories, businessName: string) {
  return (await t.db.select({ id: table.id }).from(table).where(eq(table.businessName, businessName)))[0].id;
}

/** The token of the last invitation mailed to `email`, read from the outbox as the recipient would. */
async function mailedToken(email: string): Promise<string> {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'companyInvite')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const match = /\/on-boarding\/accept-invite\/([A-Za-z0-9_-]+)/.exec(mail.text);
  return match![1];
}

async function lastInviteSubject(email: string): Promise<string> {
  const [mail] = await t.db
    .select({ subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'companyInvite')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail.subject;
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

beforeAll(async () => {
  t = await startTestApp();
  admin = ctxOf(await actor('admin@demo.test'));
  consortium = ctxOf(await actor('consortium@demo.test'));
  supplier = ctxOf(await actor('agency@demo.test'));
});
afterAll(() => t?.close());

describe('company invitations', () => {
  it('invites, resends (voiding the old link), and accepts with a password: account created, enabled and linked', async () => {
    const id = await companyId(agencies, 'Calcestruzzi Aurunci S.r.l.');
    const ref = { kind: 'agency' as const, id };
    const email = 'ufficio.tecnico@calcestruzziaurunci.demo.test';
    expect((await refusal(inviteCompany(t.app.services, supplier, ref))).code).toBe('FORBIDDEN');
    expect((await refusal(inviteCompany(t.app.services, ctxOf(null), ref))).code).toBe('UNAUTHORIZED');

    const sent = await inviteCompany(t.app.services, consortium, ref);
    expect(sent).toMatchObject({ inviteStatus: 'invited', email });
    const first = await mailedToken(email);
    const [stored] = await t.db.select().from(inviteTokens).where(eq(inviteTokens.agencyId, id));
    expect(stored.tokenHash).toBe(sha256(first));
    expect(JSON.stringify(stored)).not.toContain(first);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeLessThanOrEqual(7 * 86_400_000 + 60_000);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect((await refusal(inviteCompany(t.app.services, admin, ref))).code).toBe('INVALID_TRANSITION');

    // The manager has no account yet: the e-mail is written in the inviter's language (the request's).
    expect(await lastInviteSubject(email)).toBe('Invito al portale del consorzio: Calcestruzzi Aurunci S.r.l.');
    await resendInvite(t.app.services, admin, ref, 'en');
    expect(await lastInviteSubject(email)).toBe('Invitation to the consortium portal: Calcestruzzi Aurunci S.r.l.');
    const second = await mailedToken(email);
    expect(second).not.toBe(first);
    const superseded = await refusal(findInvite(t.db, first));
    expect([superseded.code, superseded.statusCode]).toEqual(['INVITE_TOKEN_SUPERSEDED', 410]);
    expect(await findInvite(t.db, second)).toMatchObject({ companyKind: 'agency', companyId: id, businessName: 'Calcestruzzi Aurunci S.r.l.', email });

    const weak = await refusal(acceptInvite(t.app.services, anonymous, second, 'short'));
    expect(weak.code).toBe('PASSWORD_POLICY');
    const accepted = await acceptInvite(t.app.services, anonymous, second, 'Cantiere2025');
    expect(accepted).toMatchObject({ email, companyKind: 'agency', companyId: id, inviteStatus: 'accepted' });
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ role: 'agency_user', agencyId: id, isEnabled: true, isConfirmed: true });
    const [company] = await t.db.select().from(agencies).where(eq(agencies.id, id));
    expect(company.inviteStatus).toBe('accepted');
    expect(company.acceptedAt).not.toBeNull();
    expect((await t.login(email, 'Cantiere2025')).user.agencyId).toBe(id);

    const reused = await refusal(acceptInvite(t.app.services, anonymous, second, 'Cantiere2026'));
    expect([reused.code, reused.statusCode]).toEqual(['INVITE_TOKEN_USED', 409]);
    expect((await refusal(resendInvite(t.app.services, admin, ref))).code).toBe('INVALID_TRANSITION');
    expect((await refusal(revokeInvite(t.app.services, admin, ref))).code).toBe('INVALID_TRANSITION');
  });

  it('revokes a pending invitation: its links stop working and the company is to invite again', async () => {
    const id = await companyId(laboratories, 'ChemLab Tirreno S.r.l.');
    const ref = { kind: 'laboratory' as const, id };
    await resendInvite(t.app.services, consortium, ref);
    const token = await mailedToken('accettazione@chemlabtirreno.demo.test');
    expect(await revokeInvite(t.app.services, consortium, ref)).toEqual({ inviteStatus: 'to_invite' });
    const revoked = await refusal(acceptInvite(t.app.services, anonymous, token, 'Laboratorio2025'));
    expect([revoked.code, revoked.statusCode]).toEqual(['INVITE_TOKEN_REVOKED', 410]);
    expect((await t.db.select().from(laboratories).where(eq(laboratories.id, id)))[0]).toMatchObject({ inviteStatus: 'to_invite', invitedAt: null });
    expect((await refusal(revokeInvite(t.app.services, consortium, ref))).code).toBe('INVALID_TRANSITION');
    expect(await t.db.select().from(users).where(eq(users.email, 'accettazione@chemlabtirreno.demo.test'))).toEqual([]);
  });

  it('refuses unknown and expired links with their own codes', async () => {
    const unknown = await refusal(findInvite(t.db, 'no-such-token'));
    expect([unknown.code, unknown.statusCode]).toEqual(['INVITE_TOKEN_INVALID', 400]);
    const id = await companyId(agencies, 'Movimento Terra Pontino S.r.l.');
    await resendInvite(t.app.services, admin, { kind: 'agency', id });
    const token = await mailedToken('direzione@movimentoterrapontino.demo.test');
    await t.db
      .update(inviteTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(inviteTokens.tokenHash, sha256(token)));
    const expired = await refusal(acceptInvite(t.app.services, anonymous, token, 'Scavi2025ok'));
    expect([expired.code, expired.statusCode]).toEqual(['INVITE_TOKEN_EXPIRED', 410]);
    expect((await t.db.select().from(agencies).where(eq(agencies.id, id)))[0].inviteStatus).toBe('invited');
  });

  it('sends at most five links a day per company', async () => {
    const [created] = await t.db.insert(agencies).values({ businessName: 'Impresa Quote S.r.l.', vatNumber: '07654320584', managerEmail: 'quote@example.test' }).returning({ id: agencies.id });
    const ref = { kind: 'agency' as const, id: created.id };
    await inviteCompany(t.app.services, admin, ref);
    for (let i = 0; i < 4; i++) await resendInvite(t.app.services, admin, ref);
    const limited = await refusal(resendInvite(t.app.services, admin, ref));
    expect([limited.code, limited.statusCode]).toEqual(['RATE_LIMITED', 429]);
    expect(await t.db.select().from(inviteTokens).where(eq(inviteTokens.agencyId, created.id))).toHaveLength(5);
  });

  it('refuses a manager e-mail that belongs to another kind of account, changing nothing', async () => {
    const [created] = await t.db.insert(agencies).values({ businessName: 'Impresa Omonima S.r.l.', vatNumber: '07654330583', managerEmail: 'hotelier@demo.test' }).returning({ id: agencies.id });
    const taken = await refusal(inviteCompany(t.app.services, admin, { kind: 'agency', id: created.id }));
    expect(taken.code).toBe('EMAIL_TAKEN');
    expect(taken.details).toEqual([{ path: 'managerEmail', message: 'errors.EMAIL_TAKEN', value: 'hotelier@demo.test' }]);
    expect((await t.db.select().from(agencies).where(eq(agencies.id, created.id)))[0].inviteStatus).toBe('to_invite');
    expect(await t.db.select().from(inviteTokens).where(eq(inviteTokens.agencyId, created.id))).toEqual([]);
  });
});
