import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TTestApp } from './harness.ts';
import { and, eq } from 'drizzle-orm';
import { cities, stays, structures, users } from '../db/schema/index.ts';
import { filingWorld, insertStay, insertUser } from '../modules/tourist-tax/declarations/test-fixtures.ts';
import { createSocketClients, nextEvent } from '../modules/platform/notifications/socket-test-client.ts';
import { liveAnnouncementsSent, type TLiveEvent } from '../lib/collection/live.ts';
import { acceptTermsAs, codeFromOutbox, ncaFixtures, pendingRequestOf, requestPhase1Signers, signAs } from '../modules/environmental/nca/nca-test-fixtures.ts';

/*
 * Lists that update live (lib/collection/live.ts): a committed write reaches the sockets watching that collection's
 * list whose user may read the row, and no other: two comuni and two hoteliers, each on a socket; so does a workflow
 * transition, with the records its cascades move.
 */

let t: TTestApp;
let sockets: ReturnType<typeof createSocketClients>;
let w: Awaited<ReturnType<typeof filingWorld>>;
const tokens = {} as Record<'admin' | 'city' | 'otherCity' | 'hotelier' | 'otherHotelier', string>;

beforeAll(async () => {
  t = await startTestApp();
  sockets = createSocketClients(t);
  w = await filingWorld(t.db, 'live');
  tokens.admin = (await t.signedIn('admin')).token;
  tokens.city = (await t.login(w.cityUser.email)).token;
  tokens.otherCity = (await t.login(w.otherCityUser.email)).token;
  tokens.hotelier = (await t.login(w.hotelier.email)).token;
  tokens.otherHotelier = (await t.login(w.otherHotelier.email)).token;
});
afterAll(async () => {
  sockets?.closeAll();
  await t?.close();
});

/**
 * Records the `live` events a socket receives from now on. `received()` gives them once everything the server sent
 * before it was called has arrived: every announcement in flight has gone out (liveAnnouncementsSent), then a marker
 * broadcast after them has reached the socket, and a socket receives its events in the order the server sent them.
 * So "nothing" is a fact, not a quiet moment: no waiting a while to see that nothing comes.
 */
function recordLive(socket: Socket) {
  const events: TLiveEvent[] = [];
  const listener = (event: TLiveEvent) => void events.push(event);
  socket.on('live', listener);
  return {
    async received(): Promise<TLiveEvent[]> {
      await liveAnnouncementsSent(t.db);
      const marker = randomUUID();
      const reached = nextEvent(socket, 'live-test-marker', 10_000, (payload: { marker: string }) => payload.marker === marker);
      t.app.services.realtime.broadcast('live-test-marker', { marker });
      await reached;
      socket.off('live', listener);
      return events;
    },
  };
}

