// The market pages (/market and /detail/:id, remote mfe-market) through their test ids, plus the
// devnet reads the market journeys check the page against. Screenshots of each step go to
// e2e/test-results/screenshots/markets/ (a run's output, next to results.json).
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, type Route } from '@playwright/test';
import { parseUnits } from 'ethers';
import { freshAccount, marketsContract, mintUsdt, openMarkets } from './chain';
import { BAKED_API_ORIGIN } from './ownStack';
import { installTestWallet, type TestWallet } from './testWallet';
import { parseDisplayedAmount } from './displayedAmount';
import { txPhases } from './txPhases';

export const MARKET_SCREENSHOT_DIR = path.resolve(__dirname, '..', 'test-results', 'screenshots', 'markets');

/** A full-page PNG of the current step, named `<file>.png`. */
export async function captureStep(page: Page, file: string): Promise<void> {
  fs.mkdirSync(MARKET_SCREENSHOT_DIR, { recursive: true });
  // Text drawn before web fonts settle would show fallback glyphs in the image.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // From the top: a full-page image of a scrolled page draws the sticky header in the middle of it.
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        window.scrollTo(0, 0);
        requestAnimationFrame(() => resolve(undefined));
      }),
  );
  await page.screenshot({ path: path.join(MARKET_SCREENSHOT_DIR, `${file}.png`), fullPage: true, animations: 'disabled' });
}

// Kept importable from here for the market specs; it is every page's check.
export { expectNoHorizontalOverflow } from './pageChecks';

// ---------------------------------------------------------------- list

/** The list's rows (`market-row-<id>`, not the row's parts such as market-row-state). */
export function marketRows(page: Page): Locator {
  return page.getByTestId('market-list').getByTestId(/^market-row-\d+$/);
}

export function marketRow(page: Page, id: bigint | string): Locator {
  return page.getByTestId(`market-row-${id}`);
}

/** The event text of every row shown, in order. */
export async function rowEvents(page: Page): Promise<string[]> {
  const rows = marketRows(page);
  const count = await rows.count();
  const events: string[] = [];
  for (let i = 0; i < count; i += 1) events.push((await rows.nth(i).innerText()).split('\n')[0]?.trim() ?? '');
  return events;
}

/** The row ids shown, in order. */
export async function rowIds(page: Page): Promise<string[]> {
  const ids = await marketRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace('market-row-', ''));
}

/** The list's query string as a plain object (only the filter params). */
export function listParams(page: Page): Record<string, string> {
  const url = new URL(page.url());
  return Object.fromEntries([...url.searchParams.entries()].filter(([key]) => ['q', 'category', 'sort', 'status'].includes(key)));
}

/**
 * Holds every /api/markets answer until `release()` (so the skeleton can be seen) or fails them
 * while `failing` is set (the api down). Call before page.goto.
 */
export async function controlMarketList(
  page: Page,
  apiOrigin: string = BAKED_API_ORIGIN,
): Promise<{
  failing: boolean;
  holdMs: number;
  failures: number;
}> {
  const control = { failing: false, holdMs: 0, failures: 0 };
  await page.route(`${apiOrigin}/api/markets`, async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    if (control.failing) {
      control.failures += 1;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': new URL(page.url()).origin },
        body: JSON.stringify({
          code: 50300,
          msg: 'api.error.unavailable',
          data: null,
          extra: { message: 'Service unavailable' },
        }),
      });
      return;
    }
    if (control.holdMs > 0) await new Promise((resolve) => setTimeout(resolve, control.holdMs));
    await route.fallback();
  });
  return control;
}

// ---------------------------------------------------------------- detail

export function detailPage(page: Page): Locator {
  return page.getByTestId('page-detail');
}

/** Opens /detail/<id> and waits for the market's event to be shown. */
export async function openDetail(page: Page, id: bigint | string): Promise<void> {
  await page.goto(`/detail/${id}`);
  await expect(detailPage(page)).toBeVisible();
  await expect(page.getByTestId('detail-event')).toHaveText(/\S/);
}

export async function shownAmount(locator: Locator): Promise<number> {
  await expect(locator).toHaveText(/\d/);
  return parseDisplayedAmount(await locator.innerText());
}

/** The probability an option shows, as a fraction (e.g. '42.5%' → 0.425). */
export async function shownProbability(locator: Locator): Promise<number> {
  await expect(locator).toHaveText(/\d/);
  const text = (await locator.innerText()).replace(/\u00a0/g, ' ');
  const match = /(\d+(?:\.\d+)?)\s*%/.exec(text);
  if (!match?.[1]) throw new Error(`no percentage in "${text}"`);
  return Number(match[1]) / 100;
}

/** The buy form: option, amount; waits for the estimate. Does not submit. */
export async function fillBuy(page: Page, option: number, amount: string): Promise<Locator> {
  const form = page.getByTestId('buy-form');
  await expect(form).toBeVisible();
  await form.getByTestId(`buy-option-${option}`).click();
  await form.getByTestId('buy-amount').fill(amount);
  return form;
}

