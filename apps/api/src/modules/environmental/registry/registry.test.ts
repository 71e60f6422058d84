import { and, desc, eq, isNull, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_LIST_COLUMNS } from '@app/domain/environmental/price-list';
import { classicCigOf } from '@app/domain/environmental/procurement-codes';
import { agencies, inviteTokens, laboratories, mailOutbox, ncaReports, roles, permissions, users } from '../../../db/schema/index.ts';
import { setFeature } from '../../platform/index.ts';
import { startTestApp, type TSession, type TTestApp } from '../../../test/harness.ts';
import { workbookOf } from '../../../test/xlsx-files.ts';

let t: TTestApp;
let admin: TSession;
let consortium: TSession;
let agencyA: TSession;
let agencyB: TSession;
let lab: TSession;

const idOf = async (table: typeof agencies | typeof laboratories, businessName: string) => (await t.db.select({ id: table.id }).from(table).where(eq(table.businessName, businessName)))[0].id;

beforeAll(async () => {
  t = await startTestApp();
  [admin, consortium, agencyA, agencyB, lab] = await Promise.all(['admin', 'consortium', 'agency', 'agency3', 'lab'].map((a) => t.signedIn(a as never)));
});
afterAll(() => t?.close());

describe('supplier scope', () => {
  it('agency A lists, counts and reads only its own agency; B is 404 by guessed id, and cannot be changed or deleted', async () => {
    const own = agencyA.user.agencyId as string;
    const other = agencyB.user.agencyId as string;
    expect(own).toBeTruthy();
    expect(other).not.toBe(own);
    const list = await t.request('GET', '/api/agencies?count=true', { token: agencyA.token });
    expect(list.status).toBe(200);
    expect(list.body.map((a: any) => a._id)).toEqual([own]);
    expect(list.headers.get('x-total-count')).toBe('1');
    const guessed = await t.request('GET', `/api/agencies?_id=${other}&count=true`, { token: agencyA.token });
    expect(guessed.body).toEqual([]);
    expect(guessed.headers.get('x-total-count')).toBe('0');
    expect((await t.request('GET', `/api/agencies/${other}`, { token: agencyA.token })).status).toBe(404);
    expect((await t.request('GET', `/api/agencies/${other}/users`, { token: agencyA.token })).status).toBe(404);
    expect((await t.request('PUT', `/api/agencies/${other}/contacts`, { token: agencyA.token, body: { contacts: [] } })).status).toBe(404);
    // The registry fields are the consortium's: a supplier changes none of them, its own included.
    expect((await t.request('PUT', `/api/agencies/${own}`, { token: agencyA.token, body: { phone: '+39 06 1111111' } })).status).toBe(403);
    expect((await t.request('DELETE', `/api/agencies/${other}`, { token: agencyA.token })).status).toBe(403);
    const [row] = await t.db.select().from(agencies).where(eq(agencies.id, other));
    expect(row.contacts).toHaveLength(1);
    // Its own record carries the computed counts.
    // Open NCA reports: those targeting the agency that left the consortium's draft and are not closed.
    const open = await t.db
      .select({ id: ncaReports.id })
      .from(ncaReports)
      .where(and(eq(ncaReports.targetAgencyId, own), notInArray(ncaReports.status, ['pending', 'closed'])));
    expect(open.length).toBeGreaterThan(0); // the demo has some, so the count is not trivially zero
    const mine = await t.request('GET', `/api/agencies/${own}`, { token: agencyA.token });
    expect(mine.body).toMatchObject({ _id: own, userCount: 2, openNcaCount: open.length });
  });

  it('a supplier edits its own contacts and sees its colleagues', async () => {
    const own = agencyA.user.agencyId as string;
    const res = await t.request('PUT', `/api/agencies/${own}/contacts`, {
      token: agencyA.token,
      body: { contacts: [{ name: 'Mario Cantiere', role: 'Capocantiere', email: 'mario@example.test', phone: '+39 333 1234567' }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.contacts).toEqual([{ name: 'Mario Cantiere', role: 'Capocantiere', email: 'mario@example.test', phone: '+39 333 1234567' }]);
    const bad = await t.request('PUT', `/api/agencies/${own}/contacts`, { token: agencyA.token, body: { contacts: [{ name: '', email: 'nope' }] } });
    expect(bad.status).toBe(400);
    const people = await t.request('GET', `/api/agencies/${own}/users`, { token: agencyA.token });
    expect(people.body.map((u: any) => u.email).sort()).toEqual(['agency2@demo.test', 'agency@demo.test']);
  });

  it('orders: an agency sees only the orders given to it, not the others, by list or id', async () => {
    const own = agencyA.user.agencyId as string;
    const all = await t.request('GET', '/api/orders?limit=100', { token: consortium.token });
    expect(all.status).toBe(200);
    const mine = await t.request('GET', '/api/orders?limit=100&count=true', { token: agencyA.token });
    expect(mine.status).toBe(200);
    expect(mine.body.length).toBeGreaterThan(0);
    for (const order of mine.body) expect(order.agencyIds).toContain(own);
    const foreign = all.body.find((o: any) => !o.agencyIds.includes(own));
    expect(foreign).toBeTruthy();
    expect((await t.request('GET', `/api/orders/${foreign._id}`, { token: agencyA.token })).status).toBe(404);
    expect((await t.request('PUT', `/api/orders/${foreign._id}`, { token: agencyA.token, body: { name: 'x' } })).status).toBe(403);
    expect((await t.request('GET', '/api/lots', { token: agencyA.token })).status).toBe(403);
    expect((await t.request('GET', '/api/laboratories', { token: agencyA.token })).status).toBe(403);
  });

  it('a laboratory sees only its own laboratory and price list', async () => {
    const own = lab.user.laboratoryId as string;
    const other = await idOf(laboratories, 'ChemLab Tirreno S.r.l.');
    const list = await t.request('GET', '/api/contracts?limit=500&count=true', { token: lab.token });
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(0);
    for (const line of list.body) expect(line.laboratoryId).toBe(own);
    expect(typeof list.body[0].price).toBe('number');
    const foreign = await t.request('GET', `/api/contracts?laboratoryId=${other}&count=true`, { token: lab.token });
    expect(foreign.headers.get('x-total-count')).toBe('0');
    expect((await t.request('GET', `/api/laboratories/${other}`, { token: lab.token })).status).toBe(404);
    expect((await t.request('GET', `/api/laboratories/${other}/price-list.xlsx`, { token: lab.token })).status).toBe(404);
    expect((await t.request('GET', `/api/laboratories/${own}/price-list.xlsx`, { token: lab.token })).status).toBe(200);
    expect((await t.request('GET', '/api/agencies', { token: lab.token })).status).toBe(403);
  });
});

describe('lots', () => {
  it('refuses a wrong CIG naming the field, keeps a doubtful one with a warning', async () => {
    const wrong = await t.request('POST', '/api/lots', { token: consortium.token, body: { name: 'Lotto errato', code: 'LX1', cig: '95156957ED' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.map((d: any) => d.path)).toContain('cig');
    const doubtful = await t.request('POST', '/api/lots', { token: consortium.token, body: { name: 'Lotto PCP', code: 'LX2', cig: 'a015882cce' } });
    expect(doubtful.status).toBe(201);
    expect(doubtful.body.cig).toBe('A015882CCE');
    expect(doubtful.body.warnings).toEqual([expect.objectContaining({ path: 'cig' })]);
    const fine = await t.request('POST', '/api/lots', { token: consortium.token, body: { name: 'Lotto buono', code: 'LX3', cig: classicCigOf(4242) } });
    expect(fine.status).toBe(201);
    expect(fine.body.warnings).toEqual([]);
  });

  it('an order names existing agencies and lot', async () => {
    const [lot] = (await t.request('GET', '/api/lots?code=L01', { token: consortium.token })).body;
    const bad = await t.request('POST', '/api/orders', { token: consortium.token, body: { name: 'Ordine', lotId: lot._id, orderType: 'work_order', agencyIds: [crypto.randomUUID()] } });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].path).toBe('agencyIds');
    const ok = await t.request('POST', '/api/orders', { token: consortium.token, body: { name: 'Ordine', lotId: lot._id, orderType: 'announcement', agencyIds: [agencyB.user.agencyId] } });
    expect(ok.status).toBe(201);
    const visible = await t.request('GET', `/api/orders/${ok.body._id}`, { token: agencyB.token });
    expect(visible.status).toBe(200);
    expect((await t.request('GET', `/api/orders/${ok.body._id}`, { token: agencyA.token })).status).toBe(404);
  });
});

describe('environmental settings', () => {
  it('the consortium manages them, a setting in use is not deleted, feature flags are not reachable', async () => {
    const matrices = await t.request('GET', '/api/environmental-settings?settingType=matrix&limit=100', { token: consortium.token });
    expect(matrices.status).toBe(200);
    const used = matrices.body.find((m: any) => m.name === 'Rifiuti');
    const refused = await t.request('DELETE', `/api/environmental-settings/${used._id}`, { token: consortium.token });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SETTING_IN_USE');
    const created = await t.request('POST', '/api/environmental-settings', { token: consortium.token, body: { settingType: 'matrix', name: 'Sedimenti' } });
    expect(created.status).toBe(201);
    expect((await t.request('DELETE', `/api/environmental-settings/${created.body._id}`, { token: consortium.token })).status).toBe(200);
    const flags = await t.request('GET', '/api/environmental-settings?settingType=feature', { token: consortium.token });
    expect(flags.body).toEqual([]);
    expect((await t.request('POST', '/api/environmental-settings', { token: agencyA.token, body: { settingType: 'matrix', name: 'X' } })).status).toBe(403);
  });

  it('severity levels come in their order of gravity, not by name; the rank belongs to severity levels only', async () => {
    const levels = await t.request('GET', '/api/environmental-settings?settingType=severityLevel&sort=severityRank', { token: consortium.token });
    expect(levels.body.map((l: any) => l.name)).toEqual(['Lieve', 'Media', 'Grave', 'Gravissima']);
    expect(levels.body.map((l: any) => l.severityRank)).toEqual([1, 2, 3, 4]);
    const wrongType = await t.request('POST', '/api/environmental-settings', { token: consortium.token, body: { settingType: 'matrix', name: 'Fanghi', severityRank: 2 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.details).toEqual([expect.objectContaining({ path: 'severityRank' })]);
    const outOfRange = await t.request('POST', '/api/environmental-settings', { token: consortium.token, body: { settingType: 'severityLevel', name: 'Estrema', severityRank: 100 } });
    expect(outOfRange.status).toBe(400);
  });
});

describe('price list import over HTTP', () => {
  async function upload(labId: string, rows: unknown[][], token: string) {
    const bytes = await workbookOf(
      PRICE_LIST_COLUMNS.map((c) => c.header),
      rows,
      'Listino',
    );
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'listino.xlsx');
    const res = await fetch(`${t.baseUrl}/api/laboratories/${labId}/price-list`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: await res.json() };
  }

  it('reports every bad row with row, field and value, and writes nothing; a laboratory may not import', async () => {
    const labId = await idOf(laboratories, 'ChemLab Tirreno S.r.l.');
    const header = PRICE_LIST_COLUMNS.map((c) => c.key);
    const row = (values: Record<string, unknown>) => header.map((k) => values[k] ?? null);
    const bad = await upload(
      labId,
      [
        row({ code: 'NEW-1', articleCode: 'A1', articleName: 'Buono', matrix: 'Rifiuti', price: 10 }),
        row({ code: 'NEW-1', articleCode: 'A2', articleName: 'Prezzo sbagliato', matrix: 'Rifiuti', price: 'dieci' }),
        row({ code: 'NEW-1', articleCode: 'A3', articleName: 'Matrice ignota', matrix: 'Lava', price: 5 }),
      ],
      consortium.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('IMPORT_INVALID');
    expect(bad.body.details).toEqual([expect.objectContaining({ row: 3, path: 'price', value: 'dieci' }), expect.objectContaining({ row: 4, path: 'matrix', value: 'Lava' })]);
    const after = await t.request('GET', `/api/contracts?code=NEW-1&count=true`, { token: consortium.token });
    expect(after.headers.get('x-total-count')).toBe('0');
    const good = await upload(labId, [row({ code: 'NEW-1', articleCode: 'A1', articleName: 'Buono', matrix: 'Rifiuti', price: 10.5 })], consortium.token);
    expect(good).toEqual({ status: 200, body: { created: 1, updated: 0, total: 1 } });
    expect((await upload(lab.user.laboratoryId, [row({ code: 'X', articleCode: 'A1', articleName: 'X', matrix: 'Rifiuti', price: 1 })], lab.token)).status).toBe(403);
  });
});

describe('invitations over HTTP', () => {
  async function mailedToken(email: string): Promise<string> {
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'companyInvite')))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    return /\/on-boarding\/accept-invite\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
  }

  it('invite, accept once; reused, revoked and expired links are refused', async () => {
    const created = await t.request('POST', '/api/agencies', {
      token: consortium.token,
      body: { businessName: 'Scavi Nuovi S.r.l.', vatNumber: '01234560587', managerEmail: 'scavi@example.test' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ inviteStatus: 'to_invite', userCount: 0 });
    const id = created.body._id;
    expect((await t.request('POST', `/api/agencies/${id}/invite`, { token: agencyA.token })).status).toBe(403);
    expect((await t.request('POST', `/api/agencies/${id}/invite`, { token: consortium.token })).body.inviteStatus).toBe('invited');
    const first = await mailedToken('scavi@example.test');
    // Revoked: the link stops working.
    expect((await t.request('POST', `/api/agencies/${id}/revoke`, { token: consortium.token })).body.inviteStatus).toBe('to_invite');
    const revoked = await t.request('POST', `/api/invites/${first}/accept`, { body: { password: 'Nuova-Password-1' } });
    expect([revoked.status, revoked.body.code]).toEqual([410, 'INVITE_TOKEN_REVOKED']);
    // Invited again; the link expires.
    await t.request('POST', `/api/agencies/${id}/invite`, { token: consortium.token });
    const second = await mailedToken('scavi@example.test');
    expect((await t.request('GET', `/api/invites/${second}`)).body).toMatchObject({ businessName: 'Scavi Nuovi S.r.l.', email: 'scavi@example.test' });
    await t.db
      .update(inviteTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(inviteTokens.agencyId, id), eq(inviteTokens.email, 'scavi@example.test')));
    const expired = await t.request('POST', `/api/invites/${second}/accept`, { body: { password: 'Nuova-Password-1' } });
    expect([expired.status, expired.body.code]).toEqual([410, 'INVITE_TOKEN_EXPIRED']);
    // Resent: accepted once, then the same link is refused.
    await t.request('POST', `/api/agencies/${id}/resend`, { token: consortium.token });
    const third = await mailedToken('scavi@example.test');
    const accepted = await t.request('POST', `/api/invites/${third}/accept`, { body: { password: 'Nuova-Password-1' } });
    expect(accepted.status).toBe(200);
    const reused = await t.request('POST', `/api/invites/${third}/accept`, { body: { password: 'Nuova-Password-1' } });
    expect([reused.status, reused.body.code]).toEqual([409, 'INVITE_TOKEN_USED']);
    const session = await t.login('scavi@example.test', 'Nuova-Password-1');
    expect(session.user).toMatchObject({ role: 'agency_user', agencyId: id });
    const mine = await t.request('GET', '/api/agencies', { token: session.token });
    expect(mine.body.map((a: any) => a._id)).toEqual([id]);
    // The new supplier invites a colleague; the colleague is tied to the company.
    const colleague = await t.request('POST', `/api/agencies/${id}/users`, { token: session.token, body: { email: 'collega@example.test', name: 'Anna', surname: 'Collega' } });
    expect(colleague.status).toBe(201);
    expect(colleague.body).toMatchObject({ email: 'collega@example.test', isEnabled: false, isConfirmed: false, isManager: false });
    const [account] = await t.db.select().from(users).where(eq(users.email, 'collega@example.test'));
    expect(account).toMatchObject({ role: 'agency_user', agencyId: id, isEnabled: false, passwordHash: null });
    expect((await t.request('POST', `/api/agencies/${agencyB.user.agencyId}/users`, { token: session.token, body: { email: 'x@example.test', name: 'X', surname: 'Y' } })).status).toBe(404);
  });

  it('laboratories too: invite, accept once; expired, superseded, reused and revoked links are refused', async () => {
    const created = await t.request('POST', '/api/laboratories', {
      token: consortium.token,
      body: { businessName: 'Analisi Nuove S.r.l.', vatNumber: '01234560587', managerEmail: 'analisi@example.test' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ inviteStatus: 'to_invite' });
    const id = created.body._id;
    // Only the consortium invites: a laboratory user (even of another lab) and an agency user are refused.
    expect((await t.request('POST', `/api/laboratories/${id}/invite`, { token: lab.token })).status).toBe(403);
    expect((await t.request('POST', `/api/laboratories/${id}/invite`, { token: agencyA.token })).status).toBe(403);
    const invited = await t.request('POST', `/api/laboratories/${id}/invite`, { token: consortium.token });
    expect(invited.body).toMatchObject({ inviteStatus: 'invited', email: 'analisi@example.test' });
    expect((await t.request('POST', `/api/laboratories/${id}/invite`, { token: consortium.token })).body.code).toBe('INVALID_TRANSITION');
    const first = await mailedToken('analisi@example.test');
    expect((await t.request('GET', `/api/invites/${first}`)).body).toMatchObject({ companyKind: 'laboratory', companyId: id, businessName: 'Analisi Nuove S.r.l.' });
    // Revoked: the link stops working, and reading it says why.
    expect((await t.request('POST', `/api/laboratories/${id}/revoke`, { token: consortium.token })).body.inviteStatus).toBe('to_invite');
    expect((await t.request('GET', `/api/invites/${first}`)).body.code).toBe('INVITE_TOKEN_REVOKED');
    const revoked = await t.request('POST', `/api/invites/${first}/accept`, { body: { password: 'Nuova-Password-1' } });
    expect([revoked.status, revoked.body.code]).toEqual([410, 'INVITE_TOKEN_REVOKED']);
    // Invited again; that link expires.
    await t.request('POST', `/api/laboratories/${id}/invite`, { token: consortium.token });
    const second = await mailedToken('analisi@example.test');
    await t.db
      .update(inviteTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(inviteTokens.laboratoryId, id), isNull(inviteTokens.voidedAt)));
    const expired = await t.request('POST', `/api/invites/${second}/accept`, { body: { password: 'Nuova-Password-1' } });
    expect([expired.status, expired.body.code]).toEqual([410, 'INVITE_TOKEN_EXPIRED']);
    // Resent: the expired link is superseded, the new one accepted once.
    await t.request('POST', `/api/laboratories/${id}/resend`, { token: consortium.token });
    const third = await mailedToken('analisi@example.test');
    expect(third).not.toBe(second);
    expect((await t.request('POST', `/api/invites/${second}/accept`, { body: { password: 'Nuova-Password-1' } })).body.code).toBe('INVITE_TOKEN_SUPERSEDED');
    expect((await t.request('POST', `/api/invites/nonsense-token/accept`, { body: { password: 'Nuova-Password-1' } })).body.code).toBe('INVITE_TOKEN_INVALID');
    const accepted = await t.request('POST', `/api/invites/${third}/accept`, { body: { password: 'Nuova-Password-1' } });
    expect([accepted.status, accepted.body]).toEqual([200, { email: 'analisi@example.test', companyKind: 'laboratory', inviteStatus: 'accepted' }]);
    const reused = await t.request('POST', `/api/invites/${third}/accept`, { body: { password: 'Nuova-Password-1' } });
    expect([reused.status, reused.body.code]).toEqual([409, 'INVITE_TOKEN_USED']);
    // Accepted is final: no revoke, no resend.
    expect((await t.request('POST', `/api/laboratories/${id}/revoke`, { token: consortium.token })).body.code).toBe('INVALID_TRANSITION');
    expect((await t.request('POST', `/api/laboratories/${id}/resend`, { token: consortium.token })).body.code).toBe('INVALID_TRANSITION');
    const session = await t.login('analisi@example.test', 'Nuova-Password-1');
    expect(session.user).toMatchObject({ role: 'laboratory_user', laboratoryId: id });
    const mine = await t.request('GET', '/api/laboratories', { token: session.token });
    expect(mine.body.map((l: any) => l._id)).toEqual([id]);
    expect((await t.request('GET', `/api/laboratories/${lab.user.laboratoryId}`, { token: session.token })).status).toBe(404);
    const users = await t.request('GET', `/api/laboratories/${id}/users`, { token: session.token });
    expect(users.body).toEqual([expect.objectContaining({ email: 'analisi@example.test', isManager: true, isEnabled: true })]);
  });

  it("a colleague's invitation is a single-use link (hashed, 7 days) that sets the password; the mail carries no password", async () => {
    const id = agencyA.user.agencyId as string;
    const invited = await t.request('POST', `/api/agencies/${id}/users`, { token: agencyA.token, body: { email: 'collega2@example.test', name: 'Bruno', surname: 'Collega' } });
    expect(invited.status).toBe(201);
    // Nothing to sign in with before the link is used.
    expect((await t.request('POST', '/api/auth', { headers: { authorization: t.basic('collega2@example.test', 'Nuova-Password-1') } })).status).not.toBe(200);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'collega2@example.test'));
    expect(mails.map((m) => m.template)).toEqual(['colleagueInvite']);
    expect(mails[0].text).not.toMatch(/password temporanea|temporary password/i);
    const token = /\/on-boarding\/accept-invite\/([A-Za-z0-9_-]+)/.exec(mails[0].text)![1];
    const [stored] = await t.db.select().from(inviteTokens).where(eq(inviteTokens.email, 'collega2@example.test'));
    expect(stored).toMatchObject({ purpose: 'colleague', userId: invited.body._id, agencyId: id, usedAt: null });
    expect(stored.tokenHash).not.toContain(token);
    const days = (stored.expiresAt.getTime() - stored.createdAt.getTime()) / (24 * 3600_000);
    expect(Math.round(days)).toBe(7);
    const details = await t.request('GET', `/api/invites/${token}`);
    expect(details.body).toMatchObject({ companyKind: 'agency', companyId: id, email: 'collega2@example.test', purpose: 'colleague' });
    // The password policy applies and does not spend the link.
    expect((await t.request('POST', `/api/invites/${token}/accept`, { body: { password: 'short' } })).body.code).toBe('PASSWORD_POLICY');
    const accepted = await t.request('POST', `/api/invites/${token}/accept`, { body: { password: 'Nuova-Password-1' } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ email: 'collega2@example.test', companyKind: 'agency', inviteStatus: 'accepted' });
    const reused = await t.request('POST', `/api/invites/${token}/accept`, { body: { password: 'Altra-Password-2' } });
    expect([reused.status, reused.body.code]).toEqual([409, 'INVITE_TOKEN_USED']);
    const session = await t.login('collega2@example.test', 'Nuova-Password-1');
    expect(session.user).toMatchObject({ role: 'agency_user', agencyId: id, isEnabled: true, isConfirmed: true, needsPasswordChange: false });
    // The company's own status is untouched.
    expect((await t.request('GET', `/api/agencies/${id}`, { token: agencyA.token })).body.inviteStatus).toBe('accepted');
    // An expired colleague link is refused like the company's.
    await t.request('POST', `/api/agencies/${id}/users`, { token: agencyA.token, body: { email: 'collega3@example.test', name: 'Carla', surname: 'Collega' } });
    const [late] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'collega3@example.test'));
    const lateToken = /\/on-boarding\/accept-invite\/([A-Za-z0-9_-]+)/.exec(late.text)![1];
    await t.db
      .update(inviteTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(inviteTokens.email, 'collega3@example.test'));
    const expired = await t.request('POST', `/api/invites/${lateToken}/accept`, { body: { password: 'Nuova-Password-1' } });
    expect([expired.status, expired.body.code]).toEqual([410, 'INVITE_TOKEN_EXPIRED']);
  });
});

