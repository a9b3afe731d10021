// ARCHITECTURE "Wallet and chain" / spec §8 "Claim": the claim flow's transaction progress on /claim —
// refused in the wallet, reverted on chain, no gas money, and success through to the indexed result.
// Each test claims with a fresh account of its own on the shared devnet, through the injected test wallet.
import { formatEther } from 'ethers';
import type { Page } from '@playwright/test';
import { REMOTES } from '../support/apps';
import {
  claimAmount,
  claimDirectly,
  claimEligibility,
  freshEligibleAccount,
  nativeBalance,
  prdsBalance,
  setNativeBalance,
} from '../support/chain';
import { expect, test } from '../support/fixtures';
import { openPage } from '../support/hostUi';
import { capture } from '../support/screenshot';
import { installTestWallet, type TestWallet } from '../support/testWallet';
import { closeWalletMenu, connectInjectedWallet, openWalletMenu } from '../support/walletUi';
import { displayedAmount } from '../support/displayedAmount';
import { recordTxPhases, txPhases } from '../support/txPhases';

// A claim mines at once on the devnet, but the success case waits for the api to index it.
test.describe.configure({ timeout: 90_000 });

/** /claim with `wallet` connected and the page agreeing the account is eligible. */
async function openClaimConnected(page: Page, wallet: TestWallet): Promise<void> {
  await recordTxPhases(page);
  await openPage(page, REMOTES.claim.path, REMOTES.claim.pageTestId);
  await connectInjectedWallet(page);
  await expect(page.getByTestId('claim-address')).toContainText(new RegExp(wallet.address, 'i'));
  await expect(page.getByTestId('claim-eligibility')).toHaveAttribute('data-eligibility', 'eligible');
  await expect(page.getByTestId('claim-button')).toBeEnabled();
}

test.describe('claim transaction', () => {
  test("refused in the wallet: 'Transaction Cancelled', nothing sent", async ({ page }) => {
    const account = await freshEligibleAccount();
    const wallet = await installTestWallet(page, { privateKey: account.privateKey });
    await openClaimConnected(page, wallet);
    const nonce = await account.getNonce();

    wallet.rejectNextTransaction();
    await page.getByTestId('claim-button').click();
    const status = page.getByTestId('tx-status');
    await expect(status).toHaveAttribute('data-phase', 'cancelled');
    await expect(page.getByTestId('tx-message')).toContainText('Transaction Cancelled');
    await expect(page.getByTestId('tx-reason')).toHaveCount(0);
    await capture(page, 'wallet-tx-cancelled.png');

    expect(wallet.callsTo('eth_sendTransaction').map((c) => c.outcome)).toEqual([4001]);
    expect(await account.getNonce()).toBe(nonce);
    expect(await claimEligibility(account.address)).toBe('eligible');
    expect(await txPhases(page)).not.toContain('pending');
    // The user may try again.
    await expect(page.getByTestId('claim-button')).toBeEnabled();
  });

  test("reverted (claimed elsewhere after the page loaded): failed, 'Each user can only claim once', reason AlreadyClaimed", async ({
    page,
  }) => {
    const account = await freshEligibleAccount();
    const wallet = await installTestWallet(page, { privateKey: account.privateKey });
    await openClaimConnected(page, wallet);

    // Behind the page's back: the same account claims from another device.
    await claimDirectly(account);
    expect(await claimEligibility(account.address)).toBe('alreadyClaimed');
    const prdsAfterDirectClaim = await prdsBalance(account.address);

    await page.getByTestId('claim-button').click();
    const status = page.getByTestId('tx-status');
    await expect(status).toHaveAttribute('data-phase', 'failed');
    await expect(page.getByTestId('tx-message')).toContainText('Each user can only claim once');
    await expect(page.getByTestId('tx-reason')).toContainText('AlreadyClaimed');
    // The revert tells the page its eligibility was stale: it reads it again and closes the button.
    await expect(page.getByTestId('claim-eligibility')).toHaveAttribute('data-eligibility', 'alreadyClaimed');
    await expect(page.getByTestId('claim-button')).toBeDisabled();
    await capture(page, 'wallet-tx-reverted.png');

    // Nothing paid out twice.
    expect(await prdsBalance(account.address)).toBe(prdsAfterDirectClaim);
  });

  test("no BNB for gas: 'Insufficient Funds'", async ({ page }) => {
    const account = await freshEligibleAccount();
    await setNativeBalance(account.address, 0n);
    const wallet = await installTestWallet(page, { privateKey: account.privateKey });
    await openClaimConnected(page, wallet);
    const nonce = await account.getNonce();

    await page.getByTestId('claim-button').click();
    const status = page.getByTestId('tx-status');
    await expect(status).toHaveAttribute('data-phase', 'failed');
    await expect(page.getByTestId('tx-message')).toContainText('Insufficient Funds');
    await capture(page, 'wallet-tx-insufficient-funds.png');

    expect(await account.getNonce()).toBe(nonce);
    expect(await nativeBalance(account.address)).toBe(0n);
    expect(await claimEligibility(account.address)).toBe('eligible');
  });

  test("success: pending → confirmed, 'Claim successful!', then the indexed result on the page and on chain", async ({
    page,
  }) => {
    const account = await freshEligibleAccount();
    const wallet = await installTestWallet(page, { privateKey: account.privateKey });
    await openClaimConnected(page, wallet);
    const amount = await claimAmount();
    const before = await prdsBalance(account.address);

    const menu = await openWalletMenu(page);
    const shownBefore = await displayedAmount(menu.getByTestId('wallet-balance-PRDS'));
    expect(shownBefore).toBe(Number(formatEther(before)));
    await closeWalletMenu(page);

    await page.getByTestId('claim-button').click();
    const status = page.getByTestId('tx-status');
    await expect(status).toHaveAttribute('data-phase', 'confirmed', { timeout: 30_000 });
    await expect(page.getByTestId('tx-message')).toContainText('Claim successful!');
    await expect(page.getByTestId('tx-reason')).toHaveCount(0);

    // The phases the page went through, in order (short ones caught by the recorder).
    const phases = await txPhases(page);
    expect(phases.indexOf('pending'), `phases: ${phases.join(' → ')}`).toBeGreaterThanOrEqual(0);
    expect(phases.indexOf('pending')).toBeLessThan(phases.lastIndexOf('confirmed'));
    expect(phases).not.toContain('failed');
    expect(phases).not.toContain('cancelled');
    expect(wallet.callsTo('eth_sendTransaction').map((c) => c.outcome)).toEqual(['ok']);

    // The indexed result reaches the page: eligibility and the wallet's PRDS balance.
    await expect(page.getByTestId('claim-eligibility')).toHaveAttribute('data-eligibility', 'alreadyClaimed', {
      timeout: 30_000,
    });
    const menuAfter = await openWalletMenu(page);
    await expect
      .poll(() => displayedAmount(menuAfter.getByTestId('wallet-balance-PRDS')), { timeout: 30_000 })
      .toBe(Number(formatEther(before + amount)));
    await capture(page, 'wallet-tx-claimed.png');

    // And on chain: exactly the claim amount, once.
    expect((await prdsBalance(account.address)) - before).toBe(amount);
    expect(await claimEligibility(account.address)).toBe('alreadyClaimed');
  });
});
