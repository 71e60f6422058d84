import fs from 'node:fs';
import { MAX_IMPORT_ROWS } from '../src/modules/tourist-tax/stays/read-stay-import-file.ts';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import ExcelJS from 'exceljs';
import type pg from 'pg';
import { codiceFiscaleCheckChar } from '@app/domain/platform/identifiers/codice-fiscale';
import { formatAlloggiatiRecord, type TAlloggiatiRecordInput } from '@app/domain/tourist-tax/alloggiati';
import { addDays, fromDayNumber, toDayNumber } from '@app/domain/tourist-tax/dates';
import { computeStayTax } from '@app/domain/tourist-tax/engine';
import { STAY_IMPORT_COLUMNS } from '@app/domain/tourist-tax/stay-import';
import type { TExemption, TReduction, TStayTaxInput, TTariff } from '@app/domain/tourist-tax/types';
import { accessTokenOfNewSession } from '../src/modules/platform/auth/sessions.ts';
import type { TCompiledServer } from './compiled-server.ts';
import { measurePeakMemory, memoryMb, openBenchApp } from './lib.ts';

const EXPORT_STAYS = Number(process.env.BENCH_TT_EXPORT_STAYS ?? 1_000_000);
const EXPORT_STRUCTURES = 100;
const XLSX_ROWS = Number(process.env.BENCH_TT_XLSX_ROWS ?? 100_000);
const ALLOGGIATI_GUESTS = Number(process.env.BENCH_TT_ALLOGGIATI_GUESTS ?? 10_000);
const ENGINE_SECONDS = Number(process.env.BENCH_TT_ENGINE_SECONDS ?? 5);
/** What POST /api/stays/import accepts per file (read-stay-import-file.ts MAX_IMPORT_ROWS, routes.ts MAX_IMPORT_BYTES). */
const IMPORT_MAX_ROWS = MAX_IMPORT_ROWS;
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

const CITY = 'Bench – Comune turistico';
export const EXPORT_YEAR = 2025;
const RULE_YEARS = [2024, 2025, 2026];
const TYPES = ['Albergo', 'Bed and breakfast', 'Casa vacanze'];
const CLASSES = ['3 stelle', '4 stelle'];
const EXEMPTION = 'Minori fino al compimento del 14° anno di età';
const REDUCTION = 'Studenti universitari';

type TRuleSet = { tariffs: Omit<TTariff, 'id' | 'cityId'>[]; reductions: Omit<TReduction, 'id' | 'cityId'>[]; exemptions: string[] };

/**
 * A comune's rules as many have them: a low and a high season each year, a higher high-season
 * tariff for 4-star hotels (more specific, so it wins where it applies), tax on the first 10 nights,
 * children exempt, university students at half price for at most 7 nights.
 */
function comuneRules(albergoId: string, fourStarsId: string): TRuleSet {
  const tariffs: TRuleSet['tariffs'] = [];
  const flat = (name: string, cents: number, validFrom: string, validTo: string, scope: Partial<TTariff> = {}) =>
    tariffs.push({
      name,
      type: 'flat',
      nightlyPriceCents: cents,
      percentageBasisPoints: 0,
      maxNights: 10,
      validFrom,
      validTo,
      structureTypeId: null,
      structureClassId: null,
      relevantAreaId: null,
      ...scope,
    });
  for (const y of RULE_YEARS) {
    flat(`Bassa stagione ${y} (gen-mag)`, 150, `${y}-01-01`, `${y}-05-31`);
    flat(`Alta stagione ${y}`, 300, `${y}-06-01`, `${y}-09-30`);
    flat(`Bassa stagione ${y} (ott-dic)`, 150, `${y}-10-01`, `${y}-12-31`);
    flat(`Alta stagione ${y} – alberghi 4 stelle`, 450, `${y}-06-01`, `${y}-09-30`, { structureTypeId: albergoId, structureClassId: fourStarsId });
  }
  return {
    tariffs,
    reductions: [
      {
        name: REDUCTION,
        reductionType: 'percentage',
        amountCents: 0,
        percentageBasisPoints: 5000,
        maxNights: 7,
        validFrom: `${RULE_YEARS[0]}-01-01`,
        validTo: null,
        structureTypeId: null,
        structureClassId: null,
        relevantAreaId: null,
      },
    ],
    exemptions: [EXEMPTION],
  };
}

