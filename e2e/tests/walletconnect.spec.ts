// Issue 30: WalletConnect v2 in the connect dialog, end to end without the public relay. The spec brings
// a stand-in relay on 127.0.0.1 (support/walletConnectRelay.ts, at the port the e2e build names:
// support/apps.ts E2E_WALLETCONNECT_RELAY_URL) and a phone wallet built with @walletconnect/sign-client
// in this process (support/walletConnectWallet.ts) that signs with a fresh devnet account. The page has
// no injected wallet: WalletConnect is its only way in.
//
// Journey: the dialog shows the pairing as a QR code (decoded from its pixels) and a copy link; the phone
// approves; the header shows the account; a buy goes through the phone and the chain shows it; the phone
// moves to BSC and the page asks to switch back; a reload restores the session; the phone ends it and the
// page shows that. Also: the page ending it tells the phone; closing the dialog stops waiting; a phone
// gets the wallet list with deep links; nothing is asked of any host but this machine.
import { parseUnits } from 'ethers';
import type { Page, Request } from '@playwright/test';
import { E2E_WALLETCONNECT_RELAY_PORT } from '../support/apps';
import { axeViolations } from '../support/axe';
import { freshAccount, mintUsdt, usdtBalance } from '../support/chain';
import { expect, test } from '../support/fixtures';
import { openPage } from '../support/hostUi';
import { fillBuy, openDetail, quietOpenMarket, stakeOnChain, submitBuy } from '../support/marketPage';
import { decodeQr } from '../support/qrCode';
import { capture, screenshotPath } from '../support/screenshot';
import { openWalletMenu, shortAddressPattern } from '../support/walletUi';
import { startStandInRelay, type StandInRelay } from '../support/walletConnectRelay';
import { startWalletConnectWallet, type WalletConnectWallet } from '../support/walletConnectWallet';

const WALLET_STORAGE_KEY = 'prds.wallet';

let relay: StandInRelay;
const phones: WalletConnectWallet[] = [];

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  relay = await startStandInRelay({ port: E2E_WALLETCONNECT_RELAY_PORT });
});

test.afterAll(async () => {
  await Promise.all(phones.splice(0).map((phone) => phone.close()));
  await relay?.close();
});

async function phoneWallet(privateKey: string, chains?: number[]): Promise<WalletConnectWallet> {
  const phone = await startWalletConnectWallet({ relayUrl: relay.url, privateKey, ...(chains ? { chains } : {}) });
  phones.push(phone);
  return phone;
}

/** Every request the page makes to a host other than this machine (WalletConnect's verify, pulse, explorer…). */
function recordForeignRequests(page: Page): string[] {
  const foreign: string[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') foreign.push(request.url());
  };
  page.on('request', onRequest);
  page.on('websocket', (socket) => {
    const url = new URL(socket.url());
    if (url.hostname !== '127.0.0.1') foreign.push(socket.url());
  });
  return foreign;
}

/** Opens the dialog, chooses WalletConnect and returns the pairing URI the dialog shows. */
async function startPairing(page: Page): Promise<string> {
  await page.getByTestId('wallet-connect').click();
  const dialog = page.getByTestId('wallet-dialog');
  await expect(dialog).toBeVisible();
  const choose = dialog.getByTestId('wallet-option-walletconnect');
  await expect(
    choose,
    'the e2e build offers WalletConnect (scripts/test.sh builds with PRDS_WALLETCONNECT_PROJECT_ID)',
  ).toBeVisible();
  await choose.click();
  const pairing = dialog.locator('[data-walletconnect-uri]');
  await expect(pairing).toBeVisible({ timeout: 20_000 });
  const uri = await pairing.getAttribute('data-walletconnect-uri');
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
  return uri ?? '';
}

async function storedChoice(page: Page): Promise<unknown> {
  return page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? 'null'), WALLET_STORAGE_KEY);
}

