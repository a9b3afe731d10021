// The issue remote's form (/issue) as a page object: opening it ready to submit, its fields, its
// messages and its draft, for issue.spec.ts.
import { formatUnits, parseUnits, type Contract } from 'ethers';
import type { Locator, Page } from '@playwright/test';
import { typeMoment } from './dateField';
import { expect } from './fixtures';

/** The texts of a market as the form takes them (options in their final order). */
export interface IssueTexts {
  readonly event: string;
  readonly options: readonly string[];
  readonly category: string;
  readonly description: string;
  readonly resolutionSource: string;
  readonly url: string;
  readonly content: string;
}

/** The protocol's limits the form checks (Markets.params()), as the spec reads them from the chain. */
export interface IssueParams {
  readonly minLiquidity: bigint;
  readonly minMargin: bigint;
  readonly minPremium: bigint;
  readonly capacityMultiple: bigint;
  readonly confirmationPeriod: number;
  readonly challengeWindow: number;
}

const HOUR = 3600;

/** The limits the form checks, read from the chain (Markets.params()). */
export async function readIssueParams(chain: { markets(): Contract }): Promise<IssueParams> {
  const p = (await chain.markets().getFunction('params')()) as Record<string, bigint>;
  return {
    minLiquidity: BigInt(p.minLiquidity ?? 0n),
    minMargin: BigInt(p.minMargin ?? 0n),
    minPremium: BigInt(p.minPremium ?? 0n),
    capacityMultiple: BigInt(p.capacityMultiple ?? 0n),
    confirmationPeriod: Number(p.confirmationPeriod),
    challengeWindow: Number(p.challengeWindow),
  };
}

/** How the issue remote writes a moment (mfe-issue dateTimeFormat.ts), in UTC. */
export function formatIssueMoment(seconds: number): string {
  return new Intl.DateTimeFormat('en', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: 'UTC',
  }).format(seconds * 1000);
}

/** An amount of USDT (18 decimals) as the form's messages write it: '1,234.5 USDT'. */
export const issueUsdt = (units: bigint): string =>
  `${Number(formatUnits(units, 18)).toLocaleString('en', { maximumFractionDigits: 4 })} USDT`;

/** The message under the field whose id is `id`. */
export function errorOf(page: Page, id: string): Locator {
  return page.locator(`#${id}-error`);
}

export function licenseOption(page: Page, license: bigint): Locator {
  return page.locator(`[data-testid="issue-license-option"][data-license-id="${license}"]`);
}

/** A transaction under way in the form, or (when it was quick) its success. */
export function issueProgress(page: Page): Locator {
  return page
    .locator('[data-testid="issue-form"][data-stage="transaction"] [data-testid="tx-status"]')
    .or(page.getByTestId('issue-success'));
}

/**
 * Waits until a submit of `license`'s form can go out, at any width: the wallet connected on the
 * app's chain (the License picker's "connect a wallet" note gone: the same state the form's
 * 'Network not connected' rule reads) and the wallet's Licenses read with `license` chosen. Right
 * after a load the wallet is still reconnecting; a submit then only shows messages and sends nothing.
 */
export async function expectIssueFormReady(page: Page, license: bigint): Promise<void> {
  await expect(page.getByTestId('issue-form')).toBeVisible();
  await expect(page.getByTestId('issue-license-connect')).toHaveCount(0);
  await expect(licenseOption(page, license).locator('input')).toBeChecked();
}

/** Opens /issue (with `license` chosen through the link, ready to submit). */
export async function openIssue(page: Page, license?: bigint): Promise<void> {
  await page.goto(license === undefined ? '/issue' : `/issue?license=${license}`);
  await expect(page.getByTestId('issue-form')).toBeVisible();
  await expect(page.getByTestId('issue-params')).toBeVisible();
  if (license !== undefined) await expectIssueFormReady(page, license);
}

/** Forgets the draft the form keeps across loads. */
export async function clearDraft(page: Page): Promise<void> {
  await page.evaluate(() => {
    localStorage.removeItem('prds.issue.draft');
  });
}

