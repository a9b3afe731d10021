import path from 'node:path';
import { readPageRollout } from '../../host/src/federation/rollout/pageRolloutBlock';
import { parseRolloutManifest } from '../../host/src/federation/rollout/rolloutManifest';
import { planVersions } from '../../host/src/federation/rollout/selectVersion';
import { planPage, previewWordsReader, renderPage, type PageSite } from './pageAnswer';

const HTML =
  '<!doctype html><html lang=en><head><title>PRDS · Prediction markets</title><script src=/theme.1.js></script>' +
  '<script defer src=/main.js></script></head><body><div id=root></div></body></html>';
const ORIGIN = 'http://127.0.0.1:3000';
/** A sha384 SRI value (64 base64 characters) made of one letter. */
const sri = (letter: string) => `sha384-${letter.repeat(64)}`;
const release = (version: string) => ({
  url: `/releases/mfe_market/${version}/mf-manifest.json`,
  integrity: { manifest: sri(version), entry: sri(version.toUpperCase()) },
  shared: '0.1.0',
  publishedAt: null,
});
const RAW = {
  schemaVersion: 1,
  salt: 's1',
  reports: false,
  autoRollback: null,
  remotes: {
    mfe_market: {
      stable: 'a',
      canary: { version: 'b', percent: 50, cohorts: [], startedAt: null },
      lastGood: [],
      requires: { host: '*', shared: '*' },
      versions: { a: release('a'), b: release('b') },
    },
  },
};
const parsed = parseRolloutManifest(RAW, { remoteNames: ['mfe_market'], base: `${ORIGIN}/remotes.json` });
if (!parsed.ok) throw new Error(parsed.reason);
let minted = 0;
const SITE: PageSite = {
  html: HTML,
  manifest: parsed.manifest,
  rawManifest: RAW,
  pageVersions: { host: '0.1.0', shared: '0.1.0' },
  pageOrigin: ORIGIN,
  apiOrigin: 'http://127.0.0.1:8787',
  mintInstallId: () => `00000000-0000-4000-8000-${(minted++).toString(16).padStart(12, '0')}`,
  now: () => 1_000,
};
const request = (cookieHeader?: string, pathname = '/market', search = '') => ({ pathname, search, cookieHeader, secure: false });
const blockOf = (html: string) => {
  const text = /<script type="application\/json" id="prds-rollout">([^<]*)<\/script>/.exec(html)?.[1] ?? null;
  return readPageRollout({
    getElementById: () =>
      text === null ? null : ({ getAttribute: () => 'application/json', textContent: text } as unknown as HTMLElement),
  });
};

describe('planPage: the visitor’s releases, cookie and hints', () => {
  it('mints an install id without a cookie, chooses with it as the page will, and hints the chosen release', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 40; i += 1) {
      const plan = planPage(request(), SITE);
      const id = /^prds_rollout=([0-9a-f-]+); Path=\/; Max-Age=\d+; SameSite=Lax$/.exec(plan.setCookie)?.[1] ?? '';
      const rollout = parsed.manifest.remotes.mfe_market;
      if (!rollout) throw new Error('fixture');
      const page = planVersions(
        rollout,
        's1',
        { installId: id, account: null, cohorts: [], override: null, isBad: () => false },
        SITE.pageVersions,
      );
      const version = plan.releases.mfe_market?.version ?? '';
      expect(version).toBe(page.candidates[0]?.version);
      expect(plan.links).toContain(
        `</releases/mfe_market/${version}/remoteEntry.js>; rel=preload; as=script; crossorigin; integrity="${sri(version.toUpperCase())}"`,
      );
      seen.add(version);
    }
    expect([...seen].sort()).toEqual(['a', 'b']);
  });

  it('keeps the visitor’s cookie (a wallet, cohorts, and one named in the URL), Secure on https', () => {
    const wallet = '0x00000000000000000000000000000000000000aa';
    const plan = planPage(
      { ...request(`a=1; prds_rollout=${wallet}%7Cqa`, '/claim', '?rollout-cohort=Internal'), secure: true },
      SITE,
    );
    expect(plan.setCookie).toBe(`prds_rollout=${wallet}%7Cqa%7Cinternal; Path=/; Max-Age=34560000; SameSite=Lax; Secure`);
    // No remote route's release to hint on /claim here (the manifest has the market remote only).
    expect(plan.links.some((link) => link.includes('mf-manifest.json'))).toBe(false);
    expect(plan.marketId).toBeNull();
    expect(planPage(request(undefined, '/detail/42'), SITE).marketId).toBe('42');
  });

  it('does not hint a release that failed in this browser, and forgets it once expired', () => {
    // A visitor the canary (b) is chosen for: when it failed here, stable (a) is tried first.
    const ids = Array.from({ length: 50 }, (_, i) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`);
    const id = ids.find((v) => planPage(request(`prds_rollout=${v}`), SITE).releases.mfe_market?.version === 'b') ?? '';
    const [chosen, other] = ['b', 'a'];
    const failed = `prds_rollout=${encodeURIComponent(`${id}|!mfe_market@${chosen}~${(2_000).toString(36)}|!mfe_market@x~1`)}`;
    const plan = planPage(request(failed), SITE);
    expect(plan.releases.mfe_market?.version).toBe(other);
    expect(plan.links.some((link) => link.includes(`/${chosen}/`))).toBe(false);
    // Sent back with the expired entry dropped.
    expect(decodeURIComponent(plan.setCookie.split(';')[0] ?? '')).toBe(
      `prds_rollout=${id}|!mfe_market@${chosen}~${(2_000).toString(36)}`,
    );
  });
});

describe('renderPage', () => {
  const words = previewWordsReader(path.join(__dirname, '../../locales'));
  const plan = planPage(request(undefined, '/detail/7'), SITE);
  const market = { event: 'BTC > 100k?', options: [{ label: 'Yes', payoutMultiplier: '1.5' }], expirationTime: 0 };

  it('puts the rollout block in every page, as data the page reads back', () => {
    const { status, html } = renderPage(SITE, plan, null);
    expect(status).toBe(200);
    expect(blockOf(html)).toEqual({ manifest: RAW, releases: plan.releases });
  });

  it('adds the preview of a market the api has, answers 404 for one it does not, and the plain page when unsure', () => {
    const found = renderPage(SITE, plan, { lookup: { status: 'found', market }, url: `${ORIGIN}/detail/7`, words: words('en') });
    expect(found.status).toBe(200);
    expect(found.html).toContain('<title>BTC &#62; 100k? · PRDS · Prediction markets</title>');
    expect(found.html).toContain('<meta property="og:title" content="BTC &#62; 100k?">');
    const missing = renderPage(SITE, plan, { lookup: { status: 'missing' }, url: '', words: words('en') });
    expect(missing.status).toBe(404);
    expect(missing.html).not.toContain('og:title');
    expect(blockOf(missing.html)).not.toBeNull();
    expect(renderPage(SITE, plan, { lookup: { status: 'unknown' }, url: '', words: words('en') }).status).toBe(200);
  });

  it('reads the preview’s words in the request’s language, English when none is ours', () => {
    expect(words('fr-CH, de;q=0.5').expirationTime).toBe('Date d’expiration');
    expect(words('xx, *')).toEqual({ locale: 'en', multiplier: '×{value}', expirationTime: 'Expiration time' });
  });
});
