import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

/** Folders that every feature may use; every other folder of src/web and src/server is a feature. */
const WEB_COMMON = ['api', 'components', 'i18n', 'session', 'styles', 'test', 'public'];
const SERVER_COMMON = ['platform', 'db', 'test'];
const folders = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const webFeatures = folders('src/web').filter((name) => !WEB_COMMON.includes(name));
const serverFeatures = folders('src/server').filter((name) => !SERVER_COMMON.includes(name));

/** The house's boundaries (ARCHITECTURE §3): shared imports neither side; a web feature does not import another;
 * the server's platform and db import no feature; shared web parts import no feature. */
const boundaries = [
  { target: './src/shared', from: ['./src/server', './src/web'], message: 'src/shared is imported by both sides.' },
  { target: './src/web', from: './src/server', message: 'The SPA talks to the server over HTTP only.' },
  { target: './src/server', from: './src/web', message: 'The server does not import the SPA.' },
  ...webFeatures.map((feature) => ({
    target: `./src/web/${feature}`,
    from: webFeatures.filter((other) => other !== feature).map((other) => `./src/web/${other}`),
    message: 'A web feature does not import another: move what both need to src/web/components or src/shared.',
  })),
  ...WEB_COMMON.map((common) => ({
    target: `./src/web/${common}`,
    from: webFeatures.map((feature) => `./src/web/${feature}`),
    message: 'Shared web code imports no feature.',
  })),
  {
    // docs/decisions/0030: the browser fetches the catalog part by part; a module it imports that reads the whole
    // catalog would bring every part, in both languages, with it.
    target: ['./src/web', './src/shared/*.ts', './src/shared/!(i18n)/**'],
    from: ['./src/shared/i18n/index.ts', './src/shared/i18n/domains/index.ts'],
    message:
      'The whole catalog is for the server: the SPA reads src/shared/i18n/translate.ts and loads parts (web/i18n).',
  },
  ...['platform', 'db'].map((common) => ({
    target: `./src/server/${common}`,
    from: serverFeatures.map((feature) => `./src/server/${feature}`),
    message: 'platform/ and db/ import no feature: features depend on them, not the reverse.',
  })),
];

/** ADR 0031: a route's request is typed by its contract through the zod type provider, never cast. */
const ROUTE_CONTRACTS = [
  {
    selector:
      "TSAsExpression > MemberExpression.expression[object.name='request'][property.name=/^(params|query|body)$/]",
    message: 'Declare the schema in the route contract: `request.params`, `query` and `body` are typed by it.',
  },
  {
    selector: "ImportSpecifier[imported.name='FastifyPluginAsync']",
    message: "A feature's routes are a `FeatureRoutes` (platform/route-deps.ts): the zod type provider types them.",
  },
];

/**
 * ADR 0061: SQL lives in stores and use-case modules (`<domain>/actions/`), never in a route file, which is
 * contract → action → answer. These builders are refused in `src/server/**\/*routes.ts`: a `sql` template or
 * `sql.raw`/`sql.join`, and a call of `.insert(`, `.update(`, `.select(`, `.execute(`, `transaction(` — and
 * `.delete(` on the database (`db`, `tx`): elsewhere it is a route's verb (`app.delete`), a Set's or the file
 * storage's. A hash's `.update(` is not SQL either.
 */
const SQL_MESSAGE =
  'No SQL in a route file (docs/decisions/0061): put the query in the domain store and the write in an action.';
const SQL_IN_ROUTES = [
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: SQL_MESSAGE },
  { selector: "CallExpression[callee.object.name='sql']", message: SQL_MESSAGE },
  { selector: 'CallExpression[callee.property.name=/^(insert|select|execute|transaction)$/]', message: SQL_MESSAGE },
  {
    selector: "CallExpression[callee.property.name='delete'][callee.object.name=/^(db|tx)$/]",
    message: SQL_MESSAGE,
  },
  {
    selector: "CallExpression[callee.property.name='delete'][callee.object.property.name=/^(db|tx)$/]",
    message: SQL_MESSAGE,
  },
  {
    selector: "CallExpression[callee.property.name='update']:not([callee.object.callee.name='createHash'])",
    message: SQL_MESSAGE,
  },
  { selector: "CallExpression[callee.name='transaction']", message: SQL_MESSAGE },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'data/',
      'test-results/',
      'playwright-report/',
      'bench/.data/',
      'src/server/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/server/test/**', 'src/web/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaries }] },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/server/test/**', 'src/server/platform/route-deps.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ROUTE_CONTRACTS] },
  },
  {
    files: ['src/server/**/*routes.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ROUTE_CONTRACTS, ...SQL_IN_ROUTES] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
