/**
 * Which API test files CI runs a second time on PostgreSQL (`TEST_PASS=postgres`, see vitest.config.ts
 * and .ci/run), and why each of the others does not need it. postgres-pass.test.ts fails on a test file
 * missing here, so a new file is classified by whoever adds it.
 *
 * What is the same on both databases, so a second pass proves nothing about it: the SQL (Drizzle's one
 * PostgreSQL dialect), the driver (node-postgres in both cases: PGlite answers it over the wire protocol
 * from its thread, db/client.ts), so parameters and parsed values; and everything the API decides in
 * TypeScript (access table, validation, workflows' rules, texts, files).
 *
 * What differs, and sends a file to the second pass:
 * - `concurrency`: PGlite is one session, so transactions take turns and a race never happens; on
 *   PostgreSQL the pool's connections run at once, with row locks, conflicts and counters under load.
 * - `transaction`: all-or-nothing writes over many statements (imports in batches, bulk lists), whose
 *   rollback and visibility PostgreSQL enforces between connections.
 * - `schema`: what the server builds from the migrations and seeds, and answers for: triggers,
 *   constraints and the SQLSTATE codes the error mapping reads, idempotent seeding.
 * - `sql`: queries whose result the server computes beyond rows by id: aggregates, search, the
 *   collection layer's filters, sorts, counts and scope clauses, streamed exports, job runs; PGlite
 *   is PostgreSQL 17 and a server may be older (CI's is 15), with other settings and extensions.
 * - `listen`: LISTEN/NOTIFY, which PGlite's thread emulates and PostgreSQL delivers on a connection of
 *   its own (sessions ended at once, real-time notifications).
 * - `every-route`: the administrator's route walk calls every route, so every statement the API has
 *   runs at least once on the server (a statement PostgreSQL refuses answers 5xx and fails the walk).
 */
export const ON_POSTGRES = {
  'apps/api/src/lib/collection/bulk.test.ts': 'sql',
  'apps/api/src/lib/database-errors.test.ts': 'schema',
  'apps/api/src/modules/environmental/contracts/price-list.test.ts': 'transaction',
  'apps/api/src/modules/environmental/forms/forms.test.ts': 'sql',
  // The register's time-zone arithmetic (dates in Italy from timestamptz), jsonb site key and scope clause.
  'apps/api/src/modules/environmental/forms/register/register.test.ts': 'sql',
  'apps/api/src/modules/environmental/invites/invites.test.ts': 'concurrency',
  'apps/api/src/modules/environmental/nca/nca-capa.test.ts': 'sql',
  'apps/api/src/modules/environmental/nca/nca-evidence.test.ts': 'schema',
  'apps/api/src/modules/environmental/nca/nca-reminders.test.ts': 'sql',
  'apps/api/src/modules/environmental/nca/nca-rules.test.ts': 'concurrency',
  'apps/api/src/modules/environmental/nca/nca-signer-guesses.test.ts': 'concurrency',
  // Two reminders of one request at once: the hour's claim is a conditional update under the row lock.
  'apps/api/src/modules/environmental/nca/remind-signers.test.ts': 'concurrency',
  'apps/api/src/modules/environmental/rdps/import-rdps.test.ts': 'transaction',
  'apps/api/src/modules/environmental/rdps/rdps.test.ts': 'sql',
  'apps/api/src/modules/environmental/registry/registry.test.ts': 'sql',
  'apps/api/src/modules/platform/app-versions/app-versions.test.ts': 'listen',
  'apps/api/src/modules/platform/settings/settings-cache.test.ts': 'listen',
  'apps/api/src/modules/platform/audit/audit-logs.test.ts': 'sql',
  'apps/api/src/modules/platform/auth/sessions.test.ts': 'listen',
  'apps/api/src/modules/platform/generic/collection-export.test.ts': 'sql',
  'apps/api/src/modules/platform/generic/faqs.test.ts': 'sql',
  'apps/api/src/modules/platform/history/history.test.ts': 'sql',
  'apps/api/src/modules/platform/notifications/notifications.test.ts': 'listen',
  'apps/api/src/modules/platform/roles/roles.test.ts': 'schema',
  'apps/api/src/modules/platform/saved-views/saved-views.test.ts': 'sql',
  'apps/api/src/modules/platform/search/search.test.ts': 'sql',
  'apps/api/src/modules/platform/translations/translations.test.ts': 'transaction',
  'apps/api/src/modules/platform/users/users.test.ts': 'transaction',
  'apps/api/src/modules/tourist-tax/dashboards/dashboards.test.ts': 'sql',
  'apps/api/src/modules/tourist-tax/declarations/declaration-figures-aggregate.test.ts': 'sql',
  'apps/api/src/modules/tourist-tax/declarations/declarations.test.ts': 'concurrency',
  // The stored totals are kept by triggers over transition tables (migration 0060): the server runs them.
  'apps/api/src/modules/tourist-tax/declarations/stay-figure-totals.test.ts': 'schema',
  'apps/api/src/modules/tourist-tax/declarations/filing-reminders.test.ts': 'sql',
  'apps/api/src/modules/tourist-tax/declarations/pagopa-notice.test.ts': 'concurrency',
  'apps/api/src/modules/tourist-tax/modello21/modello21.test.ts': 'sql',
  'apps/api/src/modules/tourist-tax/pagopa/pagopa.test.ts': 'concurrency',
  'apps/api/src/modules/tourist-tax/rules/regulation-rules.test.ts': 'transaction',
  'apps/api/src/modules/tourist-tax/stays/import-all-or-nothing.test.ts': 'transaction',
  'apps/api/src/modules/tourist-tax/stays/import-export.test.ts': 'transaction',
  'apps/api/src/modules/tourist-tax/stays/stays-list.test.ts': 'schema',
  'apps/api/src/modules/tourist-tax/stays/stays.test.ts': 'schema',
  'apps/api/src/seed/environmental-demo.test.ts': 'schema',
  'apps/api/src/seed/filings-demo.test.ts': 'schema',
  // Cached counts forgotten through the notify triggers of the tables a scope reads, delivered on PostgreSQL's LISTEN connection.
  'apps/api/src/test/cached-counts.test.ts': 'listen',
  // Who hears of a write is decided by each receiver's scope clause over the row.
  'apps/api/src/test/live-lists.test.ts': 'sql',
  'apps/api/src/test/route-walk-admin.test.ts': 'every-route',
  'apps/api/src/test/row-scope.test.ts': 'sql',
} as const satisfies Record<string, 'concurrency' | 'transaction' | 'schema' | 'sql' | 'listen' | 'every-route'>;

