// What a security review of the running product found (issue 19), kept as browser and HTTP checks:
// every server we ship sends CSP, no-framing, nosniff and a referrer policy; the site cannot be
// framed and runs under its CSP without a violation; a malformed URL is one 400 and every app keeps
// serving; remote chunks are shared with the site's origins only; a crashed web server is reported
// and restarted; and script payloads stored in every user text field — event, options, description,
// resolution source, URL, content, evidence — show as text on every page and never run, and long
// unbroken texts never make a page wider than the window.
//
// The payloads live on a devnet + api of this spec's own (ports 8647/8889, proxy 8691; the resolution
// spec has 8645/8887/8689, the License spec 8646/8888/8690, and two workers may run them at once): a market
// full of them on the suite's shared stack would change what the other specs count.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { parseUnits, type Wallet } from 'ethers';
import type { Browser, Page } from '@playwright/test';
import type { Stack } from '../../scripts/stack.cjs';
import { APP_NAMES, HOST_URL, portOf } from '../support/apps';
import { expect, test } from '../support/fixtures';
import { startOwnStack, startOwnStackProxy, type OwnStackProxy } from '../support/ownStack';
import { ResolutionChain } from '../support/resolutionChain';
import { REPO_ROOT, SERVE_SCRIPT } from '../support/serverProcess';

const API_URL = 'http://127.0.0.1:8787';
const u = (amount: string): bigint => parseUnits(amount, 18);
const HOUR = 3600;

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET with the path sent byte for byte (URL parsers would fix or refuse `/%`). */
function rawGet(port: number, pathName: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: pathName, method: 'GET', headers, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${pathName} on ${port}: no answer`)));
    request.on('error', reject);
    request.end();
  });
}

function expectSecurityHeaders(headers: Record<string, string | string[] | undefined>, what: string): void {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, `${what}: CSP`).toMatch(/frame-ancestors 'none'/);
  expect(csp, `${what}: CSP default-src`).toMatch(/default-src '(self|none)'/);
  expect(headers['x-frame-options'], `${what}: X-Frame-Options`).toBe('DENY');
  expect(headers['x-content-type-options'], `${what}: nosniff`).toBe('nosniff');
  expect(headers['referrer-policy'], `${what}: Referrer-Policy`).toBe('no-referrer');
}

/** Collects CSP violations and dialogs a page reports. */
async function watchForScripts(page: Page): Promise<{ violations: string[]; dialogs: string[] }> {
  const seen = { violations: [] as string[], dialogs: [] as string[] };
  await page.exposeBinding('__reportViolation', (_source, text: string) => {
    seen.violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportViolation?: (text: string) => void }).__reportViolation;
      report?.(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

test.describe('what the servers send', () => {
  test('every app and the api send CSP, no framing, nosniff and a referrer policy', async ({ request }) => {
    const host = await request.get('/');
    expectSecurityHeaders(host.headers(), 'host page');
    // Scripts: exactly the host's origin and the origins the rollout manifest loads remotes from
    // (issue 18); nothing inline, no eval.
    const scriptSrc = (host.headers()['content-security-policy'] ?? '').split(';').find((d) => d.trim().startsWith('script-src'));
    const rollout = (await (await request.get('/remotes.json')).json()) as {
      remotes: Record<string, { versions: Record<string, { url: string }> }>;
    };
    const remoteOrigins = Object.values(rollout.remotes).flatMap((r) =>
      Object.values(r.versions).map((v) => new URL(v.url).origin),
    );
    expect(scriptSrc?.trim().split(/\s+/).slice(1).sort()).toEqual([...new Set(["'self'", ...remoteOrigins])].sort());
    expect(scriptSrc).not.toMatch(/'unsafe-(inline|eval)'|'sha|\*/);
    expectSecurityHeaders((await request.get('/market')).headers(), 'host page route');
    expectSecurityHeaders((await request.get('/remotes.json')).headers(), 'remotes.json');
    expectSecurityHeaders((await request.get('/missing-chunk.js')).headers(), 'a 404');
    for (const app of APP_NAMES.filter((a) => a !== 'host')) {
      expectSecurityHeaders((await request.get(`http://127.0.0.1:${portOf(app)}/mf-manifest.json`)).headers(), app);
    }
    const api = await request.post(`${API_URL}/api/markets`, { data: {} });
    expectSecurityHeaders(api.headers(), 'api call');
    expectSecurityHeaders((await request.post(`${API_URL}/api/no-such-call`, { data: {} })).headers(), 'api 404');
  });

  test('the site cannot be framed by another page', async ({ page }) => {
    await page.setContent(`<iframe id="victim" src="${HOST_URL}/market" width="800" height="600"></iframe>`);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    await expect.poll(() => frame?.url() ?? '', { timeout: 10_000 }).not.toBe('');
    // Chromium refuses the document (frame-ancestors 'none', X-Frame-Options DENY): the app never renders in it.
    await page.waitForTimeout(1_000);
    expect(await page.frameLocator('#victim').getByTestId('page-market-list').count()).toBe(0);
    expect(frame?.url()).not.toContain('/market');
  });

  test('a malformed URL is one 400 on every app, which keeps serving', async () => {
    for (const app of APP_NAMES) {
      const port = portOf(app);
      for (const bad of ['/%', '/%E0%A4%A', '/market/%zz', '/detail/%c0%af%']) {
        const answer = await rawGet(port, bad);
        expect([app, bad, answer.status]).toEqual([app, bad, 400]);
        expect(answer.body).not.toContain(bad);
      }
      const alive = await rawGet(port, app === 'host' ? '/' : '/mf-manifest.json');
      expect([app, alive.status]).toEqual([app, 200]);
    }
  });

  test("remote chunks are shared with the site's origins only", async () => {
    const port = portOf('mfe-market');
    const site = await rawGet(port, '/mf-manifest.json', { origin: HOST_URL });
    expect(site.headers['access-control-allow-origin']).toBe(HOST_URL);
    const other = await rawGet(port, '/mf-manifest.json', { origin: 'http://evil.example' });
    expect(other.status).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('the main pages run under the CSP without a violation', async ({ page }) => {
    const seen = await watchForScripts(page);
    for (const route of ['/', '/market', '/detail/1', '/claim', '/nft', '/issue']) {
      await page.goto(route);
      await expect(page.locator('[data-testid^="page-"]').first()).toBeVisible();
    }
    await page.waitForTimeout(500);
    expect(seen.violations).toEqual([]);
  });
});