/** Submits the filled buy form and waits for its transaction to be confirmed (approve + buy). */
export async function submitBuy(page: Page, timeout = 45_000): Promise<void> {
  const form = page.getByTestId('buy-form');
  await form.getByTestId('buy-submit').click();
  await expect(form.getByTestId('tx-status')).toHaveAttribute('data-phase', 'confirmed', { timeout });
}

// ---------------------------------------------------------------- devnet

/**
 * An open market the other specs do not buy in (they take openMarkets()[0]), closing latest, so
 * this spec's pool and probability figures move only by its own buys.
 */
export async function quietOpenMarket(): Promise<bigint> {
  const open = await openMarkets();
  const id = open[1] ?? open[0];
  if (id === undefined) throw new Error('no open market on the devnet');
  return id;
}

/** A fresh account holding `usdt` DevUSDT (and gas), its wallet injected in `page` (call before page.goto). */
export async function walletWithUsdt(page: Page, usdt: string): Promise<TestWallet> {
  const account = await freshAccount();
  if (usdt !== '0') await mintUsdt(account, parseUnits(usdt, 18));
  return installTestWallet(page, { privateKey: account.privateKey });
}

/** Stake (fee excluded) of `account` on `option` of market `id`, on the shared devnet. */
export async function stakeOnChain(id: bigint, account: string, option: number): Promise<bigint> {
  const [stake] = (await marketsContract().getFunction('positionOf')(id, account, option)) as [bigint, bigint];
  return BigInt(stake);
}

export async function optionStakeOnChain(id: bigint, option: number): Promise<bigint> {
  return BigInt((await marketsContract().getFunction('optionStake')(id, option)) as bigint);
}

/** A wei amount as the page writes it (formatAmount: 4 decimals, rounded down), as a number. */
export function weiToShown(wei: bigint): number {
  const tenThousandths = wei / 10n ** 14n;
  return Number(tenThousandths) / 1e4;
}

/** The number shown as wei at the page's precision (4 decimals), for exact comparisons with chain amounts. */
export function shownToTenThousandths(shown: number): bigint {
  return BigInt(Math.round(shown * 1e4));
}

// ---------------------------------------------------------------- transactions on the page

/**
 * Clicks `submit` and waits until the page's TransactionStatus reaches 'confirmed' (every phase is
 * recorded by recordTxPhases, so a panel that unmounts once its transaction is done still counts).
 * A 'failed' or 'cancelled' phase fails at once with the message the page showed.
 */
export async function runTransaction(page: Page, submit: Locator, timeout = 45_000): Promise<void> {
  await page.evaluate(() => {
    const seen = (window as unknown as { __txPhases?: string[] }).__txPhases;
    if (!seen) throw new Error('call recordTxPhases(page) before page.goto');
    seen.length = 0;
  });
  // The action may appear or enable only once the page has read the chain and the api (a claim once the
  // api's dues say so): on two loaded cores that can take longer than one click's 10 s.
  await expect(submit).toBeEnabled({ timeout: 30_000 });
  await submit.click();
  const deadline = Date.now() + timeout;
  for (;;) {
    // An earlier transaction's outcome may still stand on the page: only what follows this one's
    // first busy phase counts.
    const phases = await txPhases(page);
    const start = phases.findIndex((phase) => BUSY_PHASES.includes(phase));
    const after = start === -1 ? [] : phases.slice(start);
    if (after.includes('confirmed')) return;
    const bad = after.find((phase) => phase === 'failed' || phase === 'cancelled');
    if (bad) {
      const messages = await page.getByTestId('tx-status').allInnerTexts();
      throw new Error(`transaction ${bad} (phases ${phases.join(' → ')}): ${messages.join(' | ')}`);
    }
    if (Date.now() > deadline)
      throw new Error(`transaction not confirmed within ${timeout} ms (phases ${phases.join(' → ') || 'none'})`);
    await page.waitForTimeout(200);
  }
}

const BUSY_PHASES = ['checking', 'approving', 'waitingWallet', 'pending', 'indexing'];

/** Chooses option `index` in a control that is a <select> (value = index) or a group of `<testId>-<index>` / value buttons. */
export async function chooseOption(page: Page, testId: string, index: number): Promise<void> {
  const control = page.getByTestId(testId);
  await expect(control).toBeVisible();
  const tag = await control.evaluate((element) => element.tagName);
  if (tag === 'SELECT') {
    await control.selectOption(String(index));
    return;
  }
  const radio = control.locator(`input[type="radio"][value="${index}"]`);
  if ((await radio.count()) > 0) {
    await radio.check();
    return;
  }
  await control.locator(`[data-testid="${testId}-${index}"], [data-value="${index}"]`).first().click();
}
