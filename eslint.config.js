// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import localRules from './tools/eslint/dependency-direction.js';
import { TABLE_OWNERS } from './apps/server/src/db/table-owners.js';
import { TABLE_READ_DEBT } from './tools/eslint/module-zone-exceptions.js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const root = import.meta.dirname;

/** Folders directly under `dir` (empty when `dir` does not exist yet). */
const subfolders = (dir) =>
  fs.existsSync(path.join(root, dir))
    ? fs
        .readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

// The direction of dependencies (docs/ARCHITECTURE.md): domain <- contracts <- {server, web}.
// Inside the web app: app -> areas -> {data, ui, lib, config, i18n}; no area imports another area.
// Inside the server: plugins and db never import business modules; a module imports another module only
// through its service.ts and queries only the tables it owns (apps/server/src/db/table-owners.js).
// Enforced by the local rule in tools/eslint/dependency-direction.js.
const webAreas = subfolders('apps/web/src/areas');
const zones = [
  {
    target: ['packages/domain'],
    from: ['packages/contracts', 'apps'],
    message: 'domain imports nothing of ours',
  },
  { target: ['packages/contracts'], from: ['apps'], message: 'contracts imports only domain' },
  { target: ['apps/server'], from: ['apps/web'], message: 'the server never imports the web app' },
  { target: ['apps/web'], from: ['apps/server'], message: 'the web app never imports the server' },
  {
    target: [
      'apps/web/src/data',
      'apps/web/src/ui',
      'apps/web/src/lib',
      'apps/web/src/config',
      'apps/web/src/i18n',
    ],
    from: ['apps/web/src/app', 'apps/web/src/areas'],
    message: 'shared web code must not depend on the shell or on an area',
  },
  { target: ['apps/web/src/areas'], from: ['apps/web/src/app'], message: 'areas do not import the shell' },
  ...webAreas.map((area) => ({
    target: [`apps/web/src/areas/${area}`],
    from: ['apps/web/src/areas'],
    except: [`apps/web/src/areas/${area}`],
    message: 'no area imports another area: move the shared piece down to data/ or ui/',
  })),
  {
    target: ['apps/server/src/plugins', 'apps/server/src/db'],
    from: ['apps/server/src/modules'],
    message: 'cross-cutting plugins and the schema never import business modules',
  },
];

const restrictPackages = (names) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: names.map((group) => ({
        group: [group, `${group}/*`],
        message: 'breaks the dependency direction',
      })),
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'coverage/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/src/db/migrations/**',
      // The declaration of build.mjs's export for the tests that import it (no code to lint).
      'apps/server/build.d.mts',
      // A third party's minified browser bundle the SMART journey serves as the app (fhirclient, Apache-2.0).
      'e2e/support/vendor/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
      globals: { ...globals.node },
    },
    plugins: { local: localRules },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Cycles are found by scripts/check-import-cycles.mjs (part of `npm run lint`).
      'local/dependency-direction': [
        'error',
        {
          root,
          zones,
          modules: {
            folder: 'apps/server/src/modules',
            schema: 'apps/server/src/db/schema',
            owners: TABLE_OWNERS,
            allow: TABLE_READ_DEBT,
          },
        },
      ],
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The sandbox processor's hosted fields script runs in the browser, on the processor's origin.
    files: ['apps/server/src/processor/sandbox/client/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['packages/domain/**'],
    rules: restrictPackages(['@portal/contracts', '@portal/server', '@portal/web']),
  },
  { files: ['packages/contracts/**'], rules: restrictPackages(['@portal/server', '@portal/web']) },
  { files: ['apps/server/**'], rules: restrictPackages(['@portal/web']) },
  { files: ['apps/web/**'], rules: restrictPackages(['@portal/server']) },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Command-line entry points talk to a person through the terminal.
    files: [
      'scripts/**',
      'bench/**',
      'apps/server/src/server.ts',
      'apps/server/src/seed/cli.ts',
      'apps/server/src/jobs/cli.ts',
      'apps/server/src/auth/keys-cli.ts',
      'apps/server/src/db/migrate-cli.ts',
      'apps/server/src/modules/enrollment/cli.ts',
      'apps/server/src/node-runtime.ts',
      '**/build.mjs',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