test.describe('a rewritten api answer', () => {
  test('with markup in every string and script URLs in the link fields never runs', async ({ page }) => {
    const seen = await watchForScripts(page);
    const markup = (field: string) => `<img src=x onerror="window.__pwned='${field}'">${field}`;
    const rewrite = (market: Record<string, unknown>) => {
      for (const field of ['event', 'description', 'content', 'category']) market[field] = markup(field);
      market.url = `javascript:window.__pwned='url'`;
      market.resolutionSource = `javascript:window.__pwned='source'`;
      const options = market.options as { label: string | null }[];
      options.forEach((option, i) => (option.label = markup(`option${i}`)));
    };
    await page.route(`${API_URL}/api/markets`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { list: Record<string, unknown>[] } };
      body.data.list.forEach(rewrite);
      await route.fulfill({ response, json: body });
    });
    await page.route(`${API_URL}/api/market/detail`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { market: Record<string, unknown> } };
      rewrite(body.data.market);
      await route.fulfill({ response, json: body });
    });
    for (const route of ['/', '/market', '/detail/1']) {
      await page.goto(route);
      await expect(page.getByText(/__pwned=.option\d+..>option\d+/).first()).toBeVisible();
    }
    await expect(page.getByTestId('detail-description')).toHaveText(markup('description'));
    // A script URL is shown as text, never made a link.
    for (const id of ['detail-url', 'detail-resolution-source']) {
      expect(await page.getByTestId(id).evaluate((el) => el.closest('a'))).toBeNull();
    }
    await page.waitForTimeout(500);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned ?? null)).toBeNull();
    expect(seen.dialogs).toEqual([]);
    expect(seen.violations).toEqual([]);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});

