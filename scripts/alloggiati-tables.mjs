// Regenerates packages/domain/src/tourist-tax/alloggiati-tables.data.ts from the Alloggiati Web tables as the
// Polizia di Stato's portal publishes them (Tabelle.aspx: comuni.csv, stati.csv, documenti.csv, comma-separated,
// header Codice,Descrizione,Provincia,DataFineVal), and prints how the new tables compare with the ones it replaces.
// Usage: node scripts/alloggiati-tables.mjs <folder holding comuni.csv, stati.csv, documenti.csv> [--check]
//   --check: compare and print only, do not write the data file.
// The folder used for the shipped file is a checkout of SOURCE below (git show <commit>:comuni.csv etc.).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE = {
  repository: 'zumatt/generatore-schedine-alloggiati-web',
  path: 'comuni.csv, stati.csv, documenti.csv',
  commit: '86bf5ed7c669edc589e75d5f5567dc1d5a13e219',
  date: '2025-04-18',
};

// How SOURCE was checked against other copies besides the comparison below (by hand; update with SOURCE).
const CHECKED = `Checked against two other copies: the comuni in force from ALTISSIMO to BORGARO TORINESE (586) are,
 * code for code, the name-to-code map of CasaPaolina/Home (docs/checkin-google-apps-script.gs, commit
 * 0b2d4625f573e2cd783a6ee1c215f695c0e3036d), and the 155 codes and 12 names that a public report of
 * 19 September 2026 quotes from its download of comuni.csv (MONTECOPIOLO RN 411099030, BONATE SOTTO, ...) agree.`;

const root = new URL('..', import.meta.url).pathname;
const target = join(root, 'packages/domain/src/tourist-tax/alloggiati-tables.data.ts');
const folder = process.argv[2];
if (!folder) {
  console.error('Usage: node scripts/alloggiati-tables.mjs <folder with comuni.csv, stati.csv, documenti.csv> [--check]');
  process.exit(2);
}
const checkOnly = process.argv.includes('--check');

/** Rows of a portal CSV without its header; the portal's files carry no quotes and no commas inside a name. */
function readCsv(name, columns) {
  const lines = readFileSync(join(folder, name), 'latin1')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const header = lines.shift();
  if (!header.startsWith('Codice,Descrizione')) throw new Error(`${name}: unexpected header ${header}`);
  return lines.map((line, index) => {
    const cells = line.split(',');
    if (cells.length !== columns || line.includes('"')) throw new Error(`${name}:${index + 2}: expected ${columns} plain cells, got ${line}`);
    return cells.map((cell) => cell.trim());
  });
}

/** "31/12/2015 00:00:00" -> "2015-12-31" (the last day the code was valid). */
function isoDate(value) {
  if (!value) return '';
  const match = /^(\d{2})\/(\d{2})\/(\d{4})( 00:00:00)?$/.exec(value);
  if (!match) throw new Error(`unexpected DataFineVal ${value}`);
  return `${match[3]}-${match[2]}-${match[1]}`;
}

