// Issue 16: the License remote end to end, two accounts in two browser contexts. A seller mints one
// License of each type and buys a packet; sells one (every price message first) and the buyer buys it;
// rents one out, which then cannot be put on sale, and the buyer rents it for 2 days and can issue with
// it; a changed price and a refused wallet change nothing; after the rental ends (devnet time) the
// renter cannot issue with it and the owner takes it back. Every step is checked on the page of both
// accounts and on chain; screenshots at phone and desktop width, day and night, in English, Chinese
// and Arabic go to e2e/screenshots/license/.
//
// It moves the devnet's clock (past the rental's end), so it runs on a devnet + api of its own
// (support/ownStack.ts, ports 8646/8888, its proxy on 8690 — not the resolution spec's, which may run
// beside it), like resolution.spec.ts.
import { parseUnits, type Wallet } from 'ethers';
import type { Browser } from '@playwright/test';
import { deployments } from '@prds/contracts';
import type { Stack } from '../../scripts/stack.cjs';
import type { LangCode } from '../support/apps';
import { expect, test } from '../support/fixtures';
import { storeLook } from '../support/hostUi';
import {
  apiLicense,
  issueAs,
  licenseBalance,
  licenseMarketplace,
  listing,
  mineItem,
  ownerOf,
  phaseIs,
  settle,
} from '../support/licensePage';
import { startOwnStack, startOwnStackProxy, type OwnStackProxy } from '../support/ownStack';
import { expectNoHorizontalOverflow, expectNoTofu } from '../support/pageChecks';
import { ResolutionChain } from '../support/resolutionChain';
import { capture, screenshotPath } from '../support/screenshot';
import { openStackActor, type StackActor } from '../support/stackActor';

const u = (amount: string): bigint => parseUnits(amount, 18);
const DAY = 86_400;
const PROXY_PORT = 8690;
const CONTRACTS = deployments[31337].contracts;
const TYPES = ['common', 'scarcity', 'attributive'] as const;

let stack: Stack | undefined;
let proxy: OwnStackProxy | undefined;
let chain: ResolutionChain;

type Actor = StackActor;
/** `key`'s browser on /nft, connected. */
async function actor(browser: Browser, key: Wallet): Promise<Actor> {
  return openStackActor(browser, key, { stack, proxy, start: '/nft', shown: (page) => page.getByTestId('page-nft-sale') });
}

let seller: Actor;
let buyer: Actor;
/** Token ids the seller minted, by type; the packet's. */
const minted: Partial<Record<(typeof TYPES)[number], bigint>> = {};
let packetIds: bigint[] = [];

test.describe.configure({ mode: 'serial' });

/** The wallet's eth_sendTransaction requests so far (to check that bad input sent nothing). */
const sent = (who: Actor) => who.wallet.callsTo('eth_sendTransaction').length;

test.beforeAll(async ({ browser }) => {
  // Deploy + seed + api index: ~10 s alone, more with the other worker busy.
  test.setTimeout(240_000);
  stack = await startOwnStack({ devnetPort: 8646, apiPort: 8888, name: 'stack-license' });
  chain = new ResolutionChain(stack.devnetUrl, stack.apiUrl);
  proxy = await startOwnStackProxy(stack, PROXY_PORT);
  const [sellerKey, buyerKey] = [await chain.freshAccount(), await chain.freshAccount()];
  await chain.mintUsdt(sellerKey, u('3000'));
  await chain.mintUsdt(buyerKey, u('1000'));
  seller = await actor(browser, sellerKey);
  buyer = await actor(browser, buyerKey);
});

test.afterAll(async () => {
  await seller?.context.close();
  await buyer?.context.close();
  chain?.destroy();
  await proxy?.close();
  await stack?.stop();
});

