import { eq } from 'drizzle-orm';
import { luhnCheckDigit } from '@app/domain/platform/identifiers/partita-iva';
import { codiceFiscaleCheckChar } from '@app/domain/platform/identifiers/codice-fiscale';
import { addDays } from '@app/domain/tourist-tax/dates';
import { cities, exemptions, reductions, relevantAreas, stays, structureClasses, structures, structureTypes, tariffs, users } from '../db/schema/index.ts';
import type { TTx } from '../db/client.ts';
import type { TDemoSeeder } from './demo.ts';
import { loadCityRules } from '../modules/tourist-tax/rules/city-rules.ts';
import { computeTaxOfFacts, stayColumns, type TStayFacts } from '../modules/tourist-tax/stays/compute-stay.ts';
import { policeDemoStays } from './police-demo-guests.ts';

/**
 * Tourist-tax demo data: Comune di Gaeta (the rich one) and Comune di Formia (so that scope has rows
 * to hide), their rules, seven structures across two hoteliers, and stays of 2025 and 2026 priced by
 * the engine exactly as the API would.
 */

export const DEMO_EXTRA_ACCOUNTS = [
  { email: 'hotelier2@demo.test', role: 'user', name: 'Paolo', surname: 'Pensione' },
  { email: 'city2@demo.test', role: 'city', name: 'Franca', surname: 'Formia' },
] as const;

/** A valid partita IVA from a 7-digit taxpayer number and the Latina office code (059). */
function partitaIva(taxpayer: number): string {
  const first10 = `${String(taxpayer).padStart(7, '0')}059`;
  return first10 + luhnCheckDigit(first10);
}

/** A valid personal codice fiscale from its first 15 characters. */
function codiceFiscale(first15: string): string {
  return first15 + codiceFiscaleCheckChar(first15);
}

