// The License remote (/nft, /nft/mine, /nft/packet) as a page object, and the License contracts as
// license.spec.ts reads them on its own stack.
import { Contract, type Provider, type Signer, type Wallet } from 'ethers';
import type { Locator, Page } from '@playwright/test';
import { deployments } from '@prds/contracts';
import { fundUsdt, optionKey } from '@prds/contracts/actions';
import { expect } from './fixtures';
import type { ResolutionChain } from './resolutionChain';

const CONTRACTS = deployments[31337].contracts;

/** The LicenseMarketplace contract (sales and rentals) as `runner`. */
export function licenseMarketplace(runner: Signer | Provider): Contract {
  return new Contract(CONTRACTS.licenseMarketplace.address, CONTRACTS.licenseMarketplace.abi, runner);
}

/** The License's owner, lower case. */
export async function ownerOf(chain: ResolutionChain, tokenId: bigint): Promise<string> {
  return ((await chain.license().getFunction('ownerOf')(tokenId)) as string).toLowerCase();
}

/** How many more markets the License can issue (License.info's availableTimes). */
export async function usesLeft(chain: ResolutionChain, tokenId: bigint): Promise<number> {
  return Number(((await chain.license().getFunction('info')(tokenId)) as { availableTimes: bigint }).availableTimes);
}

/** How many Licenses `account` holds. */
export async function licenseBalance(chain: ResolutionChain, account: string): Promise<bigint> {
  return (await chain.license().getFunction('balanceOf')(account)) as bigint;
}

/**
 * Waits until `done` holds after a transaction was started, failing at once with the status's words
 * when a transaction inside `scope` fails or is cancelled.
 */
export async function settle(page: Page, scope: Locator, done: () => Promise<boolean>, timeout = 60_000): Promise<void> {
  const deadline = Date.now() + timeout;
  const bad = scope.locator('[data-testid="tx-status"][data-phase="failed"], [data-testid="tx-status"][data-phase="cancelled"]');
  for (;;) {
    if (await done()) return;
    if ((await bad.count()) > 0)
      throw new Error(`transaction ${await bad.first().getAttribute('data-phase')}: ${await bad.first().innerText()}`);
    if (Date.now() > deadline) throw new Error(`not settled within ${timeout} ms`);
    await page.waitForTimeout(200);
  }
}

/** Whether the tx-status inside `scope` shows `phase`. */
export const phaseIs = (scope: Locator, phase: string) => async () =>
  (await scope
    .getByTestId('tx-status')
    .getAttribute('data-phase')
    .catch(() => null)) === phase;

/** The card of `tokenId` on /nft/mine. */
export function mineItem(page: Page, tokenId: bigint): Locator {
  return page.locator(`[data-testid="license-mine-item"][data-token-id="${tokenId}"]`);
}

/** The listing of `tokenId` on /nft. */
export function listing(page: Page, tokenId: bigint): Locator {
  return page.locator(`[data-testid="license-listing"][data-token-id="${tokenId}"]`);
}

/** Waits until the private api has indexed `tokenId` as `accept` wants (after a transaction sent from the test process). */
export async function apiLicense(
  chain: ResolutionChain,
  tokenId: bigint,
  accept: (license: { state: string; salePrice: string | null }) => boolean,
): Promise<void> {
  await expect
    .poll(
      async () => {
        const answer = await chain.api<{ list: { state: string; salePrice: string | null }[] }>('/api/ticket-market/detail', {
          tokenId: String(tokenId),
        });
        const [license] = answer.data.list;
        return license !== undefined && accept(license);
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(true);
}

/** Markets.issue with `tokenId` as `issuer`, simulated (nothing sent): the market id it would get. */
export async function issueAs(chain: ResolutionChain, issuer: Wallet, tokenId: bigint, expirationTime: number): Promise<bigint> {
  const markets = chain.markets(issuer);
  const params = (await markets.getFunction('params')()) as { minLiquidity: bigint; minMargin: bigint };
  const [liquidity, margin] = [BigInt(params.minLiquidity), BigInt(params.minMargin)];
  await fundUsdt(chain.usdt(issuer), issuer, liquidity + margin, CONTRACTS.markets.address);
  const now = await chain.now();
  return (await markets.getFunction('issue').staticCall({
    licenseId: tokenId,
    metadataHash: `0x${'ab'.repeat(32)}`,
    options: ['Yes', 'No'].map((label) => optionKey(label)),
    lastTradingTime: now + 600,
    expirationTime,
    liquidity,
    margin,
    stakeLicense: false,
  })) as bigint;
}
