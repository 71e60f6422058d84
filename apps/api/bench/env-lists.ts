import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { getTableColumns } from 'drizzle-orm';
import type pg from 'pg';
import { ncaReports, rdps } from '../src/db/schema/index.ts';
import { NCA_LIST_HEAVY_FIELDS } from '../src/modules/environmental/nca/reports.ts';
import { RDP_LIST_HEAVY_FIELDS } from '../src/modules/environmental/rdps/rdps-collection.ts';
import { accessTokenOfNewSession } from '../src/modules/platform/auth/sessions.ts';
import { cpuSecondsOf, startCompiledServer, type TCompiledServer } from './compiled-server.ts';
import { startServer } from './stays-list.ts';
import { interleaved, loadTest, minMedian, openBenchApp, printRounds, printTarget, sectionDatabaseUrl, type TLoadResult } from './lib.ts';

const NCA_REPORTS = Number(process.env.BENCH_LISTS_NCA ?? 50_000);
const RDPS = Number(process.env.BENCH_LISTS_RDP ?? 100_000);
const ROUNDS = Number(process.env.BENCH_LISTS_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_LISTS_SECONDS ?? 5);
const CONNECTIONS = 32;
const AGENCIES = 20;
const LABORATORIES = 10;
const LOTS = 10;
const JWT_SECRET = 'bench-lists-jwt-secret-0123456789abcdef';
/** The fields the web's NCA list asks for (apps/web/src/environmental/nca/screens.tsx). */
const NCA_LIST_FIELDS = 'code,draftName,status,recurrenceOf,lotId,targetAgencyId,warningLevelSettingId,description,openDate,overdueActions,updatedAt';
/** The fields the web's RDP list asks for (apps/web/src/environmental/rdps/RdpList.tsx). */
const RDP_LIST_FIELDS = 'code,status,outOfLimits,outOfLimitsCount,laboratoryId,agencyId,sampleDate,totalPrice,updatedAt';

/**
 * The environmental lists under load (32 connections): the NCA list at NCA_REPORTS reports (a consortium user, an
 * agency user) and the RDP list at RDPS reports (a consortium user, a laboratory user), as the web lists ask for
 * them (apps/web/src/environmental: newest first, 25 rows and the count, the fields the list shows). The product is the COMPILED server
 * (`node apps/api/dist/main.js`, built first if stale: compiled-server.ts) over HTTP, next to a raw node-postgres server (list-server.ts
 * raw) that sends the same page and count SQL, interleaved, min and median of ROUNDS rounds, each figure next to
 * its target (NCA: >= 0.85x raw and >= 100 req/s; RDP: >= 100 req/s, every filter and sort on an index). Seeded once with generate_series into its own database
 * (bench_lists_env) and reused by later runs.
 */