/** A socket of the user watching the collection's list, once the server has it among the watchers. */
async function watching(token: string, userId: string, collection = 'structures'): Promise<Socket> {
  const socket = await sockets.connectAndJoin(token, userId);
  socket.emit('live:watch', collection);
  for (let i = 0; i < 80; i++) {
    if ((await t.app.services.realtime.watchers(collection)).some((watcher) => watcher.actor.id === userId)) return socket;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the socket never became a watcher');
}

/** The comune's quarterly periods of `year`, a stay of the hotel in February, and the hotelier's draft declaration of the first quarter. */
async function hotelierDraftOf(year: number) {
  const periods = await t.request<{ _id: string }[]>('POST', '/api/declaration-templates/generate', {
    token: tokens.city,
    body: { year, frequency: 'quarterly', submitOffsetDays: 30, payOffsetDays: 45 },
  });
  expect(periods.status).toBe(201);
  const stay = await insertStay(t.db, { structureId: w.hotel.id, cityId: w.rome.id, checkIn: `${year}-02-01`, checkOut: `${year}-02-03` });
  const created = await t.request('POST', '/api/declarations', { token: tokens.hotelier, body: { structureId: w.hotel.id, declarationTemplateId: periods.body[0]._id } });
  expect(created.status).toBe(201);
  return { id: created.body._id as string, stay };
}

describe('live list changes', () => {
  let city: Socket;
  let otherCity: Socket;
  let hotelier: Socket;
  let otherHotelier: Socket;

  beforeAll(async () => {
    city = await watching(tokens.city, w.cityUser.id);
    otherCity = await watching(tokens.otherCity, w.otherCityUser.id);
    hotelier = await watching(tokens.hotelier, w.hotelier.id);
    otherHotelier = await watching(tokens.otherHotelier, w.otherHotelier.id);
  });

  it('a structure a comune creates for a hotelier reaches that hotelier, never the other comune, another hotelier of the same comune or the writer', async () => {
    // The other hotelier manages structures in the same comune, but not this one.
    const got = { hotelier: nextEvent(hotelier, 'live'), otherCity: recordLive(otherCity), otherHotelier: recordLive(otherHotelier), writer: recordLive(city) };
    const created = await t.request('POST', '/api/structures', { token: tokens.city, body: { name: 'Albergo in diretta', userIds: [w.hotelier.id] } });
    expect(created.status).toBe(201);
    expect(await got.hotelier).toEqual({ collection: 'structures', id: created.body._id, kind: 'created' });
    expect(await got.otherCity.received()).toEqual([]);
    expect(await got.otherHotelier.received()).toEqual([]);
    // The writer is not told of their own write.
    expect(await got.writer.received()).toEqual([]);
  });

  it('an update in one comune reaches its comune and manager; a delete in the other comune reaches only that side', async () => {
    const updatedGot = { city: nextEvent(city, 'live'), hotelier: nextEvent(hotelier, 'live'), otherCity: recordLive(otherCity), otherHotelier: recordLive(otherHotelier) };
    const updated = await t.request('PUT', `/api/structures/${w.hotel.id}`, { token: tokens.admin, body: { name: 'Hotel Colosseo rinnovato' } });
    expect(updated.status).toBe(200);
    expect(await updatedGot.city).toEqual({ collection: 'structures', id: w.hotel.id, kind: 'updated' });
    expect(await updatedGot.hotelier).toEqual({ collection: 'structures', id: w.hotel.id, kind: 'updated' });
    expect(await updatedGot.otherCity.received()).toEqual([]);
    expect(await updatedGot.otherHotelier.received()).toEqual([]);

    // Gaeta's structure, managed by the other hotelier: the row is checked before it goes.
    const deletedGot = { otherCity: nextEvent(otherCity, 'live'), otherHotelier: nextEvent(otherHotelier, 'live'), city: recordLive(city), hotelier: recordLive(hotelier) };
    const deleted = await t.request('DELETE', `/api/structures/${w.gaetaHotel.id}`, { token: tokens.admin });
    expect(deleted.status).toBe(200);
    expect(await deletedGot.otherCity).toEqual({ collection: 'structures', id: w.gaetaHotel.id, kind: 'deleted' });
    expect(await deletedGot.otherHotelier).toEqual({ collection: 'structures', id: w.gaetaHotel.id, kind: 'deleted' });
    expect(await deletedGot.city.received()).toEqual([]);
    expect(await deletedGot.hotelier.received()).toEqual([]);
  });

  it("reaches only sockets watching that collection's list, and stops after live:unwatch", async () => {
    const notWatching = await sockets.connectAndJoin(tokens.city, w.cityUser.id);
    const got = { watching: nextEvent(city, 'live'), notWatching: recordLive(notWatching) };
    expect((await t.request('PUT', `/api/structures/${w.otherHotel.id}`, { token: tokens.admin, body: { name: 'Pensione Tevere bis' } })).status).toBe(200);
    expect((await got.watching).id).toBe(w.otherHotel.id);
    expect(await got.notWatching.received()).toEqual([]);

    city.emit('live:unwatch', 'structures');
    for (let i = 0; i < 80 && (await t.app.services.realtime.watchers('structures')).some((watcher) => watcher.actor.id === w.cityUser.id); i++) await new Promise((r) => setTimeout(r, 50));
    const after = recordLive(city);
    expect((await t.request('PUT', `/api/structures/${w.otherHotel.id}`, { token: tokens.admin, body: { name: 'Pensione Tevere ter' } })).status).toBe(200);
    expect(await after.received()).toEqual([]);
  });

  it('an anonymous socket cannot watch', async () => {
    const anonymous = await sockets.connect();
    anonymous.emit('live:watch', 'structures');
    const got = recordLive(anonymous);
    expect((await t.request('PUT', `/api/structures/${w.otherHotel.id}`, { token: tokens.admin, body: { name: 'Pensione Tevere quater' } })).status).toBe(200);
    expect(await got.received()).toEqual([]);
  });
});

/*
 * Workflow transitions (lib/workflow/run-transition.ts) run on their own routes and use cases, not the generic
 * update: the runner announces every record its transaction changed, cascades included, once it commits.
 */
describe('live list changes of workflow transitions', () => {
  it("a hotelier's submission reaches the comune's declaration list, never the other comune's or the hotelier's own; the comune's validation reaches only that hotelier", async () => {
    const periods = await t.request('POST', '/api/declaration-templates/generate', {
      token: tokens.city,
      body: { year: 2025, frequency: 'quarterly', submitOffsetDays: 30, payOffsetDays: 45 },
    });
    expect(periods.status).toBe(201);
    const created = await t.request('POST', '/api/declarations', { token: tokens.hotelier, body: { structureId: w.hotel.id, declarationTemplateId: periods.body[0]._id } });
    expect(created.status).toBe(201);
    const id: string = created.body._id;
    const city = await watching(tokens.city, w.cityUser.id, 'declarations');
    const otherCity = await watching(tokens.otherCity, w.otherCityUser.id, 'declarations');
    const hotelier = await watching(tokens.hotelier, w.hotelier.id, 'declarations');
    const otherHotelier = await watching(tokens.otherHotelier, w.otherHotelier.id, 'declarations');

    const submitted = {
      city: nextEvent(city, 'live'),
      otherCity: recordLive(otherCity),
      writer: recordLive(hotelier),
      otherHotelier: recordLive(otherHotelier),
    };
    const submit = await t.request('POST', `/api/declarations/${id}/submit`, { token: tokens.hotelier, body: {} });
    expect(submit.status).toBe(200);
    expect(await submitted.city).toEqual({ collection: 'declarations', id, kind: 'updated' });
    expect(await submitted.otherCity.received()).toEqual([]);
    expect(await submitted.otherHotelier.received()).toEqual([]);
    expect(await submitted.writer.received()).toEqual([]);

    const validated = {
      hotelier: nextEvent(hotelier, 'live'),
      otherHotelier: recordLive(otherHotelier),
      otherCity: recordLive(otherCity),
      writer: recordLive(city),
    };
    const validate = await t.request('POST', `/api/declarations/${id}/validate`, { token: tokens.city, body: { confirm: true } });
    expect(validate.status).toBe(200);
    expect(await validated.hotelier).toEqual({ collection: 'declarations', id, kind: 'updated' });
    expect(await validated.otherHotelier.received()).toEqual([]);
    expect(await validated.otherCity.received()).toEqual([]);
    expect(await validated.writer.received()).toEqual([]);
  });

  it("a round's new sign requests reach the signer's list; the last signature, whose cascade settles the report, reaches the consortium's report list; never another agency's", async () => {
    const fx = await ncaFixtures(t);
    const [consortium, agency, agency3] = await Promise.all(['consortium', 'agency', 'agency3'].map((a) => t.login(`${a}@demo.test`)));
    const created = await t.request<{ _id: string; status: string }>('POST', '/api/nca-reports', { token: consortium.token, body: fx.phase1 });
    expect(created.status).toBe(201);
    const reportId = created.body._id;
    // The round's new requests reach the signers' lists as created rows; another agency hears nothing.
    const signerList = await watching(agency.token, agency.user._id as string, 'sign-requests');
    const otherSignerList = await watching(agency3.token, agency3.user._id as string, 'sign-requests');
    const roundGot = { signer: recordLive(signerList), otherAgency: recordLive(otherSignerList) };
    const requested = await requestPhase1Signers(t, fx, reportId, consortium, agency);
    expect(requested.status).toBe(200);
    const agencyRequest = await pendingRequestOf(t, agency, reportId);
    expect(await roundGot.signer.received()).toContainEqual({ collection: 'sign-requests', id: agencyRequest, kind: 'created' });
    expect(await roundGot.otherAgency.received()).toEqual([]);
    signerList.disconnect();
    otherSignerList.disconnect();

    expect((await signAs(t, consortium, await pendingRequestOf(t, consortium, reportId))).status).toBe(200);
    await acceptTermsAs(t, agency);
    expect((await t.request('POST', `/api/sign-requests/${agencyRequest}/sendCode`, { token: agency.token, body: {} })).status).toBe(200);
    const code = await codeFromOutbox(t, agency.user.email as string);

    const consortiumReports = await watching(consortium.token, consortium.user._id as string, 'nca-reports');
    const consortiumRequests = await watching(consortium.token, consortium.user._id as string, 'sign-requests');
    const otherAgency = await watching(agency3.token, agency3.user._id as string, 'nca-reports');
    const got = { report: nextEvent(consortiumReports, 'live'), request: nextEvent(consortiumRequests, 'live'), otherAgency: recordLive(otherAgency) };
    const signed = await t.request('POST', `/api/sign-requests/${agencyRequest}/sign`, { token: agency.token, body: { code } });
    expect(signed.status).toBe(200);
    // The report moved by the cascade (the round settled), not by the agency's own action.
    const report = await t.request<{ status: string }>('GET', `/api/nca-reports/${reportId}`, { token: consortium.token });
    expect(report.body.status).not.toBe('waiting_phase1_signs');
    expect(await got.report).toEqual({ collection: 'nca-reports', id: reportId, kind: 'updated' });
    expect(await got.request).toEqual({ collection: 'sign-requests', id: agencyRequest, kind: 'updated' });
    expect(await got.otherAgency.received()).toEqual([]);
  });

  it("a submission's locked stays and a return's freed stays reach the stays list of who may read them; a payment reaches the comune's declaration list; never the other comune's or the other hotelier's", async () => {
    const { id, stay } = await hotelierDraftOf(2024);
    const stayLists = {
      city: await watching(tokens.city, w.cityUser.id, 'stays'),
      otherCity: await watching(tokens.otherCity, w.otherCityUser.id, 'stays'),
      hotelier: await watching(tokens.hotelier, w.hotelier.id, 'stays'),
      otherHotelier: await watching(tokens.otherHotelier, w.otherHotelier.id, 'stays'),
    };

    // The submission locks the stay: the comune's stays list hears of it; the writer and the others do not.
    const locked = {
      city: nextEvent(stayLists.city, 'live'),
      otherCity: recordLive(stayLists.otherCity),
      otherHotelier: recordLive(stayLists.otherHotelier),
      writer: recordLive(stayLists.hotelier),
    };
    expect((await t.request('POST', `/api/declarations/${id}/submit`, { token: tokens.hotelier, body: {} })).status).toBe(200);
    expect(await locked.city).toEqual({ collection: 'stays', id: stay.id, kind: 'updated' });
    expect(await locked.otherCity.received()).toEqual([]);
    expect(await locked.otherHotelier.received()).toEqual([]);
    expect(await locked.writer.received()).toEqual([]);

    // The comune's return frees it: the hotelier's stays list hears the stay is editable again.
    const freed = {
      hotelier: nextEvent(stayLists.hotelier, 'live'),
      otherCity: recordLive(stayLists.otherCity),
      otherHotelier: recordLive(stayLists.otherHotelier),
      writer: recordLive(stayLists.city),
    };
    expect((await t.request('POST', `/api/declarations/${id}/return`, { token: tokens.city, body: { reason: 'Manca un soggiorno' } })).status).toBe(200);
    expect(await freed.hotelier).toEqual({ collection: 'stays', id: stay.id, kind: 'updated' });
    expect(await freed.otherCity.received()).toEqual([]);
    expect(await freed.otherHotelier.received()).toEqual([]);
    expect(await freed.writer.received()).toEqual([]);
    for (const socket of Object.values(stayLists)) socket.disconnect();

    // Submitted again, then paid by the hotelier: the comune's declaration list hears of the payment.
    expect((await t.request('POST', `/api/declarations/${id}/submit`, { token: tokens.hotelier, body: {} })).status).toBe(200);
    const declarations = {
      city: await watching(tokens.city, w.cityUser.id, 'declarations'),
      otherCity: await watching(tokens.otherCity, w.otherCityUser.id, 'declarations'),
      hotelier: await watching(tokens.hotelier, w.hotelier.id, 'declarations'),
      otherHotelier: await watching(tokens.otherHotelier, w.otherHotelier.id, 'declarations'),
    };
    const paid = {
      city: nextEvent(declarations.city, 'live'),
      otherCity: recordLive(declarations.otherCity),
      otherHotelier: recordLive(declarations.otherHotelier),
      writer: recordLive(declarations.hotelier),
    };
    const payment = await t.request('POST', `/api/declarations/${id}/payment`, { token: tokens.hotelier, body: { paymentDate: '2024-05-10', trn: '0306909606A99999' } });
    expect(payment.status).toBe(200);
    expect(await paid.city).toEqual({ collection: 'declarations', id, kind: 'updated' });
    expect(await paid.otherCity.received()).toEqual([]);
    expect(await paid.otherHotelier.received()).toEqual([]);
    expect(await paid.writer.received()).toEqual([]);
    for (const socket of Object.values(declarations)) socket.disconnect();
  });

  it("a declaration's attachments (added, removed) and its first pagoPA notice reach the comune's declaration list; an account anonymised by the admin or by its owner leaves the users list of its comune; never the other comune's", async () => {
    await t.db.update(cities).set({ fiscalCode: '81000370593', pagopaSegregationCode: '07' }).where(eq(cities.id, w.rome.id));
    const { id } = await hotelierDraftOf(2023);
    const lists = {
      city: await watching(tokens.city, w.cityUser.id, 'declarations'),
      otherCity: await watching(tokens.otherCity, w.otherCityUser.id, 'declarations'),
      writer: await watching(tokens.hotelier, w.hotelier.id, 'declarations'),
    };
    /** The comune's list hears `updated` of the declaration after `write`; the other comune and the writer hear nothing. */
    async function expectDeclarationAnnounced(write: () => Promise<number>, status: number) {
      const got = { city: nextEvent(lists.city, 'live'), otherCity: recordLive(lists.otherCity), writer: recordLive(lists.writer) };
      expect(await write()).toBe(status);
      expect(await got.city).toEqual({ collection: 'declarations', id, kind: 'updated' });
      expect(await got.otherCity.received()).toEqual([]);
      expect(await got.writer.received()).toEqual([]);
    }

    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4\n%%EOF\n']), 'carta-identita.pdf');
    form.append('data', JSON.stringify({ purpose: 'pdf', linkedEntityType: 'declarations', linkedEntityId: id }));
    const upload = await fetch(`${t.baseUrl}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${tokens.hotelier}` }, body: form });
    expect(upload.status).toBe(201);
    const uploadId = ((await upload.json()) as { _id: string })._id;
    let attachmentId = '';
    await expectDeclarationAnnounced(async () => {
      const added = await t.request('POST', `/api/declarations/${id}/attachments`, { token: tokens.hotelier, body: { uploadId, fileName: 'carta-identita.pdf' } });
      attachmentId = added.body._id;
      return added.status;
    }, 201);
    await expectDeclarationAnnounced(async () => (await t.request('DELETE', `/api/declarations/${id}/attachments/${attachmentId}`, { token: tokens.hotelier })).status, 200);
    // The first notice assigns the IUV, which the declaration shows from then on; a second read assigns nothing.
    await expectDeclarationAnnounced(async () => (await t.request('GET', `/api/declarations/${id}/pagopa`, { token: tokens.hotelier })).status, 200);
    const again = recordLive(lists.city);
    expect((await t.request('GET', `/api/declarations/${id}/pagopa`, { token: tokens.hotelier })).status).toBe(200);
    expect(await again.received()).toEqual([]);
    for (const socket of Object.values(lists)) socket.disconnect();

    // An account anonymised by the admin leaves the users list of the comune that saw it (its structures' hotelier).
    // So does an account its owner deletes.
    const gone = await insertUser(t.db, 'live-gone@filings.test', 'user');
    const leaving = await insertUser(t.db, 'live-leaving@filings.test', 'user');
    await t.db
      .update(structures)
      .set({ userIds: [w.hotelier.id, gone.id, leaving.id] })
      .where(eq(structures.id, w.hotel.id));
    const userLists = { city: await watching(tokens.city, w.cityUser.id, 'users'), otherCity: await watching(tokens.otherCity, w.otherCityUser.id, 'users') };
    for (const [id, remove] of [
      [gone.id, async () => t.request('DELETE', `/api/users/${gone.id}`, { token: tokens.admin })],
      [leaving.id, async () => t.request('DELETE', '/api/users/me', { token: (await t.login(leaving.email)).token })],
    ] as const) {
      const removed = { city: nextEvent(userLists.city, 'live'), otherCity: recordLive(userLists.otherCity) };
      expect((await remove()).status).toBe(200);
      expect(await removed.city).toEqual({ collection: 'users', id, kind: 'deleted' });
      expect(await removed.otherCity.received()).toEqual([]);
    }
    for (const socket of Object.values(userLists)) socket.disconnect();
  });

  it("a supplier's own contacts reach the consortium's agency list, never another agency's", async () => {
    const [consortium, agency, agency3] = await Promise.all(['consortium', 'agency', 'agency3'].map((a) => t.login(`${a}@demo.test`)));
    const [own] = await t.db.select({ agencyId: users.agencyId }).from(users).where(eq(users.email, 'agency@demo.test'));
    const agencyId = own.agencyId!;
    const consortiumList = await watching(consortium.token, consortium.user._id as string, 'agencies');
    const otherAgencyList = await watching(agency3.token, agency3.user._id as string, 'agencies');
    const ownList = await watching(agency.token, agency.user._id as string, 'agencies');
    const got = { consortium: nextEvent(consortiumList, 'live'), otherAgency: recordLive(otherAgencyList), writer: recordLive(ownList) };
    const put = await t.request('PUT', `/api/agencies/${agencyId}/contacts`, { token: agency.token, body: { contacts: [{ name: 'Ufficio gare', email: 'gare@fornitore.test' }] } });
    expect(put.status).toBe(200);
    expect(await got.consortium).toEqual({ collection: 'agencies', id: agencyId, kind: 'updated' });
    expect(await got.otherAgency.received()).toEqual([]);
    expect(await got.writer.received()).toEqual([]);
    for (const socket of [consortiumList, otherAgencyList, ownList]) socket.disconnect();
  });

  it("an import's new stays reach the comune's stays list, each once, in one batch; never another comune's or the importer's", async () => {
    const [city, hotelier] = await Promise.all([t.signedIn('city'), t.signedIn('hotelier')]);
    const [structure] = await t.db.select({ _id: structures.id }).from(structures).where(eq(structures.name, 'Hotel Serapo'));
    const cityList = await watching(city.token, city.user._id as string, 'stays');
    const otherCityList = await watching(tokens.city, w.cityUser.id, 'stays');
    const importerList = await watching(hotelier.token, hotelier.user._id as string, 'stays');
    const got = { city: recordLive(cityList), otherCity: recordLive(otherCityList), writer: recordLive(importerList) };
    const csv = ['Data arrivo;Data partenza;Numero ospiti;Cognome;Nome;Stato pagamento', '02/05/2026;05/05/2026;2;Diretta;Anna;Pagato', '03/05/2026;04/05/2026;1;Diretta;Bruno;Pagato', ''].join(
      '\r\n',
    );
    const form = new FormData();
    form.append('structureId', structure._id);
    form.append('format', 'csv');
    form.append('file', new Blob([csv]), 'soggiorni.csv');
    const imported = await t.request<{ created: number }>('POST', '/api/stays/import', { token: hotelier.token, raw: form });
    expect(imported.status).toBe(200);
    expect(imported.body.created).toBe(2);
    const rows = await t.db
      .select({ id: stays.id, guest: stays.guest })
      .from(stays)
      .where(and(eq(stays.structureId, structure._id), eq(stays.source, 'csv')));
    const ids = rows.filter((r) => r.guest.surname === 'Diretta').map((r) => r.id);
    expect(ids).toHaveLength(2);
    const events = await got.city.received();
    expect(events).toHaveLength(2);
    expect(events).toEqual(expect.arrayContaining(ids.map((id) => ({ collection: 'stays', id, kind: 'created' }))));
    expect(await got.otherCity.received()).toEqual([]);
    expect(await got.writer.received()).toEqual([]);
    for (const socket of [cityList, otherCityList, importerList]) socket.disconnect();
  });
});
