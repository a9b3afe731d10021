// @ts-check
/**
 * What a build takes from outside its app folder: the registry of apps (apps.json), a network's
 * generated contract registry, and the release `pnpm release` builds.
 */
const fs = require('node:fs');
const path = require('node:path');

/** The registry of apps (apps.json): each app's container name and port offset beside the base port. */
const APPS_REGISTRY = require('../../apps.json');

/**
 * The dev server port of the app whose container is `name`: the registry's base port + its offset.
 * @param {string} name
 */
function registryPort(name) {
  const app = name === APPS_REGISTRY.host.container ? APPS_REGISTRY.host : APPS_REGISTRY.remotes[name];
  if (!app) throw new Error(`createConfig: "${name}" is not in apps.json (the registry of apps): add it there`);
  return APPS_REGISTRY.basePort + app.portOffset;
}

/**
 * PRDS_CONTRACTS_GENERATED_DIR: a folder holding index.ts and chains.ts generated for a network's
 * deployment; `@prds/contracts` and `@prds/contracts/chains` resolve there. Unset: the committed ones.
 * @param {string | undefined} dir
 * @returns {Record<string, string>}
 */
function contractsRegistryAlias(dir) {
  if (!dir?.trim()) return {};
  const folder = path.resolve(dir.trim());
  for (const file of ['index.ts', 'chains.ts']) {
    if (!fs.existsSync(path.join(folder, file))) {
      throw new Error(`PRDS_CONTRACTS_GENERATED_DIR ${folder} has no ${file} (contracts/scripts/generate.ts --out writes it)`);
    }
  }
  return { '@prds/contracts$': path.join(folder, 'index.ts'), '@prds/contracts/chains$': path.join(folder, 'chains.ts') };
}

/**
 * The release a build is for, from the environment `pnpm release` sets: PRDS_RELEASE_VERSION (the
 * version it publishes under, `<package version>+<build id>`) and an optional PRDS_RELEASE_NOTE.
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ version: string, note: string } | null}
 */
function releaseOf(env) {
  const version = env.PRDS_RELEASE_VERSION?.trim();
  if (!version) return null;
  if (!/^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/.test(version)) {
    throw new Error(`PRDS_RELEASE_VERSION "${version}" is not a release version (letters, digits, . + _ -; at most 64)`);
  }
  return { version, note: env.PRDS_RELEASE_NOTE?.trim() ?? '' };
}

module.exports = { registryPort, contractsRegistryAlias, releaseOf };