/** Types the texts, the options out of order and then reordered: the editor's add, move and remove. */
export async function fillTexts(page: Page, texts: IssueTexts): Promise<void> {
  await page.getByTestId('issue-event').fill(texts.event);
  const options = page.getByTestId('issue-option');
  await options.nth(0).fill(texts.options[1] ?? '');
  await options.nth(1).fill(texts.options[0] ?? '');
  await page.getByTestId('issue-option-add').click();
  await options.nth(2).fill('to be removed');
  await page.getByTestId('issue-option-add').click();
  await options.nth(3).fill(texts.options[2] ?? '');
  await page.getByTestId('issue-option-row').nth(2).getByTestId('issue-option-remove').click();
  await page.getByTestId('issue-option-row').nth(1).getByTestId('issue-option-up').click();
  await expect(options).toHaveCount(3);
  for (const [index, text] of texts.options.entries()) await expect(options.nth(index)).toHaveValue(text);
  await page.getByTestId('issue-category').selectOption(texts.category);
  await page.getByTestId('issue-description').fill(texts.description);
  await page.getByTestId('issue-resolution-source').fill(texts.resolutionSource);
  await page.getByTestId('issue-url').fill(texts.url);
  await page.getByTestId('issue-content').fill(texts.content);
}

/** A whole minute at least `seconds` from the chain's now. */
export async function chainMinute(chain: { now(): Promise<number> }, seconds: number): Promise<number> {
  return Math.ceil(((await chain.now()) + seconds) / 60) * 60;
}

/** What Markets.issue takes of `liquidity`: an equal whole share per option (the rest stays with the issuer). */
export function seeded(liquidity: bigint, optionCount: number): bigint {
  return (liquidity / BigInt(optionCount)) * BigInt(optionCount);
}

/** A margin whose capacity holds the seed, at least the minimum (and at least 10 USDT). */
export function marginFor(liquidity: bigint, params: Pick<IssueParams, 'capacityMultiple' | 'minMargin'>): bigint {
  const needed = (liquidity + params.capacityMultiple - 1n) / params.capacityMultiple;
  const margin = needed > params.minMargin ? needed : params.minMargin;
  const floor = parseUnits('10', 18);
  return margin > floor ? margin : floor;
}

/** Fills every field for a market trading 2 hours and expiring in 3 (chain time), at the minimum liquidity. */
export async function fillWholeForm(
  page: Page,
  texts: IssueTexts,
  chain: { now(): Promise<number> },
  params: IssueParams,
): Promise<IssueTimes> {
  await fillTexts(page, texts);
  const lastTradingTime = await chainMinute(chain, 2 * HOUR);
  const expirationTime = await chainMinute(chain, 3 * HOUR);
  await typeMoment(page, page.getByTestId('issue-last-trading-time'), lastTradingTime);
  await typeMoment(page, page.getByTestId('issue-expiration-time'), expirationTime);
  await page.getByTestId('issue-liquidity').fill(formatUnits(params.minLiquidity, 18));
  await page.getByTestId('issue-margin').fill(formatUnits(marginFor(params.minLiquidity, params), 18));
  return { lastTradingTime, expirationTime };
}

/** The moments the form was filled with (unix seconds, chain time). */
export interface IssueTimes {
  readonly lastTradingTime: number;
  readonly expirationTime: number;
}

/** The form still holds `texts` and `times` (after a reload, after a refused transaction). */
export async function expectFormHolds(page: Page, texts: IssueTexts, times: IssueTimes): Promise<void> {
  await expect(page.getByTestId('issue-event')).toHaveValue(texts.event);
  for (const [index, text] of texts.options.entries())
    await expect(page.getByTestId('issue-option').nth(index)).toHaveValue(text);
  await expect(page.getByTestId('issue-category')).toHaveValue(texts.category);
  await expect(page.getByTestId('issue-url')).toHaveValue(texts.url);
  await expect(page.getByTestId('issue-content')).toHaveValue(texts.content);
  await expect(page.getByTestId('issue-last-trading-time')).toHaveAttribute('data-value', String(times.lastTradingTime));
  await expect(page.getByTestId('issue-expiration-time')).toHaveAttribute('data-value', String(times.expirationTime));
}

/** The issued market's page (/detail/:id) shows every field as typed. */
export async function expectMarketPageAsTyped(
  page: Page,
  texts: IssueTexts & { readonly categoryLabel: string },
  times: IssueTimes,
): Promise<void> {
  await expect(page.getByTestId('detail-event')).toHaveText(texts.event);
  for (const [index, text] of texts.options.entries())
    await expect(page.getByTestId(`detail-option-${index}`)).toContainText(text);
  await expect(page.getByTestId('detail-category')).toContainText(texts.categoryLabel);
  await expect(page.getByTestId('detail-description')).toContainText(texts.description);
  await expect(page.getByTestId('detail-resolution-source')).toContainText(texts.resolutionSource);
  await expect(page.getByTestId('detail-url')).toContainText(texts.url);
  await expect(page.getByTestId('detail-content')).toContainText(texts.content);
  await expect(page.getByTestId('detail-last-trading')).toHaveAttribute('data-target', String(times.lastTradingTime));
  await expect(page.getByTestId('detail-expiration')).toHaveAttribute('data-target', String(times.expirationTime));
}