test('mint one License of each type, then buy a packet: balance and ownership on chain', async () => {
  test.setTimeout(180_000);
  const { page, key } = seller;
  const usdtBefore = await chain.usdtBalance(key.address);
  for (const [index, type] of TYPES.entries()) {
    const card = page.getByTestId(`license-type-${type}`);
    await expect(card.getByTestId('license-type-price')).toHaveText(/\d/);
    const price = BigInt((await card.getByTestId('license-type-price').getAttribute('data-value')) ?? '');
    expect(price).toBe((await chain.license().getFunction('typePrice')(index)) as bigint);
    const leftBefore = Number(await card.getByTestId('license-type-left').getAttribute('data-value'));
    await card.getByTestId('license-mint').click();
    await settle(page, card, phaseIs(card, 'confirmed'));
    const tokenId = (await chain.license().getFunction('totalMinted')()) as bigint;
    minted[type] = tokenId;
    expect(await ownerOf(chain, tokenId)).toBe(key.address.toLowerCase());
    expect(Number(((await chain.license().getFunction('info')(tokenId)) as { licenseType: bigint }).licenseType)).toBe(index);
    // The page counts it: one fewer left.
    await expect(card.getByTestId('license-type-left')).toHaveAttribute('data-value', String(leftBefore - 1));
  }
  expect(await licenseBalance(chain, key.address)).toBe(3n);
  expect(usdtBefore - (await chain.usdtBalance(key.address))).toBe(u('1600'));

  await page.getByTestId('license-packet-link').click();
  await expect(page.getByTestId('page-nft-packet')).toBeVisible();
  const packet = page.locator('[data-testid="license-packet"][data-packet-id="0"]');
  await expect(packet.getByTestId('license-packet-contents')).toHaveText('5 × Common');
  await expect(packet.getByTestId('license-packet-price')).toHaveText('450 USDT');
  const first = ((await chain.license().getFunction('totalMinted')()) as bigint) + 1n;
  await packet.getByTestId('license-packet-buy').click();
  await settle(page, packet, phaseIs(packet, 'confirmed'));
  packetIds = Array.from({ length: 5 }, (_, i) => first + BigInt(i));
  for (const id of packetIds) expect(await ownerOf(chain, id)).toBe(key.address.toLowerCase());
  expect(await licenseBalance(chain, key.address)).toBe(8n);
  expect(usdtBefore - (await chain.usdtBalance(key.address))).toBe(u('2050'));

  await packet.getByTestId('license-see-mine').click();
  await expect(page.getByTestId('page-nft-mine')).toBeVisible();
  await expect(page.getByTestId('license-mine-item')).toHaveCount(8);
  await expect(mineItem(page, minted.attributive ?? 0n).getByTestId('license-holding')).toHaveText('In your wallet');
  await expect(page.getByTestId('license-event').first()).toContainText('Minted');
});

test('a refused wallet leaves everything as it was', async () => {
  const { page, key, wallet } = seller;
  await page.goto('/nft');
  const card = page.getByTestId('license-type-common');
  await expect(card.getByTestId('license-type-price')).toHaveText(/\d/);
  const [usdt, licenses, left] = [
    await chain.usdtBalance(key.address),
    await licenseBalance(chain, key.address),
    await card.getByTestId('license-type-left').getAttribute('data-value'),
  ];
  wallet.rejectNextTransaction();
  await card.getByTestId('license-mint').click();
  await expect(card.getByTestId('tx-status')).toHaveAttribute('data-phase', 'cancelled');
  await expect(card.getByTestId('tx-message')).toHaveText('Transaction cancelled');
  expect(await chain.usdtBalance(key.address)).toBe(usdt);
  expect(await licenseBalance(chain, key.address)).toBe(licenses);
  await page.reload();
  await expect(page.getByTestId('license-type-common').getByTestId('license-type-left')).toHaveAttribute(
    'data-value',
    left ?? '',
  );
});

