// Issue 27 items 1 and 4 at 375 px, with the e2e test wallet: connecting where the action is (the buy
// form's and /claim's Connect button), the menu closing once connected from it, and /issue for a
// wallet without a License (why, the ways forward, no form that cannot be sent).
import { expect, test } from '../support/fixtures';
import { freshAccount, openMarkets } from '../support/chain';
import { openPage } from '../support/hostUi';
import { capture } from '../support/screenshot';
import { TEST_WALLET_INFO, installTestWallet } from '../support/testWallet';
import { shortAddressPattern } from '../support/walletUi';
import type { Page } from '@playwright/test';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

/** Picks the test wallet in the open connect dialog. */
async function pickTestWallet(page: Page): Promise<void> {
  const dialog = page.getByTestId('wallet-dialog');
  await expect(dialog).toBeVisible();
  await dialog.locator('[data-testid^="wallet-option-injected-"]').filter({ hasText: TEST_WALLET_INFO.name }).click();
}

test('the buy form has its own Connect button, which connects without the menu', async ({ page }) => {
  const account = await freshAccount();
  const wallet = await installTestWallet(page, { privateKey: account.privateKey });
  const [id] = await openMarkets();
  await openPage(page, `/detail/${String(id)}`, 'page-detail');
  await expect(page.getByTestId('buy-connect')).toHaveText('Connect your wallet to buy a position');
  await page.getByTestId('buy-connect-button').click();
  await pickTestWallet(page);
  await expect(page.getByTestId('buy-submit')).toBeVisible();
  await expect(page.getByTestId('buy-connect-button')).toHaveCount(0);
  await expect(page.getByTestId('site-menu')).toHaveCount(0);
  await page.getByTestId('menu-toggle').click();
  await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(wallet.address));
});

test('/claim has its own Connect button', async ({ page }) => {
  const account = await freshAccount();
  await installTestWallet(page, { privateKey: account.privateKey });
  await openPage(page, '/claim', 'page-claim');
  await expect(page.getByTestId('claim-reason')).toHaveText('Please connect your wallet first');
  await page.getByTestId('claim-connect').click();
  await pickTestWallet(page);
  await expect(page.getByTestId('claim-button')).toBeVisible();
  await expect(page.getByTestId('claim-connect')).toHaveCount(0);
});

test('connecting from the menu closes it; /issue without a License says so and offers the ways forward', async ({ page }) => {
  const account = await freshAccount();
  await installTestWallet(page, { privateKey: account.privateKey });
  await openPage(page, '/issue', 'page-issue');
  await page.getByTestId('menu-toggle').click();
  const menu = page.getByTestId('site-menu');
  await menu.getByTestId('wallet-connect').click();
  await pickTestWallet(page);
  await expect(menu).toHaveCount(0);
  await expect(page.getByTestId('menu-toggle')).toHaveAttribute('aria-expanded', 'false');

  const panel = page.getByTestId('issue-no-license');
  await expect(panel).toHaveAttribute('data-case', 'none');
  await expect(panel.getByRole('heading')).toHaveText('You have no License');
  await expect(panel.getByTestId('issue-no-license-get')).toHaveAttribute('href', '/nft');
  await expect(panel.getByTestId('issue-no-license-rent')).toHaveAttribute('href', '/nft?kind=rent');
  await expect(page.getByTestId('issue-form')).toHaveCount(0);
  await expect(page.getByTestId('issue-submit')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await capture(page, 'issue-no-license-375-en.png');

  await page.evaluate(() => window.localStorage.setItem('prds.lang', 'ar'));
  await page.reload();
  await expect(page.getByTestId('issue-no-license')).toBeVisible();
  await capture(page, 'issue-no-license-375-ar.png');
});
