// Issue 17: the portfolio remote end to end — /portfolio, /deposit, /bridge and referral rewards — on
// the whole stack, with one of the seed's accounts (b4: positions open, waiting for confirmation,
// challenged by it, and void with its refund unclaimed) plus buys made here:
//
// - /deposit: the address as text and as a QR code that decodes (jsQR, from the pixels Chromium drew)
//   to the connected address; the network and its warning; the devnet faucet adds USDT on chain and
//   on the page without a reload. /bridge: routes with deep links carrying the address, balances.
// - A referee opens the referral link (/market?ref=<b4>), wanders off it (header's Markets, Home, a
//   featured market) and buys: the chain binds b4 as its referrer (the page remembered the ref) and
//   b4's portfolio shows the accrued share; the referee's Share carries its own address, not the ref
//   it arrived with. b4 opening its own link is told a self-referral is not possible and buys
//   without a referrer.
// - Positions across states on My Positions and Bought match /api/bought and positionOf on chain;
//   the headline figures match the api (K/M/B with 2 decimals), the tables' figures have 4 decimals
//   rounded down (spec §5).
// - History: the CSV download's rows equal the table's.
// - Time past the markets' ends (devnet clock): b4 claims its referral share on the referral panel,
//   the void refund from its row, then 'Claim all' — refused in the wallet at the first step (the
//   rest not sent, nothing paid), then again — each time the balance change on chain equals what the
//   page said it would pay.
// - Screenshots of every tab, /deposit and /bridge at 375 and 1280 px, day and night, en/zh/ar.
//
// It moves the devnet's clock, so it runs on a devnet + api of its own (support/ownStack.ts, ports
// 8649/8891, its proxy on 8693), like license.spec.ts.
import { readFileSync } from 'node:fs';
import { parseUnits, type Wallet, ZeroAddress } from 'ethers';
import type { Browser } from '@playwright/test';
import type { Stack } from '../../scripts/stack.cjs';
import { HOST_URL, type LangCode } from '../support/apps';
import { seedAccountKey } from '../support/devnetAccounts';
import { expect, test } from '../support/fixtures';
import { storeLook } from '../support/hostUi';
import { fillBuy, marketRow, submitBuy } from '../support/marketPage';
import { startOwnStack, startOwnStackProxy, type OwnStackProxy } from '../support/ownStack';
import { expectNoHorizontalOverflow, expectNoTofu } from '../support/pageChecks';
import { confirmAs, issuePortfolioMarkets } from '../support/portfolioMarkets';
import { apiCaughtUp, bought, claimSteps, claims, dueOf } from '../support/portfolioApi';
import {
  expectDuesListed,
  expectFiguresInsideCards,
  expectHeadlineFigures,
  expectPositionRow,
  readHistoryRows,
} from '../support/portfolioPage';
import { amount4, compact, expectAmount, parseCsv, rate, valueOf } from '../support/portfolioFigures';
import { decodeQr } from '../support/qrCode';
import { ResolutionChain, type IssuedMarket } from '../support/resolutionChain';
import { capture } from '../support/screenshot';
import { openStackActor, type StackActor } from '../support/stackActor';

const u = (amount: string): bigint => parseUnits(amount, 18);
const PROXY_PORT = 8693;
const PORTFOLIO_TABS = ['positions', 'history', 'bought', 'invested', 'issued'] as const;

let stack: Stack | undefined;
let proxy: OwnStackProxy | undefined;
let chain: ResolutionChain;

type Actor = StackActor;
/** The seed's b4, this spec's portfolio. */
let holder: Actor;
/** A fresh account that arrives through holder's referral link. */
let referee: Actor;
/** A fresh issuer's market (X) where holder buys on the page and referee through the link. */
let marketX: IssuedMarket;
/** A market holder issued itself (Y): its seeded liquidity is a position, and it shows under Issued. */
let marketY: IssuedMarket;
/** X's issuer (a fresh account). */
let issuerOfX: Wallet;
/** The seed's void market where holder's refund waits. */
let voidMarket: string;

test.describe.configure({ mode: 'serial' });

// ------------------------------------------------------------------ actors and waits

/** A browser context of its own for one account: its wallet signs on the private devnet, the page reaches it through the proxy. */
async function actor(browser: Browser, key: Wallet, start: string): Promise<Actor> {
  return openStackActor(browser, key, { stack, proxy, start, context: { acceptDownloads: true } });
}

