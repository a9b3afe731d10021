// Driving the app's wallet UI: the header's connect button, its dialog and the account's menu.
// Test ids agreed in notes/issue5-contract.md (host/src/wallet and the shared TransactionStatus).
import { expect, type Locator, type Page } from '@playwright/test';
import { TEST_WALLET_INFO } from './testWallet';

/** The header's short form of an address, `0x1234…abcd` (case-insensitive, `...` accepted too). */
export function shortAddressPattern(address: string): RegExp {
  return new RegExp(`^\\s*${address.slice(0, 6)}(…|\\.\\.\\.)${address.slice(-4)}\\s*$`, 'i');
}

/** Connects through the header: wallet-connect → wallet-dialog → the 'Test Wallet' option → wallet-account. */
export async function connectInjectedWallet(page: Page, walletName: string = TEST_WALLET_INFO.name): Promise<void> {
  await page.getByTestId('wallet-connect').click();
  const dialog = page.getByTestId('wallet-dialog');
  await expect(dialog).toBeVisible();
  await dialog.locator('[data-testid^="wallet-option-injected-"]').filter({ hasText: walletName }).click();
  await expect(dialog).toBeHidden();
  const account = page.getByTestId('wallet-account');
  const toggle = page.getByTestId('menu-toggle');
  if (!(await toggle.isVisible())) {
    await expect(account).toBeVisible();
    return;
  }
  // On a phone the account button lives in the site menu, which connecting closes (on a tablet it is in
  // the header): wait for one of the two, look inside the menu, and leave it closed as the page does.
  const menu = page.getByTestId('site-menu');
  await expect.poll(async () => (await account.isVisible()) || !(await menu.isVisible())).toBe(true);
  if (await account.isVisible()) return;
  await toggle.click();
  await expect(account).toBeVisible();
  await toggle.click();
  await expect(menu).toBeHidden();
}

/** Opens the connected wallet's menu (wallet-account → wallet-menu). */
export async function openWalletMenu(page: Page): Promise<Locator> {
  const menu = page.getByTestId('wallet-menu');
  if (!(await menu.isVisible())) {
    const account = page.getByTestId('wallet-account');
    // On a phone the account button is in the site menu.
    const toggle = page.getByTestId('menu-toggle');
    if (!(await account.isVisible()) && (await toggle.isVisible())) await toggle.click();
    await account.click();
  }
  await expect(menu).toBeVisible();
  return menu;
}

/** Closes the wallet menu if open: Escape, else a second click on wallet-account (a toggle). */
export async function closeWalletMenu(page: Page): Promise<void> {
  const menu = page.getByTestId('wallet-menu');
  if (!(await menu.isVisible())) return;
  await page.keyboard.press('Escape');
  if (await menu.isVisible()) await page.getByTestId('wallet-account').click();
  await expect(menu).toBeHidden();
}
