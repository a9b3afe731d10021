// Issue 15: the issue remote end to end on a devnet + api of its own (it moves the chain's clock), with
// License holders the spec makes there. Each spec §5 message at its field with nothing sent; a market
// issued from /issue (its draft kept across a reload) shown in /market and on its page with every field
// as typed; a renter refused past the rental's end and unable to stake the License; a text refused by
// moderation keeps the form; the issued market bought into by another account, expired (devnet time),
// confirmed by the issuer and claimed by the winner; cancel → the License's use back on chain; free
// margin withdrawn → the balance on chain. Screenshots of the form go to e2e/screenshots/issue/.
//
// Ports 8648/8890, proxy 8692 (support/ownStack.ts; the other specs' stacks may run beside it).
import { formatUnits, parseUnits, type Wallet } from 'ethers';
import type { Browser } from '@playwright/test';
import { deployments } from '@prds/contracts';
import { LicenseType, buyLicense, fundUsdt, send } from '@prds/contracts/actions';
import type { Stack } from '../../scripts/stack.cjs';
import type { LangCode } from '../support/apps';
import { typeMoment } from '../support/dateField';
import { expect, test } from '../support/fixtures';
import { storeLook } from '../support/hostUi';
import {
  expectAmountRules,
  expectEmptyFormMessages,
  expectLinkRule,
  expectOptionRules,
  expectTimeRules,
} from '../support/issueFormRules';
import {
  clearDraft,
  errorOf,
  expectFormHolds,
  expectIssueFormReady,
  expectMarketPageAsTyped,
  fillWholeForm,
  readIssueParams,
  formatIssueMoment,
  issueProgress,
  issueUsdt,
  licenseOption,
  marginFor,
  openIssue,
  seeded,
  type IssueParams,
} from '../support/issuePage';
import { licenseMarketplace, usesLeft } from '../support/licensePage';
import { chooseOption, runTransaction } from '../support/marketPage';
import { startOwnStack, startOwnStackProxy, type OwnStackProxy } from '../support/ownStack';
import { expectNoHorizontalOverflow, expectNoTofu } from '../support/pageChecks';
import { ResolutionChain } from '../support/resolutionChain';
import { capture } from '../support/screenshot';
import { openStackActor, type StackActor } from '../support/stackActor';
import { DEVNET_CHAIN_HEX } from '../support/testWallet';
import { recordTxPhases } from '../support/txPhases';

const u = (amount: string): bigint => parseUnits(amount, 18);
const HOUR = 3600;
const PROXY_PORT = 8692;
const CONTRACTS = deployments[31337].contracts;

let stack: Stack | undefined;
let proxy: OwnStackProxy | undefined;
let chain: ResolutionChain;

interface Actor extends StackActor {
  /** Every call the page made to /api/issue/submit-underlying. */
  readonly submits: string[];
}
let issuer: Actor;
let renter: Actor;
let buyerKey: Wallet;
let ownLicense: bigint;
let rentedLicense: bigint;
let params: IssueParams;

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

