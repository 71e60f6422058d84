import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// One vitest run covers the domain package and the API; API integration tests start real
// Fastify servers over PGlite (or PostgreSQL when TEST_DATABASE_URL is set).
// The "source" export condition makes @app/domain resolve to its TypeScript sources, so tests
// never need (or silently use a stale) build.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
