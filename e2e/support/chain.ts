// Devnet helpers for the test process: fresh funded accounts, Claim eligibility, balances. The module's
// functions talk to the devnet the suite's globalSetup started (127.0.0.1:8545, chain 31337); `Devnet`
// serves a spec's own devnet the same way. Every call is bounded in time; each test uses accounts of its
// own (two workers share one devnet), never the seed's.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Contract, JsonRpcProvider, parseEther, toQuantity, Wallet, type Signer } from 'ethers';
import { deployments, enums } from '@prds/contracts';
import { DEVNET_CHAIN_ID, DEVNET_RPC_URL } from './testWallet';

const CONTRACTS = deployments[31337].contracts;
const SEED_FILE = path.resolve(__dirname, '..', '..', 'contracts', 'deployments', '31337.seed.json');
/** Upper bound for one helper (a few mined transactions on an automining devnet). */
const HELPER_TIMEOUT_MS = 20_000;

/**
 * One devnet as the test process sees it: its contracts, fresh funded accounts, balances. The suite's
 * shared devnet is `sharedDevnet()`; a spec on a devnet of its own (support/ownStack.ts) makes one for
 * its URL. No batching, no cache (a cached nonce went stale), a fixed network.
 */
export class Devnet {
  readonly provider: JsonRpcProvider;

  constructor(
    readonly rpcUrl: string,
    /** Upper bound for one call on this devnet. */
    readonly timeoutMs = HELPER_TIMEOUT_MS,
  ) {
    this.provider = new JsonRpcProvider(rpcUrl, DEVNET_CHAIN_ID, { batchMaxCount: 1, cacheTimeout: -1, staticNetwork: true });
    this.provider.pollingInterval = 250;
  }

  /** `run`, failing with `label` if this devnet has not answered within its time-out. */
  protected call<T>(label: string, run: () => Promise<T>): Promise<T> {
    return bounded(label, run, this.timeoutMs);
  }

  claim(runner: Signer | JsonRpcProvider = this.provider): Contract {
    return new Contract(CONTRACTS.claim.address, CONTRACTS.claim.abi, runner);
  }
  prds(runner: Signer | JsonRpcProvider = this.provider): Contract {
    return new Contract(CONTRACTS.platformToken.address, CONTRACTS.platformToken.abi, runner);
  }
  /** The pay token through the devnet's faucet (DevUSDT: ERC-20 plus a free mint). */
  usdt(runner: Signer | JsonRpcProvider = this.provider): Contract {
    return new Contract(CONTRACTS.payTokenFaucet.address, CONTRACTS.payTokenFaucet.abi, runner);
  }
  markets(runner: Signer | JsonRpcProvider = this.provider): Contract {
    return new Contract(CONTRACTS.markets.address, CONTRACTS.markets.abi, runner);
  }
  license(runner: Signer | JsonRpcProvider = this.provider): Contract {
    return new Contract(CONTRACTS.license.address, CONTRACTS.license.abi, runner);
  }

  /** Sets `account`'s BNB (native) balance. */
  async setNativeBalance(account: string, wei: bigint): Promise<void> {
    await this.call('hardhat_setBalance', () => this.provider.send('hardhat_setBalance', [account, toQuantity(wei)]));
  }

  /** A new random account (never one of the seed's), holding `bnb` (default 10) native, connected here. */
  async freshAccount(bnb: bigint = parseEther('10')): Promise<Wallet> {
    const wallet = new Wallet(Wallet.createRandom().privateKey, this.provider);
    await this.setNativeBalance(wallet.address, bnb);
    return wallet;
  }

  async prdsBalance(account: string): Promise<bigint> {
    return this.call('PRDS.balanceOf', () => this.prds().getFunction('balanceOf')(account) as Promise<bigint>);
  }

  async usdtBalance(account: string): Promise<bigint> {
    return this.call('DevUSDT.balanceOf', () => this.usdt().getFunction('balanceOf')(account) as Promise<bigint>);
  }

