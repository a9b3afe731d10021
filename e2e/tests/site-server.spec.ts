// The first screen from the server (issue 26): the web server (scripts/serve.mjs) answers a page with
// the visitor's releases already chosen — with the page's own rollout code, from the bucket key in
// the first-party cookie `prds_rollout` (minted by the server on a first visit) — in a non-executed
// JSON block the page reads instead of fetching /remotes.json; with Link headers and a 103 Early
// Hints for the host's scripts and the route's release; and, for /detail/:id, the market's link
// preview in the head (a market the api does not have is a 404). The page must pick exactly the
// release the server picked, run under the CSP without a violation, and use every preload it was given.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { recordCspViolations } from '../support/cspViolations';
import { HOST_URL, portOf } from '../support/apps';
import { expect, test } from '../support/fixtures';
import { REPO_ROOT, startReleasesHost, type ReleasesHost } from '../support/serverProcess';

/** The version the builds carry (a release is named after its package's version). */
const SHARED_VERSION = (
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'shared', 'package.json'), 'utf8')) as { version: string }
).version;

const API_URL = 'http://127.0.0.1:8787';
const MARKET_REMOTE = `http://127.0.0.1:${portOf('mfe-market')}`;

interface PageRollout {
  manifest: unknown;
  releases: Record<string, { version: string; url: string }>;
}

interface RawPage {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The 1xx answers before the page (103 Early Hints), with their headers. */
  informational: { status: number; headers: http.IncomingHttpHeaders }[];
  body: string;
}

/** A GET over plain HTTP that keeps the 103 Early Hints the server sends before the page. */
function getPage(url: string, headers: Record<string, string> = {}): Promise<RawPage> {
  return new Promise((resolve, reject) => {
    const informational: RawPage['informational'] = [];
    const request = http.get(url, { headers, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, informational, body }));
    });
    request.on('information', (info) => informational.push({ status: info.statusCode, headers: info.headers }));
    request.on('timeout', () => request.destroy(new Error(`GET ${url}: no answer`)));
    request.on('error', reject);
  });
}

/** The rollout block of a page's HTML, read as data. */
function blockOf(html: string): PageRollout | null {
  const text = /<script type="application\/json" id="prds-rollout">([^<]*)<\/script>/.exec(html)?.[1];
  return text === undefined ? null : (JSON.parse(text) as PageRollout);
}

const linksOf = (headers: http.IncomingHttpHeaders): string[] =>
  String(headers.link ?? '')
    .split(/,\s*(?=<)/)
    .filter(Boolean);

/**
 * Records what a page must never do here: a CSP violation, and a preload it did not use (Chromium
 * says so in the console a few seconds after the load event).
 */
async function watchPage(page: Page): Promise<{ violations: string[]; unusedPreloads: string[] }> {
  const seen = { violations: await recordCspViolations(page), unusedPreloads: [] as string[] };
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) seen.unusedPreloads.push(message.text());
  });
  return seen;
}

