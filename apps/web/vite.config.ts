import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

const ENTRY = path.resolve(import.meta.dirname, 'src/main.tsx');

/** Libraries of a few pages only (the charts, the date pickers, zod for the forms that check with it): their pages fetch them on demand. */
const PAGE_LIBRARIES =
  /node_modules\/(zod|@mui\/x-internal-gestures|@base-ui|@mui\/x-charts|@mui\/x-charts-vendor|@mui\/x-date-pickers|@mui\/x-internals|date-fns|d3-[^/]+|internmap|flatqueue|bezier-easing|reselect|use-sync-external-store)\//;

/**
 * react-admin's forms, inputs, lists, fields, record pages and their controllers, the list and record buttons, the data
 * table, the mutation hooks (create, update, delete), and what only they use (react-hook-form, the autocomplete, the
 * table pagination, the exporter): a chunk of their own that pages showing a list or a form fetch
 * (components/listParts.ts), so a page with neither (a dashboard, which never writes) starts without them.
 */
const ADMIN_FORMS_AND_LISTS =
  /node_modules\/(react-hook-form\/|diacritic\/|ra-ui-materialui\/dist\/(input|list|form|detail|field)\/|ra-ui-materialui\/dist\/auth\/Login|ra-ui-materialui\/dist\/button\/(SaveButton|Delete|BulkDelete|BulkUpdate|Update|CreateButton|EditButton|ExportButton|ListButton|ShowButton|SelectAllButton)|ra-ui-materialui\/dist\/(Labeled|preferences\/FieldToggle)|ra-core\/dist\/(form|test-ui|export|dataTable|controller\/(input|button|list|field|edit|create|show|saveContext))\/|ra-core\/dist\/controller\/(usePaginationState|useSortState|useReference)\.js|ra-core\/dist\/dataProvider\/(useCreate|useUpdate|useUpdateMany|useDelete|useDeleteMany|useMutationWithMutationMode|useGetManyReference)\.js|jsonexport\/|@mui\/material\/(useAutocomplete|Autocomplete|TablePagination|PaginationItem|Pagination)\/)/;

/** What the layout's own modules (buttons, menus) use among those: it stays in vendor-admin, or the two chunks would import each other. */
const USED_BY_THE_LAYOUT = /node_modules\/ra-core\/dist\/(controller\/list\/(useListContext|useListContextWithProps|ListContext|queryReducer)\.js|export\/(fetchRelatedRecords|getRelatedIds)\.js)/;

type TModuleGraph = { getModuleInfo: (id: string) => { importedIds: readonly string[] } | null };
let shellModules: Set<string> | null = null;

/** Every module the entry imports statically: what the sign-in page (the onboarding part, src/Shell.tsx) loads. */
function modulesOfTheShell(graph: TModuleGraph): Set<string> {
  if (shellModules) return shellModules;
  const seen = new Set<string>();
  const queue = [ENTRY];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  // Through a package's index, the entry would reach every component of the package (and put them all in vendor-shell).
  const barrel = [...seen].find((id) => /node_modules\/@mui\/(material|icons-material)\/index\.m?js$/.test(id));
  if (barrel) throw new Error(`The sign-in page imports ${barrel}: its files import MUI by path (@mui/material/Box), not from the package index`);
  shellModules = seen;
  return seen;
}

/*
 * Libraries in a few chunks, not in one chunk per combination of pages that share them: left to the
 * bundler, react-admin and MUI came in about eighty small chunks and the stays list waited for them
 * in turn (six requests at a time over HTTP/1.1), long after the admin app itself.
 * - vendor-react: React and the router, every page.
 * - vendor-shell: the other libraries the entry imports statically (the MUI parts of the sign-in
 *   page). They need a chunk of their own: a manual chunk claims the modules its members import, so
 *   a react-admin chunk would take MUI's Box and TextField with it and the sign-in page would load
 *   the whole of react-admin for them.
 * - vendor-admin: every other library of the admin app (react-admin, the rest of MUI, the icons),
 *   fetched with the admin app after sign-in; but the charts and the date pickers stay with the
 *   pages that use them.
 * - vendor-dates: the date pickers and date-fns, with the forms that have a date.
 * - vendor-altcha, vendor-socket: loaded on demand (the bot check, the realtime socket).
 */
