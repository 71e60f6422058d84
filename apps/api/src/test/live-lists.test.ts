import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TTestApp } from './harness.ts';
import { filingWorld } from '../modules/tourist-tax/declarations/test-fixtures.ts';
import { createSocketClients, nextEvent, receives } from '../modules/platform/notifications/socket-test-client.ts';

/*
 * Lists that update live (lib/collection/live.ts): a committed write reaches the sockets watching that collection's
 * list whose user may read the row, and no other: two comuni and two hoteliers, each on a socket.
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
    const got = { hotelier: nextEvent(hotelier, 'live'), otherCity: receives(otherCity, 'live', 1_500), otherHotelier: receives(otherHotelier, 'live', 1_500), writer: receives(city, 'live', 1_500) };
    const created = await t.request('POST', '/api/structures', { token: tokens.city, body: { name: 'Albergo in diretta', userIds: [w.hotelier.id] } });
    expect(created.status).toBe(201);
    expect(await got.hotelier).toEqual({ collection: 'structures', id: created.body._id, kind: 'created' });
    expect(await got.otherCity).toBe(false);
    expect(await got.otherHotelier).toBe(false);
    // The writer is not told of their own write.
    expect(await got.writer).toBe(false);
  });

  it('an update in one comune reaches its comune and manager; a delete in the other comune reaches only that side', async () => {
    const updatedGot = { city: nextEvent(city, 'live'), hotelier: nextEvent(hotelier, 'live'), otherCity: receives(otherCity, 'live', 1_500), otherHotelier: receives(otherHotelier, 'live', 1_500) };
    const updated = await t.request('PUT', `/api/structures/${w.hotel.id}`, { token: tokens.admin, body: { name: 'Hotel Colosseo rinnovato' } });
    expect(updated.status).toBe(200);
    expect(await updatedGot.city).toEqual({ collection: 'structures', id: w.hotel.id, kind: 'updated' });
    expect(await updatedGot.hotelier).toEqual({ collection: 'structures', id: w.hotel.id, kind: 'updated' });
    expect(await updatedGot.otherCity).toBe(false);
    expect(await updatedGot.otherHotelier).toBe(false);

    // Gaeta's structure, managed by the other hotelier: the row is checked before it goes.
    const deletedGot = { otherCity: nextEvent(otherCity, 'live'), otherHotelier: nextEvent(otherHotelier, 'live'), city: receives(city, 'live', 1_500), hotelier: receives(hotelier, 'live', 1_500) };
    const deleted = await t.request('DELETE', `/api/structures/${w.gaetaHotel.id}`, { token: tokens.admin });
    expect(deleted.status).toBe(200);
    expect(await deletedGot.otherCity).toEqual({ collection: 'structures', id: w.gaetaHotel.id, kind: 'deleted' });
    expect(await deletedGot.otherHotelier).toEqual({ collection: 'structures', id: w.gaetaHotel.id, kind: 'deleted' });
    expect(await deletedGot.city).toBe(false);
    expect(await deletedGot.hotelier).toBe(false);
  });

  it("reaches only sockets watching that collection's list, and stops after live:unwatch", async () => {
    const notWatching = await sockets.connectAndJoin(tokens.city, w.cityUser.id);
    const got = { watching: nextEvent(city, 'live'), notWatching: receives(notWatching, 'live', 1_500) };
    expect((await t.request('PUT', `/api/structures/${w.otherHotel.id}`, { token: tokens.admin, body: { name: 'Pensione Tevere bis' } })).status).toBe(200);
    expect((await got.watching).id).toBe(w.otherHotel.id);
    expect(await got.notWatching).toBe(false);

    city.emit('live:unwatch', 'structures');
    for (let i = 0; i < 80 && (await t.app.services.realtime.watchers('structures')).some((watcher) => watcher.actor.id === w.cityUser.id); i++) await new Promise((r) => setTimeout(r, 50));
    const after = receives(city, 'live', 1_500);
    expect((await t.request('PUT', `/api/structures/${w.otherHotel.id}`, { token: tokens.admin, body: { name: 'Pensione Tevere ter' } })).status).toBe(200);
    expect(await after).toBe(false);
  });

  it('an anonymous socket cannot watch', async () => {
    const anonymous = await sockets.connect();
    anonymous.emit('live:watch', 'structures');
    const got = receives(anonymous, 'live', 1_500);
    expect((await t.request('PUT', `/api/structures/${w.otherHotel.id}`, { token: tokens.admin, body: { name: 'Pensione Tevere quater' } })).status).toBe(200);
    expect(await got).toBe(false);
  });
});