test.describe('the page answer of the suite’s site', () => {
  test('/market carries the rollout block, the cookie, and Link headers (also as a 103) with the market remote’s entry', async () => {
    const answer = await getPage(`${HOST_URL}/market`);
    expect(answer.status).toBe(200);
    const block = blockOf(answer.body);
    expect(block?.manifest).toEqual(await (await fetch(`${HOST_URL}/remotes.json`)).json());
    expect(block?.releases.mfe_market?.url).toBe(`${MARKET_REMOTE}/mf-manifest.json`);
    // A data block is no script: the CSP is as strict as ever (scripts from the host and the manifest only).
    const scriptSrc = String(answer.headers['content-security-policy'] ?? '')
      .split(';')
      .find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toMatch(/^script-src 'self'(?: http:\/\/127\.0\.0\.1:\d+)+$/);
    // The two data blocks: the rollout's and the server render's (issue 26).
    expect(answer.body.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toEqual([
      '<script type="application/json" id="prds-rollout">',
      '<script type="application/json" id="prds-ssr">',
    ]);

    const cookie = String(answer.headers['set-cookie'] ?? '');
    expect(cookie).toMatch(/^prds_rollout=[0-9a-f-]{36}; Path=\/; Max-Age=\d{8}; SameSite=Lax$/);

    const links = linksOf(answer.headers);
    expect(links).toEqual(
      expect.arrayContaining([
        '</main.js>; rel=preload; as=script',
        `<${MARKET_REMOTE}/mf-manifest.json>; rel=preload; as=fetch; crossorigin`,
        `<${MARKET_REMOTE}/remoteEntry.js>; rel=preload; as=script`,
        `<${API_URL}>; rel=preconnect; crossorigin`,
      ]),
    );
    const hints = answer.informational.find((info) => info.status === 103);
    expect(linksOf(hints?.headers ?? {})).toEqual(links);
    expect(hints?.headers['content-security-policy']).toBe(answer.headers['content-security-policy']);

    // A page no remote renders hints no release; the cookie the browser sent comes back unchanged.
    const key = cookie.split(';')[0] ?? '';
    const home = await getPage(`${HOST_URL}/`, { cookie: key });
    expect(String(home.headers['set-cookie'])).toContain(key);
    expect(linksOf(home.headers).some((link) => link.includes('remoteEntry.js'))).toBe(false);
  });

  test('/detail/<seeded id> has the market’s link preview; /detail/999999 is a 404 that shows the not-found page', async ({
    page,
  }) => {
    const detail = (await (
      await fetch(`${API_URL}/api/market/detail`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: '1' }),
      })
    ).json()) as { data: { market: { event: string } } };
    const event = detail.data.market.event;
    expect(event).toMatch(/\S/);

    // The server waits 150 ms for the api, and an answer that comes later fills its cache for the next
    // requests: on two loaded cores the first answer may be the plain page, so ask until the api's answer
    // is in (each answer is either the preview or the plain page, never a broken one).
    await expect
      .poll(async () => (await getPage(`${HOST_URL}/detail/1`)).body.includes('property="og:title"'), { timeout: 20_000 })
      .toBe(true);
    const preview = await page.goto('/detail/1');
    expect(preview?.status()).toBe(200);
    const head = page.locator('head');
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', event);
    await expect(head.locator('meta[name="twitter:title"]')).toHaveAttribute('content', event);
    await expect(head.locator('meta[property="og:url"]')).toHaveAttribute('content', `${HOST_URL}/detail/1`);
    await expect(head.locator('meta[property="og:description"]')).toHaveAttribute(
      'content',
      /×\d[\d,.]* .*Expiration time: .+ UTC$/,
    );
    await expect(page.getByTestId('detail-event')).toHaveText(event);

    await expect.poll(async () => (await getPage(`${HOST_URL}/detail/999999`)).status, { timeout: 20_000 }).toBe(404);
    const missing = await page.goto('/detail/999999');
    expect(missing?.status()).toBe(404);
    await expect(page.getByTestId('page-not-found').locator('h1')).toHaveText('Market not found');
    expect(await page.locator('meta[property="og:title"]').count()).toBe(0);
  });

  test('the pages run under the CSP without a violation and use every preload they were given', async ({ page }) => {
    test.setTimeout(90_000);
    const seen = await watchPage(page);
    for (const route of ['/', '/market', '/detail/1', '/claim']) {
      await page.goto(route);
      await expect(page.locator('[data-testid^="page-"]').first()).toBeVisible();
      // Chromium reports an unused preload ~3 s after the load event.
      await page.waitForTimeout(4_000);
    }
    expect(seen.violations).toEqual([]);
    expect(seen.unusedPreloads).toEqual([]);
  });
});