/** Deterministic pseudo-random numbers (mulberry32), so every demo database is the same. */
function randomSequence(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function insertRegistry(tx: TTx, table: typeof structureTypes, cityId: string, names: string[]) {
  const rows = await tx
    .insert(table)
    .values(names.map((name) => ({ cityId, name })))
    .returning({ id: table.id, name: table.name });
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

const SEASONS = [
  { from: '2025-01-01', to: '2025-05-31', high: false },
  { from: '2025-06-01', to: '2025-09-30', high: true },
  { from: '2025-10-01', to: '2026-05-31', high: false },
  { from: '2026-06-01', to: '2026-09-30', high: true },
  { from: '2026-10-01', to: '2027-05-31', high: false },
  { from: '2027-06-01', to: '2027-09-30', high: true },
  { from: '2027-10-01', to: '2027-12-31', high: false },
];

const GUEST_NAMES = [
  ['Mario', 'Rossi', 'RSSMRA80A01H501'],
  ['Giulia', 'Bianchi', 'BNCGLI85M45F205'],
  ['Luca', 'Esposito', 'SPSLCU90C12F839'],
  ['Anna', 'Romano', 'RMNNNA78D50L219'],
  ['Marco', 'Colombo', 'CLMMRC82E15D969'],
  ['Sara', 'Ricci', 'RCCSRA92H41A944'],
  ['Francesco', 'Marino', 'MRNFNC75L20G273'],
  ['Chiara', 'Greco', 'GRCCHR88P55C351'],
  ['Klaus', 'Müller', null],
  ['Sophie', 'Martin', null],
] as const;

export const seedTouristTaxDemo: TDemoSeeder = async (tx, demoUsers) => {
  // Same password as the other demo accounts: reuse its hash rather than hashing again.
  const [{ passwordHash }] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, demoUsers['admin@demo.test']));
  const extra: Record<string, string> = {};
  for (const account of DEMO_EXTRA_ACCOUNTS) {
    const [row] = await tx
      .insert(users)
      .values({ ...account, passwordHash, isConfirmed: true, isProfileComplete: true })
      .onConflictDoNothing()
      .returning({ id: users.id });
    extra[account.email] = row?.id ?? (await tx.select({ id: users.id }).from(users).where(eq(users.email, account.email)))[0].id;
  }
  const hotelier = demoUsers['hotelier@demo.test'];
  const hotelier2 = extra['hotelier2@demo.test'];

  // --- Comune di Gaeta ---
  const [gaeta] = await tx
    .insert(cities)
    .values({
      name: 'Comune di Gaeta',
      istatCode: '059009',
      province: 'LT',
      location: 'Piazza XIX Maggio 10, 04024 Gaeta (LT)',
      referentTributes: 'Ufficio Tributi - dott.ssa Maria Di Ciaccio',
      iban: 'IT60X0542811101000000123456',
      // Demo creditor data (check digit valid, not the real comune's): pagoPA notices of its declarations.
      fiscalCode: '81000370593',
      pagopaSegregationCode: '01',
      bank: 'Banca Popolare di Fondi - Tesoreria comunale',
      titledTo: 'Comune di Gaeta - Servizio Tesoreria',
      ccp: '12345045',
      phone: '+39 0771 4691',
      contactEmail: 'tributi@comune.gaeta.lt.it',
      emailPec: 'protocollo@pec.comune.gaeta.lt.it',
      accountName: 'Carlo',
      accountSurname: 'Comune',
      accountEmail: 'city@demo.test',
      notes: 'Imposta di soggiorno istituita con delibera C.C.; esenti i minori fino al compimento del 12° anno.',
    })
    .returning({ id: cities.id });
  await tx.update(users).set({ cityId: gaeta.id }).where(eq(users.id, demoUsers['city@demo.test']));

  const areas = await insertRegistry(tx, relevantAreas, gaeta.id, ['Centro storico', 'Serapo e litorale']);
  const types = await insertRegistry(tx, structureTypes, gaeta.id, ['Albergo', 'Extra-alberghiero']);
  const classes = await insertRegistry(tx, structureClasses, gaeta.id, ['1 stella', '2 stelle', '3 stelle', '4 stelle', '5 stelle']);

  // Seasonal table, 10-night cap: a base rate for every structure, more specific rates for hotels
  // of 3 and 4 stars and for non-hotel structures.
  const scopes = [
    { name: 'Tariffa base', structureTypeId: null, structureClassId: null, low: 100, high: 150 },
    { name: 'Extra-alberghiero', structureTypeId: types['Extra-alberghiero'], structureClassId: null, low: 100, high: 200 },
    { name: 'Albergo 3 stelle', structureTypeId: types['Albergo'], structureClassId: classes['3 stelle'], low: 150, high: 250 },
    { name: 'Albergo 4 stelle', structureTypeId: types['Albergo'], structureClassId: classes['4 stelle'], low: 200, high: 300 },
  ];
  await tx.insert(tariffs).values(
    scopes.flatMap((scope) =>
      SEASONS.map((season) => ({
        cityId: gaeta.id,
        name: `${scope.name} - ${season.high ? 'alta' : 'bassa'} stagione ${season.from.slice(0, 4)}`,
        type: 'flat' as const,
        structureTypeId: scope.structureTypeId,
        structureClassId: scope.structureClassId,
        nightlyPriceCents: season.high ? scope.high : scope.low,
        maxNights: 10,
        validFrom: season.from,
        validTo: season.to,
      })),
    ),
  );
  const [under12] = await tx
    .insert(exemptions)
    .values([
      // An age rule: applies by itself to the recorded guests under 12 at check-in (typed counts still work).
      { cityId: gaeta.id, name: 'Minori fino al compimento del 12° anno di età', condition: 'age' as const, ageTo: 11, ageOn: 'checkIn' as const },
      { cityId: gaeta.id, name: 'Persone con disabilità e un accompagnatore' },
      { cityId: gaeta.id, name: 'Autisti di pullman e accompagnatori turistici (1 ogni 25)' },
    ])
    .returning({ id: exemptions.id });
  const [schoolTrip] = await tx
    .insert(reductions)
    .values({
      cityId: gaeta.id,
      name: 'Gite scolastiche',
      reductionType: 'percentage',
      percentageBasisPoints: 5000,
      validFrom: '2025-01-01',
      note: 'Riduzione del 50% per studenti in viaggio di istruzione',
    })
    .returning({ id: reductions.id });

  const gaetaStructures = await tx
    .insert(structures)
    .values(
      [
        {
          name: 'Hotel Serapo',
          structureTypeId: types['Albergo'],
          structureClassId: classes['4 stelle'],
          relevantAreaId: areas['Serapo e litorale'],
          userIds: [hotelier],
          availableSlots: 80,
          address: 'Via Firenze 11, Gaeta',
          cin: 'IT059009A1SERAPO1',
        },
        {
          name: 'Albergo Villa Irlanda',
          structureTypeId: types['Albergo'],
          structureClassId: classes['3 stelle'],
          relevantAreaId: areas['Centro storico'],
          userIds: [hotelier],
          availableSlots: 40,
          address: 'Lungomare Caboto 6, Gaeta',
          cin: 'IT059009A1IRLANDA',
        },
        {
          name: "B&B Sant'Erasmo",
          structureTypeId: types['Extra-alberghiero'],
          relevantAreaId: areas['Centro storico'],
          userIds: [hotelier],
          availableSlots: 8,
          address: 'Via Ladislao 20, Gaeta',
          cin: 'IT059009B1ERASMO',
        },
        {
          name: 'Casa vacanze Monte Orlando',
          structureTypeId: types['Extra-alberghiero'],
          relevantAreaId: areas['Serapo e litorale'],
          userIds: [hotelier2],
          availableSlots: 6,
          address: 'Via Monte Orlando 3, Gaeta',
          cin: 'IT059009C1ORLANDO',
        },
        {
          name: 'Hotel Summit',
          structureTypeId: types['Albergo'],
          structureClassId: classes['4 stelle'],
          relevantAreaId: areas['Serapo e litorale'],
          userIds: [hotelier2],
          availableSlots: 120,
          address: 'Via Flacca km 23, Gaeta',
          cin: 'IT059009A1SUMMIT1',
        },
        {
          name: 'Ostello del Golfo',
          structureTypeId: types['Extra-alberghiero'],
          relevantAreaId: areas['Centro storico'],
          userIds: [hotelier, hotelier2],
          availableSlots: 30,
          address: 'Via Indipendenza 88, Gaeta',
          isActive: true,
        },
      ].map((s, i) => ({
        ...s,
        cityId: gaeta.id,
        vatNumber: partitaIva(1200340 + i * 7),
        taxCode: partitaIva(1200340 + i * 7),
        email: `info${i + 1}@strutture-gaeta.example`,
        dateFrom: '2020-01-01',
      })),
    )
    .returning();

  // --- Comune di Formia (scope neighbour) ---
  const [formia] = await tx
    .insert(cities)
    .values({
      name: 'Comune di Formia',
      istatCode: '059008',
      province: 'LT',
      iban: 'IT71L0306974000100000001234',
      fiscalCode: '81000120592',
      pagopaSegregationCode: '02',
      contactEmail: 'tributi@comune.formia.lt.it',
      accountEmail: 'city2@demo.test',
    })
    .returning({ id: cities.id });
  await tx.update(users).set({ cityId: formia.id }).where(eq(users.id, extra['city2@demo.test']));
  await tx.insert(tariffs).values({ cityId: formia.id, name: 'Tariffa unica', type: 'flat', nightlyPriceCents: 150, maxNights: 7, validFrom: '2025-01-01' });
  await tx.insert(exemptions).values({ cityId: formia.id, name: 'Minori di 14 anni' });
  const formiaStructures = await tx
    .insert(structures)
    .values({ cityId: formia.id, name: 'Hotel Formia Mare', userIds: [hotelier2], availableSlots: 50, vatNumber: partitaIva(2233445), cin: 'IT059008A1FORMIA1' })
    .returning();

  // --- Stays of 2025 and 2026, priced by the engine ---
  const random = randomSequence(59009);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const rulesByCity = new Map([
    [gaeta.id, await loadCityRules(tx, gaeta.id)],
    [formia.id, await loadCityRules(tx, formia.id)],
  ]);
  const rows = [];
  for (const structure of [...gaetaStructures, ...formiaStructures]) {
    for (const year of [2025, 2026]) {
      const count = structure.cityId === gaeta.id ? 6 : 3;
      for (let k = 0; k < count; k++) {
        // Spread over the year; 2026 stops before today's date (21 November 2026).
        const dayOfYear = Math.floor(random() * (year === 2026 ? 310 : 350));
        const checkIn = addDays(`${year}-01-01`, dayOfYear);
        const nights = 1 + Math.floor(random() * (k === 0 ? 14 : 6));
        const componentsNumber = 1 + Math.floor(random() * 4);
        const [name, surname, cf] = pick(GUEST_NAMES);
        const children = structure.cityId === gaeta.id && componentsNumber > 2 ? 1 : 0;
        const isSchoolTrip = structure.name === 'Ostello del Golfo' && k === 1;
        const facts: TStayFacts = {
          structureId: structure.id,
          checkIn,
          checkOut: addDays(checkIn, nights),
          componentsNumber: isSchoolTrip ? 24 : componentsNumber,
          guest: { name, surname, taxCode: cf ? codiceFiscale(cf) : null, country: cf ? 'Italia' : 'Germania' },
          hasInvoice: false,
          invoice: null,
          paymentStatus: k === 2 && year === 2025 ? 'not_paid' : 'paid',
          noPaymentReason: k === 2 && year === 2025 ? "L'ospite si è rifiutato di pagare l'imposta" : null,
          attachments: [],
          appliedExemptions: children ? [{ exemptionId: under12.id, count: children }] : [],
          appliedReductions: isSchoolTrip ? [{ reductionId: schoolTrip.id, count: 22 }] : [],
          accommodationAmountCents: null,
          nightlyPricesCents: null,
          guests: [],
          notes: null,
        };
        const tax = computeTaxOfFacts(facts, structure, rulesByCity.get(structure.cityId)!);
        rows.push({ ...stayColumns(facts, structure, tax), source: 'manual' });
      }
    }
  }
  // Arrivals whose guests are complete for the questura's file (Alloggiati Web) and the ISTAT movement.
  const serapo = gaetaStructures.find((s) => s.name === 'Hotel Serapo')!;
  for (const facts of policeDemoStays(serapo.id)) {
    rows.push({ ...stayColumns(facts, serapo, computeTaxOfFacts(facts, serapo, rulesByCity.get(gaeta.id)!)), source: 'manual' });
  }
  await tx.insert(stays).values(rows);
};