test('sell: each price message sends nothing; listed, the other account buys it; both pages and the chain agree', async () => {
  test.setTimeout(180_000);
  const tokenId = minted.common ?? 0n;
  const { page } = seller;
  await page.goto('/nft/mine');
  const item = mineItem(page, tokenId);
  await item.getByTestId('license-action-sell').click();
  const dialog = page.getByTestId('license-sell-dialog');
  await expect(dialog.getByTestId('license-sell-price-hint')).toHaveText(
    'From 0.0001 USDT to 1,000,000,000 USDT, with at most 4 decimals',
  );
  const before = sent(seller);
  for (const [price, message] of [
    ['', 'Enter a price'],
    ['0', 'The price must be more than 0'],
    ['-5', 'The price cannot be negative'],
    ['12,5', 'Enter the price as a number, such as 120.5'],
    ['1.23456', 'Use at most 4 decimals'],
    ['1000000001', 'The price is above the maximum'],
  ] as const) {
    await dialog.getByTestId('license-sell-price').fill(price);
    await dialog.getByTestId('license-sell-confirm').click();
    await expect(dialog.getByTestId('license-sell-price-error')).toHaveText(message);
  }
  expect(sent(seller)).toBe(before);
  expect(await ownerOf(chain, tokenId)).toBe(seller.key.address.toLowerCase());

  await dialog.getByTestId('license-sell-price').fill('120.5');
  await dialog.getByTestId('license-sell-confirm').click();
  await settle(page, page.locator('body'), async () => (await item.getAttribute('data-holding')) === 'onSale');
  await expect(item.getByTestId('tx-status')).toHaveAttribute('data-phase', 'confirmed');
  await expect(item.getByTestId('fact-price')).toContainText('120.5 USDT');
  await expect(item.getByTestId('license-note-cancelRentBeforeSale')).toHaveCount(0);
  expect(await ownerOf(chain, tokenId)).toBe(CONTRACTS.licenseMarketplace.address.toLowerCase());
  expect(((await licenseMarketplace(chain.provider).getFunction('saleListing')(tokenId)) as { price: bigint }).price).toBe(
    u('120.5'),
  );
  // The marketplace may move the seller's Licenses from now on (asked once).
  expect(await chain.license().getFunction('isApprovedForAll')(seller.key.address, CONTRACTS.licenseMarketplace.address)).toBe(
    true,
  );

  const sellerUsdt = await chain.usdtBalance(seller.key.address);
  const b = buyer.page;
  await b.goto('/nft?kind=sale&type=common');
  const offer = listing(b, tokenId);
  await expect(offer.getByTestId('fact-price')).toContainText('120.5 USDT');
  await expect(offer.getByTestId('fact-seller')).toContainText(seller.key.address.slice(-4).toLowerCase());
  await offer.getByTestId('license-listing-buy').click();
  const buy = b.getByTestId('license-buy-dialog');
  await expect(buy.getByTestId('license-buy-price')).toHaveText('120.5 USDT');
  await buy.getByTestId('license-buy-confirm').click();
  await settle(b, buy, phaseIs(buy, 'confirmed'));
  await expect(buy.getByTestId('tx-message')).toHaveText('License bought: it is in My License');
  expect(await ownerOf(chain, tokenId)).toBe(buyer.key.address.toLowerCase());
  expect((await chain.usdtBalance(seller.key.address)) - sellerUsdt).toBe(u('120.5'));

  // Both pages: the buyer owns it, the seller no longer has it and sees the sale.
  await buy.getByTestId('license-see-mine').click();
  await expect(mineItem(b, tokenId).getByTestId('license-holding')).toHaveText('In your wallet');
  await expect(mineItem(b, tokenId).getByTestId('license-action-sell')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('license-mine-item')).toHaveCount(7);
  await expect(mineItem(page, tokenId)).toHaveCount(0);
  await expect(page.locator('[data-testid="license-event"][data-kind="sold"]').first()).toContainText(`#${tokenId}`);
});

