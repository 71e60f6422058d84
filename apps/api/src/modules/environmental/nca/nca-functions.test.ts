import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, settings } from '../../../db/schema/index.ts';
import { startTestApp, type TSession, type TTestApp } from '../../../test/harness.ts';
import { ncaFixtures } from './nca-test-fixtures.ts';

/*
 * A5 and A6 for a corrective action assigned to a company function: the users holding the function
 * (set by an administrator on the user) read, start and complete it, and hear when it can start.
 */

let t: TTestApp;
let admin: TSession;
let consortium: TSession;
let agency3: TSession;
let fx: Awaited<ReturnType<typeof ncaFixtures>>;
/** A company function no demo user holds, and the functions agency3 holds in the demo. */
let unheld: string;
let agency3Functions: string[];

beforeAll(async () => {
  t = await startTestApp();
  [admin, consortium, agency3] = await Promise.all(['admin', 'consortium', 'agency3'].map((a) => t.signedIn(a as never)));
  fx = await ncaFixtures(t);
  [{ id: unheld }] = await t.db
    .select({ id: settings.id })
    .from(settings)
    .where(and(eq(settings.settingType, 'companyFunction'), eq(settings.name, 'Referente ambientale dell’impresa')));
  agency3Functions = (await get(admin, `/api/users/${agency3.user._id}`)).body.companyFunctionSettingIds;
});
afterAll(() => t?.close());

const post = (session: TSession, url: string, body: unknown = {}) => t.request('POST', url, { token: session.token, body });
const get = (session: TSession, url: string) => t.request('GET', url, { token: session.token });
const putUser = (body: unknown) => t.request('PUT', `/api/users/${agency3.user._id}`, { token: admin.token, body });

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

  it('the holders of the function an action names read, start and complete it, and are told when it can start', async () => {
    // A report targeting Edil Strade: agency3 (Ecologia Garigliano) takes no part in it.
    const created = await post(consortium, '/api/nca-reports', fx.phase1);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const reportId = created.body._id as string;
    expect((await post(admin, `/api/nca-reports/${reportId}/forceOpen`, { reason: 'Test' })).status).toBe(200);
    expect((await t.request('PUT', `/api/nca-reports/${reportId}`, { token: consortium.token, body: { causeAnalysis: 'Telo assente' } })).status).toBe(200);
    const action = await post(consortium, '/api/corrective-actions', {
      reportId,
      name: 'Verifica della copertura da parte del direttore tecnico',
      actionType: 'internal',
      agencyFunctionSettingIds: [unheld],
    });
    expect(action.status, JSON.stringify(action.body)).toBe(201);
    const actionId = action.body._id as string;
    expect(action.body.agencyId).toBeNull();

    // Without the function: neither the action nor its report is visible, and starting it is refused.
    expect((await get(agency3, `/api/corrective-actions/${actionId}`)).status).toBe(404);
    expect((await get(agency3, `/api/nca-reports/${reportId}`)).status).toBe(404);

    const given = await putUser({ companyFunctionSettingIds: [...agency3Functions, unheld] });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body.companyFunctionSettingIds).toEqual([...agency3Functions, unheld]);
    try {
      expect((await get(agency3, `/api/corrective-actions/${actionId}`)).status).toBe(200);
      expect((await get(agency3, `/api/nca-reports/${reportId}`)).status).toBe(200);
      // The report is not in execution yet.
      expect((await post(agency3, `/api/corrective-actions/${actionId}/start`)).status).toBe(409);

      expect((await post(consortium, `/api/nca-reports/${reportId}/submitForValidation`)).body.status).toBe('waiting_validations');
      expect((await post(admin, `/api/corrective-actions/${actionId}/confirm`)).body.status).toBe('confirmed');
      const executing = await post(admin, `/api/nca-reports/${reportId}/forcePhase3`, { reason: 'Test' });
      expect(executing.body.status, JSON.stringify(executing.body)).toBe('waiting_operations');
      const told = await t.db
        .select({ title: notifications.title })
        .from(notifications)
        .where(and(eq(notifications.userId, agency3.user._id), eq(notifications.event, 'nca.forcePhase3')));
      expect(told.length, 'the holder hears the plan can start').toBeGreaterThan(0);

      const started = await post(agency3, `/api/corrective-actions/${actionId}/start`);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(started.body.status).toBe('in_progress');
      const completed = await post(agency3, `/api/corrective-actions/${actionId}/complete`);
      expect(completed.status, JSON.stringify(completed.body)).toBe(200);
      expect(completed.body.status).toBe('completed');
      // Verifying effectiveness stays the consortium's.
      expect((await post(agency3, `/api/corrective-actions/${actionId}/close`, { reason: 'Efficace' })).status).toBe(403);
    } finally {
      expect((await putUser({ companyFunctionSettingIds: agency3Functions })).status).toBe(200);
    }
    // Once the function is taken away, the action is out of reach again.
    expect((await get(agency3, `/api/corrective-actions/${actionId}`)).status).toBe(404);
  });

  it('N4: a signer is asked to sign only in a company function they hold', async () => {
    const created = await post(consortium, '/api/nca-reports', fx.phase1);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const refused = await post(consortium, `/api/nca-reports/${created.body._id}/requestPhase1Signs`, {
      signers: [
        { userId: consortium.user._id, agencyFunctionSettingId: fx.consortiumFunction },
        { userId: agency3.user._id, agencyFunctionSettingId: unheld },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([expect.objectContaining({ path: 'signers.1.agencyFunctionSettingId', value: unheld })]);
    expect((await get(consortium, `/api/nca-reports/${created.body._id}`)).body.status).toBe('pending');
    const asked = await post(consortium, `/api/nca-reports/${created.body._id}/requestPhase1Signs`, {
      signers: [
        { userId: consortium.user._id, agencyFunctionSettingId: fx.consortiumFunction },
        { userId: agency3.user._id, agencyFunctionSettingId: fx.agencyFunction },
      ],
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.status).toBe('waiting_phase1_signs');
  });
});
