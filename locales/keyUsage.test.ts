import fs from 'node:fs';
import path from 'node:path';

/**
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
 * remote). Keys built at run time (`id: \`market.sort.${sort}\``) fail the test below: write one
 * literal per case (`{ volume: { id: 'market.sort.volume' }, newest: { id: 'market.sort.newest' } }`),
 * so this scan sees every key and en.json holds no dead text. Passing a key on through a variable
 * (`id={error.messageKey}`, `id={item.labelId}`) is fine: the literal is written where the key is chosen.
 */
const KEY_NAME = String.raw`(?<!(?:const|let|var)\s+)\b(?:id|messageKey|[a-z][A-Za-z0-9]*(?:Id|MessageKey))`;
export const KEY_USAGE = new RegExp(String.raw`${KEY_NAME}\s*[:=]\s*\{?\s*(['"])([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)+)\1`, 'g');
const KEY = String.raw`([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)+)`;
/** `id: open ? 'host.nav.closeMenu' : 'host.nav.openMenu'`: both branches literal keys, on one line. */
export const TERNARY_KEY_USAGE = new RegExp(
  String.raw`${KEY_NAME}\s*[:=]\s*\{?\s*[^;{}?\n]*?\?\s*(['"])${KEY}\1\s*:\s*(['"])${KEY}\3`,
  'g',
);
/** A template literal that starts like a key and interpolates: the forbidden dynamic form. */
export const DYNAMIC_KEY = new RegExp(String.raw`${KEY_NAME}\s*[:=]\s*\{?\s*\x60[a-z][A-Za-z0-9]*\.[^\x60]*\$\{`, 'g');

const root = path.resolve(__dirname, '..');

/** Product sources of the host, every remote and shared; tests and generated output are not usage. */
function sourceFiles(): string[] {
  const roots = fs
    .readdirSync(root)
    .filter((d) => d === 'host' || d === 'shared' || d.startsWith('mfe-'))
    .map((d) => path.join(root, d, 'src'))
    .filter((d) => fs.existsSync(d));
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== '__tests__' && entry.name !== 'dist') walk(full);
      } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(full);
      }
    }
  };
  roots.forEach(walk);
  return files;
}

function keysIn(text: string): string[] {
  return [
    ...[...text.matchAll(KEY_USAGE)].map((m) => m[2] ?? ''),
    ...[...text.matchAll(TERNARY_KEY_USAGE)].flatMap((m) => [m[2] ?? '', m[4] ?? '']),
  ];
}

const en = JSON.parse(fs.readFileSync(path.join(__dirname, 'en.json'), 'utf8')) as Record<string, string>;
const files = sourceFiles();
const usage = new Map<string, string[]>(); // key → files using it
for (const file of files) {
  for (const key of keysIn(fs.readFileSync(file, 'utf8'))) {
    usage.set(key, [...(usage.get(key) ?? []), path.relative(root, file)]);
  }
}

describe('the key pattern', () => {
  it('finds keys in every agreed form and nothing else', () => {
    const sample = [
      `<FormattedMessage id="market.list.title" />`,
      `intl.formatMessage({ id: 'common.retry' })`,
      `defineMessages({ t: { id: 'issue.form.title', defaultMessage: 'x' } })`,
      `throw new HttpError({ messageKey: 'common.error.http' })`,
      `<FormattedMessage id={'claim.button'} />`,
      `messageKey:"claim.error.once"`,
      `{ to: '/', labelId: 'host.nav.home', testId: 'nav-home' }`,
      `{ titleMessageKey: 'portfolio.tabs.history' }`,
      `intl.formatMessage({ id: mode === 'day' ? 'host.theme.toNight' : 'host.theme.toDay' })`,
      // not message keys:
      `<section id="positions">`,
      `<h2 id={\`market-\${id}-title\`}>`,
      `data-testid="page.home"`,
      `const id = 'market.list.x'`,
      `const THEME_STORAGE_KEY = 'prds.theme'`,
      `{ chainId: '0x38', storageKey: 'prds.lang' }`,
      `{ id: '12' }`,
    ].join('\n');
    expect(keysIn(sample)).toEqual([
      'market.list.title',
      'common.retry',
      'issue.form.title',
      'common.error.http',
      'claim.button',
      'claim.error.once',
      'host.nav.home',
      'portfolio.tabs.history',
      'host.theme.toNight',
      'host.theme.toDay',
    ]);
    expect(`id: \`market.sort.\${s}\``.match(DYNAMIC_KEY)).not.toBeNull();
    expect(`titleId: \`host.home.\${k}\``.match(DYNAMIC_KEY)).not.toBeNull();
    expect(`id={\`license-type-\${type}\`}`.match(DYNAMIC_KEY)).toBeNull();
  });

  it('scans the host, the remotes and shared', () => {
    expect(files.some((f) => f.includes(`${path.sep}shared${path.sep}src${path.sep}`))).toBe(true);
    expect(usage.size).toBeGreaterThan(0);
  });
});

describe('keys used in code', () => {
  it('every key used in code exists in en.json', () => {
    const missing = [...usage].filter(([key]) => !(key in en)).map(([key, where]) => `${key} (${where.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('every key in en.json is used in code', () => {
    expect(Object.keys(en).filter((key) => !usage.has(key))).toEqual([]);
  });

  it('no key is built at run time', () => {
    const dynamic = files.flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(DYNAMIC_KEY)].map((m) => `${path.relative(root, file)}: ${m[0]}`),
    );
    expect(dynamic).toEqual([]);
  });
});
