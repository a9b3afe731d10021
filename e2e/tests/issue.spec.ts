// Issue 15: the issue remote end to end on a devnet + api of its own (it moves the chain's clock), with
// License holders the spec makes there. Each spec §5 message at its field with nothing sent; a market
// issued from /issue (its draft kept across a reload) shown in /market and on its page with every field
// as typed; a renter refused past the rental's end and unable to stake the License; a text refused by
// moderation keeps the form; the issued market bought into by another account, expired (devnet time),
// confirmed by the issuer and claimed by the winner; cancel → the License's use back on chain; free
// margin withdrawn → the balance on chain. Screenshots of the form go to e2e/screenshots/issue/.
//
// Ports 8648/8890, proxy 8692 (support/ownStack.ts; the other specs' stacks may run beside it).
import fs from 'node:fs';
import path from 'node:path';
import { Contract, formatUnits, parseUnits, type Wallet } from 'ethers';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { deployments } from '@prds/contracts';
import { LicenseType, buyLicense, fundUsdt, send } from '@prds/contracts/actions';
import type { Stack } from '../../scripts/stack.cjs';
import { HOST_URL, type LangCode } from '../support/apps';
import { expect, test } from '../support/fixtures';
import { chooseOption, runTransaction } from '../support/marketPage';
import { startOwnStack, startOwnStackProxy, type OwnStackProxy } from '../support/ownStack';
import { expectNoHorizontalOverflow, expectNoTofu } from '../support/pageChecks';
import { ResolutionChain } from '../support/resolutionChain';
import { DEVNET_CHAIN_HEX, installTestWallet, type TestWallet } from '../support/testWallet';
import { connectInjectedWallet, shortAddressPattern } from '../support/walletUi';
import { recordTxPhases } from '../support/txPhases';
import { typeMoment } from '../support/dateField';

const u = (amount: string): bigint => parseUnits(amount, 18);
const HOUR = 3600;
const PROXY_PORT = 8692;
const CONTEXT_PROXY = { server: `http://127.0.0.1:${PROXY_PORT}`, bypass: '<-loopback>' } as const;
const SCREENSHOT_DIR = path.resolve(__dirname, '..', 'screenshots', 'issue');
const CONTRACTS = deployments[31337].contracts;
/** How the issue remote writes a moment (mfe-issue dateTimeFormat.ts). */
const DATE_TIME_FORMAT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

let stack: Stack | undefined;
let proxy: OwnStackProxy | undefined;
let chain: ResolutionChain;

interface Actor {
  readonly key: Wallet;
  readonly context: BrowserContext;
  readonly page: Page;
  readonly wallet: TestWallet;
  /** Every call the page made to /api/issue/submit-underlying. */
  readonly submits: string[];
}
let issuer: Actor;
let renter: Actor;
let buyerKey: Wallet;
let ownLicense: bigint;
let rentedLicense: bigint;
let params: {
  minLiquidity: bigint;
  minMargin: bigint;
  minPremium: bigint;
  capacityMultiple: bigint;
  confirmationPeriod: number;
  challengeWindow: number;
};

/** The market the form issues, as typed. */
const RUN = Date.now().toString(36);
const MARKET = {
  event: `Will the e2e issue spec's reactor ${RUN} reach first plasma?`,
  options: ['Alpha', 'Beta', 'Gamma'],
  category: 'science',
  categoryLabel: 'Science',
  description: 'Resolves by the operator’s own announcement.',
  resolutionSource: 'The operator’s press page',
  url: 'https://example.org/e2e-issue',
  content: 'The announcement names the date of first plasma.',
};
let issuedId: string;
let issuedTimes: { lastTradingTime: number; expirationTime: number };

test.describe.configure({ mode: 'serial' });

const usdt = (units: bigint): string =>
  `${Number(formatUnits(units, 18)).toLocaleString('en', { maximumFractionDigits: 4 })} USDT`;

