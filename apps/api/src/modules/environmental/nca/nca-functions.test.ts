import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies, notifications, settings } from '../../../db/schema/index.ts';
import { startTestApp, type TSession, type TTestApp } from '../../../test/harness.ts';
import { ncaFixtures } from './nca-test-fixtures.ts';

/*
 * A5 and A6 for a corrective action assigned to a company function or a role: the users holding it
 * (set by an administrator on the user) in the action's agency or the consortium read, start and
 * complete it, and hear when it can start; a holder in another company reaches nothing of it.
 */

let t: TTestApp;
let admin: TSession;
let consortium: TSession;
let agency: TSession;
let agency3: TSession;
let fx: Awaited<ReturnType<typeof ncaFixtures>>;
/** A company function no demo user holds, and the functions agency3 holds in the demo. */
let unheld: string;
let agency3Functions: string[];
/** A custom role held by agency (Edil Strade), agency3 (Ecologia Garigliano) and consortium. */
let sharedRole: string;

beforeAll(async () => {
  t = await startTestApp();
  [admin, consortium, agency, agency3] = await Promise.all(['admin', 'consortium', 'agency', 'agency3'].map((a) => t.signedIn(a as never)));
  fx = await ncaFixtures(t);
  [{ id: unheld }] = await t.db
    .select({ id: settings.id })
    .from(settings)
    .where(and(eq(settings.settingType, 'companyFunction'), eq(settings.name, 'Referente ambientale dell’impresa')));
  agency3Functions = (await get(admin, `/api/users/${agency3.user._id}`)).body.companyFunctionSettingIds;
  const role = await post(admin, '/api/roles', { name: 'Capocantiere', roleType: 'supplier' });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  sharedRole = role.body._id as string;
  for (const holder of [agency, agency3, consortium]) {
    const assigned = await t.request('PUT', `/api/auth/role/assign/employee/${holder.user._id}`, { token: admin.token, body: { roleIds: [sharedRole] } });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  }
});
afterAll(() => t?.close());

const post = (session: TSession, url: string, body: unknown = {}) => t.request('POST', url, { token: session.token, body });
const get = (session: TSession, url: string) => t.request('GET', url, { token: session.token });
async function uploadTo(session: TSession, actionId: string, tags: string[]) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'))]), 'foto.pdf');
  form.append('data', JSON.stringify({ purpose: 'pdf', linkedEntityType: 'corrective-actions', linkedEntityId: actionId, tags }));
  const res = await fetch(`${t.baseUrl}/api/uploads`, { method: 'POST', body: form, headers: { authorization: `Bearer ${session.token}` } });
  return { status: res.status, body: JSON.parse(await res.text()) as unknown };
}
const putUser = (body: unknown) => t.request('PUT', `/api/users/${agency3.user._id}`, { token: admin.token, body });

/** The two ways to assign an action to whoever holds something, both held by agency and agency3 (and the consortium). */
const assignments = [
  { by: 'company function', held: () => ({ agencyFunctionSettingIds: [fx.agencyFunction] }), consortiumHeld: () => ({ agencyFunctionSettingIds: [fx.consortiumFunction] }) },
  { by: 'role', held: () => ({ roleIds: [sharedRole] }), consortiumHeld: () => ({ roleIds: [sharedRole] }) },
];

