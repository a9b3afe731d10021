import fs from 'node:fs';
import path from 'node:path';

import { DYNAMIC_KEY, keysIn, productSources } from './keyScan.cjs';

// The key pattern and the source walk live in keyScan.cjs: the build ships each app the keys this
// same scan finds in its sources (shared/webpack/messagesLoader.cjs).
const root = path.resolve(__dirname, '..');

/** Product sources of the host, every remote and shared; tests and generated output are not usage. */
function sourceFiles(): string[] {
  return fs
    .readdirSync(root)
    .filter((d) => d === 'host' || d === 'shared' || d.startsWith('mfe-'))
    .flatMap((d) => productSources(path.join(root, d, 'src')));
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