async function actor(browser: Browser, key: Wallet): Promise<Actor> {
  const context = await browser.newContext({
    baseURL: HOST_URL,
    proxy: CONTEXT_PROXY,
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    timezoneId: 'UTC',
    colorScheme: 'light',
  });
  const page = await context.newPage();
  const submits: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/issue/submit-underlying')) submits.push(request.postData() ?? '');
  });
  await recordTxPhases(page);
  const wallet = await installTestWallet(page, { privateKey: key.privateKey, rpcUrl: stack?.devnetUrl });
  await page.goto('/issue');
  await expect(page.getByTestId('issue-form')).toBeVisible();
  await connectInjectedWallet(page);
  await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(key.address));
  return { key, context, page, wallet, submits };
}

const sent = (who: Actor) => who.wallet.callsTo('eth_sendTransaction').length;

/** A whole minute at least `seconds` from now on the chain. */
async function chainMinute(seconds: number): Promise<number> {
  return Math.ceil(((await chain.now()) + seconds) / 60) * 60;
}

function errorOf(page: Page, id: string): Locator {
  return page.locator(`#${id}-error`);
}

async function openIssue(page: Page, license?: bigint): Promise<void> {
  await page.goto(license === undefined ? '/issue' : `/issue?license=${license}`);
  await expect(page.getByTestId('issue-form')).toBeVisible();
  await expect(page.getByTestId('issue-params')).toBeVisible();
  if (license !== undefined) {
    await expect(page.locator(`[data-testid="issue-license-option"][data-license-id="${license}"] input`)).toBeChecked();
  }
}

async function clearDraft(page: Page): Promise<void> {
  await page.evaluate(() => {
    localStorage.removeItem('prds.issue.draft');
  });
}

async function fillTexts(page: Page, texts: typeof MARKET): Promise<void> {
  await page.getByTestId('issue-event').fill(texts.event);
  const options = page.getByTestId('issue-option');
  // Typed out of order, then reordered: the editor's add, move and remove.
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

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  stack = await startOwnStack({ devnetPort: 8648, apiPort: 8890, name: 'stack-issue' });
  chain = new ResolutionChain(stack.devnetUrl, stack.apiUrl);
  proxy = await startOwnStackProxy(stack, PROXY_PORT);
  const p = (await chain.markets().getFunction('params')()) as Record<string, bigint>;
  params = {
    minLiquidity: BigInt(p.minLiquidity ?? 0n),
    minMargin: BigInt(p.minMargin ?? 0n),
    minPremium: BigInt(p.minPremium ?? 0n),
    capacityMultiple: BigInt(p.capacityMultiple ?? 0n),
    confirmationPeriod: Number(p.confirmationPeriod),
    challengeWindow: Number(p.challengeWindow),
  };

  const [issuerKey, ownerKey, renterKey] = [await chain.freshAccount(), await chain.freshAccount(), await chain.freshAccount()];
  buyerKey = await chain.freshAccount();
  await chain.mintUsdt(issuerKey, u('5000'));
  await chain.mintUsdt(ownerKey, u('2000'));
  await chain.mintUsdt(renterKey, u('2000'));
  await chain.mintUsdt(buyerKey, u('1000'));
  ownLicense = await buyLicense(chain.license(issuerKey), chain.usdt(issuerKey), issuerKey, LicenseType.Common);
  // A Scarcity License (rentable) listed for rent by its owner and rented for 2 days by the renter.
  rentedLicense = await buyLicense(chain.license(ownerKey), chain.usdt(ownerKey), ownerKey, LicenseType.Scarcity);
  const market = (runner: Wallet) => new Contract(CONTRACTS.licenseMarketplace.address, CONTRACTS.licenseMarketplace.abi, runner);
  await send(chain.license(ownerKey), ownerKey, 'setApprovalForAll', CONTRACTS.licenseMarketplace.address, true);
  await send(market(ownerKey), ownerKey, 'listForRent', rentedLicense, u('1'), 10, 2);
  await fundUsdt(chain.usdt(renterKey), renterKey, u('2'), CONTRACTS.licenseMarketplace.address);
  await send(market(renterKey), renterKey, 'rent', rentedLicense, 2, u('1'));

  issuer = await actor(browser, issuerKey);
  renter = await actor(browser, renterKey);
});