describe('company functions of users', () => {
  it('an administrator sets them; ids that are not active company functions are refused per field', async () => {
    const [matrix] = await t.db.select({ id: settings.id }).from(settings).where(eq(settings.settingType, 'matrix')).limit(1);
    const wrong = await putUser({ companyFunctionSettingIds: [matrix.id] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('VALIDATION_FAILED');
    expect(wrong.body.details).toEqual([expect.objectContaining({ path: 'companyFunctionSettingIds', value: matrix.id })]);
    // A user cannot give themselves a function.
    expect((await t.request('PUT', `/api/users/${agency3.user._id}`, { token: agency3.token, body: { companyFunctionSettingIds: [unheld] } })).status).toBe(403);
    expect((await get(admin, `/api/users/${agency3.user._id}`)).body.companyFunctionSettingIds).toEqual(agency3Functions);
  });

  it.each(assignments)(
    "a $by reaches its holders in the action's agency only: another company's holder is refused the report, timeline, PDF, actions, sign requests, start, complete, comment and upload, and hears nothing",
    async ({ held }) => {
      // A report targeting Edil Strade; "Direttore tecnico di cantiere" and the role are held by agency (Edil Strade) and agency3 (Ecologia Garigliano).
      const created = await post(consortium, '/api/nca-reports', fx.phase1);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const reportId = created.body._id as string;
      expect((await post(admin, `/api/nca-reports/${reportId}/forceOpen`, { reason: 'Test' })).status).toBe(200);
      expect((await t.request('PUT', `/api/nca-reports/${reportId}`, { token: consortium.token, body: { causeAnalysis: 'Telo assente' } })).status).toBe(200);
      const action = await post(consortium, '/api/corrective-actions', {
        reportId,
        name: 'Verifica della copertura da parte del direttore tecnico',
        actionType: 'internal',
        ...held(),
        documents: [{ name: 'Foto copertura', isRequired: false }],
      });
      expect(action.status, JSON.stringify(action.body)).toBe(201);
      const actionId = action.body._id as string;
      // No executor agency: the assignment reaches the holders of the report's target agency.
      expect(action.body.agencyId).toBeNull();
      expect(agency3Functions).toContain(fx.agencyFunction);

      const refusedReads = async () => {
        expect((await get(agency3, `/api/nca-reports/${reportId}`)).status, 'report').toBe(404);
        expect((await get(agency3, `/api/nca-reports/${reportId}/timeline`)).status, 'timeline').toBe(404);
        expect((await get(agency3, `/api/nca-reports/${reportId}/pdf`)).status, 'PDF').toBe(404);
        expect((await get(agency3, `/api/corrective-actions/${actionId}`)).status, 'action').toBe(404);
        expect((await get(agency3, `/api/corrective-actions?reportId=${reportId}`)).body, 'actions list').toEqual([]);
        expect((await get(agency3, `/api/nca-reports/${reportId}/signatures`)).status, 'sign requests').toBe(404);
        expect((await get(agency3, `/api/sign-requests?reportId=${reportId}`)).body, 'sign requests list').toEqual([]);
        expect((await post(agency3, `/api/nca-reports/${reportId}/comments`, { text: 'Commento di un estraneo' })).status, 'comment').toBe(404);
        expect((await uploadTo(agency3, actionId, ['Foto copertura'])).status, 'upload').toBe(404);
      };
      await refusedReads();
      expect((await get(agency, `/api/corrective-actions/${actionId}`)).status).toBe(200);

      expect((await post(consortium, `/api/nca-reports/${reportId}/submitForValidation`)).body.status).toBe('waiting_validations');
      expect((await post(admin, `/api/corrective-actions/${actionId}/confirm`)).body.status).toBe('confirmed');
      const signs = await post(consortium, `/api/nca-reports/${reportId}/requestPhase2Signs`, {
        signers: [
          { userId: consortium.user._id, agencyFunctionSettingId: fx.consortiumFunction },
          { userId: agency.user._id, agencyFunctionSettingId: fx.agencyFunction },
        ],
      });
      expect(signs.status, JSON.stringify(signs.body)).toBe(200);
      const requests = await get(admin, `/api/sign-requests?reportId=${reportId}`);
      expect(requests.body).toHaveLength(2);
      for (const r of requests.body as { _id: string }[]) expect((await get(agency3, `/api/sign-requests/${r._id}`)).status, 'sign request').toBe(404);
      const executing = await post(admin, `/api/nca-reports/${reportId}/forcePhase3`, { reason: 'Test' });
      expect(executing.body.status, JSON.stringify(executing.body)).toBe('waiting_operations');
      const told = async (session: TSession) =>
        (
          await t.db
            .select({ data: notifications.data })
            .from(notifications)
            .where(and(eq(notifications.userId, session.user._id), eq(notifications.event, 'nca.forcePhase3')))
        ).filter((n) => (n.data as { reportId?: string }).reportId === reportId).length;
      expect(await told(agency), "the holder in the report's agency hears the plan can start").toBeGreaterThan(0);
      expect(await told(agency3), "another company's holder hears nothing").toBe(0);

      await refusedReads();
      expect((await post(agency3, `/api/corrective-actions/${actionId}/start`)).status, 'start').toBe(404);
      const started = await post(agency, `/api/corrective-actions/${actionId}/start`);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(started.body.status).toBe('in_progress');
      expect((await uploadTo(agency, actionId, ['Foto copertura'])).status).toBe(201);
      expect((await post(agency3, `/api/corrective-actions/${actionId}/complete`)).status, 'complete').toBe(404);
      const completed = await post(agency, `/api/corrective-actions/${actionId}/complete`);
      expect(completed.status, JSON.stringify(completed.body)).toBe(200);
      expect(completed.body.status).toBe('completed');
      // Verifying effectiveness stays the consortium's.
      expect((await post(agency, `/api/corrective-actions/${actionId}/close`, { reason: 'Efficace' })).status).toBe(403);
    },
  );

  it.each(assignments)("a $by reaches the consortium's holders and the holders of the action's executor agency, not the target's", async ({ held, consortiumHeld }) => {
    const created = await post(consortium, '/api/nca-reports', fx.phase1);
    const reportId = created.body._id as string;
    expect((await post(admin, `/api/nca-reports/${reportId}/forceOpen`, { reason: 'Test' })).status).toBe(200);
    const [ecologia] = await t.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.businessName, 'Ecologia Garigliano S.r.l.'));
    // The consortium names Ecologia Garigliano as executor: its holder of the function is assigned, Edil Strade's is not.
    const action = await post(consortium, '/api/corrective-actions', {
      reportId,
      name: 'Trattamento dei rifiuti',
      actionType: 'treatment',
      agencyId: ecologia.id,
      ...held(),
    });
    expect(action.status, JSON.stringify(action.body)).toBe(201);
    expect((await get(agency, `/api/corrective-actions/${action.body._id}/facts`)).body.isAssignee).toBe(false);
    expect((await get(agency3, `/api/corrective-actions/${action.body._id}/facts`)).body.isAssignee).toBe(true);
    // A consortium holder is an assignee wherever the action sits.
    const internal = await post(consortium, '/api/corrective-actions', { reportId, name: 'Verifica interna', actionType: 'internal', ...consortiumHeld() });
    expect(internal.status, JSON.stringify(internal.body)).toBe(201);
    expect((await get(consortium, `/api/corrective-actions/${internal.body._id}/facts`)).body.isAssignee).toBe(true);
  });

  it('N4: a signer is asked to sign only in a company function they hold, and only for the consortium or the report agency', async () => {
    const created = await post(consortium, '/api/nca-reports', fx.phase1);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const refused = await post(consortium, `/api/nca-reports/${created.body._id}/requestPhase1Signs`, {
      signers: [
        { userId: consortium.user._id, agencyFunctionSettingId: fx.consortiumFunction },
        { userId: agency.user._id, agencyFunctionSettingId: unheld },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([expect.objectContaining({ path: 'signers.1.agencyFunctionSettingId', value: unheld })]);
    // Another agency's staff does not sign this agency's report, whatever function they hold.
    expect(created.body.targetAgencyId).not.toBe(agency3.user.agencyId);
    const otherAgency = await post(consortium, `/api/nca-reports/${created.body._id}/requestPhase1Signs`, {
      signers: [{ userId: agency3.user._id, agencyFunctionSettingId: agency3Functions[0] }],
    });
    expect(otherAgency.status).toBe(400);
    expect(otherAgency.body.details).toEqual([expect.objectContaining({ path: 'signers.0.userId', value: agency3.user._id })]);
    expect((await get(consortium, `/api/nca-reports/${created.body._id}`)).body.status).toBe('pending');
    const asked = await post(consortium, `/api/nca-reports/${created.body._id}/requestPhase1Signs`, {
      signers: [
        { userId: consortium.user._id, agencyFunctionSettingId: fx.consortiumFunction },
        { userId: agency.user._id, agencyFunctionSettingId: fx.agencyFunction },
      ],
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.status).toBe('waiting_phase1_signs');
  });
});
