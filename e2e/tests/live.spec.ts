// Issue 28 "A live product", the pages' side, on the suite's devnet + api (which serves GET /api/stream):
// - Two browsers: B buys on a market; A's /market row and /detail page show the new odds and the trade
//   within 2 s of B's confirmation, without a reload (the list has no poll at all, the detail polls every
//   15 s: only the pushed events can do it in time).
// - A's portfolio follows A's own buy sent from another browser (B holding A's key).
// - The live status says when updates are paused (the browser offline) and goes away once live again.
// - The alerts bell of a seeded account with its panel at 1280, 375 and 320 px (screenshots), inside the screen.
// The spec that moves the chain's clock for an alert runs on its own stack: live-alerts.spec.ts.
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { HDNodeWallet, parseUnits } from 'ethers';
import { HOST_URL } from '../support/apps';
import { freshAccount, mintUsdt, openMarkets } from '../support/chain';
import { expect, test } from '../support/fixtures';
import { expectNoHorizontalOverflow, fillBuy, marketRow, openDetail, submitBuy } from '../support/marketPage';
import { BAKED_API_ORIGIN } from '../support/ownStack';
import { installTestWallet, type TestWallet } from '../support/testWallet';
import { connectInjectedWallet } from '../support/walletUi';

const SCREENSHOT_DIR = path.resolve(__dirname, '..', 'screenshots', 'live');
/** What the issue asks: a pushed change is on the other browser's page this soon after the buy confirmed. */
const PUSH_MS = 2_000;

test.describe.configure({ mode: 'serial', timeout: 150_000 });

async function newContext(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  return browser.newContext({ baseURL: HOST_URL, viewport, locale: 'en-US', colorScheme: 'light' });
}

/** Waits until the page's one stream is open (the host's live status says 'live'). */
async function expectLive(page: Page): Promise<void> {
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'live', { timeout: 20_000 });
}

/** Marks the document: still marked later means the page was never reloaded or navigated away. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __liveMark?: boolean }).__liveMark = true;
  });
}
async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __liveMark?: boolean }).__liveMark === true)).toBe(true);
}

async function marketEvent(id: bigint): Promise<string> {
  const response = await fetch(`${BAKED_API_ORIGIN}/api/market/detail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: String(id) }),
  });
  const answer = (await response.json()) as { data: { market: { event: string | null } } };
  const event = answer.data.market.event;
  if (!event) throw new Error(`market ${id} has no event text`);
  return event;
}

/**
 * An open market the other specs leave alone: they buy in the first two. The third is a seeded sports
 * market whose volume markets.spec orders against the other one's (125 before 180 USDT), so the buys
 * here stay small: 20 + 20 USDT.
 */
async function liveMarket(): Promise<bigint> {
  const open = await openMarkets();
  const id = open[2] ?? open.at(-1);
  if (id === undefined) throw new Error('no open market on the devnet');
  return id;
}

/** Buys `usdt` on option `option` of market `id` on `page` (its wallet funded and injected), through the page. */
async function buyOnPage(page: Page, id: bigint, option: number, usdt: string): Promise<number> {
  await openDetail(page, id);
  await connectInjectedWallet(page);
  await fillBuy(page, option, usdt);
  await submitBuy(page);
  return Date.now();
}