// ------------------------------------------------------------------ the stack

test.beforeAll(async ({ browser }) => {
  // Deploy + seed + api index, two markets issued: ~15 s alone, more with the other worker busy.
  test.setTimeout(240_000);
  stack = await startOwnStack({ devnetPort: 8649, apiPort: 8891, name: 'stack-portfolio' });
  chain = new ResolutionChain(stack.devnetUrl, stack.apiUrl);
  proxy = await startOwnStackProxy(stack, PROXY_PORT);
  const seeded = stack.seed.markets.find((m) => m.state === 'Void');
  if (!seeded) throw new Error('the seed has no void market');
  voidMarket = seeded.id;

  const holderKey = seedAccountKey(stack, 'b4', chain.provider);
  const [issuerKey, refereeKey] = [await chain.freshAccount(), await chain.freshAccount()];
  issuerOfX = issuerKey;
  ({ marketX, marketY } = await issuePortfolioMarkets(chain, issuerKey, holderKey));
  await chain.mintUsdt(refereeKey, u('500'));

  holder = await actor(browser, holderKey, '/deposit');
  referee = await actor(browser, refereeKey, '/market');
});

test.afterAll(async () => {
  await holder?.context.close();
  await referee?.context.close();
  chain?.destroy();
  await proxy?.close();
  await stack?.stop();
});

// ------------------------------------------------------------------ /deposit and /bridge

test('deposit: the address as text and a QR code that decodes to it, the network, and the faucet adds USDT without a reload', async () => {
  test.setTimeout(120_000);
  const { page, key, context } = holder;
  await page.goto('/deposit');
  await expect(page.getByTestId('page-deposit')).toBeVisible();
  await expect(page.getByTestId('deposit-address')).toHaveText(key.address);
  const qr = page.getByTestId('deposit-qr').locator('svg');
  await expect(qr).toBeVisible();
  expect(await decodeQr(context, qr)).toBe(key.address);
  await expect(page.getByTestId('deposit-network')).toHaveAttribute('data-chain-id', '31337');
  await expect(page.getByTestId('deposit-warning')).toContainText('lost');

  // Balances: the chain's, 4 decimals rounded down.
  const balances = page.getByTestId('deposit-balances');
  await expectAmount(balances.getByTestId('deposit-balances-USDT'), await chain.usdtBalance(key.address), amount4);
  await expectAmount(balances.getByTestId('deposit-balances-PRDS'), await chain.prdsBalance(key.address), amount4, 'PRDS');
  await expectAmount(balances.getByTestId('deposit-balances-BNB'), await chain.provider.getBalance(key.address), amount4, 'BNB');

  // The faucet: +1,000 USDT on chain, and on the page without a reload.
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  const before = await chain.usdtBalance(key.address);
  const faucet = page.getByTestId('deposit-faucet');
  await expect(page.getByTestId('deposit-faucet-submit')).toHaveText('Get 1,000 USDT');
  await page.getByTestId('deposit-faucet-submit').click();
  await expect(faucet.getByTestId('tx-status')).toHaveAttribute('data-phase', 'confirmed', { timeout: 45_000 });
  const after = await chain.usdtBalance(key.address);
  expect(after - before).toBe(u('1000'));
  await expectAmount(balances.getByTestId('deposit-balances-USDT'), after, amount4);
  expect(navigations).toBe(0);
});

test('deposit: funds sent from elsewhere show without a reload (polled)', async () => {
  const { page, key } = holder;
  await page.goto('/deposit');
  const usdt = page.getByTestId('deposit-balances-USDT');
  await expectAmount(usdt, await chain.usdtBalance(key.address), amount4);
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  // Another account sends 12.34567 USDT: the page shows 12.3456 more (rounded down) within the poll.
  const sender = await chain.freshAccount();
  await chain.mintUsdt(sender, u('12.34567'));
  await (await chain.usdt(sender).getFunction('transfer')(key.address, u('12.34567'))).wait();
  const after = await chain.usdtBalance(key.address);
  await expect(usdt).toHaveAttribute('data-value', after.toString(), { timeout: 20_000 });
  await expect(usdt).toHaveText(`${amount4(after)} USDT`);
  expect(navigations).toBe(0);
});