/** Deterministic pseudo-random numbers, so every run measures the same work. */
function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SURNAMES = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
  'Müller',
  'Schmidt',
  'Dubois',
  'Martin',
  'Smith',
  'García',
  'Novak',
  'Jansen',
  'Nielsen',
  'Kowalski',
];
const NAMES = [
  'Marco',
  'Giulia',
  'Luca',
  'Francesca',
  'Andrea',
  'Chiara',
  'Matteo',
  'Sara',
  'Alessandro',
  'Martina',
  'Davide',
  'Elena',
  'Simone',
  'Anna',
  'Federico',
  'Laura',
  'Lorenzo',
  'Valentina',
  'Stefano',
  'Silvia',
  'Jonas',
  'Lea',
  'Pierre',
  'Camille',
  'John',
  'Emma',
  'Pablo',
  'Lucía',
  'Jan',
  'Eva',
];
const CF_MONTHS = 'ABCDEHLMPRST';

/** A guest identity that no other index produces (the import fingerprints must differ). */
function guestOf(i: number) {
  const surname = SURNAMES[i % SURNAMES.length];
  const name = NAMES[Math.floor(i / SURNAMES.length) % NAMES.length];
  // For a given (surname, name) pair the birth day advances by one per round, so it never repeats below 900 x 22,000 indexes.
  const pair = i % (SURNAMES.length * NAMES.length);
  const round = Math.floor(i / (SURNAMES.length * NAMES.length));
  const birthDate = fromDayNumber(toDayNumber('1945-01-01') + ((round + pair * 7919) % 22_000));
  return { surname, name, birthDate };
}

/** A well-formed codice fiscale for a guest born in Rome (H501). */
function codiceFiscaleOf(surname: string, name: string, birthDate: string): string {
  const letters = (s: string) =>
    (
      s
        .normalize('NFD')
        .replace(/[^A-Za-z]/g, '')
        .toUpperCase() + 'XXX'
    ).slice(0, 3);
  const day = Number(birthDate.slice(8, 10));
  const first15 = `${letters(surname)}${letters(name)}${birthDate.slice(2, 4)}${CF_MONTHS[Number(birthDate.slice(5, 7)) - 1]}${String(day).padStart(2, '0')}H501`;
  return first15 + codiceFiscaleCheckChar(first15);
}

/** Nights skewed to short stays, with a tail past the 10-night cap. */
function nightsOf(random: () => number): number {
  const r = random();
  return r < 0.55 ? 1 + Math.floor(random() * 3) : r < 0.9 ? 4 + Math.floor(random() * 4) : 8 + Math.floor(random() * 14);
}

// ---------------------------------------------------------------------------------------------
// 1. The engine alone.