/** `key`'s browser on /issue, connected, noting every text the page sends to the api. */
async function actor(browser: Browser, key: Wallet): Promise<Actor> {
  const submits: string[] = [];
  const opened = await openStackActor(browser, key, {
    stack,
    proxy,
    start: '/issue',
    shown: (page) => page.getByTestId('issue-form'),
    context: { viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' },
    prepare: async (page) => {
      page.on('request', (request) => {
        if (request.url().endsWith('/api/issue/submit-underlying')) submits.push(request.postData() ?? '');
      });
      await recordTxPhases(page);
    },
  });
  return { ...opened, submits };
}

const sent = (who: Actor) => who.wallet.callsTo('eth_sendTransaction').length;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  stack = await startOwnStack({ devnetPort: 8648, apiPort: 8890, name: 'stack-issue' });
  chain = new ResolutionChain(stack.devnetUrl, stack.apiUrl);
  proxy = await startOwnStackProxy(stack, PROXY_PORT);
  params = await readIssueParams(chain);

  const [issuerKey, ownerKey, renterKey] = [await chain.freshAccount(), await chain.freshAccount(), await chain.freshAccount()];
  buyerKey = await chain.freshAccount();
  await chain.mintUsdt(issuerKey, u('5000'));
  await chain.mintUsdt(ownerKey, u('2000'));
  await chain.mintUsdt(renterKey, u('2000'));
  await chain.mintUsdt(buyerKey, u('1000'));
  ownLicense = await buyLicense(chain.license(issuerKey), chain.usdt(issuerKey), issuerKey, LicenseType.Common);
  // A Scarcity License (rentable) listed for rent by its owner and rented for 2 days by the renter.
  rentedLicense = await buyLicense(chain.license(ownerKey), chain.usdt(ownerKey), ownerKey, LicenseType.Scarcity);
  await send(chain.license(ownerKey), ownerKey, 'setApprovalForAll', CONTRACTS.licenseMarketplace.address, true);
  await send(licenseMarketplace(ownerKey), ownerKey, 'listForRent', rentedLicense, u('1'), 10, 2);
  await fundUsdt(chain.usdt(renterKey), renterKey, u('2'), CONTRACTS.licenseMarketplace.address);
  await send(licenseMarketplace(renterKey), renterKey, 'rent', rentedLicense, 2, u('1'));

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
  const option = licenseOption(page, ownLicense);
  await expect(option).toContainText(`License #${ownLicense}`);
  await expect(option).toContainText('Owned');
  await expect(page.getByTestId('issue-param-min-liquidity')).toContainText(issueUsdt(params.minLiquidity));

  await expectEmptyFormMessages(page);

  // On blur, one field at a time (a fresh page: nothing submitted yet).
  await page.reload();
  await expect(page.getByTestId('issue-form')).toBeVisible();
  await page.getByTestId('issue-event').focus();
  await page.getByTestId('issue-event').blur();
  await expect(errorOf(page, 'issue-event')).toHaveText('Event is empty');
  await expect(errorOf(page, 'issue-category')).toHaveCount(0);

  await expectOptionRules(page);
  await expectLinkRule(page);
  await expectTimeRules(page, chain);
  await expectAmountRules(page, params);

  await page.getByTestId('issue-submit').click();
  await expect(errorOf(page, 'issue-license')).toHaveText('Please select a License');
  await capture(page, 'issue/step-errors-en-day-1280.png');

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
  const choice = licenseOption(page, rentedLicense);
  await expect(choice).toContainText('Rented');
  const format = formatIssueMoment;
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

test('content refused by moderation: its reason at the field, the form kept, nothing sent; a held text says what is next', async () => {
  const { page } = issuer;
  await clearDraft(page);
  await openIssue(page, ownLicense);
  await fillWholeForm(page, MARKET, chain, params);
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
  const times = await fillWholeForm(page, MARKET, chain, params);
  issuedTimes = times;

  // A reload keeps every value.
  await page.reload();
  await expect(page.getByTestId('issue-form')).toBeVisible();
  await expectFormHolds(page, MARKET, times);
  await expect(licenseOption(page, ownLicense).locator('input')).toBeChecked();

  const availableBefore = await usesLeft(chain, ownLicense);
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
  await expect(issueProgress(page)).toBeVisible({ timeout: 30_000 });
  await capture(page, 'issue/step-progress-en-day-1280.png');
  await expect(page.getByTestId('issue-success')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('issue-success').getByTestId('tx-status')).toContainText('Issue success');
  await capture(page, 'issue/step-success-en-day-1280.png');
  await page.waitForURL(/\/detail\/\d+$/, { timeout: 45_000 });
  issuedId = /\/detail\/(\d+)$/.exec(page.url())?.[1] ?? '';

  // On chain: the liquidity (as the contract seeds it: an equal whole share per option) and the margin
  // paid, the License used once.
  const paid = usdtBefore - (await chain.usdtBalance(key.address));
  expect(paid).toBe(seeded(params.minLiquidity, MARKET.options.length) + marginFor(params.minLiquidity, params));
  const availableAfter = await usesLeft(chain, ownLicense);
  expect(availableAfter).toBe(availableBefore - 1);

  // Its page: every field as typed.
  await expectMarketPageAsTyped(page, MARKET, times);

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
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  const buyer = await openStackActor(browser, buyerKey, {
    stack,
    proxy,
    start: `/detail/${issuedId}`,
    context: { viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' },
    prepare: recordTxPhases,
  });
  try {
    const buyerPage = buyer.page;
    const panel = buyerPage.getByTestId('claim-panel');
    await expect(panel).toBeVisible({ timeout: 30_000 });
    const before = await chain.usdtBalance(buyerKey.address);
    await runTransaction(buyerPage, panel.getByTestId('claim-submit'));
    expect(await chain.usdtBalance(buyerKey.address)).toBeGreaterThan(before);
  } finally {
    await buyer.context.close();
  }

  // The margin and the issuer's fee are free in the Markets contract: withdraw them from My markets.
  const credit = (await chain.markets().getFunction('creditOf')(key.address)) as bigint;
  expect(credit).toBeGreaterThanOrEqual(marginFor(params.minLiquidity, params));
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
    margin: marginFor(params.minLiquidity, params),
  });
  // chain.issue bought the License it used: the newest one.
  const license = (await chain.license().getFunction('totalMinted')()) as bigint;
  await chain.waitApi(market.id, () => true);
  await openIssue(page);
  const item = page.locator(`[data-testid="issue-mine-item"][data-market-id="${market.id}"]`);
  await expect(item).toBeVisible({ timeout: 30_000 });
  const available = () => usesLeft(chain, license);
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
    seeded(params.minLiquidity, 2) + marginFor(params.minLiquidity, params),
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
      await storeLook(page, 'en', 'day');
      await clearDraft(page);
      await openIssue(page, ownLicense);
      const texts = { ...MARKET, event: `Will the e2e issue spec's ${lang} ${theme} ${width} market ${RUN} trade?` };
      await fillWholeForm(page, texts, chain, params);
      await storeLook(page, lang, theme);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByTestId('issue-event')).toHaveValue(texts.event);
      await expect(page.getByTestId('issue-params')).toBeVisible();
      // The wallet reconnects after the reload: a click before it is back only shows messages.
      await expectIssueFormReady(page, ownLicense);

      await page.getByTestId('issue-submit').click();
      await expect(issueProgress(page)).toBeVisible({ timeout: 30_000 });
      await expectNoHorizontalOverflow(page);
      await capture(page, `issue/progress-${lang}-${theme}-${width}.png`);
      await expect(page.getByTestId('issue-success')).toBeVisible({ timeout: 60_000 });
      // The message replaced the long form: it is where the reader looks, not scrolled away.
      await expect(page.getByTestId('issue-success')).toBeInViewport();
      await expectNoHorizontalOverflow(page);
      await expectNoTofu(page);
      await capture(page, `issue/success-${lang}-${theme}-${width}.png`);
      await page.waitForURL(/\/detail\/\d+$/, { timeout: 45_000 });
      await expect(page.getByTestId('detail-event')).toHaveText(texts.event);
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
    await storeLook(page, 'en', 'day');
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
    await storeLook(page, lang, theme);
    await clearDraft(page);
    await openIssue(page, ownLicense);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await expectNoTofu(page);
    await capture(page, `issue/empty-${lang}-${theme}-${width}.png`);
    await page.getByTestId('issue-submit').click();
    await expect(errorOf(page, 'issue-event')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoTofu(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await capture(page, `issue/errors-${lang}-${theme}-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await storeLook(page, 'en', 'day');
  await clearDraft(page);
});