  /** Mints `amount` DevUSDT (wei) to `account` from itself (it needs gas). */
  async mintUsdt(account: Signer, amount: bigint): Promise<void> {
    await this.call('DevUSDT.mint', async () =>
      mined('DevUSDT.mint', this.usdt(account).getFunction('mint')(await account.getAddress(), amount)),
    );
  }

  destroy(): void {
    this.provider.destroy();
  }
}

let shared: Devnet | undefined;

/** The devnet the suite's globalSetup started, one per test process. */
export function sharedDevnet(): Devnet {
  shared ??= new Devnet(DEVNET_RPC_URL);
  return shared;
}

export function devnet(): JsonRpcProvider {
  return sharedDevnet().provider;
}

export const claimContract = (runner?: Signer | JsonRpcProvider): Contract => sharedDevnet().claim(runner);
export const prdsContract = (runner?: Signer | JsonRpcProvider): Contract => sharedDevnet().prds(runner);
export const usdtContract = (runner?: Signer | JsonRpcProvider): Contract => sharedDevnet().usdt(runner);
export const marketsContract = (runner?: Signer | JsonRpcProvider): Contract => sharedDevnet().markets(runner);

/** Runs `run`, failing with `label` if the chain (or the api) has not answered within `ms`. */
async function bounded<T>(label: string, run: () => Promise<T>, ms = HELPER_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([run(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function mined(label: string, sent: Promise<{ wait(): Promise<unknown> }>): Promise<void> {
  const tx = await sent;
  const receipt = (await tx.wait()) as { status?: number | null } | null;
  if (!receipt || receipt.status !== 1) throw new Error(`${label}: transaction failed`);
}

// ---------------------------------------------------------------- accounts and native balance (shared devnet)

export const setNativeBalance = (account: string, wei: bigint): Promise<void> => sharedDevnet().setNativeBalance(account, wei);

export async function nativeBalance(account: string): Promise<bigint> {
  return bounded('eth_getBalance', () => devnet().getBalance(account));
}

export const freshAccount = (bnb?: bigint): Promise<Wallet> => sharedDevnet().freshAccount(bnb);

/** Addresses the seed uses (to keep tests off them). Empty when the seed file is not there. */
export function seedAccounts(): string[] {
  const seed = readSeed();
  return seed ? Object.values(seed.accounts).map((a) => a.toLowerCase()) : [];
}

/** A signer for one of the devnet node's unlocked accounts (what the app's dev wallet lists). */
export async function nodeSigner(address: string): Promise<Signer> {
  return devnet().getSigner(address);
}

// ---------------------------------------------------------------- Claim

export type ClaimEligibility = 'eligible' | 'alreadyClaimed' | 'noPositionBought' | 'insufficientContractBalance';

/** Claim.eligibility(account), in the spelling of the claim page's data-eligibility. */
export async function claimEligibility(account: string): Promise<ClaimEligibility> {
  const index = Number(await bounded('Claim.eligibility', () => claimContract().getFunction('eligibility')(account)));
  const name = enums.Claim.Eligibility[index];
  if (!name) throw new Error(`Claim.eligibility answered an unknown value ${index}`);
  return (name.charAt(0).toLowerCase() + name.slice(1)) as ClaimEligibility;
}

export async function claimAmount(): Promise<bigint> {
  return bounded('Claim.claimAmount', () => claimContract().getFunction('claimAmount')() as Promise<bigint>);
}

export const prdsBalance = (account: string): Promise<bigint> => sharedDevnet().prdsBalance(account);
export const usdtBalance = (account: string): Promise<bigint> => sharedDevnet().usdtBalance(account);

interface SeedFile {
  accounts: Record<string, string>;
  markets: { id: string; state: string; issuer: string }[];
}

function readSeed(): SeedFile | undefined {
  if (!existsSync(SEED_FILE)) return undefined;
  return JSON.parse(readFileSync(SEED_FILE, 'utf8')) as SeedFile;
}

/** Ids of markets open for trading now (the seed's Open markets, checked on chain), latest closing first. */
export async function openMarkets(): Promise<bigint[]> {
  return bounded('open markets', async () => {
    const markets = marketsContract();
    const seed = readSeed();
    const candidates = seed
      ? seed.markets.filter((m) => m.state === 'Open').map((m) => BigInt(m.id))
      : Array.from({ length: 40 }, (_, i) => BigInt(i + 1));
    const latest = await devnet().getBlock('latest');
    const now = BigInt(latest?.timestamp ?? Math.floor(Date.now() / 1000));
    const open: { id: bigint; closes: bigint }[] = [];
    for (const id of candidates) {
      const state = enums.IMarketsTypes.MarketState[Number(await markets.getFunction('marketState')(id))];
      if (state !== 'Open') continue;
      const view = (await markets.getFunction('getMarket')(id)) as { lastTradingTime: bigint };
      // An hour of margin, so a test's own transactions cannot cross the close.
      if (BigInt(view.lastTradingTime) > now + 3600n) open.push({ id, closes: BigInt(view.lastTradingTime) });
    }
    if (open.length === 0) throw new Error('no market open for trading on the devnet (was the seed run?)');
    return open.sort((a, b) => (b.closes > a.closes ? 1 : b.closes < a.closes ? -1 : 0)).map((m) => m.id);
  });
}

/**
 * Makes `account` eligible for the PRDS claim: mints it DevUSDT and buys the minimum position in an
 * open seeded market (Claim requires a bought position). Needs native balance for gas (freshAccount gives it).
 */
export async function makeEligibleForClaim(account: Signer): Promise<void> {
  await bounded(
    'makeEligibleForClaim',
    async () => {
      const address = await account.getAddress();
      const markets = marketsContract(account);
      const usdt = usdtContract(account);
      const params = (await markets.getFunction('params')()) as { minInvest: bigint };
      const amount = BigInt(params.minInvest) > 0n ? BigInt(params.minInvest) : parseEther('1');
      await mined('DevUSDT.mint', usdt.getFunction('mint')(address, amount));
      await mined('DevUSDT.approve', usdt.getFunction('approve')(CONTRACTS.markets.address, amount));
      let lastError: unknown;
      for (const id of await openMarkets()) {
        const buy = markets.getFunction('buy');
        const args = [id, 0, amount, 0n, '0x0000000000000000000000000000000000000000'] as const;
        try {
          await buy.staticCall(...args); // e.g. a market at capacity: try the next one
        } catch (error) {
          lastError = error;
          continue;
        }
        await mined(`Markets.buy(${id})`, buy(...args));
        return;
      }
      throw new Error(`no open market accepted a buy from ${address}: ${String(lastError)}`);
    },
    40_000,
  );
}

/** A fresh funded account that can claim now. */
export async function freshEligibleAccount(): Promise<Wallet> {
  const wallet = await freshAccount();
  await makeEligibleForClaim(wallet);
  return wallet;
}

/** Claims from the test process (e.g. to make a page's account ineligible behind its back). */
export async function claimDirectly(account: Signer): Promise<void> {
  await bounded('Claim.claim', () => mined('Claim.claim', claimContract(account).getFunction('claim')()));
}

/** Waits until `read` returns something `accept` likes (polling every 250 ms), or throws after `ms`. */
export async function waitFor<T>(label: string, read: () => Promise<T>, accept: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (accept(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${label}: still ${String(last)} after ${ms} ms`);
}

/** Mints `amount` DevUSDT (wei) to `account` from itself (it needs gas). */
export const mintUsdt = (account: Signer, amount: bigint): Promise<void> => sharedDevnet().mintUsdt(account, amount);