describe('permission system on', () => {
  it('consortium staff need the keys of their internal roles; admins keep everything', async () => {
    await setFeature(t.db, 'permissionsSystem', true);
    try {
      expect((await t.request('GET', '/api/lots', { token: consortium.token })).status).toBe(403);
      expect((await t.request('GET', '/api/lots', { token: admin.token })).status).toBe(200);
      const keys = await t.db.select({ id: permissions.id, key: permissions.key }).from(permissions);
      const lotRead = keys.filter((k) => k.key === 'lots.getAll' || k.key === 'lots.get').map((k) => k.id);
      expect(lotRead).toHaveLength(2);
      const [role] = await t.db.insert(roles).values({ name: 'Ufficio lotti', roleType: 'internal', permissionIds: lotRead }).returning();
      await t.db
        .update(users)
        .set({ roleIds: [role.id] })
        .where(eq(users.id, consortium.user._id));
      expect((await t.request('GET', '/api/lots', { token: consortium.token })).status).toBe(200);
      expect((await t.request('POST', '/api/lots', { token: consortium.token, body: { name: 'L', code: 'LPERM' } })).status).toBe(403);
      expect((await t.request('GET', '/api/orders', { token: consortium.token })).status).toBe(403);
    } finally {
      await setFeature(t.db, 'permissionsSystem', false);
      await t.db.update(users).set({ roleIds: [] }).where(eq(users.id, consortium.user._id));
    }
  });

  it('a custom role of the wrong type gives nothing: consortium staff take internal roles, suppliers supplier roles', async () => {
    await setFeature(t.db, 'permissionsSystem', true);
    try {
      const keys = await t.db.select({ id: permissions.id, key: permissions.key }).from(permissions);
      const idsOf = (...wanted: string[]) => keys.filter((k) => wanted.includes(k.key)).map((k) => k.id);
      const [supplierLots] = await t.db
        .insert(roles)
        .values({ name: 'Lotti (fornitori)', roleType: 'supplier', permissionIds: idsOf('lots.getAll', 'lots.get') })
        .returning();
      const [internalAgencies] = await t.db
        .insert(roles)
        .values({ name: 'Imprese (interno)', roleType: 'internal', permissionIds: idsOf('agencies.getAll', 'agencies.get') })
        .returning();
      const [supplierAgencies] = await t.db
        .insert(roles)
        .values({ name: 'Imprese (fornitori)', roleType: 'supplier', permissionIds: idsOf('agencies.getAll', 'agencies.get') })
        .returning();
      const assign = (userId: string, roleIds: string[]) => t.db.update(users).set({ roleIds }).where(eq(users.id, userId));

      await assign(consortium.user._id, [supplierLots.id]);
      expect((await t.request('GET', '/api/lots', { token: consortium.token })).status).toBe(403);
      await assign(consortium.user._id, [supplierLots.id, internalAgencies.id]);
      expect((await t.request('GET', '/api/agencies', { token: consortium.token })).status).toBe(200);
      expect((await t.request('GET', '/api/lots', { token: consortium.token })).status).toBe(403);
      const described = await t.request('GET', `/api/auth/permission/employee/${consortium.user._id}`, { token: admin.token });
      expect(described.status).toBe(200);
      expect(described.body.permissions.map((p: { key: string }) => p.key).sort()).toEqual(['agencies.get', 'agencies.getAll']);

      await assign(agencyA.user._id, [internalAgencies.id]);
      expect((await t.request('GET', '/api/agencies', { token: agencyA.token })).status).toBe(403);
      await assign(agencyA.user._id, [supplierAgencies.id]);
      const own = await t.request('GET', '/api/agencies', { token: agencyA.token });
      expect(own.status).toBe(200);
      expect(own.body.map((a: { _id: string }) => a._id)).toEqual([agencyA.user.agencyId]);
      await assign(lab.user._id, [internalAgencies.id, supplierLots.id]);
      expect((await t.request('GET', `/api/laboratories/${lab.user.laboratoryId}`, { token: lab.token })).status).toBe(403);
    } finally {
      await setFeature(t.db, 'permissionsSystem', false);
      for (const session of [consortium, agencyA, lab]) await t.db.update(users).set({ roleIds: [] }).where(eq(users.id, session.user._id));
    }
  });
});
