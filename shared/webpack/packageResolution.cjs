// @ts-check
/**
 * Where an app's packages live (pnpm links them into a node_modules on the way up): their
 * package.json, their ES module entry, and the builds createConfig.cjs aliases to.
 */
const fs = require('node:fs');
const path = require('node:path');

/**
 * The package.json of `pkg` as Node would resolve it from `dir` (pnpm links it into a node_modules
 * on the way up), or null when it is not installed.
 * @param {string} dir
 * @param {string} pkg
 */
function installedPackageJson(dir, pkg) {
  let cur = dir;
  for (;;) {
    const file = path.join(cur, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(file)) return /** @type {{ version?: string }} */ (JSON.parse(fs.readFileSync(file, 'utf8')));
    const parent = path.dirname(cur);
    if (parent === cur) return null;
    cur = parent;
  }
}

/**
 * The file an `import` of the package in `folder` resolves to (its exports' import condition): the
 * module the rest of the build gets for the bare name, so an alias to it adds no second copy.
 * @param {string} folder
 */
function esmEntryOf(folder) {
  /** @type {{ exports?: any, module?: string, main?: string }} */
  const pkg = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
  let entry = pkg.exports?.['.'] ?? pkg.exports;
  while (entry && typeof entry === 'object') entry = entry.import ?? entry.default;
  return path.join(folder, typeof entry === 'string' ? entry : (pkg.module ?? pkg.main ?? 'index.js'));
}

/**
 * The ES module entry of `pkg` as the app resolves it from `dir`, or null when it is not installed.
 * @param {string} dir
 * @param {string} pkg
 */
function installedEsmEntry(dir, pkg) {
  for (let cur = dir; ; cur = path.dirname(cur)) {
    const folder = path.join(cur, 'node_modules', pkg);
    if (fs.existsSync(path.join(folder, 'package.json'))) return esmEntryOf(fs.realpathSync(folder));
    if (path.dirname(cur) === cur) return null;
  }
}

/**
 * The ICU message parser's build without `parse` (its types and helpers only), as react-intl's
 * formatter resolves it from `dir`: every message the page formats is precompiled by
 * messagesLoader.cjs, so the parser (and its number/date skeleton parsers) need not ship.
 * Null when react-intl is not installed for `dir`.
 * @param {string} dir
 * @returns {string | null}
 */
function icuParserWithoutParse(dir) {
  let reactIntl;
  try {
    reactIntl = require.resolve('react-intl', { paths: [dir] });
  } catch {
    return null;
  }
  const messageFormat = require.resolve('intl-messageformat', { paths: [path.dirname(reactIntl)] });
  const parser = require.resolve('@formatjs/icu-messageformat-parser', { paths: [path.dirname(messageFormat)] });
  return path.join(path.dirname(parser), 'no-parser.js');
}

/**
 * The federation runtime core the host's own runtime uses (the same module, so one core per page):
 * the ES module entry of the @module-federation/runtime-core that @module-federation/enhanced's runtime imports.
 * @returns {string}
 */
function runtimeCoreEntry() {
  const resolveFrom = (/** @type {string} */ request, /** @type {string} */ from) =>
    require.resolve(request, { paths: [path.dirname(from)] });
  const core = resolveFrom(
    '@module-federation/runtime-core',
    resolveFrom('@module-federation/runtime', require.resolve('@module-federation/enhanced')),
  );
  // Its package folder: the resolved file's nearest folder with the package's package.json.
  let folder = path.dirname(core);
  while (!fs.existsSync(path.join(folder, 'package.json')) || !folder.endsWith(path.join('@module-federation', 'runtime-core'))) {
    folder = path.dirname(folder);
  }
  return esmEntryOf(folder);
}

module.exports = { installedPackageJson, esmEntryOf, installedEsmEntry, icuParserWithoutParse, runtimeCoreEntry };