test.afterAll(async () => {
  await issuer?.context.close();
  await renter?.context.close();
  chain?.destroy();
  await proxy?.close();
  await stack?.stop();
});

test('every §5 message appears at its field and nothing is sent', async () => {
  test.setTimeout(120_000);
  const { page } = issuer;
  await clearDraft(page);
  await openIssue(page);
  const option = page.locator(`[data-testid="issue-license-option"][data-license-id="${ownLicense}"]`);
  await expect(option).toContainText(`License #${ownLicense}`);
  await expect(option).toContainText('Owned');
  await expect(page.getByTestId('issue-param-min-liquidity')).toContainText(usdt(params.minLiquidity));

  // Empty: every field says what it needs, on submit.
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
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });

  // On blur, one field at a time (a fresh page: nothing submitted yet).
  await page.reload();
  await expect(page.getByTestId('issue-form')).toBeVisible();
  await page.getByTestId('issue-event').focus();
  await page.getByTestId('issue-event').blur();
  await expect(errorOf(page, 'issue-event')).toHaveText('Event is empty');
  await expect(errorOf(page, 'issue-category')).toHaveCount(0);

  // Options: repeated (as a reader sees them), fewer than two, none.
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

  // The link.
  await page.getByTestId('issue-url').fill('ftp://example.org/file');
  await page.getByTestId('issue-url').blur();
  await expect(errorOf(page, 'issue-url')).toHaveText('Enter a link that starts with http:// or https://');
  await page.getByTestId('issue-url').fill('');

  // Times against the chain's now and each other.
  const lastTrading = page.getByTestId('issue-last-trading-time');
  const expiration = page.getByTestId('issue-expiration-time');
  await typeMoment(page, lastTrading, (await chainMinute(0)) - 2 * HOUR);
  await page.getByTestId('issue-event').focus();
  await expect(errorOf(page, 'issue-last-trading-time')).toHaveText('Last trading time must be greater than today');
  await typeMoment(page, lastTrading, await chainMinute(3 * HOUR));
  await typeMoment(page, expiration, await chainMinute(2 * HOUR));
  await page.getByTestId('issue-event').focus();
  await expect(errorOf(page, 'issue-last-trading-time')).toHaveText('Last trading time is greater than expiration time');
  await typeMoment(page, expiration, await chainMinute(4 * HOUR));
  await expect(errorOf(page, 'issue-last-trading-time')).toHaveCount(0);

  // Amounts: the chain's minimums (just below is refused, the minimum itself is not), the balance, the capacity.
  const liquidity = page.getByTestId('issue-liquidity');
  const margin = page.getByTestId('issue-margin');
  await liquidity.fill(formatUnits(params.minLiquidity - 10n ** 16n, 18));
  await liquidity.blur();
  await expect(errorOf(page, 'issue-liquidity')).toHaveText(`Liquidity must be at least ${usdt(params.minLiquidity)}`);
  await liquidity.fill(formatUnits(params.minLiquidity, 18));
  await expect(errorOf(page, 'issue-liquidity')).toHaveCount(0);
  if (params.minMargin > 0n) {
    await margin.fill(formatUnits(params.minMargin - 10n ** 16n, 18));
    await margin.blur();
    await expect(errorOf(page, 'issue-margin')).toHaveText(`Margin must be at least ${usdt(params.minMargin)}`);
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
    `Liquidity is above this market's capacity of ${usdt(capacity)}: raise the margin or lower the liquidity`,
  );
  await liquidity.fill(formatUnits(capacity - (capacity % 2n), 18));
  await expect(errorOf(page, 'issue-liquidity')).toHaveCount(0);

  await page.getByTestId('issue-submit').click();
  await expect(errorOf(page, 'issue-license')).toHaveText('Please select a License');
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, 'step-errors-en-day-1280.png'),
    fullPage: true,
    animations: 'disabled',
  });

  // The wallet on another network: 'Network not connected' beside the button; back on the devnet it goes.
  const networkError = page.locator('[data-error="issue.error.networkNotConnected"]');
  await expect(networkError).toHaveCount(0);
  await issuer.wallet.setChain('0x38');
  await page.getByTestId('issue-submit').click();
  await expect(networkError).toHaveText('Network not connected');
  await issuer.wallet.setChain(DEVNET_CHAIN_HEX);
  await expect(networkError).toHaveCount(0);

  // Nothing left the page: no text stored, no transaction.
  expect(issuer.submits).toEqual([]);
  expect(sent(issuer)).toBe(0);
  await clearDraft(page);
});

