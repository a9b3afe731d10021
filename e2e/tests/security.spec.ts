// What a security review of the running product found (issue 19), kept as browser and HTTP checks:
// every server we ship sends CSP, no-framing, nosniff and a referrer policy; the site cannot be
// framed and runs under its CSP without a violation; a malformed URL is one 400 and every app keeps
// serving; remote chunks are shared with the site's origins only; a crashed web server is reported
// and restarted; and script payloads stored in every user text field — event, options, description,
// resolution source, URL, content, evidence — show as text on every page and never run, and long
// unbroken texts never make a page wider than the window. Issue 24: the site's bare error answers
// (431, 400, 408) carry the headers too; every path to a releases folder's manifest is the validated
// no-store route and its lock and temporary files are never served; no remote ships mf-stats.json
// (the building machine's paths); the devnet's JSON-RPC answers the site's pages and Node clients
// only, never another origin's page (its accounts are unlocked).
//
// The payloads live on a devnet + api of this spec's own (ports 8647/8889, proxy 8691; the resolution
// spec has 8645/8887/8689, the License spec 8646/8888/8690, and two workers may run them at once): a market
// full of them on the suite's shared stack would change what the other specs count.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Wallet as RandomWallet } from 'ethers';
import type { Stack } from '../../scripts/stack.cjs';
import { APP_NAMES, HOST_URL, portOf } from '../support/apps';
import { devnet, nativeBalance } from '../support/chain';
import { expect, test } from '../support/fixtures';
import { startOwnStack, startOwnStackProxy, type OwnStackProxy } from '../support/ownStack';
import { rawExchange, rawGet, rawRequest } from '../support/rawHttp';
import { ResolutionChain } from '../support/resolutionChain';
import { expectSecurityHeaders, probeRpcFromPage, startOtherOrigin, watchForScripts } from '../support/securityChecks';
import { REPO_ROOT, SERVE_SCRIPT, childPid, freePort, startReleasesHost, type ReleasesHost } from '../support/serverProcess';
import { renderInBrowser } from '../support/ssrPage';
import { LONG, issuePayloadMarkets, openPayloadPages } from '../support/storedPayloads';