function benchEngine() {
  const cityId = 'c0000000-0000-4000-8000-000000000001';
  const ids = {
    albergo: 'c0000000-0000-4000-8000-000000000002',
    bnb: 'c0000000-0000-4000-8000-000000000003',
    three: 'c0000000-0000-4000-8000-000000000004',
    four: 'c0000000-0000-4000-8000-000000000005',
  };
  const set = comuneRules(ids.albergo, ids.four);
  let n = 0;
  const id = () => `d0000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
  const tariffs: TTariff[] = set.tariffs.map((t) => ({ ...t, id: id(), cityId }));
  const reductions: TReduction[] = set.reductions.map((r) => ({ ...r, id: id(), cityId }));
  const exemptions: TExemption[] = set.exemptions.map((name) => ({ id: id(), name }));
  const structures = [
    { cityId, structureTypeId: ids.albergo, structureClassId: ids.four, relevantAreaId: null },
    { cityId, structureTypeId: ids.albergo, structureClassId: ids.three, relevantAreaId: null },
    { cityId, structureTypeId: ids.bnb, structureClassId: null, relevantAreaId: null },
  ];
  const random = seededRandom(1);
  const first = toDayNumber('2024-01-01');
  const span = toDayNumber('2026-12-01') - first;
  const inputs: TStayTaxInput[] = Array.from({ length: 10_000 }, () => {
    const checkIn = fromDayNumber(first + Math.floor(random() * span));
    const nights = Math.min(nightsOf(random), toDayNumber('2026-12-31') - toDayNumber(checkIn));
    const componentsNumber = 1 + Math.floor(random() * 6);
    const exempt = random() < 0.3 ? Math.min(componentsNumber - 1, 1 + Math.floor(random() * 2)) : 0;
    const reduced = random() < 0.2 ? Math.min(componentsNumber - exempt, 1 + Math.floor(random() * 2)) : 0;
    return {
      checkIn,
      checkOut: addDays(checkIn, nights),
      componentsNumber,
      structure: structures[Math.floor(random() * structures.length)],
      tariffs,
      reductions,
      exemptions,
      appliedExemptions: exempt > 0 ? [{ exemptionId: exemptions[0].id, count: exempt }] : [],
      appliedReductions: reduced > 0 ? [{ reductionId: reductions[0].id, count: reduced }] : [],
    };
  });
  const nightsTotal = inputs.reduce((a, s) => a + (toDayNumber(s.checkOut) - toDayNumber(s.checkIn)), 0);

  // Warm-up, so the figure is the optimised code.
  let checksum = 0;
  for (const input of inputs) checksum += computeStayTax(input).toPayAmountCents;
  let count = 0;
  checksum = 0;
  const end = performance.now() + ENGINE_SECONDS * 1000;
  const t0 = performance.now();
  while (performance.now() < end) {
    for (let i = 0; i < 1000; i++) {
      checksum += computeStayTax(inputs[count % inputs.length]).toPayAmountCents;
      count++;
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(`\nEngine: computeStayTax, ${tariffs.length} tariffs (seasons × 3 years, 4-star hotels more specific, cap 10 nights), 1 exemption, 1 reduction (50%, max 7 nights)`);
  console.log(
    `  ${inputs.length.toLocaleString('en')} varied stays (avg ${(nightsTotal / inputs.length).toFixed(1)} nights, 1-6 guests, 30% with exempt, 20% with reduced guests), one core, ${seconds.toFixed(1)} s`,
  );
  console.log(`  ${Math.round(count / seconds).toLocaleString('en')} stays/s   (${((seconds * 1e6) / count).toFixed(1)} µs per stay; checksum ${checksum})`);
}

// ---------------------------------------------------------------------------------------------
// Bench comune, structures, users, rules (created once, reused).

export type TBenchSetup = {
  cityId: string;
  importStructureId: string;
  listStructureId: string;
  hotelierId: string;
  cityUserId: string;
};

export async function ensureBenchComune(raw: pg.Pool): Promise<TBenchSetup> {
  const one = async <T>(text: string, values: unknown[]) => (await raw.query(text, values)).rows[0] as T | undefined;
  const userId = async (email: string, role: string, cityId: string | null) =>
    (await one<{ id: string }>('select id from users where lower(email) = $1', [email]))?.id ??
    (await one<{ id: string }>(`insert into users (email, name, surname, role, city_id, is_confirmed, is_profile_complete) values ($1, 'Bench', $2, $3, $4, true, true) returning id`, [
      email,
      role,
      role,
      cityId,
    ]))!.id;

  let cityId = (await one<{ id: string }>('select id from cities where name = $1', [CITY]))?.id;
  if (!cityId) {
    const client = await raw.connect();
    try {
      await client.query('begin');
      cityId = (await client.query<{ id: string }>(`insert into cities (name, province) values ($1, 'LT') returning id`, [CITY])).rows[0].id;
      const registry = async (table: string, name: string) => (await client.query<{ id: string }>(`insert into ${table} (city_id, name) values ($1, $2) returning id`, [cityId, name])).rows[0].id;
      const typeIds = [];
      for (const name of TYPES) typeIds.push(await registry('structure_types', name));
      const classIds = [];
      for (const name of CLASSES) classIds.push(await registry('structure_classes', name));
      const rules = comuneRules(typeIds[0], classIds[1]);
      for (const t of rules.tariffs) {
        await client.query(
          `insert into tariffs (city_id, name, type, structure_type_id, structure_class_id, nightly_price_cents, percentage_basis_points, max_nights, valid_from, valid_to)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [cityId, t.name, t.type, t.structureTypeId, t.structureClassId, t.nightlyPriceCents, t.percentageBasisPoints, t.maxNights, t.validFrom, t.validTo],
        );
      }
      for (const r of rules.reductions) {
        await client.query(`insert into reductions (city_id, name, reduction_type, amount_cents, percentage_basis_points, max_nights, valid_from, valid_to) values ($1, $2, $3, $4, $5, $6, $7, $8)`, [
          cityId,
          r.name,
          r.reductionType,
          r.amountCents,
          r.percentageBasisPoints,
          r.maxNights,
          r.validFrom,
          r.validTo,
        ]);
      }
      for (const name of rules.exemptions) await client.query('insert into exemptions (city_id, name) values ($1, $2)', [cityId, name]);
      // The import structure is a 4-star hotel; the others (which hold the 1,000,000 stays) are unclassified, so the generic tariffs price them.
      await client.query(`insert into structures (city_id, name, structure_type_id, structure_class_id) values ($1, 'Bench TT – Hotel Miramare (import)', $2, $3)`, [cityId, typeIds[0], classIds[1]]);
      await client.query(`insert into structures (city_id, name) select $1, 'Bench TT struttura ' || lpad(g::text, 3, '0') from generate_series(1, ${EXPORT_STRUCTURES}) g`, [cityId]);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  }
  const hotelierId = await userId('bench-tt-hotelier@bench.test', 'user', null);
  const cityUserId = await userId('bench-tt-comune@bench.test', 'city', cityId);
  // The hotelier manages the import hotel and three of the big structures.
  await raw.query(
    `update structures set user_ids = array[$2::uuid] where city_id = $1 and name in ('Bench TT – Hotel Miramare (import)', 'Bench TT struttura 001', 'Bench TT struttura 002', 'Bench TT struttura 003')`,
    [cityId, hotelierId],
  );
  const importStructureId = (await one<{ id: string }>(`select id from structures where city_id = $1 and name = 'Bench TT – Hotel Miramare (import)'`, [cityId]))!.id;
  const listStructureId = (await one<{ id: string }>(`select id from structures where city_id = $1 and name = 'Bench TT struttura 001'`, [cityId]))!.id;
  return { cityId, importStructureId, listStructureId, hotelierId, cityUserId };
}