test('a renter: the rental on the License, no staking it, and no market past the rental end', async () => {
  const { page } = renter;
  await clearDraft(page);
  await openIssue(page, rentedLicense);
  const rentEnd = Number(await chain.license().getFunction('userExpires')(rentedLicense));
  const choice = page.locator(`[data-testid="issue-license-option"][data-license-id="${rentedLicense}"]`);
  await expect(choice).toContainText('Rented');
  const format = (seconds: number) =>
    new Intl.DateTimeFormat('en', { ...DATE_TIME_FORMAT, timeZone: 'UTC' }).format(seconds * 1000);
  await expect(choice.getByTestId('issue-license-rental')).toHaveText(
    `Rented until ${format(rentEnd)} · 2 more markets in this rental`,
  );

  await page.getByTestId('issue-collateral').selectOption('nft');
  await expect(errorOf(page, 'issue-collateral')).toHaveText('License cannot be staked');
  await page.getByTestId('issue-collateral').selectOption('token');
  await expect(errorOf(page, 'issue-collateral')).toHaveCount(0);

  const expirationTime = Math.ceil((rentEnd + HOUR) / 60) * 60;
  await typeMoment(page, page.getByTestId('issue-expiration-time'), expirationTime);
  await page.getByTestId('issue-event').focus();
  await expect(errorOf(page, 'issue-expiration-time')).toHaveText(
    `Event end time ${format(expirationTime)} is greater than rental end time ${format(rentEnd)}`,
  );
  // Just inside: a minute before the rental ends.
  await typeMoment(page, page.getByTestId('issue-expiration-time'), Math.floor((rentEnd - 60) / 60) * 60);
  await expect(errorOf(page, 'issue-expiration-time')).toHaveCount(0);
  await page.getByTestId('issue-submit').click();
  expect(renter.submits).toEqual([]);
  expect(sent(renter)).toBe(0);
  await clearDraft(page);
});

async function fillWholeForm(
  page: Page,
  texts: typeof MARKET = MARKET,
): Promise<{ lastTradingTime: number; expirationTime: number }> {
  await fillTexts(page, texts);
  const lastTradingTime = await chainMinute(2 * HOUR);
  const expirationTime = await chainMinute(3 * HOUR);
  await typeMoment(page, page.getByTestId('issue-last-trading-time'), lastTradingTime);
  await typeMoment(page, page.getByTestId('issue-expiration-time'), expirationTime);
  await page.getByTestId('issue-liquidity').fill(formatUnits(params.minLiquidity, 18));
  await page.getByTestId('issue-margin').fill(formatUnits(marginFor(params.minLiquidity), 18));
  return { lastTradingTime, expirationTime };
}

/** What Markets.issue takes of `liquidity`: an equal whole share per option (the rest stays with the issuer). */
function seeded(liquidity: bigint, optionCount: number): bigint {
  return (liquidity / BigInt(optionCount)) * BigInt(optionCount);
}

/** A margin whose capacity holds the seed, at least the minimum. */
function marginFor(liquidity: bigint): bigint {
  const needed = (liquidity + params.capacityMultiple - 1n) / params.capacityMultiple;
  const margin = needed > params.minMargin ? needed : params.minMargin;
  return margin > u('10') ? margin : u('10');
}

