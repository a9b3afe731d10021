// Issue 28 "A live product": the api process restarted under a page that follows a market. On this
// spec's **own** devnet + api (ports 8653/8897, proxy 8697; support/ownStack.ts), because it stops the
// api: the other specs share the suite's api. A page follows a market's detail; the api stops; the
// page says its updates are paused while another account buys on the chain; the api starts again on
// the same database, indexes what it missed, and the page — never reloaded — reconnects, resumes
// after the last event it saw and shows the buy: the option's pool and odds, and the trade.
import { parseUnits, type Wallet } from 'ethers';
import { HOST_URL } from '../support/apps';
import { expect, test } from '../support/fixtures';
import { detailPage } from '../support/marketPage';
import { startOwnStack, startOwnStackProxy, type OwnStackProxy } from '../support/ownStack';
import { ResolutionChain, type IssuedMarket } from '../support/resolutionChain';
import type { Stack } from '../../scripts/stack.cjs';

const HOUR = 3600;
const PROXY_PORT = 8697;

let stack: Stack | undefined;
let proxy: OwnStackProxy | undefined;
let chain: ResolutionChain;
let market: IssuedMarket;
let buyer: Wallet;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Deploy + seed + api index, one market issued: ~15 s alone, more with the other worker busy.
  test.setTimeout(240_000);
  stack = await startOwnStack({ devnetPort: 8653, apiPort: 8897, name: 'stack-live-restart' });
  chain = new ResolutionChain(stack.devnetUrl, stack.apiUrl);
  proxy = await startOwnStackProxy(stack, PROXY_PORT);
  const params = (await chain.markets().getFunction('params')()) as { minLiquidity: bigint; minMargin: bigint };
  const issuer = await chain.freshAccount();
  market = await chain.issue(issuer, {
    event: 'Will the harbour ferry add a late evening crossing before the summer timetable?',
    category: 'culture',
    options: ['Yes', 'No'],
    description: 'Resolves to Yes if the ferry operator publishes a late evening crossing before the expiration time.',
    resolutionSource: "The ferry operator's timetable page",
    tradingFor: 24 * HOUR,
    expiresAfter: 25 * HOUR,
    liquidity: BigInt(params.minLiquidity),
    margin: BigInt(params.minMargin),
  });
  buyer = await chain.freshAccount();
  await chain.buy(buyer, market.id, 0, parseUnits('10', 18));
  await chain.waitApi(market.id, (m) => m.state === 'Open');
});

test.afterAll(async () => {
  chain?.destroy();
  await proxy?.close();
  await stack?.stop();
});

test('the api restarted under a detail page: updates paused meanwhile, then the page shows the buy it missed without a reload', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({
    baseURL: HOST_URL,
    proxy: { server: `http://127.0.0.1:${PROXY_PORT}`, bypass: '<-loopback>' },
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    colorScheme: 'light',
  });
  try {
    const page = await context.newPage();
    await page.goto(`/detail/${market.id}`);
    await expect(detailPage(page)).toBeVisible();
    const status = page.getByTestId('live-status');
    await expect(status).toHaveAttribute('data-status', 'live', { timeout: 20_000 });
    const trades = page.getByTestId('trade-row');
    await expect(trades.first()).toBeVisible();
    const tradesBefore = await trades.count();
    const pool = page.getByTestId('detail-option-pool-0');
    const probability = page.getByTestId('detail-option-probability-0');
    const poolBefore = await pool.getAttribute('data-value');
    const probabilityBefore = await probability.getAttribute('data-value');
    await page.evaluate(() => {
      (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
    });

    // The api goes away: the page says its updates are paused, in words.
    await stack!.stopApi();
    await expect(status).toHaveAttribute('data-status', /^(reconnecting|unavailable)$/, { timeout: 30_000 });
    await expect(status).toHaveText(/\S/);

    // Meanwhile another buy is mined; no api sees it yet.
    await chain.buy(buyer, market.id, 0, parseUnits('40', 18));

    // The api starts again on the same database and indexes the buy it missed; the page, still the
    // same document, reconnects on its own and shows it.
    await stack!.startApi();
    await expect(status).toHaveAttribute('data-status', 'live', { timeout: 90_000 });
    await expect(status).toHaveText('');
    await expect(pool).not.toHaveAttribute('data-value', poolBefore ?? '', { timeout: 15_000 });
    await expect(probability).not.toHaveAttribute('data-value', probabilityBefore ?? '');
    await expect(trades).toHaveCount(tradesBefore + 1);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true)).toBe(true);
  } finally {
    await context.close();
  }
});