test('buying at a price the seller changed meanwhile is refused and nothing is paid', async () => {
  test.setTimeout(120_000);
  const tokenId = packetIds[0] ?? 0n;
  const m = licenseMarketplace(seller.key);
  await (await m.getFunction('listForSale')(tokenId, u('50'))).wait();
  await apiLicense(chain, tokenId, (l) => l.salePrice === u('50').toString());
  const b = buyer.page;
  await b.goto('/nft?kind=sale');
  await expect(listing(b, tokenId).getByTestId('fact-price')).toContainText('50 USDT');
  // The seller takes it back and lists it again at 60 while the buyer looks at 50.
  await (await m.getFunction('cancelSale')(tokenId)).wait();
  await (await m.getFunction('listForSale')(tokenId, u('60'))).wait();
  const usdt = await chain.usdtBalance(buyer.key.address);
  await listing(b, tokenId).getByTestId('license-listing-buy').click();
  const dialog = b.getByTestId('license-buy-dialog');
  await dialog.getByTestId('license-buy-confirm').click();
  await expect(dialog.getByTestId('tx-status')).toHaveAttribute('data-phase', 'failed', { timeout: 30_000 });
  await expect(dialog.getByTestId('tx-message')).toHaveText(
    'The price changed before your transaction, so nothing was paid. Check the new price and try again.',
  );
  await expect(dialog.getByTestId('tx-reason')).toContainText('PriceChanged');
  expect(await chain.usdtBalance(buyer.key.address)).toBe(usdt);
  expect(await ownerOf(chain, tokenId)).toBe(CONTRACTS.licenseMarketplace.address.toLowerCase());
  // The dialog read the listing again: the new price is shown, and only another click buys at it.
  await expect(dialog.getByTestId('license-buy-changed')).toHaveText(
    'It is now listed at 60 USDT. Buy again only if you accept this price.',
  );
  await expect(dialog.getByTestId('license-buy-price')).toHaveText('60 USDT');
  await dialog.getByTestId('license-buy-confirm').click();
  await settle(b, dialog, phaseIs(dialog, 'confirmed'));
  expect(usdt - (await chain.usdtBalance(buyer.key.address))).toBe(u('60'));
  expect(await ownerOf(chain, tokenId)).toBe(buyer.key.address.toLowerCase());
  await dialog.getByTestId('license-dialog-close').click();
  await expect(listing(b, tokenId)).toHaveCount(0);
});