test('scan, approve, buy through the phone, wrong chain, reload, the phone disconnects', async ({ page, context }) => {
  const foreign = recordForeignRequests(page);
  const account = await freshAccount();
  await mintUsdt(account, parseUnits('100', 18));
  const phone = await phoneWallet(account.privateKey, [31337, 56]);
  const id = await quietOpenMarket();
  await openDetail(page, id);

  const uri = await startPairing(page);
  const dialog = page.getByTestId('wallet-dialog');
  // A desktop gets the QR code; it carries the same URI a camera reads from the pixels.
  const qr = dialog.getByTestId('walletconnect-qr');
  await expect(qr).toBeVisible();
  await expect(dialog.getByTestId('walletconnect-wallets')).toHaveCount(0);
  // The code is the frame's svg (the frame shows a skeleton until the encoder's chunk has loaded).
  expect(await decodeQr(context, qr.locator('svg'))).toBe(uri);
  expect(await axeViolations(page), 'the dialog with the QR code').toEqual([]);
  await capture(page, 'walletconnect-qr-desktop.png');
  await dialog.screenshot({ path: screenshotPath('walletconnect-dialog-qr-1280.png'), animations: 'disabled' });
  // The copy button puts the same link on the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await dialog.getByTestId('walletconnect-copy').click();
  await expect(dialog.getByTestId('walletconnect-copy-status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(uri);

  await phone.pair(uri);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(phone.address));
  await expect(page.getByTestId('wrong-network')).toHaveCount(0);
  expect(await storedChoice(page)).toEqual({ kind: 'walletconnect' });
  await expect(page.getByTestId('buy-balance')).toContainText('100');

  // Declined on the phone: the page says the transaction was cancelled, and nothing is sent.
  const stakeBefore = await stakeOnChain(id, phone.address, 0);
  const usdtBefore = await usdtBalance(phone.address);
  const form = await fillBuy(page, 0, '25');
  phone.rejectNext('eth_sendTransaction');
  await form.getByTestId('buy-submit').click();
  await expect(form.getByTestId('tx-status')).toHaveAttribute('data-phase', 'cancelled', { timeout: 30_000 });
  expect(await usdtBalance(phone.address)).toBe(usdtBefore);

  // A buy: approve + buy, each signed on the phone, confirmed on the page and on chain.
  await submitBuy(page, 60_000);
  expect(phone.requests.filter((method) => method === 'eth_sendTransaction').length).toBeGreaterThanOrEqual(1);
  const amount = parseUnits('25', 18);
  expect(await usdtBalance(phone.address)).toBe(usdtBefore - amount);
  expect(await stakeOnChain(id, phone.address, 0)).toBeGreaterThan(stakeBefore);
  await expect(page.getByTestId('detail-positions')).toBeVisible();

  // The phone moves to BSC: the page shows its network prompt, and switching back needs no prompt on
  // the phone (the session already holds the devnet).
  await phone.switchChain(56);
  await expect(page.getByTestId('wrong-network')).toBeVisible();
  await page.getByTestId('wrong-network-switch').click();
  await expect(page.getByTestId('wrong-network')).toHaveCount(0);

  // A reload restores the live session from WalletConnect's store, without the dialog.
  await page.reload();
  await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(phone.address), { timeout: 20_000 });
  await expect(page.getByTestId('wallet-dialog')).toHaveCount(0);

  // The phone ends the session: the page shows the connect button again and forgets the choice.
  await phone.disconnect();
  await expect(page.getByTestId('wallet-account')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('wallet-connect')).toBeVisible();
  expect(await storedChoice(page)).toBeNull();
  await page.reload();
  await expect(page.getByTestId('wallet-connect')).toBeVisible();
  await expect(page.getByTestId('wallet-account')).toHaveCount(0);

  expect(foreign, 'nothing but this machine is asked (verify, pulse, explorer, RPC)').toEqual([]);
});

test('disconnecting on the page ends the session on the phone too', async ({ page }) => {
  const account = await freshAccount();
  const phone = await phoneWallet(account.privateKey);
  await openPage(page, '/', 'page-home');
  await phone.pair(await startPairing(page));
  await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(phone.address));

  const menu = await openWalletMenu(page);
  await menu.getByTestId('wallet-disconnect').click();
  await expect(page.getByTestId('wallet-connect')).toBeVisible();
  await expect.poll(() => phone.endedByPage(), { timeout: 15_000 }).toBe(true);
  expect(phone.topic()).toBeNull();
  expect(await storedChoice(page)).toBeNull();
});

test('closing the dialog stops waiting without an error, and a new pairing works', async ({ page }) => {
  const account = await freshAccount();
  const phone = await phoneWallet(account.privateKey);
  await openPage(page, '/', 'page-home');
  const first = await startPairing(page);
  await page.getByTestId('wallet-dialog-close').click();
  await expect(page.getByTestId('wallet-dialog')).toHaveCount(0);
  await expect(page.getByTestId('wallet-connect')).toBeVisible();

  const second = await startPairing(page);
  expect(second).not.toBe(first);
  await expect(page.getByTestId('wallet-error')).toHaveCount(0);
  await phone.pair(second);
  await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(phone.address));
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the dialog lists phone wallets that open the pairing by their own scheme', async ({ page }) => {
    await openPage(page, '/', 'page-home');
    await page.getByTestId('menu-toggle').click();
    const uri = await startPairing(page);
    const dialog = page.getByTestId('wallet-dialog');
    await expect(dialog.getByTestId('walletconnect-qr')).toHaveCount(0);
    const encoded = encodeURIComponent(uri);
    await expect(dialog.getByTestId('walletconnect-wallet-trust')).toHaveAttribute('href', `trust://wc?uri=${encoded}`);
    await expect(dialog.getByTestId('walletconnect-wallet-metamask')).toHaveAttribute('href', `metamask://wc?uri=${encoded}`);
    await expect(dialog.getByTestId('walletconnect-wallet-binance')).toHaveAttribute(
      'href',
      `bnc://app.binance.com/cedefi/wc?uri=${encoded}`,
    );
    await expect(dialog.getByTestId('walletconnect-wallet-okx')).toHaveAttribute('href', `okex://main/wc?uri=${encoded}`);
    // The icons are the page's own.
    for (const src of await dialog
      .locator('[data-testid^="walletconnect-wallet-"] img')
      .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src)))
      expect(src).toMatch(/^data:image\/svg\+xml,/);
    expect(await axeViolations(page), 'the dialog with the phone wallets').toEqual([]);
    await capture(page, 'walletconnect-wallets-375.png');
    await page.screenshot({ path: screenshotPath('walletconnect-dialog-wallets-375.png'), animations: 'disabled' });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
