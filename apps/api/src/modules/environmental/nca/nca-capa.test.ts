import { inflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { PDFArray, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectivenessDueDate } from '@app/domain/environmental/nca/index';
import { italianDateOf } from '@app/domain/platform/time/italian-time';
import { ncaEffectivenessChecks, notifications, settings, users } from '../../../db/schema/index.ts';
import { createMailer, type TJobDeps } from '../../platform/index.ts';
import { startTestApp, type TSession, type TTestApp } from '../../../test/harness.ts';
import { runNcaReminders } from './nca-reminders.ts';
import { ncaFixtures } from './nca-test-fixtures.ts';

let t: TTestApp;
let admin: TSession;
let consortium: TSession;
let agency: TSession;
let agency3: TSession;
let lab: TSession;
let fx: Awaited<ReturnType<typeof ncaFixtures>>;
let grave: string;

beforeAll(async () => {
  t = await startTestApp();
  [admin, consortium, agency, agency3, lab] = await Promise.all(['admin', 'consortium', 'agency', 'agency3', 'lab'].map((a) => t.signedIn(a as never)));
  fx = await ncaFixtures(t);
  [{ id: grave }] = await t.db
    .select({ id: settings.id })
    .from(settings)
    .where(and(eq(settings.settingType, 'severityLevel'), eq(settings.name, 'Grave')));
});
afterAll(() => t?.close());

const post = (session: TSession, url: string, body: unknown = {}) => t.request('POST', url, { token: session.token, body });
const put = (session: TSession, url: string, body: unknown) => t.request('PUT', url, { token: session.token, body });
const get = (session: TSession, url: string) => t.request('GET', url, { token: session.token });
const ok = (res: { status: number; body: unknown }, status = 200) => expect(res.status, JSON.stringify(res.body)).toBe(status);

const CONTAINMENT = { what: 'Panne assorbenti sul versamento e fermo del mezzo', who: 'Capo cantiere', when: '2026-01-12' };

/** The text drawn on a PDF's pages (pdf-lib writes WinAnsi hex strings in flate streams). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const parts: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.get(PDFName.of('Contents'));
    const looked = contents ? doc.context.lookup(contents) : undefined;
    const refs = looked instanceof PDFArray ? looked.asArray() : contents ? [contents] : [];
    for (const ref of refs) {
      const stream = doc.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) continue;
      const raw = Buffer.from(stream.contents);
      const decoded = stream.dict.get(PDFName.of('Filter')) ? inflateSync(raw).toString('latin1') : raw.toString('latin1');
      for (const m of decoded.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) parts.push(Buffer.from(m[1], 'hex').toString('latin1'));
    }
  }
  return parts.join('\n');
}

async function pdfOf(session: TSession, reportId: string, query: string, language: 'it' | 'en') {
  const response = await fetch(`${t.baseUrl}/api/nca-reports/${reportId}/pdf${query}`, { headers: { authorization: `Bearer ${session.token}`, 'accept-language': language } });
  expect(response.status).toBe(200);
  return pdfText(new Uint8Array(await response.arrayBuffer()));
}

/** A grave report, containment recorded, opened, with a cause analysis (5-Why, Ishikawa) and one action, taken to closed. */
async function closedGraveReport(): Promise<{ id: string; closingDate: string }> {
  const created = await post(consortium, '/api/nca-reports', { ...fx.phase1, warningLevelSettingId: grave, containmentActions: [CONTAINMENT] });
  ok(created, 201);
  const id = created.body._id as string;
  ok(await post(admin, `/api/nca-reports/${id}/forceOpen`, { reason: 'Test' }));
  ok(await put(agency, `/api/nca-reports/${id}`, { fiveWhys: ['Olio a terra', 'Tubo rotto', 'Manutenzione saltata'], ishikawaCategories: ['machines', 'methods'], causeAnalysis: 'Manutenzione' }));
  const action = await post(agency, '/api/corrective-actions', { reportId: id, name: 'Piano di manutenzione', actionType: 'action' });
  ok(action, 201);
  ok(await post(agency, `/api/nca-reports/${id}/submitForValidation`));
  ok(await post(admin, `/api/corrective-actions/${action.body._id}/confirm`));
  ok(await post(admin, `/api/nca-reports/${id}/forcePhase3`, { reason: 'Test' }));
  ok(await post(agency, `/api/corrective-actions/${action.body._id}/start`));
  ok(await post(agency, `/api/corrective-actions/${action.body._id}/complete`));
  ok(await post(consortium, `/api/corrective-actions/${action.body._id}/close`, { reason: 'Verificata' }));
  const closed = await post(admin, `/api/nca-reports/${id}/forceClose`, { reason: 'Test' });
  ok(closed);
  return { id, closingDate: closed.body.closingDate as string };
}

describe('containment first', () => {
  it('phase 1 of a grave report is neither asked to sign nor forced open until a containment action is recorded (CONTAINMENT_REQUIRED)', async () => {
    const created = await post(consortium, '/api/nca-reports', { ...fx.phase1, warningLevelSettingId: grave });
    ok(created, 201);
    const id = created.body._id as string;
    expect((await get(consortium, `/api/nca-reports/${id}/facts`)).body).toMatchObject({ containmentRequired: true, containmentCount: 0 });
    const signers = [{ userId: consortium.user._id, agencyFunctionSettingId: fx.consortiumFunction }];
    const asked = await post(consortium, `/api/nca-reports/${id}/requestPhase1Signs`, { signers });
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({ code: 'CONTAINMENT_REQUIRED', details: [{ path: 'containmentActions' }] });
    expect((await post(admin, `/api/nca-reports/${id}/forceOpen`, { reason: 'x' })).body).toMatchObject({ code: 'CONTAINMENT_REQUIRED' });
    ok(await put(consortium, `/api/nca-reports/${id}`, { containmentActions: [CONTAINMENT] }));
    ok(await post(admin, `/api/nca-reports/${id}/forceOpen`, { reason: 'x' }));
  });

  it('a light severity signs without containment, as before', async () => {
    const created = await post(consortium, '/api/nca-reports', fx.phase1);
    expect((await get(consortium, `/api/nca-reports/${created.body._id}/facts`)).body).toMatchObject({ containmentRequired: false });
  });

  it('the supplier records containment while the report is open, never who verified it; the consortium does', async () => {
    const created = await post(consortium, '/api/nca-reports', { ...fx.phase1, containmentActions: [CONTAINMENT] });
    const id = created.body._id as string;
    // A draft is the consortium's.
    expect((await put(agency, `/api/nca-reports/${id}`, { containmentActions: [] })).status).toBe(404);
    ok(await post(admin, `/api/nca-reports/${id}/forceOpen`, { reason: 'x' }));
    const second = { what: 'Telo impermeabile sul cumulo', who: 'Mario Rossi', when: '2026-01-13' };
    ok(await put(agency, `/api/nca-reports/${id}`, { containmentActions: [CONTAINMENT, second] }));
    const forged = await put(agency, `/api/nca-reports/${id}`, { containmentActions: [{ ...CONTAINMENT, verifiedById: agency.user._id }, second] });
    expect(forged.status).toBe(403);
    expect(forged.body).toMatchObject({ code: 'FORBIDDEN', details: [{ path: 'containmentActions.0.verifiedById' }] });
    const verified = await put(consortium, `/api/nca-reports/${id}`, { containmentActions: [{ ...CONTAINMENT, verifiedById: consortium.user._id }, second] });
    ok(verified);
    // The supplier may not drop a verified entry either; a bad verifier is a 400 with the field.
    expect((await put(agency, `/api/nca-reports/${id}`, { containmentActions: [second] })).status).toBe(403);
    const unknown = await put(consortium, `/api/nca-reports/${id}`, { containmentActions: [{ ...CONTAINMENT, verifiedById: '00000000-0000-4000-8000-000000000000' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'containmentActions' }] });
    const bad = await put(consortium, `/api/nca-reports/${id}`, { containmentActions: [{ ...CONTAINMENT, when: '2026-02-30' }] });
    expect(bad.status).toBe(400);
  });
});

describe('root cause, effectiveness check, follow-up report, recurrence', () => {
  let closed: { id: string; closingDate: string };
  let checkId: string;
  beforeAll(async () => {
    closed = await closedGraveReport();
  });

  it('the 5-Why chain and the Ishikawa families are data, and the phase-2 and final PDFs show them in both languages', async () => {
    const report = await get(agency, `/api/nca-reports/${closed.id}`);
    expect(report.body).toMatchObject({ fiveWhys: ['Olio a terra', 'Tubo rotto', 'Manutenzione saltata'], ishikawaCategories: ['machines', 'methods'] });
    const italian = await pdfOf(consortium, closed.id, '?phase=second', 'it');
    expect(italian).toContain('Analisi dei 5 perché');
    expect(italian).toContain('Perché 3: Manutenzione saltata');
    expect(italian).toContain('Macchine, Metodi');
    expect(italian).toContain('Azioni di contenimento immediato');
    const english = await pdfOf(agency, closed.id, '', 'en');
    expect(english).toContain('5-Why analysis');
    expect(english).toContain('Machines, Methods');
    expect(english).toContain('Immediate containment actions');
    // Filterable: the list by family.
    const byFamily = await get(consortium, '/api/nca-reports?ishikawa=machines');
    expect((byFamily.body as { _id: string }[]).map((r) => r._id)).toContain(closed.id);
    expect((await get(consortium, '/api/nca-reports?ishikawa=environment')).body as { _id: string }[]).not.toContainEqual(expect.objectContaining({ _id: closed.id }));
  });

  it('closing scheduled one check N days later (the severity’s 30 for Grave); the agency reads its own, another agency none', async () => {
    const checks = await get(consortium, `/api/nca-effectiveness-checks?reportId=${closed.id}`);
    ok(checks);
    expect(checks.body).toHaveLength(1);
    const [check] = checks.body as { _id: string; dueDate: string; status: string; standing: string }[];
    expect(check).toMatchObject({ status: 'scheduled', standing: 'upcoming', dueDate: effectivenessDueDate(closed.closingDate, 30) });
    checkId = check._id;
    expect((await get(agency, `/api/nca-effectiveness-checks/${checkId}`)).status).toBe(200);
    expect((await get(agency3, `/api/nca-effectiveness-checks/${checkId}`)).status).toBe(404);
    expect((await get(agency3, `/api/nca-effectiveness-checks?reportId=${closed.id}`)).body).toEqual([]);
  });

  it('a supplier or a laboratory may not record an outcome; the consortium must give a reason when not effective', async () => {
    const byAgency = await post(agency, `/api/nca-effectiveness-checks/${checkId}/recordNotEffective`, { reason: 'Ho deciso io' });
    expect(byAgency.status).toBe(403);
    expect((await post(agency, `/api/nca-effectiveness-checks/${checkId}/recordEffective`, {})).status).toBe(403);
    expect([403, 404]).toContain((await post(lab, `/api/nca-effectiveness-checks/${checkId}/recordEffective`, {})).status);
    expect((await post(consortium, `/api/nca-effectiveness-checks/${checkId}/recordNotEffective`, {})).status).toBe(400);
    const [row] = await t.db.select().from(ncaEffectivenessChecks).where(eq(ncaEffectivenessChecks.id, checkId));
    expect(row.status).toBe('scheduled');
  });

  it('the daily job reminds the consortium of a check due once, across runs (remindedAt is kept)', async () => {
    const today = italianDateOf(new Date());
    await t.db.update(ncaEffectivenessChecks).set({ dueDate: today }).where(eq(ncaEffectivenessChecks.id, checkId));
    const quiet = { info() {}, error() {}, warn() {}, debug() {}, fatal() {}, trace() {}, level: 'silent', child: () => quiet } as never;
    const deps: TJobDeps = { db: t.db, realtime: { toUser() {} }, mailer: createMailer({ db: t.db, from: 'test@localhost', log: quiet }), config: { publicUrl: 'http://localhost:3000' } };
    const first = await runNcaReminders(deps, today);
    expect(first.effectivenessDue).toBe(1);
    const [row] = await t.db.select().from(ncaEffectivenessChecks).where(eq(ncaEffectivenessChecks.id, checkId));
    expect(row.remindedAt).not.toBeNull();
    const [me] = await t.db.select().from(users).where(eq(users.email, 'consortium@demo.test'));
    const mine = await t.db.select().from(notifications).where(eq(notifications.userId, me.id));
    expect(mine.filter((n) => n.event === 'reminder.nca_effectiveness_due')).toHaveLength(1);
    expect((await runNcaReminders(deps, today)).effectivenessDue).toBe(0);
    const standing = await get(consortium, `/api/nca-effectiveness-checks/${checkId}`);
    expect(standing.body).toMatchObject({ standing: 'due' });
    expect(((await get(consortium, '/api/nca-effectiveness-checks?due=true')).body as { _id: string }[]).map((c) => c._id)).toContain(checkId);
  });

  it('not effective opens a new report citing the old one, prefilled; it is a recurrence; the outcome is final', async () => {
    const failed = await post(consortium, `/api/nca-effectiveness-checks/${checkId}/recordNotEffective`, { reason: 'Nuovo sversamento al sopralluogo' });
    ok(failed);
    expect(failed.body).toMatchObject({ status: 'not_effective', standing: 'failed', outcomeNote: 'Nuovo sversamento al sopralluogo', decidedById: consortium.user._id });
    const followUpId = failed.body.followUpReportId as string;
    const followUp = await get(consortium, `/api/nca-reports/${followUpId}`);
    ok(followUp);
    const old = (await get(consortium, `/api/nca-reports/${closed.id}`)).body;
    expect(followUp.body).toMatchObject({
      status: 'pending',
      previousReportId: closed.id,
      lotId: old.lotId,
      orderId: old.orderId,
      targetAgencyId: old.targetAgencyId,
      ambientSettingId: old.ambientSettingId,
      warningLevelSettingId: old.warningLevelSettingId,
      systemSettingId: old.systemSettingId,
      recurrenceOf: { _id: closed.id, code: old.code },
    });
    expect(followUp.body.description).toContain('Nuovo sversamento al sopralluogo');
    expect(followUp.body.description).toContain(old.code);
    const recurring = (await get(consortium, '/api/nca-reports?recurrence=true')).body as { _id: string }[];
    expect(recurring.map((r) => r._id)).toContain(followUpId);
    const notRecurring = (await get(consortium, '/api/nca-reports?recurrence=false')).body as { _id: string }[];
    expect(notRecurring.map((r) => r._id)).not.toContain(followUpId);
    expect((await post(consortium, `/api/nca-effectiveness-checks/${checkId}/recordEffective`, {})).body).toMatchObject({ code: 'INVALID_TRANSITION' });
    // The agency hears of it.
    const heard = await t.db.select().from(notifications).where(eq(notifications.userId, agency.user._id));
    expect(heard.map((n) => n.event)).toContain('nca.effectiveness.notEffective');
  });

  it('the dashboard shows checks due, done and failed, the Ishikawa families, recurrences and the Pareto per lot and agency; a supplier is refused', async () => {
    const board = await get(consortium, '/api/nca-reports/dashboard');
    ok(board);
    expect(board.body.effectiveness.failed).toBeGreaterThanOrEqual(1);
    expect(board.body.recurrences).toBeGreaterThanOrEqual(1);
    expect(board.body.byIshikawa).toEqual(expect.arrayContaining([expect.objectContaining({ category: 'machines' })]));
    const lot = (board.body.pareto.byLot as { lotId: string; types: { count: number; cumulative: number }[] }[]).find((l) => l.lotId === fx.lot.id)!;
    expect(lot.types.length).toBeGreaterThan(0);
    expect(lot.types.at(-1)!.cumulative).toBe(100);
    expect(lot.types.map((r) => r.count)).toEqual([...lot.types.map((r) => r.count)].sort((a, b) => b - a));
    expect((board.body.pareto.byAgency as { agencyId: string }[]).map((a) => a.agencyId)).toContain(fx.edil.id);
    const filtered = await get(consortium, '/api/nca-reports/dashboard?ishikawa=machines');
    expect(filtered.body.total).toBeLessThan(board.body.total);
    expect((await get(agency, '/api/nca-reports/dashboard')).status).toBe(403);
  });

  it('an effective outcome is recorded by the consortium and counted as done', async () => {
    const other = await closedGraveReport();
    const [check] = (await get(consortium, `/api/nca-effectiveness-checks?reportId=${other.id}`)).body as { _id: string }[];
    const done = await post(consortium, `/api/nca-effectiveness-checks/${check._id}/recordEffective`, { reason: 'Nessuna perdita in tre sopralluoghi' });
    ok(done);
    expect(done.body).toMatchObject({ status: 'effective', standing: 'done', followUpReportId: null });
    expect((await get(consortium, '/api/nca-reports/dashboard')).body.effectiveness.done).toBeGreaterThanOrEqual(1);
  });
});
