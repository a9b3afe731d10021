// One linter for the whole workspace (STYLE.md habit 10). Beyond the recommended rules it enforces the
// boundaries ARCHITECTURE.md draws: the host and the remotes reach the wallet, chain, state and HTTP
// libraries only through @prds/shared, import only its public entry, and never import one another.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ignoreFiles from './scripts/lint/ignoreFiles.cjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const { eslintIgnoreConfigs } = ignoreFiles;

// The workspace folders of the host and the remotes, from the registry of apps (apps.json).
const REGISTRY = JSON.parse(fs.readFileSync(path.join(ROOT, 'apps.json'), 'utf8'));
const REMOTES = Object.values(REGISTRY.remotes).map((remote) => remote.folder);
const APPS = [REGISTRY.host.folder, ...REMOTES];

/** Libraries that @prds/shared alone wraps (one singleton in the page, one place to change). */
const SHARED_ONLY = [
  { name: 'jotai', message: 'State goes through @prds/shared (atom, useAtom, useAtomValue…).' },
  { name: 'ethers', message: 'Chain access goes through @prds/shared (readContract, useTransaction…).' },
  { name: 'react-intl', message: 'Text goes through @prds/shared (FormattedMessage, useIntl).' },
];
/** Product code also reads the one data cache through @prds/shared; a test may build its own client. */
const PRODUCT_ONLY = [
  { name: '@tanstack/react-query', message: 'The one data cache is re-exported by @prds/shared (useQuery, useQueryClient…).' },
];
const SHARED_ONLY_PATTERNS = [
  { group: ['jotai/*', 'ethers/*', '@web3-react/*'], message: 'Wallet, chain and state libraries are wrapped by @prds/shared.' },
  {
    group: ['@prds/shared/src/*', '@prds/shared/src'],
    message: 'Import @prds/shared by its sub-paths only (@prds/shared/wallet, /markets, /ui …).',
  },
  { group: ['@prds/contracts', '@prds/contracts/*'], message: 'Pages read contracts through @prds/shared.' },
  { group: ['@prds/api-schema', '@prds/api-schema/*'], message: "Pages read the api's answer types through @prds/shared." },
];

const TESTS = ['**/*.test.{ts,tsx}', '**/testing/**'];

function restrictedImports(app, paths) {
  const others = REMOTES.filter((remote) => remote !== app);
  return [
    'error',
    {
      paths,
      patterns: [
        ...SHARED_ONLY_PATTERNS,
        {
          group: [...others.map((remote) => `@prds/${remote}`), ...others.map((remote) => `**/${remote}/**`)],
          message: 'A remote never imports another remote; what two need lives in @prds/shared.',
        },
      ],
    },
  ];
}

/** Tests keep the boundaries but may stand in for the network (a stubbed fetch) and build their own cache. */
function appTestBoundaries(app) {
  return {
    files: TESTS.map((glob) => `${app}/src/${glob}`),
    rules: { 'no-restricted-imports': restrictedImports(app, SHARED_ONLY) },
  };
}

function appBoundaries(app) {
  return {
    files: [`${app}/src/**/*.{ts,tsx}`],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': restrictedImports(app, [...SHARED_ONLY, ...PRODUCT_ONLY]),
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'HTTP goes through @prds/shared (getApiClient and the typed fetchers).' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: 'HTTP goes through @prds/shared.' },
        { object: 'globalThis', property: 'fetch', message: 'HTTP goes through @prds/shared.' },
      ],
    },
  };
}

export default tseslint.config(
  // What git ignores (every .gitignore git honours, nested ones included: scripts/lint/ignoreFiles.cjs).
  ...eslintIgnoreConfigs(ROOT),
  {
    // Generated, and committed: git keeps them, the linter does not read them.
    name: 'generated',
    ignores: ['contracts/generated/**', 'contracts/deployments/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // TypeScript may require a CommonJS config module (createConfig.cjs); everything else imports.
      '@typescript-eslint/no-require-imports': ['error', { allow: ['\\.cjs$'] }],
      // Emotion's Theme is augmented by an interface that only extends ours.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.{jsx,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['**/*.{jsx,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', 'e2e/**/*.ts', '**/testing/**/*.{ts,tsx}', '**/jest/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    // Playwright reads a fixture's first parameter as a destructuring pattern; `{}` means "no fixtures".
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // The workspace's tools and the browser suite reach the api only from outside: its process
    // (api/src/main.ts, started as the stack and the benches do) and its bench tools (api/bench), never
    // its modules; nor another package's tests.
    files: ['e2e/**/*.{ts,mjs,cjs}', 'scripts/**/*.{ts,mjs,cjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/src/**'],
              message: 'Start the api through its entry (scripts/stack.cjs, api/bench) instead of importing its modules.',
            },
            { group: ['**/api/test/**', '**/contracts/test/**'], message: "Another package's tests are not a library." },
          ],
        },
      ],
      'no-restricted-modules': [
        'error',
        {
          patterns: ['**/api/src/**', '**/api/test/**', '**/contracts/test/**'],
        },
      ],
    },
  },
  {
    // The api, its schemas and the protocol package sit below the pages: they never import the browser library or an app.
    files: ['api/**/*.ts', 'api-schema/**/*.ts', 'contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@prds/shared', '@prds/shared/*', '@prds/host', '@prds/mfe-*'],
              message: 'The api and contracts never import the pages or @prds/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    // @prds/shared reads the api's answers through their schema types only: a value import would put
    // TypeBox in every page's bundle. The literal lists have their own entry without it.
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@prds/api-schema',
              allowTypeImports: true,
              message: 'Import the schema types with `import type`; values come from @prds/api-schema/literals.',
            },
          ],
        },
      ],
    },
  },
  ...APPS.map(appBoundaries),
  ...APPS.map(appTestBoundaries),
  {
    // The host's server render makes each request's own data cache and dehydrates it into the page
    // (host/src/server/renderPage.tsx): its build shares the whole data-cache package, not the page's subset.
    files: ['host/src/server/renderPage.tsx'],
    rules: { 'no-restricted-imports': restrictedImports('host', SHARED_ONLY) },
  },
  prettier,
);
