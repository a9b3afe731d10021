// ARCHITECTURE "Wallet and chain": connect, disconnect, no wallet, wrong network and switching, account
// changes followed by the host and a remote, the connector remembered across reloads, and the devnet's
// dev wallet. An injected test wallet (support/testWallet.ts) plays MetaMask; every test has accounts
// of its own on the shared devnet (support/chain.ts).
import { formatEther, parseEther } from 'ethers';
import { REMOTES } from '../support/apps';
import {
  claimAmount,
  claimEligibility,
  freshAccount,
  makeEligibleForClaim,
  mintUsdt,
  nodeSigner,
  prdsBalance,
  prdsContract,
  seedAccounts,
  usdtContract,
} from '../support/chain';
import { expect, test } from '../support/fixtures';
import { navigateByHeader, openPage } from '../support/hostUi';
import { capture } from '../support/screenshot';
import { BSC_CHAIN_HEX, DEVNET_CHAIN_HEX, DEVNET_RPC_URL, installTestWallet, type TestWallet } from '../support/testWallet';
import { closeWalletMenu, connectInjectedWallet, openWalletMenu, shortAddressPattern } from '../support/walletUi';
import { displayedAmount } from '../support/displayedAmount';
import { recordTxPhases, txPhases } from '../support/txPhases';
import type { Page } from '@playwright/test';

const WALLET_STORAGE_KEY = 'prds.wallet';

async function storedConnector(page: Page): Promise<unknown> {
  return page.evaluate((key) => {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  }, WALLET_STORAGE_KEY);
}

/** Marks the document; `expectSameDocument` fails if the page was reloaded since. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eSameDocument?: boolean }).__e2eSameDocument = true;
  });
}
async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __e2eSameDocument?: boolean }).__e2eSameDocument)).toBe(true);
}

/** The wallet starts on BSC (0x38) and connects; a switch asked for while connecting is refused, so the banner shows whatever the app does on connect. */
async function connectOnWrongNetwork(page: Page, wallet: TestWallet): Promise<void> {
  wallet.switchBehaviour = 'reject';
  await openPage(page, '/', 'page-home');
  await connectInjectedWallet(page);
  await expect(page.getByTestId('wrong-network')).toBeVisible();
  await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(wallet.address));
  expect(wallet.chainId).toBe(BSC_CHAIN_HEX);
}