test('content refused by moderation: its reason at the field, the form kept, nothing sent; a held text says what is next', async () => {
  const { page } = issuer;
  await clearDraft(page);
  await openIssue(page, ownLicense);
  await fillWholeForm(page);
  await page.getByTestId('issue-url').fill('https://www.bet365.com/event');
  await page.getByTestId('issue-submit').click();
  await expect(errorOf(page, 'issue-url')).toHaveText('This text cannot be published: it is about gambling');
  await expect(page.getByTestId('issue-event')).toHaveValue(MARKET.event);
  await expect(page.getByTestId('issue-option')).toHaveCount(3);
  await expect(page.getByTestId('issue-description')).toHaveValue(MARKET.description);
  await expect(page.getByTestId('issue-liquidity')).toHaveValue(formatUnits(params.minLiquidity, 18));
  expect(issuer.submits).toHaveLength(1);

  await page.getByTestId('issue-url').fill('https://bit.ly/e2e-issue');
  await expect(errorOf(page, 'issue-url')).toHaveCount(0);
  await page.getByTestId('issue-submit').click();
  await expect(page.getByTestId('issue-audit')).toContainText('Audit checking');
  await expect(page.getByTestId('issue-audit-reason')).toHaveText('Why it is held: shortened links are not allowed');
  await expect(page.getByTestId('issue-event')).toHaveValue(MARKET.event);
  expect(sent(issuer)).toBe(0);
  await clearDraft(page);
});

