import { defineConfig } from 'vitest/config';

// One vitest run covers the domain package and the API; API integration tests start real
// Fastify servers over PGlite (or PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
