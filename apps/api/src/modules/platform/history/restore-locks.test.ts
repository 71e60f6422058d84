import { eq, isNotNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityOf } from '@app/domain/platform/access/access-table';
import { auditLogs, correctiveActions, declarations, modello21, ncaReports, rdps, stays } from '../../../db/schema/index.ts';
import { startTestApp, type TSession, type TTestApp } from '../../../test/harness.ts';

/*
 * Issue 28: "records in a state the workflow locks cannot be restored", for every kind of lock a
 * restorable collection has (the signed waste form is in history.test.ts). Each record is one the
 * demo holds in its locked state; its history gets the entries an edit made while it was open would
 * have written (an update, then a later update of one field), and the administrator, who may restore
 * every collection, asks for the version before that later change: the collection's own lock answers,
 * and the record does not change.
 */

let t: TTestApp;
let admin: TSession;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signedIn('admin');
});
afterAll(() => t?.close());

/**
 * Two entries of the record's history, the later one changing `field` from `before` to its current
 * value; answers the id of the earlier one, whose version has `field` = `before`.
 */
async function editedWhileOpen(resource: string, id: string, field: string, before: unknown, now: unknown): Promise<string> {
  const entityType = entityOf(resource)!;
  const [earlier] = await t.db
    .insert(auditLogs)
    .values({ actorId: admin.user._id as string, action: 'update', entityType, entityId: id, changes: {} })
    .returning({ id: auditLogs.id });
  await t.db.insert(auditLogs).values({ actorId: admin.user._id as string, action: 'update', entityType, entityId: id, changes: { [field]: { from: before, to: now } } });
  return earlier.id;
}

const restore = (collection: string, id: string, entryId: string) => t.request('POST', `/api/${collection}/${id}/history/${entryId}/restore`, { token: admin.token });

describe('a restore of a record its workflow locks is refused, and the record stays as it is', () => {
  it('a stay counted in a submitted declaration: 409 STAY_DECLARED', async () => {
    const [stay] = await t.db.select().from(stays).where(isNotNull(stays.lockedAt)).limit(1);
    expect(stay, 'the demo has a declared stay').toBeDefined();
    const entry = await editedWhileOpen('stays', stay.id, 'notes', 'Nota di prima', stay.notes);
    const answer = await restore('stays', stay.id, entry);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('STAY_DECLARED');
    expect((await t.db.select().from(stays).where(eq(stays.id, stay.id)))[0].notes).toBe(stay.notes);
  });

  it('a submitted or validated declaration: 409 DECLARATION_LOCKED', async () => {
    const [declaration] = await t.db.select().from(declarations).where(ne(declarations.status, 'draft')).limit(1);
    expect(declaration, 'the demo has a declaration past its draft').toBeDefined();
    const entry = await editedWhileOpen('declarations', declaration.id, 'notes', 'Nota di prima', declaration.notes);
    const answer = await restore('declarations', declaration.id, entry);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('DECLARATION_LOCKED');
    expect((await t.db.select().from(declarations).where(eq(declarations.id, declaration.id)))[0].notes).toBe(declaration.notes);
  });

  it('a Modello 21 past its draft: 409 MODELLO21_LOCKED', async () => {
    // The demo's models are drafts: one is taken as submitted (its submission's other effects play no part in the lock).
    const [draft] = await t.db.select().from(modello21).where(eq(modello21.status, 'draft')).limit(1);
    expect(draft, 'the demo has a Modello 21').toBeDefined();
    const [model] = await t.db.update(modello21).set({ status: 'submitted' }).where(eq(modello21.id, draft.id)).returning();
    const entry = await editedWhileOpen('twentyOneModels', model.id, 'notes', 'Nota di prima', model.notes);
    const answer = await restore('twenty-one-models', model.id, entry);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('MODELLO21_LOCKED');
    expect((await t.db.select().from(modello21).where(eq(modello21.id, model.id)))[0].notes).toBe(model.notes);
  });

  it('an RDP whose draft is no longer being processed: 409 CONFLICT naming its status', async () => {
    const [rdp] = await t.db.select().from(rdps).where(ne(rdps.status, 'processing')).limit(1);
    expect(rdp, 'the demo has an RDP past processing').toBeDefined();
    const entry = await editedWhileOpen('rdps', rdp.id, 'label', 'Etichetta di prima', rdp.label);
    const answer = await restore('rdps', rdp.id, entry);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'CONFLICT', details: [{ path: 'status' }] });
    expect((await t.db.select().from(rdps).where(eq(rdps.id, rdp.id)))[0].label).toBe(rdp.label);
  });

  it('a corrective action past its proposal: 409 CONFLICT', async () => {
    const [action] = await t.db.select().from(correctiveActions).where(ne(correctiveActions.status, 'new')).limit(1);
    expect(action, 'the demo has a confirmed corrective action').toBeDefined();
    const entry = await editedWhileOpen('corrective-actions', action.id, 'description', 'Descrizione di prima', action.description);
    const answer = await restore('corrective-actions', action.id, entry);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('CONFLICT');
    expect((await t.db.select().from(correctiveActions).where(eq(correctiveActions.id, action.id)))[0].description).toBe(action.description);
  });

  it('an NCA report out of its draft (its phase-1 data frozen): 409 CONFLICT naming the field', async () => {
    const [report] = await t.db.select().from(ncaReports).where(ne(ncaReports.status, 'pending')).limit(1);
    expect(report, 'the demo has an opened report').toBeDefined();
    const entry = await editedWhileOpen('nca-reports', report.id, 'description', 'Descrizione di prima', report.description);
    const answer = await restore('nca-reports', report.id, entry);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'CONFLICT', details: [{ path: 'description' }] });
    expect((await t.db.select().from(ncaReports).where(eq(ncaReports.id, report.id)))[0].description).toBe(report.description);
  });
});