test('issue a market from /issue: draft kept across a reload, progress, then the market in /market and on its page as typed', async () => {
  test.setTimeout(150_000);
  const { page, key } = issuer;
  await clearDraft(page);
  await openIssue(page, ownLicense);
  const times = await fillWholeForm(page);
  issuedTimes = times;

  // A reload keeps every value.
  await page.reload();
  await expect(page.getByTestId('issue-form')).toBeVisible();
  await expect(page.getByTestId('issue-event')).toHaveValue(MARKET.event);
  for (const [index, text] of MARKET.options.entries())
    await expect(page.getByTestId('issue-option').nth(index)).toHaveValue(text);
  await expect(page.getByTestId('issue-category')).toHaveValue(MARKET.category);
  await expect(page.getByTestId('issue-url')).toHaveValue(MARKET.url);
  await expect(page.getByTestId('issue-content')).toHaveValue(MARKET.content);
  await expect(page.getByTestId('issue-last-trading-time')).toHaveAttribute('data-value', String(times.lastTradingTime));
  await expect(page.getByTestId('issue-expiration-time')).toHaveAttribute('data-value', String(times.expirationTime));
  await expect(page.locator(`[data-testid="issue-license-option"][data-license-id="${ownLicense}"] input`)).toBeChecked();

  const availableBefore = Number(
    ((await chain.license().getFunction('info')(ownLicense)) as { availableTimes: bigint }).availableTimes,
  );
  const usdtBefore = await chain.usdtBalance(key.address);

  // The wallet refuses: 'Transaction cancelled', the form as it was, nothing paid, the License unused.
  issuer.wallet.rejectNextTransaction();
  await page.getByTestId('issue-submit').click();
  await expect(page.getByTestId('issue-form').getByTestId('tx-status')).toContainText('Transaction cancelled', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('issue-event')).toHaveValue(MARKET.event);
  for (const [index, text] of MARKET.options.entries())
    await expect(page.getByTestId('issue-option').nth(index)).toHaveValue(text);
  await expect(page.getByTestId('issue-liquidity')).toHaveValue(formatUnits(params.minLiquidity, 18));
  await expect(page.getByTestId('issue-expiration-time')).toHaveAttribute('data-value', String(times.expirationTime));
  expect(await chain.usdtBalance(key.address)).toBe(usdtBefore);

  await page.getByTestId('issue-submit').click();
  // In progress: the texts checked, then the transaction's phases.
  await expect(
    page
      .locator('[data-testid="issue-form"][data-stage="transaction"] [data-testid="tx-status"]')
      .or(page.getByTestId('issue-success')),
  ).toBeVisible({ timeout: 30_000 });
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, 'step-progress-en-day-1280.png'),
    fullPage: true,
    animations: 'disabled',
  });
  await expect(page.getByTestId('issue-success')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('issue-success').getByTestId('tx-status')).toContainText('Issue success');
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, 'step-success-en-day-1280.png'),
    fullPage: true,
    animations: 'disabled',
  });
  await page.waitForURL(/\/detail\/\d+$/, { timeout: 45_000 });
  issuedId = /\/detail\/(\d+)$/.exec(page.url())?.[1] ?? '';

  // On chain: the liquidity (as the contract seeds it: an equal whole share per option) and the margin
  // paid, the License used once.
  const paid = usdtBefore - (await chain.usdtBalance(key.address));
  expect(paid).toBe(seeded(params.minLiquidity, MARKET.options.length) + marginFor(params.minLiquidity));
  const availableAfter = Number(
    ((await chain.license().getFunction('info')(ownLicense)) as { availableTimes: bigint }).availableTimes,
  );
  expect(availableAfter).toBe(availableBefore - 1);

  // Its page: every field as typed.
  await expect(page.getByTestId('detail-event')).toHaveText(MARKET.event);
  for (const [index, text] of MARKET.options.entries())
    await expect(page.getByTestId(`detail-option-${index}`)).toContainText(text);
  await expect(page.getByTestId('detail-category')).toContainText(MARKET.categoryLabel);
  await expect(page.getByTestId('detail-description')).toContainText(MARKET.description);
  await expect(page.getByTestId('detail-resolution-source')).toContainText(MARKET.resolutionSource);
  await expect(page.getByTestId('detail-url')).toContainText(MARKET.url);
  await expect(page.getByTestId('detail-content')).toContainText(MARKET.content);
  await expect(page.getByTestId('detail-last-trading')).toHaveAttribute('data-target', String(times.lastTradingTime));
  await expect(page.getByTestId('detail-expiration')).toHaveAttribute('data-target', String(times.expirationTime));

  // /market lists it.
  await page.goto(`/market?q=${encodeURIComponent(RUN)}`);
  await expect(page.getByTestId(`market-row-${issuedId}`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId(`market-row-${issuedId}`)).toContainText(MARKET.event);

  // The draft is gone: /issue opens empty.
  await openIssue(page);
  await expect(page.getByTestId('issue-event')).toHaveValue('');
});

