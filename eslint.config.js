// ESLint for the whole monorepo: typescript-eslint with type information (each file is checked
// against the tsconfig.json of its workspace), React hooks rules for the web app, and the import
// boundaries between the layers and the business areas, and declared dependencies. `npm run lint` fails on any error.
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Which other business areas an area may use. Platform is the administration base: every area may
 * import it, and it imports no business area. Business areas do not import each other.
 */
const AREA_USES = {
  platform: [],
  'tourist-tax': ['platform'],
  environmental: ['platform'],
};
const AREAS = Object.keys(AREA_USES);

/** `../`, `../../`, ... : a relative import that leaves the current folder. */
const UP = String.raw`^(?:\.\./)+`;

/**
 * One no-restricted-imports pattern per forbidden target. Patterns are regular expressions on the
 * import specifier as written (relative paths and `@app/...` package paths).
 */
const forbid = (regex, message) => ({ regex, message });

/**
 * The boundary rules for the files of `area` in one layer: an area it may use is reached only
 * through `publicIndex` (a regex, relative to that area's folder); any other area not at all, in
 * this layer nor in the domain package (`allowedDomainFiles`: listed exceptions, `<area>/<file>`).
 */
function areaBoundaries({ layer, area, publicIndex, allowedDomainFiles = [] }) {
  const patterns = [];
  for (const other of AREAS) {
    if (other === area) continue;
    const allowed = AREA_USES[area].includes(other);
    if (!allowed) {
      const exceptions = allowedDomainFiles.filter((file) => file.startsWith(`${other}/`)).map((file) => file.slice(other.length + 1));
      patterns.push(
        forbid(`${UP}(?:modules/|src/)?${other}(?:/|$)`, `${layer}: the ${area} area does not import the ${other} area (platform is the base; business areas stay independent).`),
        forbid(
          `^@app/domain/${other}${exceptions.length ? `(?!/(?:${exceptions.join('|')})$)` : ''}(?:/|$)`,
          `${layer}: the ${area} area does not use the ${other} domain (platform is the base; business areas stay independent).`,
        ),
      );
    } else {
      patterns.push(forbid(`${UP}(?:modules/|src/)?${other}/(?!${publicIndex}$)`, `${layer}: import the ${other} area only through its public index (${other}/${publicIndex.replaceAll('\\', '')}).`));
    }
  }
  return patterns;
}

/** The web app runs in the browser: nothing of the API nor any server-only module (its tests run in Node and may read files). */
const WEB_NEVER_IMPORTS_API = [
  forbid(String.raw`^@app/api(?:/|$)`, 'apps/web never imports the API: share code through @app/domain.'),
  forbid(String.raw`(?:^|/)api/src(?:/|$)`, 'apps/web never imports the API: share code through @app/domain.'),
  forbid(
    String.raw`^(?:fastify|@fastify/|drizzle-orm|drizzle-kit|pg$|@electric-sql/pglite|nodemailer|@node-rs/|pino|socket\.io$|exceljs|pdf-lib|jose)`,
    'apps/web runs in the browser: this package is server-only.',
  ),
];
const WEB_IS_CLIENT_ONLY = [
  ...WEB_NEVER_IMPORTS_API,
  forbid(String.raw`^(?:node:|fs$|path$|crypto$|child_process$|http$|https$|os$|stream$|worker_threads$)`, 'apps/web runs in the browser: no Node.js built-in modules.'),
];
const WEB_TESTS = ['apps/web/src/**/*.test.{ts,tsx}'];
/**
 * Screens read and write through react-admin's hooks (useGetOne, useUpdate, ...) and, for the calls
 * beyond CRUD, the typed hooks of dataProvider/hooks.ts: no query key or provider call in a screen.
 */