/**
 * Files the first pass (PGlite) covers for both databases:
 * - `no-database`: never opens a database (pure functions, files, worker threads, source scans).
 * - `embedded-itself`: about PGlite and its thread; they skip what needs it on PostgreSQL.
 * - `on-postgres-already`: runs on PostgreSQL in the first pass already (two API processes need it).
 * - `decided-in-code`: what they prove is decided in TypeScript (access, validation, bounds checked
 *   before any row is read, workflow rules, sign-in and tokens, files, texts); their statements are
 *   the collection layer's and the use cases' own, which the files above and the administrator's
 *   route walk run on PostgreSQL.
 */
export const EMBEDDED_ONLY = {
  'apps/api/src/config.test.ts': 'no-database',
  'apps/api/src/db/client.test.ts': 'embedded-itself',
  'apps/api/src/db/pglite-thread.test.ts': 'embedded-itself',
  'apps/api/src/i18n/messages.test.ts': 'no-database',
  'apps/api/src/lib/collection/json-writer.test.ts': 'no-database',
  'apps/api/src/lib/csv.test.ts': 'no-database',
  'apps/api/src/lib/document-jobs.test.ts': 'no-database',
  'apps/api/src/lib/layers.test.ts': 'no-database',
  'apps/api/src/lib/pdf-layout.test.ts': 'no-database',
  'apps/api/src/lib/table-writes.test.ts': 'no-database',
  'apps/api/src/lib/uuidv7.test.ts': 'no-database',
  'apps/api/src/lib/workflow/status-writes.test.ts': 'no-database',
  'apps/api/src/lib/xlsx-read.test.ts': 'no-database',
  'apps/api/src/lib/xlsx-write.test.ts': 'no-database',
  'apps/api/src/modules/environmental/nca/nca-code-mail.test.ts': 'decided-in-code',
  'apps/api/src/modules/environmental/nca/nca-flow.test.ts': 'decided-in-code',
  'apps/api/src/modules/environmental/nca/nca-functions.test.ts': 'decided-in-code',
  'apps/api/src/modules/environmental/nca/nca-gaps.test.ts': 'decided-in-code',
  'apps/api/src/modules/environmental/nca/nca-languages.test.ts': 'decided-in-code',
  'apps/api/src/modules/environmental/nca/nca-pdf-limits.test.ts': 'decided-in-code',
  // The seal is made and checked in TypeScript and by pdfsig over the stored bytes; the database only keeps their hash.
  'apps/api/src/modules/environmental/nca/nca-seal.test.ts': 'decided-in-code',
  'apps/api/src/modules/environmental/nca/signing-terms.test.ts': 'decided-in-code',
  'apps/api/src/modules/environmental/rdps/import-rdps-bounds.test.ts': 'decided-in-code',
  'apps/api/src/modules/environmental/signed-files/signed-uploads.test.ts': 'decided-in-code',
  'apps/api/src/modules/environmental/forms/rentri/rentri-body.test.ts': 'no-database',
  'apps/api/src/modules/environmental/signed-files/verify-signed-file.test.ts': 'no-database',
  'apps/api/src/modules/platform/analytics/page-views.test.ts': 'decided-in-code',
  'apps/api/src/modules/platform/app-versions/compare-versions.test.ts': 'no-database',
  'apps/api/src/modules/platform/auth/login.test.ts': 'decided-in-code',
  // The app's closing order (hooks) is decided in code; the job_runs statements run on PostgreSQL in the reminder files.
  'apps/api/src/modules/platform/jobs/job-runner.test.ts': 'decided-in-code',
  'apps/api/src/modules/platform/auth/password-reset.test.ts': 'decided-in-code',
  'apps/api/src/modules/platform/auth/rate-limiter.test.ts': 'no-database',
  'apps/api/src/modules/platform/auth/register.test.ts': 'decided-in-code',
  'apps/api/src/modules/platform/auth/social-login.test.ts': 'decided-in-code',
  'apps/api/src/modules/platform/generic/generic-collections.test.ts': 'decided-in-code',
  // Each lock is a collection's rule in TypeScript (toRow), over rows read by id.
  'apps/api/src/modules/platform/history/restore-locks.test.ts': 'decided-in-code',
  'apps/api/src/modules/platform/permissions/hold-permission.test.ts': 'decided-in-code',
  'apps/api/src/modules/platform/profile/impersonation.test.ts': 'decided-in-code',
  'apps/api/src/modules/platform/profile/profile.test.ts': 'decided-in-code',
  'apps/api/src/modules/platform/settings/areas.test.ts': 'decided-in-code',
  'apps/api/src/modules/platform/settings/settings.test.ts': 'decided-in-code',
  'apps/api/src/modules/platform/uploads/detect-file-format.test.ts': 'no-database',
  'apps/api/src/modules/platform/uploads/uploads.test.ts': 'decided-in-code',
  'apps/api/src/modules/tourist-tax/communications/communications.test.ts': 'decided-in-code',
  'apps/api/src/modules/tourist-tax/comune-screens.test.ts': 'decided-in-code',
  'apps/api/src/modules/tourist-tax/police-files/police-files.test.ts': 'decided-in-code',
  'apps/api/src/modules/tourist-tax/registry/scope.test.ts': 'decided-in-code',
  'apps/api/src/modules/tourist-tax/registry/structure-managers.test.ts': 'decided-in-code',
  'apps/api/src/modules/tourist-tax/rules/rules.test.ts': 'decided-in-code',
  'apps/api/src/modules/tourist-tax/stays/import-bounds.test.ts': 'decided-in-code',
  'apps/api/src/modules/tourist-tax/stays/stay-list-json.test.ts': 'no-database',
  'apps/api/src/test/hostile-input.test.ts': 'decided-in-code',
  'apps/api/src/test/multi-instance.test.ts': 'on-postgres-already',
  'apps/api/src/test/openapi-responses.test.ts': 'decided-in-code',
  'apps/api/src/test/postgres-pass.test.ts': 'no-database',
  'apps/api/src/test/route-walk-environmental.test.ts': 'decided-in-code',
  'apps/api/src/test/route-walk-tourist-tax.test.ts': 'decided-in-code',
  'apps/api/src/test/security-headers.test.ts': 'decided-in-code',
} as const satisfies Record<string, 'no-database' | 'embedded-itself' | 'on-postgres-already' | 'decided-in-code'>;