test('issue → a buy by another account → expiry → the issuer confirms → the winner claims → free margin withdrawn', async () => {
  test.setTimeout(180_000);
  const { page, key } = issuer;
  const id = BigInt(issuedId);
  await chain.buy(buyerKey, id, 0, params.minPremium * 2n > u('20') ? params.minPremium * 2n : u('20'));
  await chain.waitApi(id, () => true);

  // My markets: open, nothing to do yet, the margin frozen.
  await openIssue(page);
  const item = page.locator(`[data-testid="issue-mine-item"][data-market-id="${issuedId}"]`);
  await expect(item).toBeVisible({ timeout: 30_000 });
  await expect(item.getByTestId('issue-mine-link')).toHaveAttribute('href', `/detail/${issuedId}`);
  await expect(item.getByTestId('issue-cancel')).toHaveCount(0);

  // Expired: the issuer must confirm; My markets says so and links to the page's issuer panel.
  await chain.increaseTime(issuedTimes.expirationTime - (await chain.now()) + 60);
  await chain.waitApi(id, (m) => m.state === 'WaitingConfirmation');
  await page.reload();
  await expect(item).toHaveAttribute('data-duty', 'confirm', { timeout: 30_000 });
  await item.getByTestId('issue-mine-act').click();
  await expect(page.getByTestId('issuer-panel')).toBeVisible();
  await chooseOption(page, 'issuer-result-option', 0);
  await runTransaction(page, page.getByTestId('issuer-confirm-submit'));
  await expect(page.getByTestId('resolution-result')).toContainText(MARKET.options[0] ?? '');
  expect(await chain.marketState(id)).toBe('Confirmed');

  // The challenge window passes; the winner claims on the market's page.
  await chain.increaseTime(params.challengeWindow + 60);
  await chain.waitApi(id, () => true);
  const buyerContext = await page
    .context()
    .browser()
    ?.newContext({
      baseURL: HOST_URL,
      proxy: CONTEXT_PROXY,
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
      timezoneId: 'UTC',
    });
  if (!buyerContext) throw new Error('no browser');
  try {
    const buyerPage = await buyerContext.newPage();
    await recordTxPhases(buyerPage);
    await installTestWallet(buyerPage, { privateKey: buyerKey.privateKey, rpcUrl: stack?.devnetUrl });
    await buyerPage.goto(`/detail/${issuedId}`);
    await connectInjectedWallet(buyerPage);
    const panel = buyerPage.getByTestId('claim-panel');
    await expect(panel).toBeVisible({ timeout: 30_000 });
    const before = await chain.usdtBalance(buyerKey.address);
    await runTransaction(buyerPage, panel.getByTestId('claim-submit'));
    expect(await chain.usdtBalance(buyerKey.address)).toBeGreaterThan(before);
  } finally {
    await buyerContext.close();
  }

  // The margin and the issuer's fee are free in the Markets contract: withdraw them from My markets.
  const credit = (await chain.markets().getFunction('creditOf')(key.address)) as bigint;
  expect(credit).toBeGreaterThanOrEqual(marginFor(params.minLiquidity));
  await openIssue(page);
  await expect(page.getByTestId('issue-margin-free')).toHaveAttribute('data-units', credit.toString(), { timeout: 30_000 });
  const usdtBefore = await chain.usdtBalance(key.address);
  await page.getByTestId('issue-withdraw-max').click();
  await runTransaction(page, page.getByTestId('issue-withdraw-submit'));
  expect((await chain.usdtBalance(key.address)) - usdtBefore).toBe(credit);
  expect((await chain.markets().getFunction('creditOf')(key.address)) as bigint).toBe(0n);
  await expect(page.getByTestId('issue-margin-free')).toHaveAttribute('data-units', '0', { timeout: 30_000 });
});

test('cancel a market no one bought into: the License gets its use back on chain', async () => {
  test.setTimeout(120_000);
  const { page, key } = issuer;
  const market = await chain.issue(key, {
    event: `Will the e2e issue spec's cancelled market ${RUN} ever trade?`,
    category: 'other',
    options: ['Yes', 'No'],
    description: 'Cancelled before any buy.',
    resolutionSource: 'The spec itself',
    tradingFor: 2 * HOUR,
    expiresAfter: 3 * HOUR,
    liquidity: params.minLiquidity,
    margin: marginFor(params.minLiquidity),
  });
  // chain.issue bought the License it used: the newest one.
  const license = (await chain.license().getFunction('totalMinted')()) as bigint;
  await chain.waitApi(market.id, () => true);
  await openIssue(page);
  const item = page.locator(`[data-testid="issue-mine-item"][data-market-id="${market.id}"]`);
  await expect(item).toBeVisible({ timeout: 30_000 });
  const available = async () =>
    Number(((await chain.license().getFunction('info')(license)) as { availableTimes: bigint }).availableTimes);
  const before = await available();
  const usdtBefore = await chain.usdtBalance(key.address);
  await item.getByTestId('issue-cancel').click();
  const dialog = page.getByTestId('issue-cancel-dialog');
  await expect(dialog).toBeVisible();
  await runTransaction(page, dialog.getByTestId('issue-cancel-confirm'));
  await expect(dialog.getByTestId('issue-cancel-recycled')).toHaveAttribute('data-available-times', String(before + 1));
  expect(await available()).toBe(before + 1);
  expect(await chain.marketState(market.id)).toBe('Cancelled');
  expect((await chain.usdtBalance(key.address)) - usdtBefore).toBe(
    seeded(params.minLiquidity, 2) + marginFor(params.minLiquidity),
  );
});