const WEB_SCREENS_USE_THE_DATA_LAYER = [
  forbid(String.raw`^@tanstack/react-query$`, "apps/web: use react-admin's data hooks or dataProvider/hooks.ts (useCustomQuery, useCustomMutation), not react-query directly."),
  {
    regex: String.raw`^(?:react-admin|ra-core)$`,
    importNames: ['useDataProvider'],
    message: "apps/web: use react-admin's data hooks or dataProvider/hooks.ts (useCustomQuery, useCustomMutation), not the provider directly.",
  },
];
const WEB_SCREENS = [...WEB_IS_CLIENT_ONLY, ...WEB_SCREENS_USE_THE_DATA_LAYER];

/** apps/api/src/lib holds cross-area building blocks: it never depends on a business area. */
const LIB_IS_BELOW_MODULES = [forbid(String.raw`${UP}(?:\.\./)*modules(?:/|$)`, 'apps/api/src/lib never imports from modules/: move the shared piece into lib/ or pass it in.')];

/** The domain package is pure rules shared by API and web: it never imports an app. */
const DOMAIN_IS_PURE = [forbid(String.raw`^@app/(?:api|web)(?:/|$)`, 'packages/domain never imports an app.'), forbid(String.raw`(?:^|/)apps/`, 'packages/domain never imports an app.')];

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

// Later blocks replace the no-restricted-imports options of earlier ones for the files they match,
// so each block lists every pattern that applies to its files.
const boundaryBlocks = [
  { files: ['apps/api/src/lib/**'], rules: restrict(LIB_IS_BELOW_MODULES) },
  { files: ['apps/web/src/**'], ignores: WEB_TESTS, rules: restrict(WEB_SCREENS) },
  // The data layer itself, and the root that hands react-admin its query client.
  { files: ['apps/web/src/dataProvider/**', 'apps/web/src/App.tsx'], ignores: WEB_TESTS, rules: restrict(WEB_IS_CLIENT_ONLY) },
  { files: WEB_TESTS, rules: restrict(WEB_NEVER_IMPORTS_API) },
  { files: ['packages/domain/**'], rules: restrict(DOMAIN_IS_PURE) },
  ...AREAS.flatMap((area) => {
    const api = areaBoundaries({ layer: 'apps/api', area, publicIndex: String.raw`index\.ts` });
    const web = areaBoundaries({ layer: 'apps/web', area, publicIndex: String.raw`index\.ts` });
    // Domain: platform through the index of one of its features (platform/auth/index.ts, platform/identifiers/index.ts, ...).
    const domain = areaBoundaries({ layer: 'packages/domain', area, publicIndex: String.raw`[^/]+/index\.ts` });
    return [
      { files: [`apps/api/src/modules/${area}/**`], rules: restrict(api) },
      ...(area === 'platform'
        ? [
            // Known exception, to be inverted: the platform's settings validate the environmental area's setting types (their
            // zod enums are built when the module loads); the area should register its types with the platform instead.
            {
              files: ['apps/api/src/modules/platform/settings/settings.ts'],
              rules: restrict(areaBoundaries({ layer: 'apps/api', area, publicIndex: String.raw`index\.ts`, allowedDomainFiles: ['environmental/settings'] })),
            },
          ]
        : []),
      { files: [`apps/web/src/${area}/**`], ignores: WEB_TESTS, rules: restrict([...WEB_SCREENS, ...web]) },
      { files: [`apps/web/src/${area}/**/*.test.{ts,tsx}`], rules: restrict([...WEB_NEVER_IMPORTS_API, ...web]) },
      { files: [`packages/domain/src/${area}/**`], rules: restrict([...DOMAIN_IS_PURE, ...domain]) },
      ...(area === 'platform'
        ? [
            // The same exception in the domain: the settings schemas (shared by the API and the web) list the environmental types.
            {
              files: ['packages/domain/src/platform/settings/settings.ts'],
              rules: restrict([
                ...DOMAIN_IS_PURE,
                ...areaBoundaries({ layer: 'packages/domain', area, publicIndex: String.raw`[^/]+/index\.ts` }).map((pattern) =>
                  pattern.regex.includes('environmental') ? { ...pattern, regex: pattern.regex.replace('environmental(?:/|$)', String.raw`environmental(?!/settings\.ts$)(?:/|$)`) } : pattern,
                ),
              ]),
            },
          ]
        : []),
    ];
  }),
];