const byCode = (a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
const comuni = readCsv('comuni.csv', 4)
  .map(([code, name, province, end]) => ({ code, name, province, end: isoDate(end) }))
  .sort(byCode);
const states = readCsv('stati.csv', 4)
  .map(([code, name, province, end]) => {
    if (province !== 'ES') throw new Error(`stati.csv: ${code} has province ${province}`);
    return { code, name, province: '', end: isoDate(end) };
  })
  .sort(byCode);
const documents = readCsv('documenti.csv', 2)
  .map(([code, name]) => ({ code, name }))
  .sort(byCode);

const places = [...states, ...comuni];
const listedStates = states.length;
const seen = new Set();
for (const entry of [...places, ...documents]) {
  if (seen.has(entry.code)) throw new Error(`duplicate code ${entry.code}`);
  seen.add(entry.code);
}
for (const entry of comuni) if (!/^4\d{8}$/.test(entry.code) || !/^[A-Z]{2}$/.test(entry.province)) throw new Error(`bad comune ${JSON.stringify(entry)}`);
for (const entry of states) if (!/^1\d{8}$/.test(entry.code)) throw new Error(`bad state ${JSON.stringify(entry)}`);
for (const entry of documents) if (!/^[A-Z0-9]{5}$/.test(entry.code)) throw new Error(`bad document type ${JSON.stringify(entry)}`);
for (const entry of [...places, ...documents]) if (/[\t`$\\]/.test(entry.name)) throw new Error(`name not safe in a template literal: ${entry.name}`);

// The tables being replaced, for the comparison printed below.
const previous = readFileSync(target, 'utf8');
const previousTsv = (name) => {
  const match = new RegExp(`export const ${name} = \`([^\`]*)\``).exec(previous);
  if (!match) throw new Error(`${name} not found in ${target}`);
  return match[1].split('\n').map((line) => line.split('\t'));
};
const oldPlaces = new Map(previousTsv('ALLOGGIATI_PLACES_TSV').map(([code, name, province]) => [code, { code, name, province: province ?? '' }]));
const oldDocuments = new Map(previousTsv('ALLOGGIATI_DOCUMENT_TYPES_TSV').map(([code, name]) => [code, { code, name }]));

const newPlaces = new Map(places.map((entry) => [entry.code, entry]));
const kindOf = (code) => (code.startsWith('4') ? 'comuni' : 'states');
const report = { comuni: { both: 0, sameProvince: 0, sameName: 0, added: [], missing: [], provinceDiffers: [], nameDiffers: [] } };
report.states = structuredClone(report.comuni);
for (const entry of places) {
  const bucket = report[kindOf(entry.code)];
  const old = oldPlaces.get(entry.code);
  if (!old) {
    bucket.added.push(entry);
    continue;
  }
  bucket.both += 1;
  if (old.province === entry.province) bucket.sameProvince += 1;
  else bucket.provinceDiffers.push(`${entry.code} ${entry.name}: ${old.province} -> ${entry.province}`);
  if (old.name === entry.name) bucket.sameName += 1;
  else bucket.nameDiffers.push(`${entry.code}: ${old.name} -> ${entry.name}`);
}
for (const old of oldPlaces.values()) if (!newPlaces.has(old.code)) report[kindOf(old.code)].missing.push(`${old.code} ${old.name} ${old.province}`);

for (const [kind, bucket] of Object.entries(report)) {
  const addedCurrent = bucket.added.filter((entry) => !entry.end);
  console.log(`${kind}: ${bucket.both} codes in both; province agrees for ${bucket.sameProvince}, name for ${bucket.sameName}`);
  console.log(`  added: ${bucket.added.length} (${addedCurrent.length} still valid, ${bucket.added.length - addedCurrent.length} with an end date)`);
  console.log(`  in the old copy only: ${bucket.missing.length}`);
  for (const line of bucket.missing) console.log(`    ${line}`);
  console.log(`  province differs: ${bucket.provinceDiffers.length}`);
  for (const line of bucket.provinceDiffers) console.log(`    ${line}`);
  console.log(`  name differs: ${bucket.nameDiffers.length}`);
  for (const line of bucket.nameDiffers) console.log(`    ${line}`);
}
const endedSince2014 = places.filter((entry) => entry.end > '2014-04-07' && oldPlaces.has(entry.code));
console.log(`codes of the old copy closed after 2014-04-07: ${endedSince2014.length} (${endedSince2014.filter((entry) => entry.code.startsWith('4')).length} comuni)`);
const documentsBoth = documents.filter((entry) => oldDocuments.has(entry.code));
console.log(
  `document types: ${documents.length} (old ${oldDocuments.size}); in both ${documentsBoth.length}, same name ${documentsBoth.filter((entry) => oldDocuments.get(entry.code).name === entry.name).length}; ` +
    `added ${
      documents
        .filter((entry) => !oldDocuments.has(entry.code))
        .map((entry) => entry.code)
        .join(' ') || 'none'
    }; ` +
    `old only ${[...oldDocuments.keys()].filter((code) => !documents.some((entry) => entry.code === code)).join(' ') || 'none'}`,
);
// States the 2014 copy had and the portal's list no longer shows (URSS, ZAIRE, ...): a guest's document may still
// carry them, so they stay, without an end date since the source gives none.
const carried = [...oldPlaces.values()].filter((old) => !old.code.startsWith('4') && !newPlaces.has(old.code));
for (const old of carried) states.push({ code: old.code, name: old.name, province: '', end: '' });
states.sort(byCode);
places.splice(0, places.length, ...states, ...comuni);
console.log(`kept from the old copy: ${carried.length} states`);
console.log(
  `places: ${places.length} (${comuni.length} comuni of which ${comuni.filter((entry) => !entry.end).length} valid, ${states.length} states of which ${states.filter((entry) => !entry.end).length} valid)`,
);

if (checkOnly) process.exit(0);

const header = `/*
 * GENERATED by scripts/alloggiati-tables.mjs: do not edit by hand. The code tables of the Alloggiati Web service
 * (Polizia di Stato): Luoghi (comuni with their province, and states) and Tipi_Documento, as the portal publishes them
 * on its Tabelle page (comuni.csv, stati.csv, documenti.csv, downloaded in April 2025).
 * Source: the copy shipped in ${SOURCE.repository} (files ${SOURCE.path}),
 * commit ${SOURCE.commit} of ${SOURCE.date}. It replaces the copy of 7 April 2014 in
 * HyperTesto/schedine-alloggiatiweb (tabelle_questura.db); the script compares the two (see README).
 * ${CHECKED}
 * Places keep their end of validity (DataFineVal, as yyyy-mm-dd, the last valid day): a suppressed comune or an old
 * state stays readable, since a guest born there carries its code. States have no province. The ${carried.length} states
 * of the 2014 copy that the 2025 list no longer shows (URSS, ZAIRE, JUGOSLAVIA (SERBIA-MONTENEGRO), ...) are kept
 * from it, without an end date (neither copy gives one); the ${listedStates} others are the 2025 list.
 * Rows: code TAB name TAB province (comuni only) TAB end of validity (when the code was closed).
 */
`;
const sourceLiteral = Object.entries(SOURCE)
  .map(([key, value]) => `  ${key}: '${value}',\n`)
  .join('');
const body =
  `export const ALLOGGIATI_TABLES_SOURCE = {\n${sourceLiteral}} as const;\n\n` +
  `export const ALLOGGIATI_PLACES_TSV = \`${places.map((entry) => `${entry.code}\t${entry.name}\t${entry.province}\t${entry.end}`).join('\n')}\`;\n\n` +
  `export const ALLOGGIATI_DOCUMENT_TYPES_TSV = \`${documents.map((entry) => `${entry.code}\t${entry.name}`).join('\n')}\`;\n`;
writeFileSync(target, header + body);
console.log(`wrote ${target}`);