test('rent: listed for rent it cannot be put on sale; the other account rents it 2 days and can issue with it', async () => {
  test.setTimeout(180_000);
  const tokenId = minted.scarcity ?? 0n;
  const { page } = seller;
  await page.goto('/nft/mine');
  const item = mineItem(page, tokenId);
  await item.getByTestId('license-action-rent').click();
  const dialog = page.getByTestId('license-rent-out-dialog');
  await expect(dialog.getByTestId('license-rent-out-days-hint')).toHaveText('A whole number from 1 to 90');
  await expect(dialog.getByTestId('license-rent-out-issues-hint')).toHaveText('A whole number from 1 to 10');
  const before = sent(seller);
  await dialog.getByTestId('license-rent-out-price').fill('7.5');
  await dialog.getByTestId('license-rent-out-days').fill('91');
  await dialog.getByTestId('license-rent-out-issues').fill('0');
  await dialog.getByTestId('license-rent-out-confirm').click();
  await expect(dialog.getByTestId('license-rent-out-days-error')).toHaveText('Enter a whole number from 1 to 90');
  await expect(dialog.getByTestId('license-rent-out-issues-error')).toHaveText('Enter a whole number from 1 to 10');
  expect(sent(seller)).toBe(before);
  await dialog.getByTestId('license-rent-out-days').fill('10');
  await dialog.getByTestId('license-rent-out-issues').fill('2');
  await dialog.getByTestId('license-rent-out-confirm').click();
  await settle(page, page.locator('body'), async () => (await item.getAttribute('data-holding')) === 'forRent');

  // Listed for rent: the page offers no sale and says why; the chain would refuse one.
  await expect(item.getByTestId('license-action-sell')).toHaveCount(0);
  await expect(item.getByTestId('license-note-cancelRentBeforeSale')).toHaveText(
    'A rented License must have its rent cancelled before it can be sold',
  );
  await expect(item.getByTestId('license-action-cancel-rent')).toBeVisible();
  await expect(licenseMarketplace(seller.key).getFunction('listForSale').staticCall(tokenId, u('1'))).rejects.toThrow(
    /LicenseListedForRent/,
  );

  const b = buyer.page;
  await b.goto('/nft?kind=rent&type=scarcity');
  const offer = listing(b, tokenId);
  await expect(offer.getByTestId('fact-pricePerDay')).toContainText('7.5 USDT');
  await expect(offer.getByTestId('fact-maxDays')).toContainText('10 days');
  await expect(offer.getByTestId('fact-maxIssues')).toContainText('2');
  await offer.getByTestId('license-listing-rent').click();
  const rent = b.getByTestId('license-rent-dialog');
  await rent.getByTestId('license-rent-days').fill('2');
  // The total before anything is signed.
  await expect(rent.getByTestId('license-rent-total')).toContainText('15 USDT');
  const [buyerUsdt, sellerUsdt] = [await chain.usdtBalance(buyer.key.address), await chain.usdtBalance(seller.key.address)];
  await rent.getByTestId('license-rent-confirm').click();
  await settle(b, rent, phaseIs(rent, 'confirmed'));
  expect(buyerUsdt - (await chain.usdtBalance(buyer.key.address))).toBe(u('15'));
  expect((await chain.usdtBalance(seller.key.address)) - sellerUsdt).toBe(u('15'));
  const license = chain.license();
  expect(((await license.getFunction('userOf')(tokenId)) as string).toLowerCase()).toBe(buyer.key.address.toLowerCase());
  const rentEnd = Number(await license.getFunction('userExpires')(tokenId));
  expect(rentEnd - (await chain.now())).toBeGreaterThan(2 * DAY - 120);

  // The renter's My License: whose it is, until when, and the way to issue with it.
  await rent.getByTestId('license-see-mine').click();
  const rented = mineItem(b, tokenId);
  await expect(rented.getByTestId('license-holding')).toHaveText('Rented in');
  await expect(rented.getByTestId('fact-owner')).toContainText(seller.key.address.slice(-4).toLowerCase());
  await expect(rented.getByTestId('fact-rentalIssues')).toContainText('0 of 2 used');
  await expect(rented.getByTestId('license-action-issue')).toHaveAttribute('href', `/issue?license=${tokenId}`);
  // /issue's License picker has not landed yet (another engineer builds it): what it will list is the api's answer.
  const tokens = await chain.api<{ list: { tokenId: string; relation: string; rentEnd: number | null }[] }>(
    '/api/ticket/tokens',
    {
      account: buyer.key.address,
      relation: 'rented',
    },
  );
  expect(tokens.data.list).toEqual([expect.objectContaining({ tokenId: String(tokenId), relation: 'renter', rentEnd })]);
  // And the chain lets the renter issue with it: a market expiring before the rental's end.
  await expect(issueAs(chain, buyer.key, tokenId, rentEnd - 600)).resolves.toBeGreaterThan(0n);

  // The owner's page: rented out, to whom and until when; nothing to do until it ends.
  await page.reload();
  await expect(item.getByTestId('license-holding')).toHaveText('Rented out');
  await expect(item.getByTestId('fact-renter')).toContainText(buyer.key.address.slice(-4).toLowerCase());
  await expect(item.getByTestId('license-note-rentalRunning')).toContainText('Rented until');
  await expect(item.getByRole('button')).toHaveCount(0);
});