const API_URL = 'http://127.0.0.1:8787';

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

  test('the bare answers to what Node cannot parse (431, 400 for a bad version, 408) carry the headers, on every app', async () => {
    test.setTimeout(60_000);
    const cases = APP_NAMES.flatMap((app) => {
      const port = portOf(app);
      return [
        {
          app,
          what: 'a 17 KB header',
          status: 431,
          sent: rawExchange(port, [`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(17_000)}\r\n\r\n`]),
        },
        { app, what: 'HTTP/9.9', status: 400, sent: rawExchange(port, ['GET / HTTP/9.9\r\nHost: x\r\n\r\n']) },
        // Headers that stop coming: the server's 5 s headers time-out answers.
        {
          app,
          what: 'headers never finished',
          status: 408,
          sent: rawExchange(port, ['GET / HTTP/1.1\r\n', 'Host: x\r\n', 'X-A: 1\r\n'], 1_000),
        },
      ];
    });
    for (const { app, what, status, sent } of cases) {
      const answer = await sent;
      expect([app, what, answer.status]).toEqual([app, what, status]);
      expectSecurityHeaders(answer.headers, `${app} ${what}`);
      expect(answer.headers['cache-control'], `${app} ${what}`).toBe('no-store');
      expect(answer.body).not.toContain('bbbb');
    }
    for (const app of APP_NAMES) {
      const alive = await rawGet(portOf(app), app === 'host' ? '/' : '/mf-manifest.json');
      expect([app, alive.status]).toEqual([app, 200]);
    }
  });

  test('no remote ships its build stats (mf-stats.json) or a path of the building machine', async () => {
    for (const app of APP_NAMES.filter((a) => a !== 'host')) {
      const stats = await rawGet(portOf(app), '/mf-stats.json');
      expect([app, stats.status]).toEqual([app, 404]);
      const manifest = await rawGet(portOf(app), '/mf-manifest.json');
      expect([app, manifest.status]).toEqual([app, 200]);
      expect(manifest.body, app).not.toContain(REPO_ROOT);
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

test.describe("a releases folder's manifest and work files", () => {
  const dir = path.join(REPO_ROOT, 'e2e', 'test-results', 'security-releases');
  const published = 'mfe_claim/0.0.0+security/remoteEntry.js';
  let port = 0;
  let server: ReleasesHost | undefined;
  let good = '';

  test.beforeAll(async () => {
    // The suite's own rollout manifest (valid: the running remotes), as `pnpm rollout` would leave it
    // beside a published release, its lock and temporary files and `pnpm release`'s staging folder.
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(path.join(dir, 'mfe_claim', '0.0.0+security'), { recursive: true });
    fs.mkdirSync(path.join(dir, '.staging', 'mfe_claim-1-2'), { recursive: true });
    good = await (await fetch(`${HOST_URL}/remotes.json`)).text();
    fs.writeFileSync(path.join(dir, 'rollout.json'), good);
    fs.writeFileSync(path.join(dir, published), '/* a published entry */');
    fs.writeFileSync(path.join(dir, 'rollout.json.lock'), '4242');
    fs.writeFileSync(path.join(dir, 'rollout.json.4242.tmp'), '{"half": ');
    fs.writeFileSync(path.join(dir, '.staging', 'mfe_claim-1-2', 'remoteEntry.js'), '/* not yet released */');
    server = await startReleasesHost(dir, path.join(dir, '..', 'security-releases-serve.log'));
    port = server.port;
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  const MANIFEST_PATHS = [
    '/releases/rollout.json',
    '/releases//rollout.json',
    '/releases/./rollout.json',
    '/releases/mfe_claim/../rollout.json',
    '/releases/%72ollout.json',
    '/releases/%2572ollout.json',
  ];

  test('every path to the manifest is the validated route: never cached, and never a bad file on disk', async () => {
    for (const pathName of MANIFEST_PATHS) {
      const answer = await rawGet(port, pathName);
      expect([pathName, answer.status, answer.headers['cache-control']]).toEqual([pathName, 200, 'no-store']);
      expect(answer.body, pathName).toBe(good);
    }
    // A manifest that does not validate is refused (the last good one stays) on every path alike.
    const bad = JSON.stringify({ schemaVersion: 1, remotes: 'tampered' });
    fs.writeFileSync(path.join(dir, 'rollout.json'), bad);
    for (const pathName of MANIFEST_PATHS) {
      const answer = await rawGet(port, pathName);
      expect([pathName, answer.status, answer.headers['cache-control']]).toEqual([pathName, 200, 'no-store']);
      expect(answer.body, pathName).toBe(good);
    }
    fs.writeFileSync(path.join(dir, 'rollout.json'), good);
  });

  test('lock, temporary and staging files are never served; a published release is, immutable', async () => {
    for (const pathName of [
      '/releases/rollout.json.lock',
      '/releases//rollout.json.lock',
      '/releases/rollout.json.4242.tmp',
      '/releases/.staging/mfe_claim-1-2/remoteEntry.js',
      '/releases/mfe_claim/0.0.0+security/',
    ]) {
      const answer = await rawGet(port, pathName);
      expect([pathName, answer.status]).toEqual([pathName, 404]);
      expect(answer.body, pathName).not.toMatch(/4242|half|not yet released/);
    }
    const release = await rawGet(port, `/releases/${published}`);
    expect(release.status).toBe(200);
    expect(release.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(release.headers, 'a published release');
  });
});

test.describe('the devnet JSON-RPC (unlocked accounts)', () => {
  const RPC_PORT = 8545;
  const RPC_URL = `http://127.0.0.1:${RPC_PORT}`;
  const CHAIN_ID = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] });

  test("refuses another origin's CORS preflight and calls, and accepts the site's and Node clients'", async () => {
    const preflight = (origin: string) =>
      rawRequest(RPC_PORT, 'OPTIONS', '/', {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      });
    const foreign = await preflight('http://evil.example');
    expect(foreign.status).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const site = await preflight(HOST_URL);
    expect(site.status).toBeLessThan(300);
    expect(site.headers['access-control-allow-origin']).toBe(HOST_URL);

    const call = (headers: Record<string, string>) => rawRequest(RPC_PORT, 'POST', '/', headers, CHAIN_ID);
    const refused = await call({ origin: 'http://evil.example', 'content-type': 'text/plain' });
    expect(refused.status).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.body).not.toContain('0x7a69');
    const page = await call({ origin: HOST_URL, 'content-type': 'application/json' });
    expect([page.status, page.headers['access-control-allow-origin'], JSON.parse(page.body)]).toEqual([
      200,
      HOST_URL,
      { jsonrpc: '2.0', id: 1, result: '0x7a69' },
    ]);
    const node = await call({ 'content-type': 'application/json' });
    expect([node.status, JSON.parse(node.body)]).toEqual([200, { jsonrpc: '2.0', id: 1, result: '0x7a69' }]);
  });

  test("a page of another origin cannot read the chain or move an unlocked account's funds; the site's page can read it", async ({
    page,
  }) => {
    // Another web app on this machine (a loopback origin that is not the site's).
    const other = await startOtherOrigin();
    try {
      const accounts = (await devnet().send('eth_accounts', [])) as string[];
      const from = accounts[accounts.length - 1] ?? '';
      const to = RandomWallet.createRandom().address;
      await page.goto(other.url);
      const seen = await probeRpcFromPage(page, RPC_URL, CHAIN_ID, {
        jsonrpc: '2.0',
        id: 2,
        method: 'eth_sendTransaction',
        params: [{ from, to, value: '0xde0b6b3a7640000' }],
      });
      expect(seen).toEqual({ read: 'blocked', socket: 'refused' });
      expect(await nativeBalance(to)).toBe(0n);

      await page.goto('/');
      const own = await page.evaluate(
        async ({ url, chainId }) =>
          (await (
            await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: chainId })
          ).json()) as unknown,
        { url: RPC_URL, chainId: CHAIN_ID },
      );
      expect(own).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' });
    } finally {
      await other.close();
    }
  });
});