test.describe('injected wallet', () => {
  test('connect: short address in the header, BNB/USDT/PRDS balances in the menu', async ({ page }) => {
    const account = await freshAccount(parseEther('10'));
    await mintUsdt(account, parseEther('25'));
    const wallet = await installTestWallet(page, { privateKey: account.privateKey });
    await openPage(page, '/', 'page-home');
    await expect(page.getByTestId('wallet-account')).toHaveCount(0);

    await page.getByTestId('wallet-connect').click();
    const dialog = page.getByTestId('wallet-dialog');
    await expect(dialog).toBeVisible();
    // EIP-6963 announcement and legacy window.ethereum are one wallet.
    const options = dialog.locator('[data-testid^="wallet-option-injected-"]');
    await expect(options).toHaveCount(1);
    await expect(options).toHaveText(/Test Wallet/);
    await capture(page, 'wallet-dialog.png');
    await options.click();

    await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(wallet.address));
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('wallet-connect')).toHaveCount(0);
    await expect(page.getByTestId('wrong-network')).toHaveCount(0);
    expect(wallet.callsTo('eth_requestAccounts')).toHaveLength(1);

    const menu = await openWalletMenu(page);
    await expect(menu.getByTestId('wallet-address')).toHaveText(new RegExp(wallet.address, 'i'));
    // 10 BNB less the gas of minting the USDT (paid by the same key), 25 USDT, no PRDS.
    await expect.poll(() => displayedAmount(menu.getByTestId('wallet-balance-BNB'))).toBeGreaterThan(9.9);
    expect(await displayedAmount(menu.getByTestId('wallet-balance-BNB'))).toBeLessThanOrEqual(10);
    await expect.poll(() => displayedAmount(menu.getByTestId('wallet-balance-USDT'))).toBe(25);
    await expect.poll(() => displayedAmount(menu.getByTestId('wallet-balance-PRDS'))).toBe(0);
    // The devnet has no block explorer.
    await expect(menu.getByTestId('wallet-explorer')).toHaveCount(0);
    await capture(page, 'wallet-connected-menu.png');
  });

  test('disconnect: back to the connect button, and it stays disconnected after a reload', async ({ page }) => {
    const account = await freshAccount();
    const wallet = await installTestWallet(page, { privateKey: account.privateKey });
    await openPage(page, '/', 'page-home');
    await connectInjectedWallet(page);
    expect(await storedConnector(page)).toMatchObject({ kind: 'injected' });

    const menu = await openWalletMenu(page);
    await menu.getByTestId('wallet-disconnect').click();
    await expect(page.getByTestId('wallet-connect')).toBeVisible();
    await expect(page.getByTestId('wallet-account')).toHaveCount(0);
    expect(await storedConnector(page)).toBeNull();

    // Whether or not the wallet still permits the site, the app does not reconnect on its own.
    wallet.clearCalls();
    await page.reload();
    await expect(page.getByTestId('page-home')).toBeVisible();
    await expect(page.getByTestId('wallet-connect')).toBeVisible();
    await expect(page.getByTestId('wallet-account')).toHaveCount(0);
    expect(wallet.callsTo('eth_requestAccounts')).toEqual([]);
    await capture(page, 'wallet-disconnected.png');
  });

  test("no wallet installed: 'install MetaMask first!'", async ({ page }) => {
    await installTestWallet(page, { noWallet: true });
    await openPage(page, '/', 'page-home');
    expect(await page.evaluate(() => typeof (window as unknown as { ethereum?: unknown }).ethereum)).toBe('undefined');

    await page.getByTestId('wallet-connect').click();
    const dialog = page.getByTestId('wallet-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-testid^="wallet-option-injected-"]')).toHaveCount(0);
    const none = dialog.getByTestId('wallet-no-injected');
    await expect(none).toContainText('install MetaMask first!');
    await expect(none.locator('a[href*="metamask.io"]')).toHaveCount(1);
    await capture(page, 'wallet-no-injected.png');

    await dialog.getByTestId('wallet-dialog-close').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('wallet-connect')).toBeVisible();
  });

  test('wrong network: the banner switches the wallet to the devnet', async ({ page }) => {
    const account = await freshAccount();
    const wallet = await installTestWallet(page, { privateKey: account.privateKey, chainId: BSC_CHAIN_HEX });
    await connectOnWrongNetwork(page, wallet);
    await capture(page, 'wallet-wrong-network.png');

    wallet.switchBehaviour = 'ok';
    wallet.clearCalls();
    await page.getByTestId('wrong-network-switch').click();
    await expect(page.getByTestId('wrong-network')).toHaveCount(0);
    await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(wallet.address));
    expect(wallet.chainId).toBe(DEVNET_CHAIN_HEX);
    expect(wallet.callsTo('wallet_switchEthereumChain', 'wallet_addEthereumChain')).toMatchObject([
      { method: 'wallet_switchEthereumChain', params: [{ chainId: DEVNET_CHAIN_HEX }], outcome: 'ok' },
    ]);
  });

  test('wrong network: a refused switch (4001) changes nothing and adds no chain', async ({ page }) => {
    const account = await freshAccount();
    const wallet = await installTestWallet(page, { privateKey: account.privateKey, chainId: BSC_CHAIN_HEX });
    await connectOnWrongNetwork(page, wallet);

    wallet.clearCalls();
    await page.getByTestId('wrong-network-switch').click();
    await expect.poll(() => wallet.callsTo('wallet_switchEthereumChain').map((c) => c.outcome)).toEqual([4001]);
    // Refusal is ignored: no error shown, banner stays, still the same account on BSC, no add.
    await page.waitForTimeout(500);
    await expect(page.getByTestId('wrong-network')).toBeVisible();
    await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(wallet.address));
    await expect(page.getByTestId('wallet-error')).toHaveCount(0);
    expect(wallet.callsTo('wallet_addEthereumChain')).toEqual([]);
    expect(wallet.chainId).toBe(BSC_CHAIN_HEX);
  });

  for (const failWith of [4902, -32603]) {
    test(`wrong network: a switch failing with ${failWith} adds the devnet chain, then connects`, async ({ page }) => {
      const account = await freshAccount();
      const wallet = await installTestWallet(page, { privateKey: account.privateKey, chainId: BSC_CHAIN_HEX });
      await connectOnWrongNetwork(page, wallet);

      wallet.switchBehaviour = { failWith };
      wallet.addBehaviour = 'ok';
      wallet.clearCalls();
      await page.getByTestId('wrong-network-switch').click();
      await expect(page.getByTestId('wrong-network')).toHaveCount(0);
      await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(wallet.address));
      expect(wallet.chainId).toBe(DEVNET_CHAIN_HEX);

      const calls = wallet.callsTo('wallet_switchEthereumChain', 'wallet_addEthereumChain');
      expect(calls.map((c) => [c.method, c.outcome])).toEqual([
        ['wallet_switchEthereumChain', failWith],
        ['wallet_addEthereumChain', 'ok'],
      ]);
      expect(wallet.addedChains).toHaveLength(1);
      expect(wallet.addedChains[0]).toMatchObject({
        chainId: DEVNET_CHAIN_HEX,
        chainName: expect.any(String),
        nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
        rpcUrls: expect.arrayContaining([DEVNET_RPC_URL]),
      });
      await capture(page, `wallet-added-chain-${failWith < 0 ? 'internal' : failWith}.png`);
    });
  }

  test('an account change in the wallet is followed by the header and the claim page without a reload', async ({ page }) => {
    const first = await freshAccount();
    const second = await freshAccount();
    const third = await freshAccount();
    const wallet = await installTestWallet(page, { privateKey: first.privateKey });
    await openPage(page, '/', 'page-home');
    await connectInjectedWallet(page);
    await markDocument(page);

    await wallet.setAccount(second.privateKey);
    await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(second.address));

    await navigateByHeader(page, REMOTES.claim.path);
    await expect(page.getByTestId(REMOTES.claim.pageTestId)).toBeVisible();
    await expect(page.getByTestId('claim-address')).toContainText(new RegExp(second.address, 'i'));

    await wallet.setAccount(third.privateKey);
    await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(third.address));
    await expect(page.getByTestId('claim-address')).toContainText(new RegExp(third.address, 'i'));
    await expect(page.getByTestId('claim-eligibility')).toHaveAttribute('data-eligibility', 'noPositionBought');
    await expectSameDocument(page);
    await capture(page, 'wallet-account-changed-claim.png');

    // The wallet disconnecting the site reaches the page too.
    await wallet.disconnectFromSite();
    await expect(page.getByTestId('wallet-connect')).toBeVisible();
    await expectSameDocument(page);
  });

  test('the connector choice survives a reload, reconnecting without a prompt', async ({ page }) => {
    const account = await freshAccount();
    const wallet = await installTestWallet(page, { privateKey: account.privateKey });
    await openPage(page, '/', 'page-home');
    await connectInjectedWallet(page);
    expect(await storedConnector(page)).toEqual({ kind: 'injected', rdns: 'org.prds.testwallet' });

    wallet.clearCalls();
    await page.reload();
    await expect(page.getByTestId('page-home')).toBeVisible();
    await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(wallet.address));
    expect(wallet.callsTo('eth_requestAccounts', 'wallet_requestPermissions')).toEqual([]);
    expect(wallet.callsTo('eth_accounts').length).toBeGreaterThan(0);

    // And on a deep link into a remote.
    await openPage(page, REMOTES.claim.path, REMOTES.claim.pageTestId);
    await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(wallet.address));
    await expect(page.getByTestId('claim-address')).toContainText(new RegExp(wallet.address, 'i'));
    expect(wallet.callsTo('eth_requestAccounts', 'wallet_requestPermissions')).toEqual([]);
  });

  test('one wallet in the page: the claim remote shows the host’s account', async ({ page }) => {
    const account = await freshAccount();
    const wallet = await installTestWallet(page, { privateKey: account.privateKey });
    await openPage(page, REMOTES.claim.path, REMOTES.claim.pageTestId);
    await connectInjectedWallet(page);

    const menu = await openWalletMenu(page);
    const hostAccount = (await menu.getByTestId('wallet-address').innerText()).trim();
    expect(hostAccount.toLowerCase()).toBe(wallet.address.toLowerCase());
    await closeWalletMenu(page);
    await expect(page.getByTestId('claim-address')).toContainText(new RegExp(hostAccount, 'i'));
    // The remote asked no wallet of its own to connect.
    expect(wallet.callsTo('eth_requestAccounts')).toHaveLength(1);
  });

  test('the wallet menu adds PRDS and the devnet USDT to the wallet (EIP-747) with an icon the site serves', async ({ page }) => {
    const account = await freshAccount();
    const wallet = await installTestWallet(page, { privateKey: account.privateKey });
    await openPage(page, REMOTES.claim.path, REMOTES.claim.pageTestId);
    await connectInjectedWallet(page);
    const menu = await openWalletMenu(page);

    await menu.getByTestId('wallet-add-token-platformToken').click();
    await expect(menu.getByTestId('wallet-add-token-platformToken-outcome')).toHaveText('PRDS was added to your wallet');
    const origin = new URL(page.url()).origin;
    expect(wallet.watchedAssets).toEqual([
      {
        type: 'ERC20',
        options: {
          address: await prdsContract().getAddress(),
          symbol: 'PRDS',
          decimals: 18,
          image: `${origin}/token-icons/prds.svg`,
        },
      },
    ]);

    // The user says no to the pay token: the menu says so.
    wallet.rejectNext('wallet_watchAsset');
    await menu.getByTestId('wallet-add-token-payToken').click();
    await expect(menu.getByTestId('wallet-add-token-payToken-outcome')).toHaveText('You declined to add USDT to your wallet');
    await menu.getByTestId('wallet-add-token-payToken').click();
    await expect(menu.getByTestId('wallet-add-token-payToken-outcome')).toHaveText('USDT was added to your wallet');
    const usdt = wallet.watchedAssets.at(-1) as { options: { address: string; image: string } };
    expect(usdt.options.address).toBe(await usdtContract().getAddress());

    // The wallet fetches the icons itself: they are files on the site, served as SVG.
    for (const image of [`${origin}/token-icons/prds.svg`, usdt.options.image]) {
      const answer = await page.request.get(image);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toMatch(/^image\/svg\+xml/);
      expect(await answer.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }
  });
});

