// Spec §5's rules of the issue form as a user meets them: each function walks one group of fields
// through refused and accepted values and expects the message each shows (issue.spec.ts).
import { formatUnits, parseUnits } from 'ethers';
import type { Page } from '@playwright/test';
import { typeMoment } from './dateField';
import { expect } from './fixtures';
import { chainMinute, errorOf, issueUsdt, type IssueParams } from './issuePage';

const HOUR = 3600;
const u = (amount: string): bigint => parseUnits(amount, 18);

/** Submitted empty: every field says what it needs. */
export async function expectEmptyFormMessages(page: Page): Promise<void> {
  await page.getByTestId('issue-submit').click();
  await expect(errorOf(page, 'issue-license')).toHaveText('Please select a License');
  await expect(errorOf(page, 'issue-event')).toHaveText('Event is empty');
  const optionRows = page.getByTestId('issue-option-row');
  await expect(optionRows.nth(0).getByTestId('issue-error')).toHaveText('Option content cannot be empty');
  await expect(optionRows.nth(1).getByTestId('issue-error')).toHaveText('Option content cannot be empty');
  await expect(errorOf(page, 'issue-category')).toHaveText('Choose a category');
  await expect(errorOf(page, 'issue-last-trading-time')).toHaveText('Last trading time is empty');
  await expect(errorOf(page, 'issue-expiration-time')).toHaveText('Expiration time is empty');
  await expect(errorOf(page, 'issue-liquidity')).toHaveText('Enter an amount greater than 0');
  await expect(errorOf(page, 'issue-margin')).toHaveText('Enter an amount greater than 0');
}

/** Options: repeated (as a reader sees them), fewer than two, none; then two good ones. */
export async function expectOptionRules(page: Page): Promise<void> {
  const optionRows = page.getByTestId('issue-option-row');
  const options = page.getByTestId('issue-option');
  await options.nth(0).fill('Yes');
  await options.nth(1).fill('YES ');
  await options.nth(1).blur();
  await expect(optionRows.nth(1).getByTestId('issue-error')).toHaveText('Option content cannot be repeated');
  await optionRows.nth(1).getByTestId('issue-option-remove').click();
  await expect(errorOf(page, 'issue-options')).toHaveText('There cannot be less than two options');
  await optionRows.nth(0).getByTestId('issue-option-remove').click();
  await expect(errorOf(page, 'issue-options')).toHaveText('Options cannot be empty');
  await page.getByTestId('issue-option-add').click();
  await page.getByTestId('issue-option-add').click();
  await options.nth(0).fill('Yes');
  await options.nth(1).fill('No');
  await expect(errorOf(page, 'issue-options')).toHaveCount(0);
}

/** The link: http(s) only; left empty. */
export async function expectLinkRule(page: Page): Promise<void> {
  await page.getByTestId('issue-url').fill('ftp://example.org/file');
  await page.getByTestId('issue-url').blur();
  await expect(errorOf(page, 'issue-url')).toHaveText('Enter a link that starts with http:// or https://');
  await page.getByTestId('issue-url').fill('');
}

/** Times against the chain's now and each other; left valid (trading ends in 3 hours, expiry in 4). */
export async function expectTimeRules(page: Page, chain: { now(): Promise<number> }): Promise<void> {
  const lastTrading = page.getByTestId('issue-last-trading-time');
  const expiration = page.getByTestId('issue-expiration-time');
  await typeMoment(page, lastTrading, (await chainMinute(chain, 0)) - 2 * HOUR);
  await page.getByTestId('issue-event').focus();
  await expect(errorOf(page, 'issue-last-trading-time')).toHaveText('Last trading time must be greater than today');
  await typeMoment(page, lastTrading, await chainMinute(chain, 3 * HOUR));
  await typeMoment(page, expiration, await chainMinute(chain, 2 * HOUR));
  await page.getByTestId('issue-event').focus();
  await expect(errorOf(page, 'issue-last-trading-time')).toHaveText('Last trading time is greater than expiration time');
  await typeMoment(page, expiration, await chainMinute(chain, 4 * HOUR));
  await expect(errorOf(page, 'issue-last-trading-time')).toHaveCount(0);
}

/**
 * Amounts: the chain's minimums (just below is refused, the minimum itself is not), the balance, the
 * capacity; left valid.
 */
export async function expectAmountRules(page: Page, params: IssueParams): Promise<void> {
  const liquidity = page.getByTestId('issue-liquidity');
  const margin = page.getByTestId('issue-margin');
  await liquidity.fill(formatUnits(params.minLiquidity - 10n ** 16n, 18));
  await liquidity.blur();
  await expect(errorOf(page, 'issue-liquidity')).toHaveText(`Liquidity must be at least ${issueUsdt(params.minLiquidity)}`);
  await liquidity.fill(formatUnits(params.minLiquidity, 18));
  await expect(errorOf(page, 'issue-liquidity')).toHaveCount(0);
  if (params.minMargin > 0n) {
    await margin.fill(formatUnits(params.minMargin - 10n ** 16n, 18));
    await margin.blur();
    await expect(errorOf(page, 'issue-margin')).toHaveText(`Margin must be at least ${issueUsdt(params.minMargin)}`);
  }
  await margin.fill('6000');
  await margin.blur();
  await expect(errorOf(page, 'issue-liquidity')).toHaveText('Insufficient balance Top up USDT');
  // The smallest margin with a seed just above its capacity.
  const smallMargin = params.minMargin > 0n ? params.minMargin : u('1');
  const capacity = smallMargin * params.capacityMultiple;
  await margin.fill(formatUnits(smallMargin, 18));
  await liquidity.fill(formatUnits(capacity + u('2'), 18));
  await expect(errorOf(page, 'issue-liquidity')).toHaveText(
    `Liquidity is above this market's capacity of ${issueUsdt(capacity)}: raise the margin or lower the liquidity`,
  );
  await liquidity.fill(formatUnits(capacity - (capacity % 2n), 18));
  await expect(errorOf(page, 'issue-liquidity')).toHaveCount(0);
}