test.describe('a crashed web server', () => {
  function freePort(): Promise<number> {
    return new Promise((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
      });
    });
  }

  test('is reported and restarted by its supervisor', async () => {
    test.setTimeout(60_000);
    const claimPort = await freePort();
    const basePort = claimPort - 5;
    const log = path.join(REPO_ROOT, 'e2e', 'test-results', `supervise-${claimPort}.log`);
    fs.mkdirSync(path.dirname(log), { recursive: true });
    fs.writeFileSync(log, '');
    const supervisor: ChildProcess = spawn(
      process.execPath,
      [
        path.join(REPO_ROOT, 'scripts', 'supervise.mjs'),
        ...['--name', 'web', '--log', log, '--ready', '^READY mfe-claim', '--backoff-ms', '200', '--'],
        process.execPath,
        SERVE_SCRIPT,
        ...['--base-port', String(basePort), '--only', 'mfe-claim'],
      ],
      { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let reported = '';
    supervisor.stderr?.on('data', (chunk: Buffer) => (reported += chunk.toString('utf8')));
    try {
      const ready = () => (fs.readFileSync(log, 'utf8').match(/^READY mfe-claim/gm) ?? []).length;
      await expect.poll(ready, { timeout: 20_000 }).toBe(1);
      expect((await rawGet(claimPort, '/%')).status).toBe(400);
      // The server process (the supervisor's child) dies hard.
      const serverPid = Number(
        fs
          .readdirSync('/proc')
          .filter((entry) => /^\d+$/.test(entry))
          .find((pid) => {
            try {
              const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
              const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
              return cmd.includes('serve.mjs') && cmd.includes(String(basePort)) && stat.split(' ')[3] === String(supervisor.pid);
            } catch {
              return false;
            }
          }),
      );
      expect(serverPid).toBeGreaterThan(0);
      process.kill(serverPid, 'SIGKILL');
      await expect.poll(ready, { timeout: 20_000 }).toBe(2);
      expect(reported).toMatch(/SUPERVISE web: was killed \(SIGKILL\).*restarting in/);
      expect(fs.readFileSync(log, 'utf8')).toMatch(/SUPERVISE web: was killed \(SIGKILL\)/);
      expect((await rawGet(claimPort, '/mf-manifest.json')).status).toBe(200);
    } finally {
      supervisor.kill('SIGTERM');
      await new Promise((resolve) => supervisor.once('exit', resolve));
    }
  });
});

// ---------------------------------------------------------------------------------------------

/** Each payload marks window.__pwned with its field's name if it ever runs. */
const PAYLOADS = {
  event: `Will <img src=x onerror="window.__pwned='event'"> render as text?`,
  option0: `<details open ontoggle=window.__pwned='option'>North`,
  option1: `<svg onload=window.__pwned='option1'>South`,
  description: `<script>window.__pwned='description'</script><body onload=window.__pwned='body'>Resolves on the record.`,
  resolutionSource: `javascript:window.__pwned='source'`,
  url: `https://example.org/"><img src=x onerror=window.__pwned='url'>`,
  content: `<iframe srcdoc="<script>parent.__pwned='content'</script>"></iframe>`,
  evidence: `<img src=x onerror=window.__pwned='evidence'> java\tscript:alert(1) javascript&colon;alert(1)`,
} as const;

/** Words longer than any line: the page must wrap them or cut them with a tooltip, never widen. */
const LONG = {
  event: `Will ${'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(6)} settle?`,
  option0: 'Aurora'.repeat(20),
  option1: 'Borealis'.repeat(15),
  description: 'Resolves'.repeat(125),
  resolutionSource: 'Source'.repeat(80),
  url: `https://example.org/${'path'.repeat(400)}`,
  content: 'Content'.repeat(600),
} as const;