test.describe('dev wallet (devnet only)', () => {
  test('connects without window.ethereum and claims end to end', async ({ page }) => {
    test.setTimeout(90_000);
    await installTestWallet(page, { noWallet: true });
    await recordTxPhases(page);
    await openPage(page, REMOTES.claim.path, REMOTES.claim.pageTestId);

    await page.getByTestId('wallet-connect').click();
    const dialog = page.getByTestId('wallet-dialog');
    await expect(dialog.getByTestId('wallet-no-injected')).toBeVisible();
    const select = dialog.getByTestId('dev-wallet-account');
    await expect(select).toBeVisible();

    // A devnet account the seed never used and nobody has claimed with.
    const listed = await select
      .locator('option')
      .evaluateAll((options) => options.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? '' })));
    const seed = new Set(seedAccounts());
    let chosen: { value: string; address: string } | undefined;
    for (const option of listed) {
      const address = /0x[0-9a-fA-F]{40}/.exec(`${option.value} ${option.text}`)?.[0];
      if (!address || seed.has(address.toLowerCase())) continue;
      if ((await claimEligibility(address)) === 'alreadyClaimed') continue;
      chosen = { value: option.value, address };
      break;
    }
    if (!chosen) throw new Error(`no unused devnet account among the dev wallet's ${listed.length} options`);
    await makeEligibleForClaim(await nodeSigner(chosen.address));
    expect(await claimEligibility(chosen.address)).toBe('eligible');

    await select.selectOption(chosen.value);
    await dialog.getByTestId('wallet-option-dev').click();
    await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(chosen.address));
    expect(await storedConnector(page)).toMatchObject({ kind: 'dev' });
    expect(String(((await storedConnector(page)) as { account?: string }).account).toLowerCase()).toBe(
      chosen.address.toLowerCase(),
    );
    await expect(page.getByTestId('claim-address')).toContainText(new RegExp(chosen.address, 'i'));
    await expect(page.getByTestId('claim-eligibility')).toHaveAttribute('data-eligibility', 'eligible');

    const before = await prdsBalance(chosen.address);
    await page.getByTestId('claim-button').click();
    const status = page.getByTestId('tx-status');
    await expect(status).toHaveAttribute('data-phase', 'confirmed', { timeout: 30_000 });
    await expect(page.getByTestId('tx-message')).toContainText('Claim successful!');
    await expect(page.getByTestId('claim-eligibility')).toHaveAttribute('data-eligibility', 'alreadyClaimed', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('claim-eligibility')).toHaveText('Already claimed');
    expect(await txPhases(page)).toContain('pending');
    expect((await prdsBalance(chosen.address)) - before).toBe(await claimAmount());
    expect(await claimEligibility(chosen.address)).toBe('alreadyClaimed');
    // The claimed PRDS can be added to the wallet; the dev wallet has no token list, and says so.
    await page.getByTestId('claim-add-token').click();
    await expect(page.getByTestId('claim-add-token-outcome')).toContainText(
      'This wallet cannot add tokens: add PRDS by its contract address',
    );
    await capture(page, 'wallet-dev-claimed.png');

    // It is remembered like the injected one.
    await page.reload();
    await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(chosen.address));
    const menu = await openWalletMenu(page);
    await expect
      .poll(() => displayedAmount(menu.getByTestId('wallet-balance-PRDS')))
      .toBeGreaterThanOrEqual(Number(formatEther(await claimAmount())));
  });
});
