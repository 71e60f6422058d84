import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { ON_POSTGRES } from './apps/api/src/test/postgres-pass.ts';

// One vitest run covers the domain package, the web unit tests and the API. API integration tests
// start real Fastify servers over PGlite (or PostgreSQL when TEST_DATABASE_URL is set), each on a
// copy of a database the API project's global setup migrates and seeds once per run; that setup
// runs only when API test files are selected.
// The "source" export condition makes @app/domain resolve to its TypeScript sources, so tests
// never need (or silently use a stale) build.
//
// TEST_PASS=postgres (with TEST_DATABASE_URL) selects the API files whose result can differ on
// PostgreSQL, listed with the reason in apps/api/src/test/postgres-pass.ts: CI's second pass.
const postgresPass = process.env.TEST_PASS === 'postgres';
if (postgresPass && !process.env.TEST_DATABASE_URL) throw new Error('TEST_PASS=postgres runs on PostgreSQL: set TEST_DATABASE_URL too');
if (process.env.TEST_PASS && !postgresPass) throw new Error(`TEST_PASS is postgres or unset, not ${process.env.TEST_PASS}`);

export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  // Global setup files run in vitest's own environment, which needs the condition too.
  environments: { __vitest__: { resolve: { conditions: ['source', ...defaultServerConditions], externalConditions: ['source'] } } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      // Test files run without isolation: a worker process runs file after file and keeps the modules it
      // imported, instead of a new process per file importing everything again (unit files at load 30: 103 CPU s
      // isolated, 35 and 25 not; six API files: 48 CPU s isolated, 34 not; ARCHITECTURE.md, "CI"). No test mocks
      // a module or sets process.env; each API file builds its own app on its own database copy, and what the
      // API keeps at module level is either keyed by app or database (settings cache, tokens) or registered
      // once (the areas' hooks), as several apps in one process already required.
      { extends: true, test: { name: 'unit', isolate: false, include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'api', isolate: false, include: postgresPass ? Object.keys(ON_POSTGRES) : ['apps/api/src/**/*.test.ts'], globalSetup: ['apps/api/src/test/global-setup.ts'] },
      },
    ],
  },
});