const OWN_PROXY_PORT = 8691;
let stack: Stack | undefined;
let proxy: OwnStackProxy | undefined;
let chain: ResolutionChain | undefined;
let marketId: bigint | undefined;
let longId: bigint | undefined;
let challenger: Wallet | undefined;

test.describe('stored payloads in every user text field', () => {
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    stack = await startOwnStack({ devnetPort: 8647, apiPort: 8889, name: 'stack-security' });
    chain = new ResolutionChain(stack.devnetUrl, stack.apiUrl);
    proxy = await startOwnStackProxy(stack, OWN_PROXY_PORT);
    const issuer = await chain.freshAccount();
    challenger = await chain.freshAccount();
    const market = await chain.issue(issuer, {
      event: PAYLOADS.event,
      category: 'other',
      options: [PAYLOADS.option0, PAYLOADS.option1],
      description: PAYLOADS.description,
      resolutionSource: PAYLOADS.resolutionSource,
      url: PAYLOADS.url,
      content: PAYLOADS.content,
      tradingFor: 2 * HOUR,
      expiresAfter: 3 * HOUR,
      liquidity: u('150'),
      margin: u('400'),
    });
    marketId = market.id;
    // Over the minimum premium (50 USDT of buyers' stakes), or the market would end void, not confirmed.
    await chain.buy(challenger, market.id, 1, u('60'));
    const long = await chain.issue(issuer, {
      ...LONG,
      category: 'other',
      options: [LONG.option0, LONG.option1],
      tradingFor: 30 * 24 * HOUR,
      expiresAfter: 31 * 24 * HOUR,
      liquidity: u('150'),
      margin: u('400'),
    });
    longId = long.id;
    await chain.buy(challenger, long.id, 0, u('20'));
    // Past the expiration the issuer confirms option 0; the challenger claims option 1 with evidence text.
    await chain.increaseTime(3 * HOUR + 60);
    const markets = chain.markets(issuer);
    await (await markets.getFunction('confirm')(market.id, 0)).wait();
    const stake = await chain.challengeStake();
    await chain.grantPrds(challenger.address, stake);
    await (await chain.prds(challenger).getFunction('approve')(await markets.getAddress(), stake)).wait();
    const form = new FormData();
    form.append('text', PAYLOADS.evidence);
    const uploaded = (await (await fetch(`${stack.apiUrl}/api/evidence/upload`, { method: 'POST', body: form })).json()) as {
      code: number;
      data: { evidenceHash: string };
    };
    expect(uploaded.code).toBe(0);
    await (await chain.markets(challenger).getFunction('challenge')(market.id, 1, 0, uploaded.data.evidenceHash)).wait();
    await chain.waitApi(market.id, (m) => m.phase === 'Challenging');
  });

  test.afterAll(async () => {
    chain?.destroy();
    await proxy?.close();
    await stack?.stop();
  });

  async function openPages(browser: Browser, bypassCSP: boolean): Promise<{ violations: string[]; dialogs: string[] }> {
    const context = await browser.newContext({
      baseURL: HOST_URL,
      bypassCSP,
      proxy: { server: `http://127.0.0.1:${OWN_PROXY_PORT}`, bypass: '<-loopback>' },
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    const seen = await watchForScripts(page);
    const pwned = () => page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned ?? null);
    const injected = () => page.locator('img[src="x"], details[ontoggle], svg[onload], body[onload], iframe[srcdoc]').count();
    try {
      await page.goto('/');
      await expect(page.getByText('render as text?', { exact: false }).first()).toBeVisible();
      await page.goto('/market');
      await expect(page.getByText(PAYLOADS.event).first()).toBeVisible();
      await expect(page.getByText(PAYLOADS.option0).first()).toBeVisible();
      await page.goto(`/market?search=${encodeURIComponent('render')}`);
      await expect(page.getByText(PAYLOADS.event).first()).toBeVisible();
      await page.goto(`/detail/${String(marketId)}`);
      await expect(page.getByTestId('detail-event')).toHaveText(PAYLOADS.event);
      await expect(page.getByTestId('detail-description')).toHaveText(PAYLOADS.description);
      await expect(page.getByTestId('detail-resolution-source')).toHaveText(PAYLOADS.resolutionSource);
      // Not an http(s) link: plain text.
      expect(await page.getByTestId('detail-resolution-source').evaluate((el) => el.tagName)).not.toBe('A');
      await expect(page.getByTestId('detail-url')).toHaveText(PAYLOADS.url);
      expect(await page.getByTestId('detail-url').getAttribute('href')).toMatch(/^https:\/\/example\.org\//);
      await expect(page.getByTestId('detail-content')).toHaveText(PAYLOADS.content);
      await expect(page.getByText(PAYLOADS.option1).first()).toBeVisible();
      await expect(page.getByTestId('challenge-item-0')).toContainText(PAYLOADS.evidence.split('\t')[0] ?? '');
      await page.waitForTimeout(500);
      expect(await injected()).toBe(0);
      expect(await pwned()).toBeNull();
    } finally {
      await context.close();
    }
    return seen;
  }

  test('long unbroken texts wrap or are cut with a tooltip: no page is wider than the window', async ({ browser }) => {
    test.setTimeout(120_000);
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 812 },
    ]) {
      const context = await browser.newContext({
        baseURL: HOST_URL,
        proxy: { server: `http://127.0.0.1:${OWN_PROXY_PORT}`, bypass: '<-loopback>' },
        viewport,
      });
      const page = await context.newPage();
      const width = () => page.evaluate(() => document.documentElement.scrollWidth);
      try {
        await page.goto('/');
        await expect(page.locator(`[title="${LONG.event}"]`).first()).toBeVisible();
        // Cut on a card: the whole option name is the tooltip.
        await expect(page.locator(`[title="${LONG.option0}"]`).first()).toBeAttached();
        expect([viewport.width, 'home', await width()]).toEqual([viewport.width, 'home', viewport.width]);
        await page.goto('/market');
        await expect(page.getByTestId(`market-row-${String(longId)}`)).toBeVisible();
        expect([viewport.width, 'list', await width()]).toEqual([viewport.width, 'list', viewport.width]);
        await page.goto(`/detail/${String(longId)}`);
        await expect(page.getByTestId('detail-event')).toHaveText(LONG.event);
        await expect(page.getByTestId('detail-odds-legend')).toBeVisible();
        await expect(page.getByTestId('detail-odds-legend')).toContainText(LONG.option0);
        await expect(page.getByTestId('detail-content')).toHaveText(LONG.content);
        await page.waitForTimeout(300);
        expect([viewport.width, 'detail', await width()]).toEqual([viewport.width, 'detail', viewport.width]);
        // The trades table does not hide the option's name behind a sideways scroll either.
        const trades = page.getByTestId('trade-row').first();
        await expect(trades).toContainText(LONG.option0);
        const clipped = await trades.evaluate((row) => {
          const scroller = row.closest('table')?.parentElement;
          return scroller ? scroller.scrollWidth - scroller.clientWidth : 0;
        });
        expect([viewport.width, 'trades', clipped]).toEqual([viewport.width, 'trades', 0]);
        await page.screenshot({ path: test.info().outputPath(`long-texts-detail-${viewport.width}.png`) });
        await page.getByTestId('detail-odds-legend').scrollIntoViewIfNeeded();
        await page.screenshot({ path: test.info().outputPath(`long-texts-legend-${viewport.width}.png`) });
      } finally {
        await context.close();
      }
    }
  });

  test('show as text on the home page, the list, a search and the detail page, and never run', async ({ browser }) => {
    test.setTimeout(120_000);
    // With the CSP bypassed, so the rendering rule (user text is text) is what is tested.
    const unguarded = await openPages(browser, true);
    expect(unguarded.dialogs).toEqual([]);
    // And as served: no payload even tries (a CSP violation would say one did).
    const guarded = await openPages(browser, false);
    expect(guarded.dialogs).toEqual([]);
    expect(guarded.violations).toEqual([]);
  });
});
