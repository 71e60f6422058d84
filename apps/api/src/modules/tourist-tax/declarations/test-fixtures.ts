import { cities, stays, structures, users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { hashPassword } from '../../platform/index.ts';
import { DEMO_PASSWORD } from '../../../seed/demo.ts';

/**
 * Test data for the filing tests, inserted straight into the tables (no dependency on the
 * tourist-tax routes): two comuni, a city user each, two hoteliers, structures and stays.
 */
let passwordHash: Promise<string> | undefined;

export async function insertUser(db: TDbOrTx, email: string, role: 'city' | 'user' | 'admin', cityId: string | null = null, extra: Partial<typeof users.$inferInsert> = {}) {
  passwordHash ??= hashPassword(DEMO_PASSWORD);
  const [row] = await db
    .insert(users)
    .values({ email, role, cityId, name: email.split('@')[0], surname: 'Test', passwordHash: await passwordHash, isConfirmed: true, isProfileComplete: true, ...extra })
    .returning();
  return row;
}

export async function insertCity(db: TDbOrTx, name: string, extra: Partial<typeof cities.$inferInsert> = {}) {
  const [row] = await db
    .insert(cities)
    .values({ name, iban: 'IT60X0542811101000000123456', bank: 'Banca di Prova', titledTo: `Tesoreria del Comune di ${name}`, ...extra })
    .returning();
  return row;
}

export async function insertStructure(db: TDbOrTx, cityId: string, name: string, userIds: string[], extra: Partial<typeof structures.$inferInsert> = {}) {
  const [row] = await db
    .insert(structures)
    .values({ cityId, name, userIds, address: 'Via Roma 1', taxCode: '00743110157', vatNumber: '00743110157', ...extra })
    .returning();
  return row;
}

/** A stay priced flat: `guests` paying guests x `nights` x `rateCents`. */
export async function insertStay(
  db: TDbOrTx,
  s: { structureId: string; cityId: string; checkIn: string; checkOut: string; guests?: number; rateCents?: number; paid?: boolean; reason?: string; surname?: string },
) {
  const guests = s.guests ?? 1;
  const nights = Math.round((Date.parse(s.checkOut) - Date.parse(s.checkIn)) / 86_400_000);
  const tax = guests * nights * (s.rateCents ?? 200);
  const [row] = await db
    .insert(stays)
    .values({
      structureId: s.structureId,
      cityId: s.cityId,
      checkIn: s.checkIn,
      checkOut: s.checkOut,
      componentsNumber: guests,
      guest: { name: 'Mario', surname: s.surname ?? 'Rossi' },
      paymentStatus: s.paid === false ? 'not_paid' : 'paid',
      noPaymentReason: s.paid === false ? (s.reason ?? 'refused') : null,
      nightsNumber: nights,
      taxableNights: nights,
      payingGuests: guests,
      tariffImportCents: tax,
      reductionImportCents: 0,
      toPayAmountCents: tax,
    })
    .returning();
  return row;
}

export async function filingWorld(db: TDbOrTx, tag = 'w') {
  const rome = await insertCity(db, `Roma ${tag}`);
  const gaeta = await insertCity(db, `Gaeta ${tag}`);
  const cityUser = await insertUser(db, `comune-${tag}@filings.test`, 'city', rome.id);
  const otherCityUser = await insertUser(db, `altro-comune-${tag}@filings.test`, 'city', gaeta.id);
  const hotelier = await insertUser(db, `albergo-${tag}@filings.test`, 'user', null, {
    taxCode: 'RCCMNL83S18D969H',
    vatNumber: '00743110157',
    address: 'Via Appia 10, Roma',
    commercialName: 'Hotel Test srl',
  });
  const otherHotelier = await insertUser(db, `altro-albergo-${tag}@filings.test`, 'user');
  const hotel = await insertStructure(db, rome.id, `Hotel Colosseo ${tag}`, [hotelier.id]);
  const otherHotel = await insertStructure(db, rome.id, `Pensione Tevere ${tag}`, [otherHotelier.id]);
  const gaetaHotel = await insertStructure(db, gaeta.id, `B&B Serapo ${tag}`, [otherHotelier.id]);
  return { rome, gaeta, cityUser, otherCityUser, hotelier, otherHotelier, hotel, otherHotel, gaetaHotel };
}