/**
 * EXPORT_STAYS stays with checkOut in EXPORT_YEAR over the EXPORT_STRUCTURES structures, priced as
 * the engine would (generic seasonal tariff per night, at most 7 nights so the cap never bites, one
 * exempt child in 1 stay of 10) with the stored breakdown, as saved stays carry it.
 */
export async function seedExportStays(raw: pg.Pool, setup: TBenchSetup) {
  const scope = `city_id = $1 and structure_id <> '${setup.importStructureId}'::uuid`;
  const have = Number((await raw.query<{ n: string }>(`select count(*) as n from stays where ${scope}`, [setup.cityId])).rows[0].n);
  if (have < EXPORT_STAYS) await insertExportStays(raw, setup, have);
  // As autovacuum leaves a table in use: without the visibility map a count over a quarter of the
  // comune reads the whole heap (seconds) instead of the (city_id, check_out) index (milliseconds).
  await raw.query('vacuum (analyze) stays');
}

async function insertExportStays(raw: pg.Pool, setup: TBenchSetup, have: number) {
  const exemptionId = (await raw.query<{ id: string }>('select id from exemptions where city_id = $1', [setup.cityId])).rows[0].id;
  const t0 = performance.now();
  const BATCH = 100_000;
  for (let from = have + 1; from <= EXPORT_STAYS; from += BATCH) {
    const to = Math.min(EXPORT_STAYS, from + BATCH - 1);
    await raw.query(
      `with s as (select array_agg(id order by name) as ids from structures where city_id = $1 and name like 'Bench TT struttura %'),
            t as (select id, name, nightly_price_cents as price, valid_from, valid_to from tariffs where city_id = $1 and structure_type_id is null)
       insert into stays (structure_id, city_id, check_in, check_out, components_number, guest, payment_status, no_payment_reason,
                          applied_exemptions, nights_number, taxable_nights, exempt_guests, reduced_guests, paying_guests,
                          tariff_ids, exemption_ids, tariff_import_cents, reduction_import_cents, to_pay_amount_cents, breakdown, source)
       select s.ids[1 + g % array_length(s.ids, 1)], $1::uuid, b.check_in, b.check_out, b.comps,
              jsonb_build_object('name', ($4::text[])[1 + (g / 30) % 30], 'surname', ($3::text[])[1 + g % 30], 'taxCode', null,
                                 'birthDate', ('1950-01-01'::date + (g % 20000))::text, 'citizenship', 'Italia'),
              case when g % 25 = 0 then 'not_paid' else 'paid' end, case when g % 25 = 0 then 'Rifiutato dall''ospite' end,
              case when e.exempt > 0 then jsonb_build_array(jsonb_build_object('exemptionId', $2::uuid, 'count', 1)) else '[]'::jsonb end,
              b.nights, b.nights, e.exempt, 0, b.comps - e.exempt,
              n.tariff_ids, case when e.exempt > 0 then array[$2::uuid] else '{}'::uuid[] end,
              n.per_guest * (b.comps - e.exempt), 0, n.per_guest * (b.comps - e.exempt),
              jsonb_build_object('nights', n.nights_json, 'categories',
                jsonb_build_array(jsonb_build_object('kind', 'full', 'id', null, 'name', 'Ospiti paganti', 'guests', b.comps - e.exempt,
                                                     'taxableGuestNights', (b.comps - e.exempt) * b.nights, 'tariffCents', n.per_guest * (b.comps - e.exempt),
                                                     'reductionCents', 0, 'toPayCents', n.per_guest * (b.comps - e.exempt)))
                || case when e.exempt > 0 then jsonb_build_array(jsonb_build_object('kind', 'exempt', 'id', $2::uuid, 'name', $7::text, 'guests', 1,
                                                     'taxableGuestNights', 0, 'tariffCents', 0, 'reductionCents', 0, 'toPayCents', 0)) else '[]'::jsonb end),
              case when g % 3 = 0 then 'xlsx' else 'manual' end
       from generate_series($5::int, $6::int) g
       cross join s
       cross join lateral (select ('${EXPORT_YEAR}-01-01'::date + (g % 365)) - (1 + g % 7) as check_in, '${EXPORT_YEAR}-01-01'::date + (g % 365) as check_out,
                                  1 + g % 7 as nights, 1 + (g / 7) % 4 as comps) b
       cross join lateral (select case when b.comps > 1 and g % 10 = 0 then 1 else 0 end as exempt) e
       cross join lateral (
         select sum(t.price)::int as per_guest, array_agg(distinct t.id) as tariff_ids,
                jsonb_agg(jsonb_build_object('date', d.night::text, 'tariffId', t.id, 'tariffName', t.name, 'tariffType', 'flat',
                                             'nightlyPriceCents', t.price, 'percentageBasisPoints', null, 'taxable', true,
                                             'tariffCents', t.price * (b.comps - e.exempt), 'reductionCents', 0,
                                             'toPayCents', t.price * (b.comps - e.exempt)) order by d.night) as nights_json
         from (select (b.check_in + k) as night from generate_series(0, b.nights - 1) k) d
         join t on d.night between t.valid_from and coalesce(t.valid_to, 'infinity'::date)) n`,
      [setup.cityId, exemptionId, SURNAMES, NAMES, from, to, EXEMPTION],
    );
    process.stdout.write(`  seeding stays: ${to.toLocaleString('en')} / ${EXPORT_STAYS.toLocaleString('en')}\r`);
  }
  console.log(`seeded ${(EXPORT_STAYS - have).toLocaleString('en')} stays in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

// ---------------------------------------------------------------------------------------------
// Files to import.

const XLSX_HEADERS = STAY_IMPORT_COLUMNS.map((c) => (c.required ? `${c.header} *` : c.header));
const utcDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

/**
 * An xlsx as a hotelier fills the template: Italian headers, date cells, one row per stay, some
 * with codice fiscale, exempt children, reduced students, unpaid stays. Written with exceljs'
 * streaming writer (shared strings on, as Excel itself writes them): the import reads users' files,
 * whose strings go through the reader's shared-strings table (held in memory, bounded), a path our
 * writer's inline strings never take; so exceljs stays a devDependency for this.
 */
/** `rules` names the year of the stays and the comune's exemption and reduction the rows use (the bench comune's by default). */
export async function writeStaysXlsx(file: string, rows: number, firstIndex: number, rules = { year: EXPORT_YEAR, exemption: EXEMPTION, reduction: REDUCTION }) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: true });
  const sheet = workbook.addWorksheet('Soggiorni');
  sheet.columns = STAY_IMPORT_COLUMNS.map((c, i) => ({
    header: XLSX_HEADERS[i],
    key: c.key,
    width: 16,
    style: c.key === 'checkIn' || c.key === 'checkOut' || c.key === 'birthDate' ? { numFmt: 'dd/mm/yyyy' } : {},
  }));
  sheet.getRow(1).commit();
  const random = seededRandom(firstIndex + 7);
  const first = toDayNumber(`${rules.year}-01-01`);
  for (let i = firstIndex; i < firstIndex + rows; i++) {
    const { surname, name, birthDate } = guestOf(i);
    const checkIn = fromDayNumber(first + Math.floor(random() * 350));
    const nights = nightsOf(random);
    const componentsNumber = 1 + Math.floor(random() * 5);
    const exempt = componentsNumber > 2 && random() < 0.3 ? 1 : 0;
    const reduced = componentsNumber - exempt > 1 && random() < 0.15 ? 1 : 0;
    const unpaid = random() < 0.04;
    sheet
      .addRow({
        checkIn: utcDate(checkIn),
        checkOut: utcDate(addDays(checkIn, nights)),
        componentsNumber,
        surname,
        name,
        taxCode: i % 3 === 0 ? codiceFiscaleOf(surname, name, birthDate) : null,
        birthDate: utcDate(birthDate),
        citizenship: i % 5 === 0 ? 'Germania' : 'Italia',
        paymentStatus: unpaid ? 'Non pagato' : 'Pagato',
        noPaymentReason: unpaid ? 'Rifiutato dall’ospite' : null,
        exemptCount: exempt || null,
        exemptionName: exempt ? rules.exemption : null,
        reducedCount: reduced || null,
        reductionName: reduced ? rules.reduction : null,
        accommodationAmount: random() < 0.5 ? Math.round(nights * componentsNumber * (40 + random() * 80) * 100) / 100 : null,
      })
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}

/** An Alloggiati Web file of `guests` records: 40% single guests, the rest families of 2-5. */
function alloggiatiFile(guests: number): { text: string; stays: number } {
  const random = seededRandom(42);
  const first = toDayNumber(`${EXPORT_YEAR}-01-01`);
  const lines: string[] = [];
  let stays = 0;
  let i = 500_000; // guest identities distinct from the xlsx ones
  while (lines.length < guests) {
    const arrivalDate = fromDayNumber(first + Math.floor(random() * 350));
    const days = Math.min(30, nightsOf(random));
    const size = random() < 0.4 ? 1 : Math.min(guests - lines.length, 2 + Math.floor(random() * 4));
    stays++;
    for (let k = 0; k < size; k++) {
      const g = guestOf(i++);
      const italian = k === 0 ? random() < 0.6 : true;
      const record: TAlloggiatiRecordInput = {
        guestKind: size === 1 ? 16 : k === 0 ? 17 : 19,
        arrivalDate,
        days,
        surname: g.surname.toUpperCase(),
        name: g.name.toUpperCase(),
        sex: k % 2 === 0 ? 'M' : 'F',
        birthDate: k >= 2 ? addDays(arrivalDate, -(2000 + Math.floor(random() * 3000))) : g.birthDate,
        birthPlace: italian ? '058091000' : null,
        birthProvince: italian ? 'RM' : null,
        birthCountry: italian ? '100000100' : '100000216',
        citizenship: italian ? '100000100' : '100000216',
        documentType: k === 0 ? 'IDENT' : null,
        documentNumber: k === 0 ? `CA${String(i).padStart(7, '0')}` : null,
        documentIssuePlace: k === 0 && italian ? '058091000' : null,
      };
      lines.push(formatAlloggiatiRecord(record) + '\r\n');
    }
  }
  return { text: lines.join(''), stays };
}

// ---------------------------------------------------------------------------------------------
// Memory helpers.

/** V8's gc(), so each measurement starts from a settled heap (the bench is a script, not the server). */
function settleHeap() {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  gc();
}

type TMeasured<T> = { result: T; seconds: number; peakMb: number; startMb: number; heapPeakMb: number | null };

/**
 * The server's RSS peak above start while `fn` runs (the work happens in the compiled server's process). With no
 * server (work in this process), from a settled heap, plus the peak of what JS holds (V8 heap and buffers) above
 * start: RSS alone can hide a peak when earlier work left freed pages mapped.
 */
export async function measureMemory<T>(fn: () => Promise<T>, server?: Pick<TCompiledServer, 'rssMb'> | null): Promise<TMeasured<T>> {
  if (server) {
    const startMb = server.rssMb();
    return { ...(await measurePeakMemory(fn, server.rssMb)), startMb, heapPeakMb: null };
  }
  settleHeap();
  const held = () => {
    const m = process.memoryUsage();
    return (m.heapUsed + m.external) / 1024 / 1024;
  };
  const heapStart = held();
  let heapPeak = heapStart;
  const timer = setInterval(() => (heapPeak = Math.max(heapPeak, held())), 20);
  const startMb = memoryMb();
  try {
    const measured = await measurePeakMemory(fn);
    heapPeak = Math.max(heapPeak, held());
    return { ...measured, startMb, heapPeakMb: heapPeak - heapStart };
  } finally {
    clearInterval(timer);
  }
}

/** The memory part of a measurement: whose RSS (the server's, or this process's with its JS heap and buffers). */
export const memoryText = (m: TMeasured<unknown>) =>
  `${m.heapPeakMb === null ? 'server ' : ''}RSS peak +${m.peakMb.toFixed(0)} MB (from ${m.startMb.toFixed(0)} MB)${m.heapPeakMb === null ? '' : `, JS heap+buffers peak +${m.heapPeakMb.toFixed(0)} MB`}`;
const fmt = (m: TMeasured<unknown>) => `${m.seconds.toFixed(2)} s, ${memoryText(m)}`;

// ---------------------------------------------------------------------------------------------

/**
 * Tourist tax figures: the engine alone (stays/s) and the
 * stays import of an Alloggiati Web file and of 100,000 xlsx rows through POST /api/stays/import
 * (time, the server's memory). Everything goes over HTTP to the compiled product on the bench PostgreSQL;
 * the bench comune, its rules and the 1,000,000 stays are created once and reused.
 */
export async function benchTouristTax(parts: ('engine' | 'imports')[] = ['engine', 'imports']) {
  if (parts.includes('engine')) benchEngine();
  if (!parts.some((p) => p !== 'engine')) return;

  const bench = await openBenchApp({ rawPoolSize: 10, listen: true });
  const { config, database, raw, base } = bench;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tourist-tax-'));
  try {
    const setup = await ensureBenchComune(raw);
    await seedExportStays(raw, setup);
    const hotelier = { authorization: `Bearer ${await accessTokenOfNewSession(database.db, config, { id: setup.hotelierId, role: 'user' })}` };

    // Heavy in-memory work last, so earlier figures do not start from an inflated heap.
    if (parts.includes('imports')) await benchImports(base, hotelier, raw, setup, tmp, bench.server);
  } finally {
    await bench.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// 2. Imports.
export async function postImport(base: string, auth: Record<string, string>, structureId: string, format: string, bytes: Buffer, fileName: string) {
  const form = new FormData();
  form.append('structureId', structureId);
  form.append('format', format);
  // An Alloggiati Web file does not say whether the guests paid: the hotelier says it for the whole file.
  if (format === 'alloggiati') form.append('paymentStatus', 'paid');
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const res = await fetch(`${base}/api/stays/import`, { method: 'POST', headers: auth, body: form });
  return { status: res.status, body: (await res.json()) as { created?: number; skipped?: number; total?: number; code?: string; message?: string; details?: unknown[] } };
}

async function benchImports(base: string, auth: Record<string, string>, raw: pg.Pool, setup: TBenchSetup, tmp: string, server: TCompiledServer | null) {
  const clean = () => raw.query('delete from stays where structure_id = $1', [setup.importStructureId]);

  // Alloggiati Web: one file of ALLOGGIATI_GUESTS guests.
  const alloggiati = alloggiatiFile(ALLOGGIATI_GUESTS);
  const alloggiatiBytes = Buffer.from(alloggiati.text, 'latin1');
  await clean();
  const a = await measureMemory(() => postImport(base, auth, setup.importStructureId, 'alloggiati', alloggiatiBytes, 'alloggiati.txt'), server);
  if (a.result.status !== 200 || a.result.body.created !== alloggiati.stays) throw new Error(`alloggiati import: ${a.result.status} ${JSON.stringify(a.result.body).slice(0, 500)}`);
  console.log(`\nImport POST /api/stays/import (hotelier, one structure; the process holds the app and the client)`);
  console.log(
    `  Alloggiati Web, ${ALLOGGIATI_GUESTS.toLocaleString('en')} guests -> ${alloggiati.stays.toLocaleString('en')} stays (singles and families), ${(alloggiatiBytes.length / 1024 / 1024).toFixed(1)} MB: ${fmt(a)}; ${Math.round(ALLOGGIATI_GUESTS / a.seconds).toLocaleString('en')} guests/s`,
  );
  const again = await measureMemory(() => postImport(base, auth, setup.importStructureId, 'alloggiati', alloggiatiBytes, 'alloggiati.txt'), server);
  console.log(`  same file again (every stay skipped by fingerprint): ${fmt(again)}; created ${again.result.body.created}, skipped ${again.result.body.skipped}`);

  // xlsx: XLSX_ROWS rows. The route takes at most IMPORT_MAX_ROWS rows per file, so the rows go in
  // files of that size; the single big file is sent too, to measure how it is refused.
  const parts = Math.ceil(XLSX_ROWS / IMPORT_MAX_ROWS);
  const files: { file: string; rows: number }[] = [];
  const tw = performance.now();
  for (let p = 0; p < parts; p++) {
    const rows = Math.min(IMPORT_MAX_ROWS, XLSX_ROWS - p * IMPORT_MAX_ROWS);
    const file = path.join(tmp, `soggiorni-${p + 1}.xlsx`);
    await writeStaysXlsx(file, rows, p * IMPORT_MAX_ROWS);
    files.push({ file, rows });
  }
  const bigFile = path.join(tmp, 'soggiorni-tutti.xlsx');
  await writeStaysXlsx(bigFile, XLSX_ROWS, 0);
  const bigBytes = fs.statSync(bigFile).size;
  console.log(
    `  (wrote ${parts} xlsx of ${IMPORT_MAX_ROWS.toLocaleString('en')} rows, ~${(fs.statSync(files[0].file).size / 1024 / 1024).toFixed(1)} MB each, and one of ${XLSX_ROWS.toLocaleString('en')} rows, ${(bigBytes / 1024 / 1024).toFixed(1)} MB, in ${((performance.now() - tw) / 1000).toFixed(1)} s)`,
  );

  await clean();
  let created = 0;
  let seconds = 0;
  let peak = 0;
  let heapPeak = 0;
  for (const [k, { file, rows }] of files.entries()) {
    const bytes = fs.readFileSync(file);
    const m = await measureMemory(() => postImport(base, auth, setup.importStructureId, 'xlsx', bytes, path.basename(file)), server);
    if (m.result.status !== 200 || m.result.body.created !== rows) throw new Error(`xlsx import ${k + 1}: ${m.result.status} ${JSON.stringify(m.result.body).slice(0, 500)}`);
    created += m.result.body.created;
    seconds += m.seconds;
    peak = Math.max(peak, m.peakMb);
    heapPeak = Math.max(heapPeak, m.heapPeakMb ?? 0);
    console.log(`  xlsx file ${k + 1}/${parts}, ${rows.toLocaleString('en')} rows: ${fmt(m)}; ${Math.round(rows / m.seconds).toLocaleString('en')} rows/s`);
  }
  console.log(
    `  xlsx ${XLSX_ROWS.toLocaleString('en')} rows in ${parts} files: ${seconds.toFixed(1)} s in all, ${Math.round(created / seconds).toLocaleString('en')} rows/s, worst ${server ? 'server ' : ''}RSS peak +${peak.toFixed(0)} MB${server ? '' : `, worst JS heap+buffers peak +${heapPeak.toFixed(0)} MB`}`,
  );

  await clean();
  const big = fs.readFileSync(bigFile);
  const b = await measureMemory(() => postImport(base, auth, setup.importStructureId, 'xlsx', big, path.basename(bigFile)), server);
  const verdict = b.result.status === 200 ? `imported: created ${b.result.body.created}` : `refused ${b.result.status} ${b.result.body.code}: ${b.result.body.message}`;
  console.log(
    `  xlsx ${XLSX_ROWS.toLocaleString('en')} rows in ONE file (${(bigBytes / 1024 / 1024).toFixed(1)} MB; limits ${IMPORT_MAX_ROWS.toLocaleString('en')} rows, ${IMPORT_MAX_BYTES / 1024 / 1024} MB): ${verdict}; ${fmt(b)}`,
  );
  await clean();
}
