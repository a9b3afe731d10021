// @ts-check
/**
 * Webpack loader for a locale file (locales/<lang>.json): ships an app only the messages its code
 * names, precompiled.
 *
 * - Which messages: the keys that keyScan.cjs (the key-usage test's one pattern) finds in the
 *   sources. `?messages=own` (a remote's own messages, shared/webpack/ownMessages.ts): the keys the
 *   app's own src names. Without a query (`@prds/locales`' loadMessages, the page's shell messages):
 *   the keys shared/src names, and in the host's build the host's too. A remote's keys therefore
 *   travel with the remote, not in the host's per-language chunks.
 * - Precompiled: each message is parsed to the ICU message AST here, with the runtime's own parser
 *   and options (intl-messageformat parses `parse(message, { locale })`), so the page never parses
 *   and the builds leave the parser out (createConfig aliases it to its no-parser build).
 *
 * Options: { appDir, sharedSrc, isHost }.
 */
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { keysUsedIn } = require('../../locales/keyScan.cjs');

/** @type {Promise<{ parse: (message: string, options: { locale?: Intl.Locale }) => unknown }> | null} */
let parser = null;

/**
 * The ICU parser the page's react-intl would have used: the one its intl-messageformat depends on
 * (ES module only, hence import()).
 * @param {string} appDir
 */
function loadParser(appDir) {
  parser ??= (async () => {
    const reactIntl = require.resolve('react-intl', { paths: [appDir] });
    const messageFormat = require.resolve('intl-messageformat', { paths: [path.dirname(reactIntl)] });
    const file = require.resolve('@formatjs/icu-messageformat-parser', { paths: [path.dirname(messageFormat)] });
    return /** @type {any} */ (await import(pathToFileURL(file).href));
  })();
  return parser;
}

/**
 * @param {string} source  a locale file: flat keys to ICU strings
 * @param {string} lang
 * @param {Set<string>} keys
 * @param {string} appDir
 * @returns {Promise<string>} JSON: the kept keys to their ASTs
 */
async function compileMessages(source, lang, keys, appDir) {
  const { parse } = await loadParser(appDir);
  /** @type {Record<string, string>} */
  const all = JSON.parse(source);
  /** @type {Record<string, unknown>} */
  const compiled = {};
  for (const key of Object.keys(all).sort()) {
    if (!keys.has(key)) continue;
    try {
      compiled[key] = parse(all[key] ?? '', { locale: new Intl.Locale(lang) });
    } catch (error) {
      throw new Error(`${lang}.json: ${key} is not an ICU message (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return JSON.stringify(compiled);
}

/**
 * @this {import('webpack').LoaderContext<{ appDir: string, sharedSrc: string, isHost: boolean }>}
 * @param {string} source
 */
module.exports = function messagesLoader(source) {
  const callback = this.async();
  const { appDir, sharedSrc, isHost } = this.getOptions();
  const appSrc = path.join(appDir, 'src');
  const own = new URLSearchParams(this.resourceQuery.replace(/^\?/, '')).get('messages') === 'own';
  const dirs = own ? [appSrc] : isHost ? [sharedSrc, appSrc] : [sharedSrc];
  // A changed source may name other keys: the dev server rebuilds this file's messages.
  for (const dir of dirs) this.addContextDependency(dir);
  compileMessages(source, path.basename(this.resourcePath, '.json'), keysUsedIn(dirs), appDir).then(
    (json) => callback(null, json),
    (error) => callback(error),
  );
};