test('screenshots: phone and desktop, day and night, English, Chinese and Arabic', async () => {
  test.setTimeout(180_000);
  const combos: readonly { lang: LangCode; theme: 'day' | 'night'; width: number }[] = [
    { lang: 'en', theme: 'day', width: 1280 },
    { lang: 'en', theme: 'night', width: 375 },
    { lang: 'zh', theme: 'day', width: 375 },
    { lang: 'zh', theme: 'night', width: 1280 },
    { lang: 'ar', theme: 'day', width: 1280 },
    { lang: 'ar', theme: 'night', width: 375 },
  ];
  for (const { who, name } of [
    { who: seller, name: 'seller' },
    { who: buyer, name: 'buyer' },
  ]) {
    const { page } = who;
    for (const { lang, theme, width } of combos) {
      await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
      await storeLook(page, lang, theme);
      const shots = name === 'seller' ? (['/nft', '/nft/mine', '/nft/packet'] as const) : (['/nft/mine'] as const);
      for (const route of shots) {
        await page.goto(route);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        if (route === '/nft') await expect(page.getByTestId('license-listing').first()).toBeVisible();
        if (route === '/nft/mine') await expect(page.getByTestId('license-mine-item').first()).toBeVisible();
        if (route === '/nft/packet') await expect(page.getByTestId('license-packet').first()).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expectNoHorizontalOverflow(page);
        await expectNoTofu(page);
        const file = `${name}-${route.replace(/\//g, '-').slice(1)}-${lang}-${theme}-${width}.png`;
        await capture(page, `license/${file}`);
      }
    }
  }
  // A dialog with a price message, on a phone in Arabic at night.
  const { page } = seller;
  await page.goto('/nft/mine');
  await page
    .locator('[data-testid="license-mine-item"][data-holding="unsold"]')
    .first()
    .getByTestId('license-action-sell')
    .click();
  await page.getByTestId('license-sell-price').fill('1.23456');
  await page.getByTestId('license-sell-confirm').click();
  await expect(page.getByTestId('license-sell-price-error')).toBeVisible();
  await page.screenshot({ path: screenshotPath('license/seller-sell-dialog-ar-night-375.png'), animations: 'disabled' });
  await page.getByTestId('license-dialog-close').click();
  for (const who of [seller, buyer]) {
    await who.page.setViewportSize({ width: 1280, height: 800 });
    await storeLook(who.page, 'en', 'day');
  }
});

test('after the rental ends (devnet time) the renter cannot issue with it, and the owner takes it back', async () => {
  test.setTimeout(180_000);
  const tokenId = minted.scarcity ?? 0n;
  const rentEnd = Number(await chain.license().getFunction('userExpires')(tokenId));
  await chain.increaseTime(rentEnd - (await chain.now()) + 60);
  // The api follows the chain's clock: the rental is over once it has indexed a block past its end.
  await expect
    .poll(
      async () => {
        const answer = await chain.api<{ list: { tokenId: string }[] }>('/api/ticket/tokens', {
          account: buyer.key.address,
          relation: 'rented',
        });
        return answer.data.list.length;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(0);
  expect(await chain.license().getFunction('userOf')(tokenId)).toBe('0x0000000000000000000000000000000000000000');
  // Markets passes License's refusal through: decode it with License's errors.
  const refusal = await issueAs(chain, buyer.key, tokenId, (await chain.now()) + DAY).then(
    () => null,
    (error: { data?: string }) => chain.license().interface.parseError(error.data ?? '0x'),
  );
  expect(refusal?.name).toBe('NotLicenseUser');
  expect(String(refusal?.args[1]).toLowerCase()).toBe(buyer.key.address.toLowerCase());

  const b = buyer.page;
  await b.goto('/nft/mine');
  await expect(b.getByTestId('license-mine-list')).toBeVisible();
  await expect(mineItem(b, tokenId)).toHaveCount(0);

  // The owner: listed for rent again, so the listing can be cancelled now.
  const { page } = seller;
  await page.goto('/nft/mine');
  const item = mineItem(page, tokenId);
  await expect(item.getByTestId('license-holding')).toHaveText('For rent');
  await item.getByTestId('license-action-cancel-rent').click();
  await settle(page, item, async () => (await item.getAttribute('data-holding')) === 'unsold');
  await expect(item.getByTestId('tx-message')).toHaveText('Rent listing cancelled: the License is back in your wallet');
  await expect(item.getByTestId('license-action-sell')).toBeVisible();
  expect(await ownerOf(chain, tokenId)).toBe(seller.key.address.toLowerCase());
});