/**
 * Files that run only on a developer's machine or in CI (tests, benchmarks, build and tool configs,
 * the e2e suite): they may import devDependencies. Everything else imports only `dependencies`.
 */
const DEV_ONLY_FILES = ['**/*.test.{ts,tsx}', '**/*test-*.ts', 'apps/api/src/test/**', 'apps/api/bench/**', 'e2e/**', 'scripts/**', '*.{js,ts,mjs}', 'apps/*/*.config.ts'].map((glob) =>
  path.join(import.meta.dirname, glob),
);

/**
 * Every package a file imports is declared in the package.json of its workspace (or, for dev-only
 * files, among the root's devDependencies: the tooling every workspace shares, vitest and fast-check).
 * A package that is only installed because another one brought it along breaks when that one drops it.
 */
const declaredDependencies = {
  plugins: { 'import-x': importX },
  settings: {
    // TypeScript sources (`source`: the domain package's TypeScript, `types`: type-only packages) resolve like tsc and vite resolve them.
    'import-x/resolver-next': [
      createNodeResolver({ conditionNames: ['source', 'types', 'import', 'require', 'default'], mainFields: ['types', 'module', 'main'], extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] }),
    ],
  },
  rules: {
    'import-x/no-extraneous-dependencies': ['error', { packageDir: [import.meta.dirname], devDependencies: DEV_ONLY_FILES, optionalDependencies: false, peerDependencies: false, includeTypes: true }],
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', 'data/', 'coverage/', 'e2e/artifacts/', 'e2e/test-results/', 'apps/api/drizzle/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: {
        // vitest.config.ts is outside every tsconfig: the base one's options resolve its imports (bundler resolution, package exports).
        projectService: { allowDefaultProject: ['vitest.config.ts'], defaultProject: 'tsconfig.base.json' },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Promises: a forgotten await or a promise handed where a callback is expected is a real bug.
      '@typescript-eslint/no-floating-promises': 'error',
      // JSX event handlers may be async: React ignores their return value (the argument, property and return checks stay on).
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // An exhaustive switch reports the impossible value in its error message.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNever: true }],
      // An interface that only extends one type is how a module adds members to a lib interface by declaration merging.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // Off: stylistic; async functions without await are deliberate where an interface expects a promise (Fastify hooks, react-admin providers).
      '@typescript-eslint/require-await': 'off',
      // Off: every finding was an `unknown` input (form value, query string, spreadsheet cell) narrowed to `{}` by a truthiness check and stringified on purpose.
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    // Tests read JSON bodies and build fixtures as `any` on purpose.
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'apps/api/src/test/**', 'apps/api/bench/**', '**/*test-*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The one exception to the no-unsafe-* rules: tests read JSON answers as `any` (the harness's
    // TResponse<T = any>, Playwright's response.json()) and their expect() calls are the check.
    // Typing each answer would mean a cast per read, the opposite of what the rules are for.
    files: ['**/*.test.{ts,tsx}', 'e2e/**', '**/test-fixtures.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      'react-hooks/exhaustive-deps': 'error',
      // Off: a React Compiler hint (the app does not use the compiler); it flags the load/reset-on-change effects the screens are built on, a re-render cost, not a bug.
      'react-hooks/set-state-in-effect': 'off',
      // A web file stays readable in one sitting: past 400 lines a screen is split into components of their own and a
      // message file into parts (tests included: a long test file is split by subject).
      'max-lines': ['error', { max: 400 }],
    },
  },
  {
    // Plain JavaScript files (this config, the e2e launcher) are outside every tsconfig.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  declaredDependencies,
  ...boundaryBlocks,
);
