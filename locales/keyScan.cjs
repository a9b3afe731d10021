// @ts-check
/**
 * Where the code names message keys: one scan for the key-usage test (keyUsage.test.ts) and for the
 * build, which ships each app the messages its own sources name (shared/webpack/messagesLoader.cjs).
 * One pattern for both, so a key the test accepts is a key the build ships.
 *
 * THE ONE PATTERN for message keys in code: a string literal written directly after a property or
 * JSX attribute named `id`, `messageKey`, or ending in `Id` / `MessageKey` (`labelId`, `titleId`):
 *
 *   <FormattedMessage id="market.list.title" />        intl.formatMessage({ id: 'common.retry' })
 *   defineMessages({ title: { id: 'issue.form.title' } })   new HttpError({ messageKey: 'common.error.http' })
 *   id={'claim.button'}                                 { to: '/', labelId: 'host.nav.home' }
 *
 * Also a conditional whose two branches are such literals, on one line:
 *   intl.formatMessage({ id: open ? 'host.nav.closeMenu' : 'host.nav.openMenu' })
 *
 * Not found (so not allowed for keys): a bare string (`const k = 'x.y'`, `['x.y', …]`), other
 * property names (`label: 'x.y'`), nested or multi-line conditionals.
 *
 * A key is flat and dotted with at least one dot, its first segment the owner (common, host or a
 * remote). Keys built at run time (`id: \`market.sort.${sort}\``) fail the key-usage test: write one
 * literal per case (`{ volume: { id: 'market.sort.volume' }, newest: { id: 'market.sort.newest' } }`),
 * so this scan sees every key and en.json holds no dead text. Passing a key on through a variable
 * (`id={error.messageKey}`, `id={item.labelId}`) is fine: the literal is written where the key is chosen.
 */
const fs = require('node:fs');
const path = require('node:path');

const KEY_NAME = String.raw`(?<!(?:const|let|var)\s+)\b(?:id|messageKey|[a-z][A-Za-z0-9]*(?:Id|MessageKey))`;
const KEY = String.raw`([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)+)`;
const KEY_USAGE = new RegExp(String.raw`${KEY_NAME}\s*[:=]\s*\{?\s*(['"])([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)+)\1`, 'g');
/** `id: open ? 'host.nav.closeMenu' : 'host.nav.openMenu'`: both branches literal keys, on one line. */
const TERNARY_KEY_USAGE = new RegExp(
  String.raw`${KEY_NAME}\s*[:=]\s*\{?\s*[^;{}?\n]*?\?\s*(['"])${KEY}\1\s*:\s*(['"])${KEY}\3`,
  'g',
);
/** A template literal that starts like a key and interpolates: the forbidden dynamic form. */
const DYNAMIC_KEY = new RegExp(String.raw`${KEY_NAME}\s*[:=]\s*\{?\s*\x60[a-z][A-Za-z0-9]*\.[^\x60]*\$\{`, 'g');

/**
 * The message keys a source text names, in order of appearance (pattern by pattern).
 * @param {string} text
 * @returns {string[]}
 */
function keysIn(text) {
  return [
    ...[...text.matchAll(KEY_USAGE)].map((m) => m[2] ?? ''),
    ...[...text.matchAll(TERNARY_KEY_USAGE)].flatMap((m) => [m[2] ?? '', m[4] ?? '']),
  ];
}

/**
 * Product sources under `dir` (an app's or shared's src): .ts/.tsx files, without tests, type
 * declarations, node_modules, dist or __tests__ folders.
 * @param {string} dir
 * @returns {string[]}
 */
function productSources(dir) {
  /** @type {string[]} */
  const files = [];
  /** @param {string} folder */
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== '__tests__' && entry.name !== 'dist') walk(full);
      } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(full);
      }
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return files;
}

/**
 * Every key the product sources under `dirs` name.
 * @param {readonly string[]} dirs
 * @returns {Set<string>}
 */
function keysUsedIn(dirs) {
  const keys = new Set();
  for (const dir of dirs) {
    for (const file of productSources(dir)) for (const key of keysIn(fs.readFileSync(file, 'utf8'))) keys.add(key);
  }
  return keys;
}

module.exports = { KEY_USAGE, TERNARY_KEY_USAGE, DYNAMIC_KEY, keysIn, productSources, keysUsedIn };