export async function benchEnvironmentalLists() {
  const bench = await openBenchApp({ url: sectionDatabaseUrl('lists_env'), poolSize: 2, jwtSecret: JWT_SECRET });
  const { url, config, database, raw } = bench;
  const children: ChildProcess[] = [];
  let product: TCompiledServer | null = null;
  try {
    const setup = await seed(raw);
    const token = async (id: string, role: string) => ({ authorization: `Bearer ${await accessTokenOfNewSession(database.db, config, { id, role })}` });
    const tokens = {
      consortium: await token(setup.consortiumId, 'consortium_user'),
      agency: await token(setup.agencyUserId, 'agency_user'),
      laboratory: await token(setup.laboratoryUserId, 'laboratory_user'),
    };
    // The lists ask for their columns only (screens.tsx, RdpList.tsx: `?fields=`): the API then reads every column but
    // the heavy ones (an RDP's analytic rows; an NCA report's cause analysis, containment, 5 whys), and so does the raw server.
    const columnsBut = (columns: Record<string, { name: string }>, heavyFields: Record<string, { name: string }>) => {
      const heavy = new Set(Object.values(heavyFields).map((c) => c.name));
      return (
        Object.values(columns)
          .filter((c) => !heavy.has(c.name))
          // The schema names columns in camelCase and the database in snake_case (drizzle's casing option).
          .map((c) => `"${c.name.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`)}"`)
          .join(', ')
      );
    };
    const rdpColumns = columnsBut(getTableColumns(rdps), RDP_LIST_HEAVY_FIELDS);
    const ncaColumns = columnsBut(getTableColumns(ncaReports), NCA_LIST_HEAVY_FIELDS);
    // The raw server's SQL: what the product sends for the page and the count (the agency's rule as nca-scope.ts writes it).
    const ncaPage = (where: string) => `select ${ncaColumns} from nca_reports${where} order by created_at desc, id asc limit 25`;
    const ncaCount = (where: string) => `select count(*) as n from nca_reports${where}`;
    const agencyWhere = ` where ((target_agency_id = $1 and status <> 'pending') or detected_by_agency_id = $1 or observer_users_ids @> array[$2::uuid]
      or target_agency_id = any(array(select observed.id from agencies observed
        where exists (select 1 from settings where setting_type = 'defaultObserver' and is_active and user_id = $2)))
      or id = any(array(select report_id from sign_requests where user_id = $2
        union
        select assigned.report_id from corrective_actions assigned, users me
        where me.id = $2
          and (assigned.user_ids @> array[$2::uuid] or assigned.role_ids && (select holder.role_ids from users holder where holder.id = $2)
            or assigned.agency_function_setting_ids && (select holder.company_function_setting_ids from users holder where holder.id = $2))
          and ($2::uuid = any(assigned.user_ids)
            or ((assigned.role_ids && me.role_ids or assigned.agency_function_setting_ids && me.company_function_setting_ids)
              and (me.role in ('admin', 'consortium_user')
                or me.agency_id = coalesce(assigned.agency_id, (select concerned.target_agency_id from nca_reports concerned where concerned.id = assigned.report_id))))))))`;
    const rdpPage = (where: string) => `select ${rdpColumns} from rdps${where} order by sample_date desc, id asc limit 25`;
    const rdpCount = (where: string) => `select count(*) as n from rdps${where}`;
    const queries = {
      ncaConsortium: { list: ncaPage(''), count: ncaCount(''), args: [] },
      ncaAgency: { list: ncaPage(agencyWhere), count: ncaCount(agencyWhere), args: [setup.agencyId, setup.agencyUserId] },
      ncaOpenOfAgency: {
        list: ncaPage(` where status = 'closed' and target_agency_id = $1`),
        count: ncaCount(` where status = 'closed' and target_agency_id = $1`),
        args: [setup.agencyId],
      },
      rdpConsortium: { list: rdpPage(''), count: rdpCount(''), args: [] },
      rdpLaboratory: { list: rdpPage(' where laboratory_id = $1'), count: rdpCount(' where laboratory_id = $1'), args: [setup.laboratoryId] },
      rdpOutOfLimits: { list: rdpPage(` where status = 'approved' and out_of_limits = true`), count: rdpCount(` where status = 'approved' and out_of_limits = true`), args: [] },
    };
    const page = 'limit=25&count=true';
    const rdpPageOfWeb = `${page}&fields=${RDP_LIST_FIELDS}`;
    const ncaPageOfWeb = `${page}&fields=${NCA_LIST_FIELDS}`;
    const apiUrl: Record<keyof typeof queries, string> = {
      ncaConsortium: `/api/nca-reports?sort=-createdAt&${ncaPageOfWeb}`,
      ncaAgency: `/api/nca-reports?sort=-createdAt&${ncaPageOfWeb}`,
      ncaOpenOfAgency: `/api/nca-reports?status=closed&targetAgencyId=${setup.agencyId}&sort=-createdAt&${ncaPageOfWeb}`,
      rdpConsortium: `/api/rdps?sort=-sampleDate&${rdpPageOfWeb}`,
      rdpLaboratory: `/api/rdps?sort=-sampleDate&${rdpPageOfWeb}`,
      rdpOutOfLimits: `/api/rdps?status=approved&outOfLimits=true&sort=-sampleDate&${rdpPageOfWeb}`,
    };
    const who: Record<keyof typeof queries, keyof typeof tokens> = {
      ncaConsortium: 'consortium',
      ncaAgency: 'agency',
      ncaOpenOfAgency: 'consortium',
      rdpConsortium: 'consortium',
      rdpLaboratory: 'laboratory',
      rdpOutOfLimits: 'consortium',
    };

    // Started once the rows are in, as a server meets a database that has them.
    product = await startCompiledServer({ databaseUrl: url, env: { JWT_SECRET, CHECK_LIST_RESPONSES: 'false' } });
    const productBase = product.base;
    const productPid = product.pid;
    const rawPort = await startServer('raw', { ...process.env, BENCH_LIST_DATABASE_URL: url, BENCH_RAW_QUERIES: JSON.stringify(queries) }, children);
    const rawPid = children[children.length - 1].pid!;
    const probe = async (target: string, headers: Record<string, string>) => {
      const res = await fetch(target, { headers });
      if (!res.ok) throw new Error(`list request failed: ${res.status} ${await res.text()}`);
      const bytes = Buffer.from(await res.arrayBuffer());
      return { total: res.headers.get('x-total-count'), rows: (JSON.parse(bytes.toString()) as unknown[]).length, kb: bytes.length / 1024 };
    };
    // BENCH_LISTS_ONLY=ncaConsortium,ncaAgency runs those cases only.
    const only = process.env.BENCH_LISTS_ONLY?.split(',');
    const run = async (label: string, name: keyof typeof queries) => {
      if (only && !only.includes(name)) return;
      const api = `${productBase}${apiUrl[name]}`;
      const rawUrl = `http://127.0.0.1:${rawPort}/${name}`;
      const a = await probe(api, tokens[who[name]]);
      const r = await probe(rawUrl, {});
      if (a.total !== r.total || a.rows !== r.rows) throw new Error(`${name}: the API answers ${a.rows} rows of ${a.total}, the raw server ${r.rows} of ${r.total}`);
      console.log(`\n${label} (X-Total-Count ${a.total}; page ${a.kb.toFixed(1)} KB from the API, ${r.kb.toFixed(1)} KB raw; load average ${loadAverage()})`);
      // Each round also yields the server's CPU per request (user + system of its process, not the database's): a figure
      // that a machine shared with other work changes far less than req/s.
      const cpuMs: Record<'raw' | 'api', number[]> = { raw: [], api: [] };
      const load = (side: 'raw' | 'api', target: string, headers: Record<string, string>, pid: number) => async () => {
        const before = cpuSecondsOf(pid);
        const result = await loadTest(target, headers, { connections: CONNECTIONS, seconds: SECONDS });
        const requests = result.rps * SECONDS;
        if (requests > 0) cpuMs[side].push(((cpuSecondsOf(pid) - before) * 1000) / requests);
        return result;
      };
      const results = await interleaved({ raw: load('raw', rawUrl, {}, rawPid), api: load('api', api, tokens[who[name]], productPid) }, ROUNDS);
      printRounds(`  raw node-postgres server, same SQL (${CONNECTIONS} connections)`, results.raw);
      printRounds(`  API (compiled), GET ${apiUrl[name].split('?')[0]} (${CONNECTIONS} connections)`, results.api);
      const cpu = { raw: minMedian(cpuMs.raw).median, api: minMedian(cpuMs.api).median };
      console.log(`  server CPU per request, median of the rounds: API ${cpu.api.toFixed(2)} ms, raw ${cpu.raw.toFixed(2)} ms (raw / API ${(cpu.raw / cpu.api).toFixed(2)}x)`);
      // The NCA list's target is a share of the raw server's rate; the RDP list's is a rate (at least 100 req/s): its ratio is shown, not judged.
      if (name.startsWith('nca')) printTarget('  API / raw, per round', ratios(results.api, results.raw), { atLeast: 0.85 });
      else {
        const ratio = minMedian(ratios(results.api, results.raw));
        console.log(`  API / raw, per round                                     min ${ratio.min.toFixed(2)}x  median ${ratio.median.toFixed(2)}x   (no ratio target for the RDP list)`);
      }
      printTarget(
        '  API req/s, per round',
        results.api.map((x) => x.rps),
        { atLeast: 100, unit: ' req/s' },
      );
    };
    const counts = await raw.query<{ nca: string; rdp: string }>('select (select count(*) from nca_reports) as nca, (select count(*) from rdps) as rdp');
    const { nca, rdp } = counts.rows[0];
    await run(`NCA list, ${Number(nca).toLocaleString('en')} reports, consortium user (newest first, 25 rows + count)`, 'ncaConsortium');
    await run(`NCA list, ${Number(nca).toLocaleString('en')} reports, agency user (its reports, newest first)`, 'ncaAgency');
    await run(`NCA list, consortium user, filtered: closed reports of one agency`, 'ncaOpenOfAgency');
    await run(`RDP list, ${Number(rdp).toLocaleString('en')} reports, consortium user (newest sample first)`, 'rdpConsortium');
    await run(`RDP list, ${Number(rdp).toLocaleString('en')} reports, laboratory user (its reports)`, 'rdpLaboratory');
    await run(`RDP list, consortium user, filtered: approved and out of limits`, 'rdpOutOfLimits');
  } finally {
    for (const child of children) child.kill();
    await product?.stop();
    await bench.close();
  }
}