test.describe('a rewritten api answer', () => {
  test('with markup in every string and script URLs in the link fields never runs', async ({ page }) => {
    // The browser's own render of the rewritten answers (the server's render asks the api itself).
    await renderInBrowser(page);
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
      const serverPid = childPid(supervisor.pid ?? 0, ['serve.mjs', String(basePort)]);
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

const OWN_PROXY_PORT = 8691;
let stack: Stack | undefined;
let proxy: OwnStackProxy | undefined;
let chain: ResolutionChain | undefined;
let marketId: bigint | undefined;
let longId: bigint | undefined;

test.describe('stored payloads in every user text field', () => {
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    stack = await startOwnStack({ devnetPort: 8647, apiPort: 8889, name: 'stack-security' });
    chain = new ResolutionChain(stack.devnetUrl, stack.apiUrl);
    proxy = await startOwnStackProxy(stack, OWN_PROXY_PORT);
    ({ marketId, longId } = await issuePayloadMarkets(chain, stack.apiUrl));
  });

  test.afterAll(async () => {
    chain?.destroy();
    await proxy?.close();
    await stack?.stop();
  });

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
        // Newest first: the spec's markets are the last issued, so their rows are among the list's first
        // (the rows further down come as the list is scrolled).
        await page.goto('/market?sort=newest');
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
    const unguarded = await openPayloadPages(browser, { proxy, marketId }, true);
    expect(unguarded.dialogs).toEqual([]);
    // And as served: no payload even tries (a CSP violation would say one did).
    const guarded = await openPayloadPages(browser, { proxy, marketId }, false);
    expect(guarded.dialogs).toEqual([]);
    expect(guarded.violations).toEqual([]);
  });
});