test('in progress and success in Chinese and Arabic, on a phone and a desktop, night and day', async () => {
  test.setTimeout(180_000);
  const { page } = issuer;
  const runs: readonly { lang: LangCode; theme: 'day' | 'night'; width: number }[] = [
    { lang: 'zh', theme: 'night', width: 375 },
    { lang: 'ar', theme: 'day', width: 375 },
    { lang: 'ar', theme: 'night', width: 1280 },
  ];
  try {
    for (const { lang, theme, width } of runs) {
      await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
      // Typed in English (the date fields' segments in en-US order), then shown in `lang`: the draft
      // survives the reload that changes the language.
      await page.evaluate(() => {
        localStorage.setItem('prds.lang', 'en');
        localStorage.setItem('prds.theme', 'day');
      });
      await clearDraft(page);
      await openIssue(page, ownLicense);
      const texts = { ...MARKET, event: `Will the e2e issue spec's ${lang} ${theme} ${width} market ${RUN} trade?` };
      await fillWholeForm(page, texts);
      await page.evaluate(
        ([l, t]) => {
          localStorage.setItem('prds.lang', l);
          localStorage.setItem('prds.theme', t);
        },
        [lang, theme] as const,
      );
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByTestId('issue-event')).toHaveValue(texts.event);
      await expect(page.getByTestId('issue-params')).toBeVisible();

      await page.getByTestId('issue-submit').click();
      await expect(
        page
          .locator('[data-testid="issue-form"][data-stage="transaction"] [data-testid="tx-status"]')
          .or(page.getByTestId('issue-success')),
      ).toBeVisible({ timeout: 30_000 });
      await expectNoHorizontalOverflow(page);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `progress-${lang}-${theme}-${width}.png`),
        fullPage: true,
        animations: 'disabled',
      });
      await expect(page.getByTestId('issue-success')).toBeVisible({ timeout: 60_000 });
      // The message replaced the long form: it is where the reader looks, not scrolled away.
      await expect(page.getByTestId('issue-success')).toBeInViewport();
      await expectNoHorizontalOverflow(page);
      await expectNoTofu(page);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `success-${lang}-${theme}-${width}.png`),
        fullPage: true,
        animations: 'disabled',
      });
      await page.waitForURL(/\/detail\/\d+$/, { timeout: 45_000 });
      await expect(page.getByTestId('detail-event')).toHaveText(texts.event);
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => {
      localStorage.setItem('prds.lang', 'en');
      localStorage.setItem('prds.theme', 'day');
    });
  }
});

test('screenshots of the form: empty and with errors, phone and desktop, day and night, English, Chinese and Arabic', async () => {
  test.setTimeout(240_000);
  const { page } = issuer;
  const combos: readonly { lang: LangCode; theme: 'day' | 'night'; width: number }[] = (['en', 'zh', 'ar'] as const).flatMap(
    (lang) => (['day', 'night'] as const).flatMap((theme) => [375, 1280].map((width) => ({ lang, theme, width }))),
  );
  for (const { lang, theme, width } of combos) {
    await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
    await page.evaluate(
      ([l, t]) => {
        localStorage.setItem('prds.lang', l);
        localStorage.setItem('prds.theme', t);
      },
      [lang, theme] as const,
    );
    await clearDraft(page);
    await openIssue(page, ownLicense);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await expectNoTofu(page);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `empty-${lang}-${theme}-${width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
    await page.getByTestId('issue-submit').click();
    await expect(errorOf(page, 'issue-event')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoTofu(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `errors-${lang}-${theme}-${width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => {
    localStorage.setItem('prds.lang', 'en');
    localStorage.setItem('prds.theme', 'day');
  });
  await clearDraft(page);
});