const ratios = (api: TLoadResult[], base: TLoadResult[]) => api.map((r, i) => r.rps / base[i].rps);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
export const medianRps = (results: TLoadResult[]) => minMedian(results.map((r) => r.rps)).median;

type TSetup = { consortiumId: string; agencyId: string; agencyUserId: string; laboratoryId: string; laboratoryUserId: string };

/**
 * The registry (AGENCIES agencies, LABORATORIES laboratories, LOTS lots with an order each, the NCA settings), three
 * users, NCA_REPORTS reports (a fifth of them with a corrective action, some overdue) and RDPS laboratory reports
 * (each with ten analytic rows, about 2 KB), all by generate_series; a database that has them already is kept.
 */
async function seed(raw: pg.Pool): Promise<TSetup> {
  const one = async (text: string, values: unknown[] = []) => (await raw.query<{ id: string }>(text, values)).rows[0]?.id;
  const t0 = performance.now();
  if (!(await one(`select id from agencies where business_name = 'Bench impresa 01'`))) {
    await raw.query(`insert into agencies (business_name, vat_number, manager_email)
      select 'Bench impresa ' || lpad(g::text, 2, '0'), lpad(g::text, 11, '0'), 'bench-agency-' || g || '@bench.test' from generate_series(1, ${AGENCIES}) g`);
    await raw.query(`insert into laboratories (business_name, vat_number, manager_email)
      select 'Bench laboratorio ' || lpad(g::text, 2, '0'), lpad((100 + g)::text, 11, '0'), 'bench-lab-' || g || '@bench.test' from generate_series(1, ${LABORATORIES}) g`);
    await raw.query(`insert into lots (name, code) select 'Bench lotto ' || lpad(g::text, 2, '0'), 'BL' || lpad(g::text, 2, '0') from generate_series(1, ${LOTS}) g`);
    await raw.query(`insert into orders (name, lot_id, order_type, agency_ids)
      select 'Bench commessa ' || l.code, l.id, 'work_order', (select array_agg(id) from agencies where business_name like 'Bench impresa %') from lots l where l.name like 'Bench lotto %'`);
    await raw.query(`insert into settings (setting_type, code, name, ambient_category, severity_rank)
      select t.kind, 'bench-' || t.kind || '-' || g, 'Bench ' || t.kind || ' ' || g,
             case when t.kind = 'environmentalAspectType' then (array['wasteManagement', 'excavationSoilAndRock', 'singleEnvironmentalComponents'])[g] end,
             case when t.kind = 'severityLevel' then g end
      from (values ('ncaType'), ('severityLevel'), ('environmentalAspectType')) t(kind) cross join generate_series(1, 3) g`);
  }
  const user = async (email: string, role: string, column: string | null, company: string | null) =>
    (await one('select id from users where lower(email) = $1', [email])) ??
    (await one(
      `insert into users (email, name, surname, role, is_confirmed, is_profile_complete${column ? `, ${column}` : ''}) values ($1, 'Bench', $2, $2, true, true${column ? ', $3' : ''}) returning id`,
      column ? [email, role, company] : [email, role],
    ));
  const agencyId = await one(`select id from agencies where business_name = 'Bench impresa 01'`);
  const laboratoryId = await one(`select id from laboratories where business_name = 'Bench laboratorio 01'`);
  const consortiumId = await user('bench-lists-consortium@bench.test', 'consortium_user', null, null);
  const agencyUserId = await user('bench-lists-agency@bench.test', 'agency_user', 'agency_id', agencyId);
  const laboratoryUserId = await user('bench-lists-lab@bench.test', 'laboratory_user', 'laboratory_id', laboratoryId);

  const have = Number((await raw.query<{ n: string }>('select count(*) as n from nca_reports')).rows[0].n);
  if (have < NCA_REPORTS) {
    await raw.query(
      `with a as (select array_agg(id order by business_name) as ids from agencies where business_name like 'Bench impresa %'),
            o as (select array_agg(o.id order by l.code) as ids, array_agg(l.id order by l.code) as lots from orders o join lots l on l.id = o.lot_id where l.name like 'Bench lotto %'),
            s as (select array_agg(id order by code) filter (where setting_type = 'ncaType') as types,
                         array_agg(id order by code) filter (where setting_type = 'severityLevel') as levels,
                         array_agg(id order by code) filter (where setting_type = 'environmentalAspectType') as aspects
                  from settings where code like 'bench-%')
       insert into nca_reports (code, code_year, code_sequence, status, lot_id, order_id, target_agency_id, open_date, closing_date, description, wbs,
                                ambient_setting_id, warning_level_setting_id, system_setting_id, origin, detected_by_agency_id, created_at, updated_at)
       select case when st <> 'pending' then 'NCA-B-' || g end, case when st <> 'pending' then 2026 end, case when st <> 'pending' then g end,
              st, o.lots[1 + g % ${LOTS}], o.ids[1 + g % ${LOTS}], a.ids[1 + g % ${AGENCIES}],
              case when st <> 'pending' then created::date end, case when st = 'closed' then created::date + 30 end,
              'Non conformità di prova numero ' || g || ': deposito di materiale fuori dall''area autorizzata', 'WBS-' || (g % 100),
              s.aspects[1 + g % 3], s.levels[1 + g % 3], s.types[1 + g % 3], case when g % 2 = 0 then 'audit' else 'other' end,
              case when g % 50 = 0 then a.ids[1 + (g / 50) % ${AGENCIES}] end, created, created
       from generate_series(${have + 1}, ${NCA_REPORTS}) g cross join a cross join o cross join s
       cross join lateral (select (array['pending', 'open', 'waiting_validations', 'waiting_operations', 'closed', 'closed', 'closed', 'open'])[1 + g % 8] as st,
                                  timestamptz '2022-01-01 08:00:00+00' + (g * interval '37 minutes') as created) x`,
    );
    // A corrective action on every fifth report, due over the years: the older ones not done are overdue.
    await raw.query(`insert into corrective_actions (report_id, sequence, name, action_type, status, expires, expire_date, agency_id)
      select r.id, 1, 'Rimozione del materiale', 'action', (array['new', 'in_progress', 'completed', 'closed'])[1 + (r.code_sequence % 4)], true, r.created_at::date + 60, r.target_agency_id
      from nca_reports r where r.status <> 'pending' and r.code_sequence % 5 = 0 and not exists (select 1 from corrective_actions c where c.report_id = r.id)`);
  }
  const haveRdps = Number((await raw.query<{ n: string }>('select count(*) as n from rdps')).rows[0].n);
  if (haveRdps < RDPS) {
    await raw.query(
      `with lab as (select array_agg(id order by business_name) as ids from laboratories where business_name like 'Bench laboratorio %'),
            a as (select array_agg(id order by business_name) as ids from agencies where business_name like 'Bench impresa %'),
            l as (select array_agg(id order by code) as ids from lots where name like 'Bench lotto %')
       insert into rdps (code, status, laboratory_id, lot_id, agency_id, wbs, label, sample_date, receiving_date, cer, producer, sample_location,
                         analytic_data, out_of_limits, out_of_limits_count, total_price_cents, sal_confirmed_at, created_at, updated_at)
       select 'RDP-B-' || lpad(g::text, 7, '0'), st, lab.ids[1 + g % ${LABORATORIES}], l.ids[1 + g % ${LOTS}], a.ids[1 + g % ${AGENCIES}],
              'WBS-' || (g % 100), 'Campione ' || g, d, d + 2, '170504', 'Produttore ' || (g % 30), 'Cantiere km ' || (g % 400),
              (select jsonb_agg(jsonb_build_object('activity', 'Parametro ' || k, 'unit', 'mg/kg', 'method', 'UNI EN 16171:2016', 'lowerLimit', null,
                                                   'upperLimit', 100, 'value', case when g % 97 = 0 and k = 1 then '120' else ((g + k) % 90)::text || ',5' end, 'outOfLimits', g % 97 = 0 and k = 1) order by k)
               from generate_series(1, 10) k),
              g % 97 = 0, case when g % 97 = 0 then 1 else 0 end, 1000 + (g % 50) * 100,
              case when st = 'completed' and g % 2 = 0 then d + 40 end, d + 1, d + 1
       from generate_series(${haveRdps + 1}, ${RDPS}) g cross join lab cross join a cross join l
       cross join lateral (select (array['processing', 'approved', 'p7mUploaded', 'completed', 'completed'])[1 + g % 5] as st, date '2021-01-01' + (g % 2000) as d) x`,
    );
  }
  if (have < NCA_REPORTS || haveRdps < RDPS) {
    console.log(`seeded ${NCA_REPORTS - have} NCA reports and ${Math.max(0, RDPS - haveRdps)} RDPs in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // As autovacuum leaves tables in use: with the visibility map, counts read the index only.
    await raw.query('vacuum (analyze) nca_reports, corrective_actions, rdps');
  }
  return { consortiumId: consortiumId, agencyId, agencyUserId: agencyUserId, laboratoryId, laboratoryUserId: laboratoryUserId };
}