test('B buys: A sees the new odds in its /market row and on /detail, and the trade, within 2 s and without a reload', async ({
  browser,
}) => {
  const id = await liveMarket();
  const event = await marketEvent(id);
  const a = await newContext(browser);
  const b = await newContext(browser);
  try {
    // A: the list filtered down to this market, and its detail page, in two tabs.
    const list = await a.newPage();
    await list.goto(`/market?q=${encodeURIComponent(event)}`);
    const row = marketRow(list, id);
    await expect(row).toBeVisible();
    const detail = await a.newPage();
    await openDetail(detail, id);
    await expect(detail.getByTestId('trade-row').first().or(detail.getByTestId('detail-trades-empty'))).toBeVisible();
    await Promise.all([expectLive(list), expectLive(detail)]);
    await Promise.all([markDocument(list), markDocument(detail)]);

    const rowBefore = await row.getByTestId('market-row-option-0').innerText();
    const volumeBefore = await row.getByTestId('market-row-volume').innerText();
    const poolBefore = await detail.getByTestId('detail-option-pool-0').getAttribute('data-value');
    const probabilityBefore = await detail.getByTestId('detail-option-probability-0').getAttribute('data-value');
    const tradesBefore = await detail.getByTestId('trade-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-tx')));
    // The row's brief highlight is noted when it happens: under load the checks below can take longer
    // than the highlight lasts.
    await row.evaluate((element) => {
      const seen = window as unknown as { __rowFlashed?: boolean };
      new MutationObserver(() => {
        if (element.classList.contains('live-changed')) seen.__rowFlashed = true;
      }).observe(element, { attributes: true, attributeFilter: ['class'] });
    });

    // B: a fresh account with 500 USDT buys 20 on option 0 through its own page.
    const buyer = await b.newPage();
    const account = await freshAccount();
    await mintUsdt(account, parseUnits('500', 18));
    await installTestWallet(buyer, { privateKey: account.privateKey });
    const confirmedAt = await buyOnPage(buyer, id, 0, '20');

    // A's detail: the option's pool and probability, and B's trade at the top of the trades.
    await expect(detail.getByTestId('detail-option-pool-0')).not.toHaveAttribute('data-value', poolBefore ?? '', {
      timeout: PUSH_MS,
    });
    await expect(detail.getByTestId('detail-option-probability-0')).not.toHaveAttribute('data-value', probabilityBefore ?? '', {
      timeout: PUSH_MS,
    });
    await expect
      .poll(() => detail.getByTestId('trade-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-tx'))), {
        timeout: PUSH_MS,
      })
      .toHaveLength(tradesBefore.length + 1);
    const detailShownAfter = Date.now() - confirmedAt;
    // A's list row: its odds and volume replaced in place, flashed briefly.
    await expect(row.getByTestId('market-row-option-0')).not.toHaveText(rowBefore, { timeout: PUSH_MS });
    await expect(row.getByTestId('market-row-volume')).not.toHaveText(volumeBefore);
    const rowShownAfter = Date.now() - confirmedAt;
    console.log(`[live] after B's buy confirmed: detail updated by ${detailShownAfter} ms, list row by ${rowShownAfter} ms`);
    expect(await list.evaluate(() => (window as unknown as { __rowFlashed?: boolean }).__rowFlashed === true)).toBe(true);
    await expect(row).not.toHaveClass(/live-changed/, { timeout: 5_000 });
    await expect(detail.getByTestId('detail-option-0')).not.toHaveClass(/live-changed/, { timeout: 5_000 });
    await Promise.all([expectSameDocument(list), expectSameDocument(detail)]);
  } finally {
    await a.close();
    await b.close();
  }
});

test("A's portfolio follows A's own buy sent from another browser", async ({ browser }) => {
  const id = await liveMarket();
  const account = await freshAccount();
  await mintUsdt(account, parseUnits('100', 18));
  const a = await newContext(browser);
  const b = await newContext(browser);
  try {
    const portfolio = await a.newPage();
    await installTestWallet(portfolio, { privateKey: account.privateKey });
    await portfolio.goto('/portfolio');
    await connectInjectedWallet(portfolio);
    await expect(portfolio.getByText('No open positions and nothing waiting to be claimed')).toBeVisible();
    await expect(portfolio.getByTestId('portfolio-pnl-invested-value')).toHaveText('0 USDT');
    await expectLive(portfolio);
    await markDocument(portfolio);

    // The same account in another browser (another device, another tab) buys.
    const other = await b.newPage();
    await installTestWallet(other, { privateKey: account.privateKey });
    const confirmedAt = await buyOnPage(other, id, 1, '20');

    const position = portfolio.getByTestId(`position-${id}`);
    await expect(position).toBeVisible({ timeout: PUSH_MS });
    console.log(`[live] after A's own buy elsewhere: A's portfolio shows it by ${Date.now() - confirmedAt} ms`);
    await expect(portfolio.getByTestId(`position-${id}-invested`)).toHaveText('20 USDT');
    await expect(portfolio.getByTestId('portfolio-pnl-invested-value')).toHaveText('20 USDT');
    await expectSameDocument(portfolio);
  } finally {
    await a.close();
    await b.close();
  }
});

