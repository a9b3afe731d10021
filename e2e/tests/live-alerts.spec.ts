// Issue 28's alerts on the chain's clock, on this spec's **own** devnet + api (ports 8652/8896, proxy
// 8696; support/ownStack.ts), because it moves the devnet's time: an account holds a position in a
// market trading for three more hours; the bell counts nothing. The devnet's clock moves past the
// market's last trading time minus one hour: the bell counts one 'stops trading' alert, which links to
// the market; following it marks it read, and the read state survives a reload.
import type { BrowserContext, Page } from '@playwright/test';
import { parseUnits, type Wallet } from 'ethers';
import { HOST_URL } from '../support/apps';
import { expect, test } from '../support/fixtures';
import { startOwnStack, startOwnStackProxy, type OwnStackProxy } from '../support/ownStack';
import { ResolutionChain, type IssuedMarket } from '../support/resolutionChain';
import { installTestWallet } from '../support/testWallet';
import { connectInjectedWallet, shortAddressPattern } from '../support/walletUi';
import type { Stack } from '../../scripts/stack.cjs';

const HOUR = 3600;
const PROXY_PORT = 8696;

let stack: Stack | undefined;
let proxy: OwnStackProxy | undefined;
let chain: ResolutionChain;
let market: IssuedMarket;
let holder: Wallet;
let context: BrowserContext | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Deploy + seed + api index, one market issued: ~15 s alone, more with the other worker busy.
  test.setTimeout(240_000);
  stack = await startOwnStack({ devnetPort: 8652, apiPort: 8896, name: 'stack-live-alerts' });
  chain = new ResolutionChain(stack.devnetUrl, stack.apiUrl);
  proxy = await startOwnStackProxy(stack, PROXY_PORT);
  const params = (await chain.markets().getFunction('params')()) as { minLiquidity: bigint; minMargin: bigint };
  const issuer = await chain.freshAccount();
  market = await chain.issue(issuer, {
    event: 'Will the city library extend its weekend opening hours this month?',
    category: 'culture',
    options: ['Yes', 'No'],
    description:
      'Resolves to Yes if the library announces longer weekend opening hours before the expiration time, otherwise No.',
    resolutionSource: "The library's public announcements page",
    tradingFor: 3 * HOUR,
    expiresAfter: 4 * HOUR,
    liquidity: BigInt(params.minLiquidity),
    margin: BigInt(params.minMargin),
  });
  holder = await chain.freshAccount();
  await chain.buy(holder, market.id, 0, parseUnits('10', 18));
  await chain.waitApi(market.id, (m) => m.state === 'Open');
});

test.afterAll(async () => {
  await context?.close();
  chain?.destroy();
  await proxy?.close();
  await stack?.stop();
});

async function openAsHolder(page: Page): Promise<void> {
  await installTestWallet(page, { privateKey: holder.privateKey, rpcUrl: stack?.devnetUrl });
  await page.goto('/market');
  await connectInjectedWallet(page);
  await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(holder.address));
}

test("the devnet's clock past a held market's last trading time minus 1 hour: the bell counts one alert that links to the market; read state survives a reload", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  context = await browser.newContext({
    baseURL: HOST_URL,
    proxy: { server: `http://127.0.0.1:${PROXY_PORT}`, bypass: '<-loopback>' },
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    colorScheme: 'light',
  });
  const page = await context.newPage();
  await openAsHolder(page);
  const bell = page.getByTestId('alerts-bell');
  await expect(bell).toHaveAccessibleName('Alerts, none unread');
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'live', { timeout: 20_000 });

  // Two hours and a minute later the market stops trading within the hour.
  await chain.increaseTime(2 * HOUR + 60);
  await chain.waitApi(market.id, () => true);
  // The api tells the page (its `alert` event), else the bell's own minute-by-minute ask finds it.
  await expect(bell).toHaveAccessibleName('Alerts, 1 unread', { timeout: 70_000 });
  await expect(page.getByTestId('alerts-count')).toHaveText('1');

  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Alerts' });
  const alert = panel.getByRole('link');
  await expect(alert).toHaveCount(1);
  await expect(alert).toHaveAttribute('data-kind', 'closingSoon');
  await expect(alert).toHaveAttribute('data-unread', 'true');
  await expect(alert).toHaveAttribute('href', `/detail/${market.id}`);
  await expect(alert).toContainText(
    '“Will the city library extend its weekend opening hours this month?” stops trading in less than an hour',
  );
  await alert.click();
  await expect(page).toHaveURL(new RegExp(`/detail/${market.id}$`));
  await expect(bell).toHaveAccessibleName('Alerts, none unread');

  await page.reload();
  await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(holder.address));
  await expect(bell).toHaveAttribute('data-unread', '0');
  await bell.click();
  await expect(panel.getByRole('link')).toHaveAttribute('data-unread', 'false');
  await expect(bell).toHaveAccessibleName('Alerts, none unread');
});