function vendorChunkFor(id: string, graph: TModuleGraph): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/(altcha)\//.test(id)) return 'vendor-altcha';
  if (/node_modules\/(socket\.io-client|engine\.io-client|socket\.io-parser|engine\.io-parser|@socket\.io)\//.test(id)) return 'vendor-socket';
  if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|react-is)\//.test(id)) return 'vendor-react';
  if (modulesOfTheShell(graph).has(id)) return 'vendor-shell';
  // date-fns is the date pickers' (DateInput): left alone, react-admin's type guessers (never used
  // here, but they import it) made vendor-admin claim its parser and formatter, 200 KB raw.
  if (/node_modules\/(date-fns|@mui\/x-date-pickers)\//.test(id)) return 'vendor-dates';
  // MUI X's and Base UI's error helpers, shared by the date pickers and the charts: without a chunk of their own,
  // vendor-dates claimed them and the dashboard's charts fetched the date pickers for two functions.
  if (/node_modules\/(@mui\/x-internals|@base-ui\/utils)\//.test(id)) return 'vendor-mui-x';
  if (PAGE_LIBRARIES.test(id)) return undefined;
  if (ADMIN_FORMS_AND_LISTS.test(id) && !USED_BY_THE_LAYOUT.test(id)) return 'vendor-admin-forms';
  return 'vendor-admin';
}

/**
 * Library files the build replaces by smaller ones of ours (src/build-shims/, each says why; buildShims.test.ts checks each
 * still offers what the file it replaces offers): matched on the resolved path, so only that package's file is swapped.
 */
const REPLACED_LIBRARY_FILES: [RegExp, string][] = [
  [/\/ra-core\/dist\/routing\/adapters\/reactRouterProvider\.js$/, 'src/build-shims/raCoreRouterProvider.ts'],
  [/\/node_modules\/object\.entries\/index\.js$/, 'src/build-shims/objectEntries.cjs'],
];
function replaceLibraryFiles(): Plugin {
  return {
    name: 'replace-library-files',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer?.includes('node_modules')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const replacement = resolved && REPLACED_LIBRARY_FILES.find(([file]) => file.test(resolved.id));
      return replacement ? path.resolve(import.meta.dirname, replacement[1]) : resolved;
    },
  };
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every text asset of the build, at the highest
 * levels: the API serves them as they are (@fastify/static preCompressed), so nothing is compressed
 * per request and the sign-in page's JavaScript travels brotli-compressed.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/.test(file)) continue;
        const bytes = fs.readFileSync(file);
        if (bytes.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        fs.writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [replaceLibraryFiles(), precompress()],
  /*
   * JSX goes through Vite's own esbuild transform. @vitejs/plugin-react is hoisted next to
   * vitest's vite 8 and detects rolldown from there, which breaks this vite 7 dev server
   * ("Missing field moduleType"); the only loss is React fast refresh in development.
   */
  esbuild: { jsx: 'automatic' },
  // @app/domain is bundled from its TypeScript sources ("source" export condition): dev and build
  // never depend on the domain package's own build.
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: [
      // react-admin imports lodash's CommonJS files one function at a time (lodash/get.js); lodash-es is the same code
      // as ES modules, without a CommonJS wrapper per file, and the bundler can drop what is not used.
      { find: /^lodash\/(\w+)(\.js)?$/, replacement: 'lodash-es/$1.js' },
    ],
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // Libraries mark modules "use client" for server-component bundlers; meaningless in this SPA.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        // Two vendor chunks that import each other load the forms with every first page again, and may run modules
        // out of order: a library update that brings one back fails the build (USED_BY_THE_LAYOUT lists the way out).
        if (warning.code === 'CIRCULAR_CHUNK' || warning.message.includes('Circular chunk')) throw new Error(warning.message);
        warn(warning);
      },
      output: {
        manualChunks: (id, graph) => vendorChunkFor(id, graph),
      },
    },
  },
});
