import { benchCollectionList } from './collection-list.ts';
import { benchEnvironmentalLists } from './env-lists.ts';
import { benchExport } from './export.ts';
import { benchHostile } from './hostile.ts';
import { benchDeclarations } from './filings.ts';
import { benchImport } from './import.ts';
import { benchRdp } from './rdp.ts';
import { benchStaysList } from './stays-list.ts';
import { benchTouristTax } from './tourist-tax.ts';
import { benchWeb, benchWebLighthouse } from './web.ts';
import { benchWebBudgets } from './web-budgets.ts';
import { benchXlsxStack } from './xlsx-stack.ts';

/**
 * npm run bench: performance figures, printed (budgets live here, not in timed tests).
 * Needs PostgreSQL on 127.0.0.1:5432 (BENCH_DATABASE_URL) and, for the web figures, a built web app and Chromium.
 * BENCH_ONLY=name runs one section.
 */
const sections: Record<string, () => Promise<void>> = {
  'collection-list': benchCollectionList,
  filings: benchDeclarations,
  'tourist-tax': () => benchTouristTax(),
  export: benchExport,
  'stays-list': benchStaysList,
  import: benchImport,
  hostile: benchHostile,
  rdp: benchRdp,
  lists: benchEnvironmentalLists,
  web: async () => {
    await benchWebBudgets();
    await benchWeb();
  },
  // The web section's first part alone (BENCH_ONLY=web-budgets): a quick look at the JavaScript budgets.
  'web-budgets': benchWebBudgets,
  // Issue 28 §7's Lighthouse table alone (BENCH_ONLY=web-lighthouse; BENCH_WEB_PAGES=dashboard,nca for some pages).
  'web-lighthouse': benchWebLighthouse,
  xlsx: benchXlsxStack,
};

const only = process.env.BENCH_ONLY;
for (const [name, run] of Object.entries(sections)) {
  if (only ? only !== name : name === 'web-budgets' || name === 'web-lighthouse') continue;
  console.log(`\n=== ${name}`);
  await run();
}