test('the live status says when updates are paused (offline) and goes away once live again', async ({ browser }) => {
  const id = await liveMarket();
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    const context = await newContext(browser, viewport);
    try {
      const page = await context.newPage();
      await openDetail(page, id);
      await expectLive(page);
      const status = page.getByTestId('live-status');
      await expect(status).toHaveAttribute('role', 'status');
      await expect(status).toHaveText('');
      await context.setOffline(true);
      await expect(status).toHaveAttribute('data-status', 'offline');
      await expect(status).toHaveText('Live updates paused: you are offline');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `paused-offline-${viewport.width}.png`), animations: 'disabled' });
      await context.setOffline(false);
      await expectLive(page);
      await expect(status).toHaveText('');
    } finally {
      await context.close();
    }
  }
});

/** The devnet's accounts come from Hardhat's default mnemonic; the seed's b4 holds positions in every state. */
function seedB4(): HDNodeWallet {
  return HDNodeWallet.fromPhrase('test test test test test test test test test test test junk', undefined, "m/44'/60'/0'/0/9");
}

test('the alerts bell: its count in its label, the panel keyboard-operable and inside the screen (screenshots at 1280, 375, 320 px)', async ({
  browser,
}) => {
  const holder = seedB4();
  const answer = (await (
    await fetch(`${BAKED_API_ORIGIN}/api/user/alerts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: holder.address.toLowerCase() }),
    })
  ).json()) as { data: { list: { key: string; kind: string; marketId: string }[] } };
  const alerts = answer.data.list;
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
    { width: 320, height: 640 },
  ]) {
    const context = await newContext(browser, viewport);
    try {
      const page = await context.newPage();
      const wallet: TestWallet = await installTestWallet(page, { privateKey: holder.privateKey });
      await page.goto('/market');
      // On a phone the connect button is in the site menu.
      if (viewport.width < 768) await page.getByTestId('menu-toggle').click();
      await connectInjectedWallet(page);
      expect(wallet.address.toLowerCase()).toBe(holder.address.toLowerCase());
      const bell = page.getByTestId('alerts-bell');
      await expect(bell).toHaveAttribute('data-unread', String(alerts.length));
      await expect(bell).toHaveAccessibleName(alerts.length === 0 ? 'Alerts, none unread' : `Alerts, ${alerts.length} unread`);
      await bell.focus();
      await page.keyboard.press('Enter');
      const panel = page.getByRole('dialog', { name: 'Alerts' });
      await expect(panel).toBeVisible();
      await expect(panel).toBeFocused();
      await expect(panel.getByRole('link')).toHaveCount(alerts.length);
      for (const alert of alerts) {
        await expect(page.getByTestId(`alert-${alert.key}`)).toHaveAttribute(
          'href',
          alert.kind === 'claimable' ? '/portfolio' : `/detail/${alert.marketId}`,
        );
      }
      // The bell and its panel fit the header and the screen, down to 320 px.
      await expectNoHorizontalOverflow(page);
      for (const element of [panel, bell, ...(viewport.width < 768 ? [page.getByTestId('menu-toggle')] : [])]) {
        const box = await element.boundingBox();
        expect(box !== null && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
      }
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `bell-panel-${viewport.width}.png`), animations: 'disabled' });
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(bell).toBeFocused();
    } finally {
      await context.close();
    }
  }
});
