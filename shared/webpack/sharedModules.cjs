// @ts-check
/**
 * The federation's shared modules (TOOLCHAIN-NOTES "Module Federation gotchas"): one instance per
 * page of each, for the host and every remote alike.
 */
const fs = require('node:fs');
const path = require('node:path');
const { installedPackageJson } = require('./packageResolution.cjs');

/** One instance per page: React, the router, the store, i18n, emotion's theme context, our shared lib. */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'jotai',
  'react-intl',
  '@emotion/react',
  '@emotion/styled',
  '@tanstack/react-query',
];
/** Subpath imports (react/jsx-runtime, react-dom/client, jotai/react, @emotion/react/jsx-runtime). */
const SUBPATH_SINGLETONS = ['react/', 'react-dom/', 'jotai/', '@emotion/react/'];
/** workspace:* ranges are not semver, so the runtime must not check them. */
const WORKSPACE_SINGLETONS = ['@prds/locales', ...sharedDomains()];

/**
 * @prds/shared's domain sub-paths (`@prds/shared/wallet`, `/markets`, `/ui` …: its package.json
 * exports that name a folder's index.ts), each a singleton of its own, so a page fetches the domains
 * it renders and still holds one store, one wallet context and one data cache. A domain imports
 * another by its sub-path, never by a relative path, or its chunk would bundle a private copy.
 * The other entries (pricing, bridges, chunkLoadTimeout) are stateless and small, and the testing,
 * webpack and jest ones never reach a page.
 * @returns {string[]}
 */
function sharedDomains() {
  /** @type {{ exports: Record<string, string> }} */
  const pkg = require('../package.json');
  return Object.entries(pkg.exports)
    .filter(([, file]) => /^\.\/src\/[a-z0-9]+\/index\.ts$/.test(file))
    .map(([key]) => `@prds/shared/${key.slice(2)}`);
}

/** The subset of react-router-dom the apps share (see routerExports.mjs). */
const ROUTER_EXPORTS = path.join(__dirname, 'routerExports.mjs');

/** The subset of @tanstack/react-query the apps share (see queryExports.mjs). */
const QUERY_EXPORTS = path.join(__dirname, 'queryExports.mjs');

/**
 * Only what the app can resolve is shared: a shared entry that is not installed fails the build, and
 * a library added later (e.g. the data cache) becomes a singleton without touching this file.
 * @param {string} dir
 */
function sharedConfig(dir) {
  /** @type {{ dependencies?: Record<string, string>, devDependencies?: Record<string, string> }} */
  const own = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const ranges = { ...own.devDependencies, ...own.dependencies };
  /** @type {Record<string, { singleton: boolean, requiredVersion?: string | false, version?: string, import?: string }>} */
  const shared = {};
  for (const pkg of SINGLETONS) {
    if (installedPackageJson(dir, pkg)) shared[pkg] = { singleton: true };
  }
  const router = installedPackageJson(dir, 'react-router-dom');
  if (router?.version) {
    shared['react-router-dom'] = {
      singleton: true,
      import: ROUTER_EXPORTS,
      version: router.version,
      requiredVersion: ranges['react-router-dom'] ?? `^${router.version}`,
    };
  }
  const query = installedPackageJson(dir, '@tanstack/react-query');
  if (query?.version) {
    shared['@tanstack/react-query'] = {
      singleton: true,
      import: QUERY_EXPORTS,
      version: query.version,
      requiredVersion: ranges['@tanstack/react-query'] ?? `^${query.version}`,
    };
  }
  for (const key of SUBPATH_SINGLETONS) {
    const pkg = key.slice(0, -1);
    const installed = installedPackageJson(dir, pkg);
    // Subpath folders (e.g. @emotion/react/jsx-runtime) carry no version of their own: give the package's.
    if (installed?.version) {
      shared[key] = { singleton: true, version: installed.version, requiredVersion: ranges[pkg] ?? `^${installed.version}` };
    }
  }
  for (const key of WORKSPACE_SINGLETONS) {
    // A sub-path key (@prds/shared/wallet) is shared where its package is installed.
    const pkg = key.split('/').slice(0, 2).join('/');
    if (installedPackageJson(dir, pkg)) shared[key] = { singleton: true, requiredVersion: false };
  }
  return shared;
}

module.exports = { sharedConfig, sharedDomains, SINGLETONS, SUBPATH_SINGLETONS, WORKSPACE_SINGLETONS };
