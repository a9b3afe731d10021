// The portfolio pages (/portfolio's tabs, /deposit, /bridge) read and checked against the chain and the
// api, for portfolio.spec.ts.
import { parseUnits } from 'ethers';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import type { BoughtAnswer, ClaimDueAnswer } from './portfolioApi';
import { bought } from './portfolioApi';
import { amount4, compact, expectAmount, utcMinute } from './portfolioFigures';
import type { ResolutionChain } from './resolutionChain';

/**
 * One position's row in `table` (My Positions or Bought) as /api/bought answers it: the market's
 * state on chain, each option's stake and fee equal to positionOf, the figures with 4 decimals.
 */
export async function expectPositionRow(
  table: Locator,
  item: BoughtAnswer['list'][number],
  chain: ResolutionChain,
  account: string,
): Promise<void> {
  const id = item.market.id;
  const row = table.getByTestId(`position-${id}`);
  expect(await chain.marketState(BigInt(id))).toBe(item.market.state);
  let stake = 0n;
  let invested = 0n;
  for (const option of item.position.options) {
    const [onChainStake, onChainFee] = (await chain.markets().getFunction('positionOf')(id, account, option.option)) as [
      bigint,
      bigint,
    ];
    expect([String(onChainStake), String(onChainFee)], `market ${id} option ${option.option}`).toEqual([
      option.stake,
      option.fee,
    ]);
    stake += BigInt(onChainStake);
    invested += BigInt(onChainStake) + BigInt(onChainFee);
    await expect(row.getByTestId(`position-${id}-option-${option.option}`)).toBeVisible();
  }
  expect(BigInt(item.position.invested), `market ${id} invested`).toBe(invested);
  await expectAmount(row.getByTestId(`position-${id}-invested`), invested, amount4);
  await expectAmount(row.getByTestId(`position-${id}-stake`), stake, amount4);
  await expectAmount(row.getByTestId(`position-${id}-pending`), BigInt(item.position.pendingPayoff), amount4);
  await expectAmount(row.getByTestId(`position-${id}-received`), BigInt(item.position.received), amount4);
  if (item.position.profit === null) await expect(row.getByTestId(`position-${id}-profit`)).toHaveText('--');
  else await expectAmount(row.getByTestId(`position-${id}-profit`), BigInt(item.position.profit), amount4);
  await expect(row.getByTestId(`position-${id}-state`)).toHaveAttribute('data-label', item.market.label.key);
  await expect(row.getByRole('link').first()).toHaveAttribute('href', `/detail/${id}`);
}

/** Every row of the history table, page by page through its pager, as the CSV writes them. */
export async function readHistoryRows(page: Page, table: Locator): Promise<string[][]> {
  const shown: string[][] = [];
  const cell = (row: Locator, col: string) => row.locator(`[data-col="${col}"]`);
  for (;;) {
    const rows = table.getByTestId('history-row');
    for (let i = 0; i < (await rows.count()); i++) {
      const row = rows.nth(i);
      const amountCell = async (col: string) => (await cell(row, col).innerText()).replace(/ USDT$/, '').replace(/,/g, '');
      shown.push([
        // The table writes the moment in the page language and the viewer's zone; the file in UTC.
        utcMinute((await cell(row, 'time').locator('time').getAttribute('datetime')) ?? ''),
        await cell(row, 'kind').innerText(),
        (await cell(row, 'market').getAttribute('data-market-id')) ?? '',
        ((await cell(row, 'market').textContent()) ?? '').trim(),
        ((await cell(row, 'option').textContent()) ?? '').trim(),
        await amountCell('paid'),
        await amountCell('fee'),
        await amountCell('payout'),
        await amountCell('refund'),
        (await row.getAttribute('data-tx')) ?? '',
      ]);
    }
    const next = page.getByTestId('history-pager').getByRole('button').last();
    if ((await next.count()) === 0 || (await next.isDisabled())) break;
    const first = await rows.first().getAttribute('data-tx');
    await next.click();
    await expect(rows.first()).not.toHaveAttribute('data-tx', first ?? '');
  }
  return shown;
}

/** Every due the api answers is listed on the claims panel, with its amount. */
export async function expectDuesListed(panel: Locator, dues: readonly ClaimDueAnswer[]): Promise<void> {
  for (const due of dues) {
    if (BigInt(due.position) > 0n)
      await expect(panel.getByTestId(`claim-due-${due.marketId}:position`).locator('[data-value]')).toHaveAttribute(
        'data-value',
        due.position,
      );
    if (BigInt(due.referral) > 0n)
      await expect(panel.getByTestId(`claim-due-${due.marketId}:referral`).locator('[data-value]')).toHaveAttribute(
        'data-value',
        due.referral,
      );
  }
}

/** Every figure stays inside its card, also right to left (an overflow to the left scrolls nothing). */
export async function expectFiguresInsideCards(page: Page, route: string): Promise<void> {
  for (const card of await page.locator('[data-testid="portfolio-pnl"], [data-testid$="-balances"]').all()) {
    const box = await card.boundingBox();
    for (const figure of await card.locator('[data-value]').all()) {
      const inner = await figure.boundingBox();
      if (!box || !inner) throw new Error('a figure or its card has no box');
      expect(inner.x, `${await figure.innerText()} on ${route}`).toBeGreaterThanOrEqual(box.x);
      expect(inner.x + inner.width, `${await figure.innerText()} on ${route}`).toBeLessThanOrEqual(box.x + box.width);
    }
  }
}

/**
 * The headline figures on /portfolio: /api/user/info's cash (over 1,000 USDT: with K) and portfolio,
 * /api/bought's totals; K/M/B with 2 decimals.
 */
export async function expectHeadlineFigures(page: Page, chain: ResolutionChain, account: string): Promise<void> {
  const { totals } = await bought(chain, account, 'all');
  const info = await chain.api<unknown>('/api/user/info', { account, chainType: '31337' });
  const statics = (info.extra as unknown as { statics: { cash: string; portfolio: string } }).statics;
  const cash = await chain.usdtBalance(account);
  expect(statics.cash).toBe(cash.toString());
  expect(cash).toBeGreaterThan(parseUnits('1000', 18));
  await expectAmount(page.getByTestId('portfolio-pnl-cash-value'), cash, compact);
  await expect(page.getByTestId('portfolio-pnl-cash-value')).toHaveText(/^\d+(\.\d{1,2})?K USDT$/);
  await expectAmount(page.getByTestId('portfolio-pnl-portfolio-value'), BigInt(statics.portfolio), compact);
  await expectAmount(page.getByTestId('portfolio-pnl-invested-value'), BigInt(totals.invested), compact);
  await expectAmount(page.getByTestId('portfolio-pnl-pendingPayoff-value'), BigInt(totals.pendingPayoff), compact);
  await expectAmount(page.getByTestId('portfolio-pnl-totalPayoff-value'), BigInt(totals.received), compact);
  await expectAmount(page.getByTestId('portfolio-pnl-profit-value'), BigInt(totals.profit), compact);
  // Profit counts finished markets only (ARCHITECTURE), invested every market: no rate of one over the other.
  await expect(page.getByTestId('portfolio-pnl-profit-rate')).toHaveCount(0);
  await expect(page.getByTestId('portfolio-pnl-yesterdayProfit-value')).toHaveText(/^-?[\d,]+(\.\d{1,4})?(K|M|B)? USDT$/);
}