test.describe('a releases folder with a canary at 50 %', () => {
  const dir = path.join(REPO_ROOT, 'e2e', 'test-results', 'site-server-releases');
  const versions = [`${SHARED_VERSION}+site.a`, `${SHARED_VERSION}+site.b`] as const;
  let port = 0;
  let server: ReleasesHost | undefined;

  test.beforeAll(async () => {
    // Two releases of the market remote (its build copied under two versions: which one a page
    // loads shows in the URLs it fetches), unpinned as a local build is, and a manifest that gives
    // the second to half of the visitors.
    fs.rmSync(dir, { recursive: true, force: true });
    for (const version of versions) {
      fs.cpSync(path.join(REPO_ROOT, 'mfe-market', 'dist'), path.join(dir, 'mfe_market', version), { recursive: true });
    }
    const record = (version: string) => ({
      url: `/releases/mfe_market/${version}/mf-manifest.json`,
      integrity: null,
      shared: SHARED_VERSION,
      publishedAt: null,
    });
    const manifest = {
      schemaVersion: 1,
      salt: 'site-server',
      reports: false,
      autoRollback: null,
      remotes: {
        mfe_market: {
          stable: versions[0],
          canary: { version: versions[1], percent: 50, cohorts: [], startedAt: null },
          lastGood: [],
          requires: { host: '*', shared: '*' },
          versions: Object.fromEntries(versions.map((v) => [v, record(v)])),
        },
      },
    };
    fs.writeFileSync(path.join(dir, 'rollout.json'), JSON.stringify(manifest));
    server = await startReleasesHost(dir, path.join(dir, 'serve.log'));
    port = server.port;
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  /** A page of a new browser context; which release it picks needs no api (whose CORS knows the suite's ports only). */
  async function newVisitor(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route(`${API_URL}/**`, (route) => route.abort());
    return { page, close: () => context.close() };
  }

  /**
   * Loads /market in `page` and says which release the server chose (its JSON block and its
   * preload), which one the page loaded (the release its `./App` chunk came from: nothing preloads
   * that), every release it fetched anything of, and whether it asked for /remotes.json.
   */
  async function visit(
    page: Page,
  ): Promise<{ server: string; hinted: string; page: string; fetched: string[]; fetchedManifest: boolean }> {
    const urls: string[] = [];
    const onRequest = (request: { url(): string }) => urls.push(request.url());
    page.on('request', onRequest);
    const response = await page.goto(`http://127.0.0.1:${port}/market`, { waitUntil: 'domcontentloaded' });
    const releaseOf = (url: string | undefined) => /\/releases\/mfe_market\/([^/]+)\//.exec(url ?? '')?.[1] ?? '';
    const isApp = (url: string) => /\/releases\/mfe_market\/[^/]+\/__federation_expose_App\./.test(url);
    await expect.poll(() => urls.some(isApp), { timeout: 20_000 }).toBe(true);
    page.off('request', onRequest);
    const block = blockOf((await response?.text()) ?? '');
    const hinted = (await response?.allHeaders())?.link?.split(/,\s*(?=<)/).find((link) => link.includes('remoteEntry.js'));
    return {
      server: block?.releases.mfe_market?.version ?? '',
      hinted: releaseOf(hinted),
      page: releaseOf(urls.find(isApp)),
      fetched: [...new Set(urls.map(releaseOf).filter(Boolean))],
      fetchedManifest: urls.some((url) => new URL(url).pathname === '/remotes.json'),
    };
  }

  async function freshVisitors(browser: Browser, count: number) {
    const results = [];
    for (let i = 0; i < count; i += 1) {
      const { page, close } = await newVisitor(browser);
      const first = await visit(page);
      const again = await visit(page);
      results.push({ first, again });
      await close();
    }
    return results;
  }

  test('a new visitor’s first load already gets the release the server chose, and keeps it', async ({ browser }) => {
    test.setTimeout(180_000);
    const results = await freshVisitors(browser, 16);
    for (const { first, again } of results) {
      expect(first.server).not.toBe('');
      expect(first.page).toBe(first.server);
      expect(first.hinted).toBe(first.server);
      // Nothing of the other release was fetched: the preloads were for the release the page loaded.
      expect(first.fetched).toEqual([first.server]);
      expect(first.fetchedManifest).toBe(false);
      expect(again).toEqual(first);
    }
    // Both releases were given out: the choice follows each visitor's own bucket (16 visitors at 50 %).
    expect(new Set(results.map((r) => r.first.server)).size).toBe(2);
  });

  test('a visitor known from before the cookie keeps their bucket; the server agrees from the next load', async ({ browser }) => {
    test.setTimeout(180_000);
    const seen = new Set<string>();
    for (let i = 0; i < 8; i += 1) {
      const { page, close } = await newVisitor(browser);
      // A visitor from before the cookie: an install id in storage, no cookie.
      const installId = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      await page.goto(`http://127.0.0.1:${port}/remotes.json`);
      await page.evaluate((id) => localStorage.setItem('prds.rollout.id', id), installId);
      const first = await visit(page);
      const again = await visit(page);
      // Their release is their stored id's on both loads; the server's choice is theirs from the second on.
      expect(again.page).toBe(first.page);
      expect(again.server).toBe(again.page);
      expect(again.hinted).toBe(again.page);
      expect(again.fetched).toEqual([again.page]);
      const cookies = await page.context().cookies(`http://127.0.0.1:${port}`);
      expect(cookies.find((c) => c.name === 'prds_rollout')?.value).toBe(installId);
      seen.add(first.page);
      await close();
    }
    expect(seen.size).toBe(2);
  });
});
