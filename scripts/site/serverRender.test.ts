import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSsrState, type SsrState } from '../../host/src/server/ssrBlock';
import { RenderCache, serverEntryFile, verifyPinned, visitorOf, withServerRender, type ServerEntrySource } from './serverRender';

/** A <script> that is not a JSON data block: the site's CSP would refuse to run it. */
const hasInlineScript = (html: string) => /<script(?![^>]*type="application\/json")/i.test(html);

const PAGE = '<!doctype html><html lang=en><head><title>PRDS</title></head><body><div id=root></div></body></html>';

describe('visitorOf: what the server renders a page in', () => {
  it("takes the page's cookies first", () => {
    expect(visitorOf({ cookie: 'a=1; prds_lang=ar; prds_theme=night', 'accept-language': 'de' })).toEqual({
      lang: 'ar',
      theme: 'night',
      device: 'desktop',
    });
  });

  it('falls back to Accept-Language, the color-scheme hint and day', () => {
    expect(visitorOf({ 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.5', 'sec-ch-prefers-color-scheme': '"dark"' })).toMatchObject({
      lang: 'zh',
      theme: 'night',
    });
    expect(visitorOf({ cookie: 'prds_lang=xx; prds_theme=dusk', 'accept-language': 'tlh' })).toMatchObject({
      lang: 'en',
      theme: 'day',
    });
  });

  it('reads a phone or a tablet from the user agent or the mobile hint', () => {
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
    const ipad =
      'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1';
    expect(visitorOf({ 'user-agent': android }).device).toBe('mobile');
    expect(visitorOf({ 'sec-ch-ua-mobile': '?1' }).device).toBe('mobile');
    expect(visitorOf({ 'user-agent': ipad }).device).toBe('tablet');
    expect(visitorOf({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' }).device).toBe('desktop');
  });
});

describe('RenderCache: renders kept by release, route, language, theme and layout, for a bounded time', () => {
  const visitor = { lang: 'en', theme: 'day', device: 'desktop' } as const;

  it('keys every input the HTML depends on apart', () => {
    const base = { release: 'mfe_market@1', url: '/market', visitor };
    const keys = new Set([
      RenderCache.key(base),
      RenderCache.key({ ...base, release: 'mfe_market@2' }),
      RenderCache.key({ ...base, release: null }),
      RenderCache.key({ ...base, url: '/market?status=open' }),
      RenderCache.key({ ...base, visitor: { ...visitor, lang: 'ar' } }),
      RenderCache.key({ ...base, visitor: { ...visitor, theme: 'night' } }),
      RenderCache.key({ ...base, visitor: { ...visitor, device: 'mobile' } }),
    ]);
    expect(keys.size).toBe(7);
    expect(RenderCache.key(base)).toBe(RenderCache.key({ ...base }));
  });

  it('serves an entry until it is freshMs old, then renders again', () => {
    let now = 1_000;
    const cache = new RenderCache<string>(1_000, 10, () => now);
    cache.set('a', 'page');
    now += 999;
    expect(cache.get('a')).toBe('page');
    now += 1;
    expect(cache.get('a')).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('keeps at most max entries, dropping the oldest', () => {
    const cache = new RenderCache<number>(60_000, 2, () => 0);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    cache.set('c', 4);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([3, null, 4]);
  });
});

describe('serverEntryFile: the server container of a chosen release', () => {
  let dir: string;
  let source: ServerEntrySource;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prds-ssr-'));
    fs.mkdirSync(path.join(dir, 'dist/server'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'dist/server/remoteEntry.js'), 'module.exports = {};');
    source = {
      pageOrigin: 'http://127.0.0.1:3000',
      releasesDir: path.join(dir, 'releases'),
      localDists: { 'http://127.0.0.1:3001': path.join(dir, 'dist') },
    };
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("is the local build's for a local manifest URL, none when that build has no server container", () => {
    const release = { version: '0.3.0+local', url: 'http://127.0.0.1:3001/mf-manifest.json' };
    expect(serverEntryFile('mfe_market', release, source)).toBe(path.join(dir, 'dist/server/remoteEntry.js'));
    fs.rmSync(path.join(dir, 'dist/server'), { recursive: true });
    expect(serverEntryFile('mfe_market', release, source)).toBeNull();
  });

  it("is a published release's only when its pins match, and never another origin's", () => {
    const version = '0.3.0+20261127.ab12';
    const folder = path.join(dir, 'releases/mfe_market', version);
    fs.mkdirSync(path.join(folder, 'server'), { recursive: true });
    const entry = Buffer.from('module.exports = { get() {}, init() {} };');
    fs.writeFileSync(path.join(folder, 'server/remoteEntry.js'), entry);
    const pin = `sha384-${createHash('sha384').update(entry).digest('base64')}`;
    fs.writeFileSync(path.join(folder, 'release.json'), JSON.stringify({ integrity: { 'server/remoteEntry.js': pin } }));
    const release = { version, url: `/releases/mfe_market/${encodeURIComponent(version)}/mf-manifest.json` };
    expect(serverEntryFile('mfe_market', release, source)).toBe(path.join(folder, 'server/remoteEntry.js'));
    expect(serverEntryFile('mfe_market', { ...release, url: `https://cdn.example${release.url}` }, source)).toBeNull();
    expect(serverEntryFile('mfe_claim', release, source)).toBeNull();
  });

  it('verifyPinned refuses a server container changed after it was pinned, or a release without one', () => {
    const folder = path.join(dir, 'tampered');
    fs.mkdirSync(path.join(folder, 'server'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'server/remoteEntry.js'), 'changed');
    fs.writeFileSync(
      path.join(folder, 'release.json'),
      JSON.stringify({ integrity: { 'server/remoteEntry.js': 'sha384-AAAA' } }),
    );
    expect(verifyPinned(folder)).toBe(false);
    const bare = path.join(dir, 'bare');
    fs.mkdirSync(bare);
    fs.writeFileSync(path.join(bare, 'release.json'), JSON.stringify({ integrity: { 'remoteEntry.js': 'sha384-AAAA' } }));
    expect(verifyPinned(bare)).toBe(false);
  });
});

describe('withServerRender: the page with the render in it', () => {
  const visitor = { lang: 'ar', theme: 'night', device: 'mobile' } as const;
  const rendered: SsrState = {
    rendered: true,
    lang: 'ar',
    theme: 'night',
    device: 'mobile',
    intlProbe: 'Sep 21, 2026, 2:13 PM UTC|1,234,567.5|in 3 hours',
    remote: { name: 'mfe_market', version: '0.3.0+local' },
    queries: { mutations: [], queries: [] },
  };

  it('fills #root, marks <html> with the language, direction, theme and layout, and adds the state block', () => {
    const html = withServerRender(PAGE, { state: rendered, rootHtml: '<main>مرحبا</main>', visitor });
    expect(html).toContain('<html lang="ar" dir="rtl" data-theme="night" data-device="mobile">');
    expect(html).toContain('<div id="root"><main>مرحبا</main></div>');
    const doc = {
      getElementById: (id: string) => {
        const match = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
        return match ? { getAttribute: () => 'application/json', textContent: match[1] ?? '' } : null;
      },
    } as unknown as Document;
    expect(readSsrState(doc)).toEqual(rendered);
    expect(hasInlineScript(html)).toBe(false);
  });

  it('leaves #root empty and says which release failed when the render did not happen', () => {
    const failed: SsrState = { rendered: false, remote: { name: 'mfe_market', version: '1' }, stage: 'aborted' };
    const html = withServerRender(PAGE, { state: failed, rootHtml: '<p>ignored</p>', visitor });
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('"stage":"aborted"');
    expect(html).not.toContain('data-theme');
  });

  it('escapes what could close the block', () => {
    const html = withServerRender(PAGE, {
      state: {
        ...rendered,
        queries: { mutations: [], queries: [{ queryKey: ['</script><script>alert(1)</script>'] } as never] },
      },
      rootHtml: '',
      visitor,
    });
    expect(html).not.toContain('</script><script>');
    expect(hasInlineScript(html)).toBe(false);
  });

  it('refuses a document without an empty #root', () => {
    expect(() =>
      withServerRender('<html><head></head><body><div id=app></div></body></html>', { state: rendered, rootHtml: '', visitor }),
    ).toThrow(/root/);
  });
});

describe('serverEntryFile: the server container of a release in a releases folder', () => {
  const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-entry-'));
  const source: ServerEntrySource = { pageOrigin: 'http://127.0.0.1:4110', releasesDir, localDists: {} };
  const pinned = () => true;
  afterAll(() => fs.rmSync(releasesDir, { recursive: true, force: true }));

  test.each([
    // As `pnpm rollout` writes a release's URL: the version's '+' as it is.
    ['/releases/mfe_claim/0.3.0+b2/mf-manifest.json'],
    ['/releases/mfe_claim/0.3.0%2Bb2/mf-manifest.json'],
    ['http://127.0.0.1:4110/releases/mfe_claim/0.3.0+b2/mf-manifest.json'],
  ])('%s → its folder’s server/remoteEntry.js', (url) => {
    expect(serverEntryFile('mfe_claim', { version: '0.3.0+b2', url }, source, pinned)).toBe(
      path.join(releasesDir, 'mfe_claim', '0.3.0+b2', 'server', 'remoteEntry.js'),
    );
  });

  test.each([
    ['another release’s URL', '0.3.0+b2', '/releases/mfe_claim/0.3.0+b3/mf-manifest.json'],
    ['another origin', '0.3.0+b2', 'https://cdn.example/releases/mfe_claim/0.3.0+b2/mf-manifest.json'],
    ['a version that is a way out', '..', '/releases/mfe_claim/../mf-manifest.json'],
    ['a version with a slash', 'a/b', '/releases/mfe_claim/a%2Fb/mf-manifest.json'],
    ['a bad escape', '0.3.0+b2', '/releases/mfe_claim/0.3.0%E0%A4%A/mf-manifest.json'],
  ])('%s: none', (_what, version, url) => {
    expect(serverEntryFile('mfe_claim', { version, url }, source, pinned)).toBeNull();
  });

  test('a release whose pins do not hold: none', () => {
    const url = '/releases/mfe_claim/0.3.0+b2/mf-manifest.json';
    expect(serverEntryFile('mfe_claim', { version: '0.3.0+b2', url }, source, () => false)).toBeNull();
  });
});