test('bridge: routes from configuration with deep links carrying the address, and the balances on chain', async () => {
  const { page, key } = holder;
  await page.goto('/bridge');
  await expect(page.getByTestId('page-bridge')).toBeVisible();
  // The address the funds must reach, as the routes' notes ask the reader to check it.
  await expect(page.getByTestId('bridge-address-text')).toHaveText(key.address);
  const routes = page.getByTestId('bridge-routes').locator('[data-testid^="bridge-route-"]');
  expect(await routes.count()).toBeGreaterThan(0);
  const links = page.locator('[data-testid^="bridge-open-"]');
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(new URL(href).protocol).toBe('https:');
  // A route that prefills the recipient carries the connected address.
  expect(hrefs.some((href) => href.toLowerCase().includes(key.address.toLowerCase()))).toBe(true);
  await expectAmount(page.getByTestId('bridge-balances-USDT'), await chain.usdtBalance(key.address), amount4);
});

// ------------------------------------------------------------------ referral link and buys

test('a buy through the referral link binds the referrer and credits it; the referrer’s own link buys without one', async () => {
  test.setTimeout(180_000);
  const x = marketX.id;
  // The referee arrives through holder's link, opens the market from the list and buys.
  const { page } = referee;
  const link = `/market?ref=${holder.key.address}&sort=newest`;
  await page.goto(link);
  await expect(marketRow(page, x)).toBeVisible();
  // The visitor wanders off the link: the header's Markets link, then Home and a featured market. The
  // URL no longer has the ref; the page remembers it (localStorage, until the first buy).
  await page.getByTestId('site-nav').getByTestId('nav-market').click();
  await expect(page).toHaveURL(/\/market$/);
  await expect(page.locator('[data-testid^="market-row-"]').first()).toBeVisible();
  await page.getByTestId('site-nav').getByTestId('nav-home').click();
  await page.getByTestId(`featured-market-${x}`).first().click();
  await expect(page).toHaveURL(new RegExp(`/detail/${x}$`));
  await fillBuy(page, 1, '100');
  await submitBuy(page);
  expect(((await chain.markets().getFunction('referrerOf')(referee.key.address)) as string).toLowerCase()).toBe(
    holder.key.address.toLowerCase(),
  );
  // The chain binds a referrer once per account: the remembered referral is cleared after that first buy.
  expect(await page.evaluate(() => localStorage.getItem('prds.referral'))).toBeNull();

  // Share, connected, on a page opened through someone else's link: the copied link carries the
  // sharer's own address, never the ref it arrived with.
  await referee.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
  await page.goto(`/detail/${x}?ref=${issuerOfX.address}`);
  await page.getByTestId('detail-share').click();
  await expect(page.getByTestId('detail-share-copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.toLowerCase()).toBe(`${new URL(page.url()).origin}/detail/${x}?ref=${referee.key.address}`.toLowerCase());
  const [, fee] = (await chain.markets().getFunction('positionOf')(x, referee.key.address, 1)) as [bigint, bigint];
  const params = (await chain.markets().getFunction('params')()) as { referrerShareBps: bigint };
  const accrued = (BigInt(fee) * BigInt(params.referrerShareBps)) / 10_000n;
  expect(accrued).toBeGreaterThan(0n);

  // The holder opens its own link: told a self-referral is not possible, it buys without a referrer.
  const h = holder.page;
  await h.goto(`/detail/${x}?ref=${holder.key.address}`);
  await expect(h.getByTestId('buy-self-referral')).toBeVisible();
  await fillBuy(h, 0, '150');
  await submitBuy(h);
  expect(await chain.markets().getFunction('referrerOf')(holder.key.address)).toBe(ZeroAddress);
  expect(await chain.stakeOf(x, holder.key.address, 0)).toBeGreaterThan(0n);

  // The referrer's portfolio: the link (text, QR), the market's accrued share, nothing claimable before the end.
  await h.goto('/portfolio');
  const referral = h.getByTestId('portfolio-referral');
  const shared = `${HOST_URL}/market?ref=${holder.key.address}`;
  await expect(referral.getByTestId('referral-link')).toHaveText(shared);
  expect(await decodeQr(holder.context, referral.getByTestId('referral-qr').locator('svg'))).toBe(shared);
  await expectAmount(h.getByTestId(`referral-${x}-accrued`), accrued, amount4);
  await expectAmount(h.getByTestId(`referral-${x}-claimable`), 0n, amount4);
  await expect(h.getByTestId(`referral-${x}-claim`)).toHaveCount(0);
  const api = await chain.api<{ list: { marketId: string; accrued: string }[] }>('/api/referral/rewards', {
    account: holder.key.address,
    page: 1,
    pageSize: 20,
  });
  expect(api.data.list.find((r) => r.marketId === String(x))?.accrued).toBe(accrued.toString());
  await expect(referral.getByTestId('referral-summary')).toContainText('1 account referred');
  // Rates: basis points / 100, at most 2 decimals, rounded down (spec §5).
  const rates = (await chain.markets().getFunction('params')()) as { referrerShareBps: bigint; feeBps: bigint };
  await expect(referral.getByTestId('referral-rate')).toHaveText(
    `You earn ${rate(rates.referrerShareBps)}% of the fees on their buys (each buy pays a ${rate(rates.feeBps)}% fee).`,
  );
});

// ------------------------------------------------------------------ positions

test('positions across states: My Positions and Bought match /api/bought and the chain; figures in spec §5 formats', async () => {
  test.setTimeout(120_000);
  const { page, key } = holder;
  const account = key.address;
  // Cash over 1,000 USDT, so the headline shows it with K (spec §5).
  await chain.mintUsdt(key, u('5000'));
  await apiCaughtUp(chain);
  for (const [tab, status, testId] of [
    ['positions', 'active', 'positions-table'],
    ['bought', 'all', 'bought-table'],
  ] as const) {
    await page.goto(`/portfolio?tab=${tab}`);
    await expect(page.getByTestId(`portfolio-tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
    const { data } = await bought(chain, account, status);
    // The seed's states plus this spec's markets.
    const states = new Set(data.list.map((item) => item.market.state));
    for (const state of ['Open', 'WaitingConfirmation', 'Challenging', 'Void']) expect(states).toContain(state);
    const table = page.getByTestId(testId);
    await expect(table.locator('tbody tr')).toHaveCount(data.list.length);
    for (const item of data.list) await expectPositionRow(table, item, chain, account);
  }
  // The void market's refund is due: its row has a claim button; a running market's has none.
  await expect(page.getByTestId(`position-${voidMarket}-claim`)).toBeVisible();
  await expect(page.getByTestId(`position-${marketX.id}-claim`)).toHaveCount(0);

  // Headline figures: /api/user/info's cash and portfolio, /api/bought's totals; K/M/B with 2 decimals.
  await expectHeadlineFigures(page, chain, account);

  // Invested (/api/user-dealt): the buys made here are there, newest first.
  await page.getByTestId('portfolio-tab-invested').click();
  await expect(page).toHaveURL(/tab=invested/);
  await expect(page.getByTestId('portfolio-panel-invested')).toContainText(
    'Will the observatory publish the comet image this week?',
  );
  // Issued products: Y with its margin.
  await page.getByTestId('portfolio-tab-issued').click();
  await expect(page).toHaveURL(/tab=issued/);
  const issued = page.getByTestId(`issued-${marketY.id}`);
  await expect(issued).toBeVisible();
  const margin = ((await chain.markets().getFunction('params')()) as { minMargin: bigint }).minMargin;
  await expectAmount(issued.getByTestId(`issued-${marketY.id}-margin`), BigInt(margin), amount4);
  await expect(issued.getByTestId(`issued-${marketY.id}-bond`)).toHaveText('Frozen');
});

// ------------------------------------------------------------------ history and its CSV

test('history: the CSV download has the same rows and figures as the table', async () => {
  test.setTimeout(90_000);
  const { page, key } = holder;
  await page.goto('/portfolio?tab=history');
  const table = page.getByTestId('history-table');
  await expect(table.getByTestId('history-row').first()).toBeVisible();
  const shown = await readHistoryRows(page, table);
  const api = await chain.api<{ total: number }>('/api/user/history', { account: key.address, page: 1, pageSize: 1 });
  expect(shown).toHaveLength(api.data.total);
  // The seeded buys, the liquidity of Y and the page's buy in X.
  expect(shown.map((row) => row[1])).toEqual(expect.arrayContaining(['Buy', 'Liquidity seeded']));

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('history-export').click()]);
  expect(download.suggestedFilename()).toBe(`prds-history-${key.address.toLowerCase()}.csv`);
  const file = await download.path();
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const csv = parseCsv(text);
  expect(csv[0]).toEqual(['Time', 'Type', 'Market id', 'Market', 'Option', 'Paid', 'Fee', 'Payout', 'Refund', 'Transaction']);
  expect(csv.slice(1)).toEqual(shown);
});

// ------------------------------------------------------------------ claims

test('claims: after the markets end, the referral share, a refund, and Claim all (refused, then sent) pay exactly what the page said', async () => {
  test.setTimeout(240_000);
  // Past both markets' expiration; each issuer confirms Yes; past the challenge window; final.
  await chain.increaseTime(Math.max(marketX.expirationTime, marketY.expirationTime) - (await chain.now()) + 60);
  const x = marketX.id;
  const y = marketY.id;
  const issuerOf = async (id: bigint) => ((await chain.markets().getFunction('getMarket')(id)) as { issuer: string }).issuer;
  expect((await issuerOf(y)).toLowerCase()).toBe(holder.key.address.toLowerCase());
  await confirmAs(chain, [holder.key, issuerOfX], x, 0);
  await confirmAs(chain, [holder.key, issuerOfX], y, 0);
  const params = (await chain.markets().getFunction('params')()) as { challengeWindow: bigint };
  await chain.increaseTime(Number(params.challengeWindow) + 60);
  const anyone = await chain.freshAccount();
  for (const id of [x, y]) await (await chain.markets(anyone).getFunction('advance')(id)).wait();
  await chain.waitApi(x, (m) => m.state === 'Finished');
  await chain.waitApi(y, (m) => m.state === 'Finished');
  await apiCaughtUp(chain);

  const { page, key, wallet } = holder;
  const account = key.address;
  const dues = await claims(chain, account);
  expect(BigInt(dueOf(dues, x)?.position ?? '0')).toBeGreaterThan(0n);
  expect(BigInt(dueOf(dues, x)?.referral ?? '0')).toBe(await chain.markets().getFunction('referralOwed')(x, account));
  expect(BigInt(dueOf(dues, y)?.position ?? '0')).toBeGreaterThan(0n);
  expect(BigInt(dueOf(dues, voidMarket)?.position ?? '0')).toBeGreaterThan(0n);

  await page.goto('/portfolio');
  const panel = page.getByTestId('portfolio-claims');
  // Every due the api answers is listed, with its amount.
  await expectDuesListed(panel, dues);

  // 1. The referral share, from the referral panel.
  const claimable = page.getByTestId(`referral-${x}-claimable`);
  await expectAmount(claimable, BigInt(dueOf(dues, x)?.referral ?? '0'), amount4);
  const referralShare = await valueOf(claimable);
  let before = await chain.usdtBalance(account);
  await page.getByTestId(`referral-${x}-claim`).click();
  await expect(page.getByTestId(`claim-step-${x}:referral`)).toHaveAttribute('data-status', 'claimed', { timeout: 45_000 });
  expect((await chain.usdtBalance(account)) - before).toBe(referralShare);
  await expectAmount(page.getByTestId(`referral-${x}-claimed`), referralShare, amount4);
  await expect(page.getByTestId(`referral-${x}-claim`)).toHaveCount(0);
  await page.getByTestId('claim-progress-dismiss').click();
  await expect.poll(async () => dueOf(await claims(chain, account), x)?.referral ?? '0', { timeout: 30_000 }).toBe('0');

  // 2. The void market's refund, from its row.
  const refund = await valueOf(panel.getByTestId(`claim-due-${voidMarket}:position`).locator('[data-value]'));
  await expect(panel.getByTestId(`claim-due-${voidMarket}:position`)).toContainText(`Refund`);
  await expect(panel.getByTestId(`claim-due-${voidMarket}:position`)).toContainText(`${amount4(refund)} USDT`);
  before = await chain.usdtBalance(account);
  await page.getByTestId(`position-${voidMarket}-claim`).click();
  await expect(page.getByTestId(`claim-step-${voidMarket}:position`)).toHaveAttribute('data-status', 'claimed', {
    timeout: 45_000,
  });
  expect((await chain.usdtBalance(account)) - before).toBe(refund);
  await page.getByTestId('claim-progress-dismiss').click();
  await expect(panel.getByTestId(`claim-due-${voidMarket}:position`)).toHaveCount(0);
  await expect.poll(async () => dueOf(await claims(chain, account), voidMarket)?.position ?? '0', { timeout: 30_000 }).toBe('0');

  // 3. Claim all, refused in the wallet at its first transaction: the rest is not sent, nothing paid.
  const remaining = claimSteps(await claims(chain, account));
  expect(remaining).toEqual(expect.arrayContaining([`${x}:position`, `${y}:position`]));
  await expect(panel.getByTestId('claims-list').locator('li')).toHaveCount(remaining.length);
  const totalUsdt = await valueOf(panel.getByTestId('claims-total-usdt'));
  const totalPrds = await valueOf(panel.getByTestId('claims-total-prds'));
  await expect(panel.getByTestId('claims-total-usdt')).toHaveText(`${compact(totalUsdt)} USDT`);
  await expect(panel.getByTestId('claim-all')).toContainText(String(remaining.length));
  before = await chain.usdtBalance(account);
  const prdsBefore = await chain.prdsBalance(account);
  const sentBefore = wallet.callsTo('eth_sendTransaction').length;
  wallet.rejectNextTransaction();
  await panel.getByTestId('claim-all').click();
  const progress = page.getByTestId('claim-progress');
  await expect(progress.getByTestId('claim-progress-summary')).toContainText('refused', { timeout: 30_000 });
  const statuses = await progress
    .locator('[data-testid^="claim-step-"]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')));
  expect(statuses).toEqual(['cancelled', ...remaining.slice(1).map(() => 'notSent')]);
  expect(wallet.callsTo('eth_sendTransaction').length - sentBefore).toBe(1);
  expect(await chain.usdtBalance(account)).toBe(before);
  await page.getByTestId('claim-progress-dismiss').click();

  // 4. Claim all again: one transaction per claim, each claimed; the chain pays the totals shown.
  await panel.getByTestId('claim-all').click();
  await expect(progress.getByTestId('claim-progress-summary')).toHaveText(`${remaining.length} of ${remaining.length} claimed`, {
    timeout: 90_000,
  });
  expect(wallet.callsTo('eth_sendTransaction').length - sentBefore).toBe(1 + remaining.length);
  expect((await chain.usdtBalance(account)) - before).toBe(totalUsdt);
  expect((await chain.prdsBalance(account)) - prdsBefore).toBe(totalPrds);
  await page.getByTestId('claim-progress-dismiss').click();
  await expect(panel.getByTestId('claims-none')).toBeVisible();
  expect(await claims(chain, account)).toEqual([]);
  // What was received now counts in the positions: X paid out, on the Bought tab.
  await page.goto('/portfolio?tab=bought');
  const rowX = page.getByTestId(`position-${x}`);
  await expect(rowX.getByTestId(`position-${x}-received`)).not.toHaveAttribute('data-value', '0');
  await expect(rowX.getByTestId(`position-${x}-claim`)).toHaveCount(0);
});

// ------------------------------------------------------------------ screenshots

test('screenshots: every tab, /deposit and /bridge at phone and desktop width, day and night, English, Chinese and Arabic', async () => {
  test.setTimeout(300_000);
  const combos: readonly { lang: LangCode; theme: 'day' | 'night'; width: number }[] = [
    { lang: 'en', theme: 'day', width: 1280 },
    { lang: 'en', theme: 'night', width: 375 },
    { lang: 'zh', theme: 'day', width: 375 },
    { lang: 'zh', theme: 'night', width: 1280 },
    { lang: 'ar', theme: 'day', width: 1280 },
    { lang: 'ar', theme: 'night', width: 375 },
  ];
  const { page } = holder;
  const routes = [...PORTFOLIO_TABS.map((tab) => `/portfolio?tab=${tab}`), '/deposit', '/bridge'];
  for (const { lang, theme, width } of combos) {
    await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
    await storeLook(page, lang, theme);
    for (const route of routes) {
      await page.goto(route);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.locator('h1')).toHaveCount(1);
      if (route.startsWith('/portfolio')) {
        await expect(page.getByTestId('portfolio-pnl-cash-value')).toHaveText(/\d/);
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      }
      if (route === '/deposit') await expect(page.getByTestId('deposit-qr').locator('svg')).toBeVisible();
      if (route === '/bridge') await expect(page.getByTestId('bridge-routes')).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectNoTofu(page);
      await expectFiguresInsideCards(page, route);
      const name = route.replace(/^\//, '').replace(/\?tab=/, '-');
      await capture(page, `portfolio/${name}-${lang}-${theme}-${width}.png`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await storeLook(page, 'en', 'day');
});
