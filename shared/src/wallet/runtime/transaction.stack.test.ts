/**
 * @jest-environment node
 *
 * The transaction helper on the whole back end: a devnet with the protocol deployed and seeded, and
 * the api indexing it (scripts/stack.cjs, on free ports). The dev wallet signs through the node, so
 * every step is real: allowance read, approval, estimate, send, receipt, get-trans-status, cache.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REQUIRED_ROLES, type Role } from '@prds/contracts';
import type { Stack } from '../../../../scripts/stack.cjs';
import type { Address } from '../../contracts/contractTypes';
import type { TxState } from '../transactionTypes';

// A test reaching the repository's stack script: it starts what the product runs on.
const { startStack } = require('../../../../scripts/stack.cjs') as typeof import('../../../../scripts/stack.cjs');

jest.setTimeout(180_000);

const ZERO = '0x0000000000000000000000000000000000000000' as const;
const MESSAGES = { confirmedId: 'test.confirmed', failedId: 'test.failed', cancelledId: 'test.cancelled' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let stack: Stack;
let runtime: typeof import('./index');
let shared: {
  queryClient: typeof import('../../query/queryClient').queryClient;
  readContract: typeof import('./chainAccess').readContract;
  optionalContract: typeof import('../../contracts/roles').optionalContract;
  MAX_UINT256: bigint;
};
let account: Address;

async function rpc(method: string, params: unknown[] = []): Promise<unknown> {
  const answer = await fetch(stack.devnetUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await answer.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result;
}

const nonce = async () => Number(await rpc('eth_getTransactionCount', [account, 'latest']));

beforeAll(async () => {
  const [devnetPort, apiPort] = [await freePort(), await freePort()];
  stack = await startStack({
    devnetPort,
    apiPort,
    runDir: fs.mkdtempSync(path.join(os.tmpdir(), 'prds-tx-stack-')),
    log: () => undefined,
  });
  // The chain registry and the api client read these when first imported: import them only now.
  process.env.PRDS_DEVNET_RPC_URL = stack.devnetUrl;
  process.env.PRDS_API_URL = stack.apiUrl;
  runtime = await import('./index');
  const { queryClient } = await import('../../query/queryClient');
  const { readContract } = await import('./chainAccess');
  const { optionalContract } = await import('../../contracts/roles');
  const { MAX_UINT256 } = await import('../../chains/tokens');
  shared = { queryClient, readContract, optionalContract, MAX_UINT256 };

  // Hardhat's account #17: unlocked on the node, unused by the seed.
  const accounts = (await rpc('eth_accounts')) as Address[];
  account = accounts[17] as Address;
  await expect(runtime.connect({ kind: 'dev', account })).resolves.toBe(true);
});

afterAll(async () => {
  runtime?.disconnect();
  await stack?.stop();
});

/** An Open seeded market and an amount it accepts. */
async function openMarket(): Promise<{ id: bigint; amount: bigint }> {
  const seeded = stack.seed.markets.find((market) => market.state === 'Open' && !market.note);
  if (!seeded) throw new Error('the seed has no Open market');
  const params = (await shared.readContract('0x7a69', 'markets', 'params', [])) as unknown as { minInvest: bigint };
  return { id: BigInt(seeded.id), amount: params.minInvest * 2n };
}

/** The devnet's pay-token faucet, which only a check can name. */
function faucet() {
  const checked = shared.optionalContract('payTokenFaucet', '0x7a69');
  if (checked === null) throw new Error('the devnet has no pay-token faucet');
  return checked;
}

async function mintUsdt(amount: bigint): Promise<void> {
  const phases: TxState[] = [];
  const minted = await runtime.executeTransaction({ contract: faucet(), fn: 'mint', args: [account, amount] }, MESSAGES, (s) =>
    phases.push(s),
  );
  expect(minted.ok).toBe(true);
}

it('the contract registry matches the seeded devnet: every role has code and is the contract the others are wired to', async () => {
  const at = (role: Role) => {
    const address = runtime.contractAddress('0x7a69', role);
    if (address === null) throw new Error(`no ${role} on the devnet`);
    return address;
  };
  for (const role of [...REQUIRED_ROLES, 'payTokenFaucet'] as const) {
    expect([role, ((await rpc('eth_getCode', [at(role), 'latest'])) as string).length > 2]).toEqual([role, true]);
  }
  const same = (a: string, b: string) => expect(a.toLowerCase()).toBe(b.toLowerCase());
  const deps = (await shared.readContract('0x7a69', 'markets', 'deps', [])) as unknown as {
    payToken: string;
    prds: string;
    license: string;
  };
  same(deps.payToken, at('payToken'));
  same(deps.prds, at('platformToken'));
  same(deps.license, at('license'));
  same(await shared.readContract('0x7a69', 'license', 'payToken', []), at('payToken'));
  same(await shared.readContract('0x7a69', 'license', 'markets', []), at('markets'));
  same(await shared.readContract('0x7a69', 'licenseMarketplace', 'license', []), at('license'));
  same(await shared.readContract('0x7a69', 'claim', 'prds', []), at('platformToken'));
  same(await shared.readContract('0x7a69', 'claim', 'markets', []), at('markets'));
  // The pay token answers the standard ERC-20 calls it is typed with; the faucet mints that same token.
  expect(await shared.readContract('0x7a69', 'payToken', 'symbol', [])).toBe('USDT');
  expect(await shared.readContract('0x7a69', 'payToken', 'decimals', [])).toBe(18n);
  expect(await shared.readContract('0x7a69', 'platformToken', 'symbol', [])).toBe('PRDS');
  same(at('payTokenFaucet'), at('payToken'));
});

it('approves the maximum uint256 once when the allowance is short, then buys; the next buy sends no approval', async () => {
  const { id, amount } = await openMarket();
  await mintUsdt(amount * 3n);
  const marketsAddress = runtime.contractAddress('0x7a69', 'markets');
  if (marketsAddress === null) throw new Error('no markets on the devnet');
  expect(await shared.readContract('0x7a69', 'payToken', 'allowance', [account, marketsAddress])).toBe(0n);
  shared.queryClient.setQueryData(['markets', 'detail', String(id)], { stale: false });

  const phases: TxState[] = [];
  const before = await nonce();
  const first = await runtime.executeTransaction(
    {
      contract: 'markets',
      fn: 'buy',
      args: [id, 0, amount, 0n, ZERO],
      approve: { token: 'payToken', amount },
      invalidate: [['markets']],
    },
    MESSAGES,
    (state) => phases.push(state),
  );
  expect(first).toMatchObject({ ok: true, phase: 'confirmed' });
  expect(await nonce()).toBe(before + 2); // approval + buy
  expect(await shared.readContract('0x7a69', 'payToken', 'allowance', [account, marketsAddress])).toBe(shared.MAX_UINT256);
  const approvals = phases.filter((s) => s.step === 'approve');
  expect(approvals.map((s) => s.phase)).toContain('approving');
  expect(approvals.every((s) => s.messageKey === 'tx.approving' && s.values?.symbol === 'USDT')).toBe(true);
  const main = phases.filter((s) => s.step === 'main').map((s) => s.phase);
  expect(main).toEqual(['checking', 'waitingWallet', 'pending', 'indexing', 'confirmed']);
  const last = phases[phases.length - 1] as TxState;
  expect(last).toMatchObject({ messageKey: 'test.confirmed', hash: first.hash, reason: null });
  expect(last.noteKey).toBeUndefined(); // the api indexed it in time
  // The flow's queries in the one cache were marked stale for every view to refetch.
  expect(shared.queryClient.getQueryState(['markets', 'detail', String(id)])?.isInvalidated).toBe(true);

  const status = await fetch(`${stack.apiUrl}/api/get-trans-status`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ hash: first.hash }),
  }).then((r) => r.json() as Promise<{ data: { status: string } }>);
  expect(status.data.status).toBe('indexed');

  const again: TxState[] = [];
  const second = await runtime.executeTransaction(
    { contract: 'markets', fn: 'buy', args: [id, 0, amount, 0n, ZERO], approve: { token: 'payToken', amount } },
    MESSAGES,
    (state) => again.push(state),
  );
  expect(second.ok).toBe(true);
  expect(await nonce()).toBe(before + 3); // the buy alone
  expect(again.some((s) => s.step === 'approve')).toBe(false);
});

it("lets the marketplace hold the caller's Licenses once (setApprovalForAll) before a listing; the next listing asks nothing", async () => {
  const marketplace = runtime.contractAddress('0x7a69', 'licenseMarketplace');
  if (marketplace === null) throw new Error('no License marketplace on the devnet');
  const price = await shared.readContract('0x7a69', 'license', 'typePrice', [0]);
  await mintUsdt(price * 2n);
  const tokenIds: bigint[] = [];
  for (let i = 0; i < 2; i++) {
    const bought = await runtime.executeTransaction(
      { contract: 'license', fn: 'buy', args: [0], approve: { token: 'payToken', amount: price } },
      MESSAGES,
      () => undefined,
    );
    expect(bought.ok).toBe(true);
    tokenIds.push(await shared.readContract('0x7a69', 'license', 'totalMinted', []));
  }
  const [first, second] = tokenIds as [bigint, bigint];
  expect(await shared.readContract('0x7a69', 'license', 'isApprovedForAll', [account, marketplace])).toBe(false);

  const phases: TxState[] = [];
  const before = await nonce();
  const listed = await runtime.executeTransaction(
    { contract: 'licenseMarketplace', fn: 'listForSale', args: [first, price], approve: { nft: 'license' } },
    MESSAGES,
    (state) => phases.push(state),
  );
  expect(listed).toMatchObject({ ok: true, phase: 'confirmed' });
  expect(await nonce()).toBe(before + 2); // setApprovalForAll + listForSale
  expect(await shared.readContract('0x7a69', 'license', 'isApprovedForAll', [account, marketplace])).toBe(true);
  expect(await shared.readContract('0x7a69', 'license', 'ownerOf', [first])).toBe(marketplace);
  const approvals = phases.filter((s) => s.step === 'approve');
  expect(approvals.map((s) => s.phase)).toContain('approving');
  expect(approvals.every((s) => s.values?.symbol === 'PRDSL')).toBe(true);

  const again: TxState[] = [];
  const relisted = await runtime.executeTransaction(
    { contract: 'licenseMarketplace', fn: 'listForSale', args: [second, price], approve: { nft: 'license' } },
    MESSAGES,
    (state) => again.push(state),
  );
  expect(relisted.ok).toBe(true);
  expect(await nonce()).toBe(before + 3); // the listing alone
  expect(again.some((s) => s.step === 'approve')).toBe(false);
});

it('reports a revert with its decoded custom error and sends nothing', async () => {
  const { id } = await openMarket();
  const before = await nonce();
  const phases: TxState[] = [];
  shared.queryClient.setQueryData(['markets', 'detail', String(id), 'revert'], { stale: false });
  const result = await runtime.executeTransaction(
    // Option 9 does not exist on a two-option market.
    { contract: 'markets', fn: 'buy', args: [id, 9, 1n, 0n, ZERO], invalidate: [['markets', 'detail', String(id)]] },
    { ...MESSAGES, revert: {} },
    (state) => phases.push(state),
  );
  expect(result).toMatchObject({ ok: false, phase: 'failed', hash: null });
  const last = phases[phases.length - 1] as TxState;
  expect(last.messageKey).toBe('test.failed');
  expect(last.reason).toMatch(/^InvalidOption\(/); // the protocol's custom error, decoded from the revert data
  expect(await nonce()).toBe(before);
  // The chain disagreed with what the page showed: the flow's queries are refreshed.
  expect(shared.queryClient.getQueryState(['markets', 'detail', String(id), 'revert'])?.isInvalidated).toBe(true);
});

it('says Insufficient Funds when the wallet cannot pay for gas, before asking the wallet', async () => {
  await rpc('hardhat_setBalance', [account, '0x0']);
  const phases: TxState[] = [];
  const before = await nonce();
  const result = await runtime.executeTransaction({ contract: faucet(), fn: 'mint', args: [account, 1n] }, MESSAGES, (s) =>
    phases.push(s),
  );
  expect(result).toMatchObject({ ok: false, phase: 'failed' });
  expect(phases.map((s) => s.phase)).not.toContain('waitingWallet');
  expect(phases[phases.length - 1]?.messageKey).toBe('tx.insufficientFunds');
  expect(await nonce()).toBe(before);
  await rpc('hardhat_setBalance', [account, '0x56BC75E2D63100000']);
});

it('runs several approvals in order, each only when missing: an issue that pays USDT and stakes the License', async () => {
  const markets = runtime.contractAddress('0x7a69', 'markets');
  if (markets === null) throw new Error('no markets on the devnet');
  const params = await shared.readContract('0x7a69', 'markets', 'params', []);
  const price = await shared.readContract('0x7a69', 'license', 'typePrice', [0]);
  const liquidity = params.minLiquidity;
  await mintUsdt(price * 2n + liquidity * 2n);
  const licenses: bigint[] = [];
  for (let i = 0; i < 2; i++) {
    const bought = await runtime.executeTransaction(
      { contract: 'license', fn: 'buy', args: [0], approve: { token: 'payToken', amount: price } },
      MESSAGES,
      () => undefined,
    );
    expect(bought.ok).toBe(true);
    licenses.push(await shared.readContract('0x7a69', 'license', 'totalMinted', []));
  }
  expect(await shared.readContract('0x7a69', 'license', 'isApprovedForAll', [account, markets])).toBe(false);
  const payApproval = (await shared.readContract('0x7a69', 'payToken', 'allowance', [account, markets])) < liquidity ? 1 : 0;

  // The chain's now is its latest block's time; an option goes on chain as its text in bytes32.
  const now = await runtime.latestBlockTime('0x7a69');
  expect(now).toBe(Number(((await rpc('eth_getBlockByNumber', ['latest', false])) as { timestamp: string }).timestamp));
  const options = ['Yes', 'No'].map((text) => runtime.optionKey(text) as `0x${string}`);
  expect(options[0]).toBe(`0x${Buffer.from('Yes').toString('hex').padEnd(64, '0')}`);
  const issue = (licenseId: bigint) => ({
    contract: 'markets' as const,
    fn: 'issue' as const,
    args: [
      {
        licenseId,
        metadataHash: `0x${'ab'.repeat(32)}` as const,
        options,
        lastTradingTime: now + 3600,
        expirationTime: now + 7200,
        liquidity,
        margin: 0n,
        stakeLicense: true,
      },
    ] as const,
    approve: [{ token: 'payToken' as const, amount: liquidity }, { nft: 'license' as const }],
  });

  const phases: TxState[] = [];
  const before = await nonce();
  const first = await runtime.executeTransaction(issue(licenses[0] as bigint), MESSAGES, (state) => phases.push(state));
  expect(first).toMatchObject({ ok: true, phase: 'confirmed' });
  expect(await nonce()).toBe(before + payApproval + 2); // [USDT approval] + setApprovalForAll + issue
  expect(await shared.readContract('0x7a69', 'license', 'ownerOf', [licenses[0] as bigint])).toBe(markets);
  const symbols = phases.filter((s) => s.step === 'approve' && s.phase === 'approving').map((s) => s.values?.symbol);
  expect([...new Set(symbols)]).toEqual(payApproval ? ['USDT', 'PRDSL'] : ['PRDSL']);

  const again: TxState[] = [];
  const second = await runtime.executeTransaction(issue(licenses[1] as bigint), MESSAGES, (state) => again.push(state));
  expect(second.ok).toBe(true);
  expect(await nonce()).toBe(before + payApproval + 3); // the issue alone
  expect(again.some((s) => s.step === 'approve')).toBe(false);
});

describe('a buy estimated in one 5-min checkpoint bucket and mined in the next (issue 25)', () => {
  // Before issue 25 the helper sent estimate × 1.2; a buy mined in the bucket after its estimate
  // archives a checkpoint of each history it touches and ran out of gas. Here the page's path runs
  // for real: estimate in bucket k after another buy there, the buy held in the node's mempool
  // (automine off) while the clock passes the boundary, then mined, then indexed by the api.
  const connectAs = async (who: Address) => expect(await runtime.connect({ kind: 'dev', account: who })).toBe(true);

  afterAll(async () => {
    await rpc('evm_setAutomine', [true]);
    await connectAs(account);
  });

  async function toNextBucket(): Promise<void> {
    const { checkpointInterval } = await shared.readContract('0x7a69', 'markets', 'params', []);
    const interval = Number(checkpointInterval);
    const now = await runtime.latestBlockTime('0x7a69');
    await rpc('evm_setNextBlockTimestamp', [(Math.floor(now / interval) + 1) * interval + 10]);
    await rpc('evm_mine');
  }

  async function fund(who: Address, amount: bigint): Promise<void> {
    await connectAs(who);
    const minted = await runtime.executeTransaction(
      { contract: faucet(), fn: 'mint', args: [who, amount] },
      MESSAGES,
      () => undefined,
    );
    expect(minted.ok).toBe(true);
    const markets = runtime.contractAddress('0x7a69', 'markets') as Address;
    const approved = await runtime.executeTransaction(
      { contract: 'payToken', fn: 'approve', args: [markets, shared.MAX_UINT256] },
      MESSAGES,
      () => undefined,
    );
    expect(approved.ok).toBe(true);
  }

  it('a buy mined with status 0 (another buy mined first lowered its payout) says it was reverted on chain and refreshes the page', async () => {
    const { id, amount } = await openMarket();
    const accounts = (await rpc('eth_accounts')) as Address[];
    const [buyer, rival] = [accounts[17] as Address, accounts[16] as Address];
    await fund(rival, amount * 1000n);
    await fund(buyer, amount * 10n);
    const [, , payout] = await shared.readContract('0x7a69', 'markets', 'quote', [id, 0, amount]);
    shared.queryClient.setQueryData(['markets', 'detail', String(id), 'mined-revert'], { stale: false });

    await rpc('evm_setAutomine', [false]);
    let sent: () => void = () => undefined;
    const inMempool = new Promise<void>((resolve) => (sent = resolve));
    const phases: TxState[] = [];
    const running = runtime.executeTransaction(
      // The page's minimum payout is the quote it showed: exactly what the estimate sees.
      { contract: 'markets', fn: 'buy', args: [id, 0, amount, payout, ZERO], invalidate: [['markets', 'detail', String(id)]] },
      { ...MESSAGES, revert: { PayoutBelowMinimum: { id: 'test.payoutBelowMinimum' } } },
      (state) => {
        phases.push(state);
        if (state.phase === 'pending') sent();
      },
    );
    await inMempool;
    // A bigger buy on the same option with a higher tip: the node mines it first, in the same block.
    const { Interface } = await import('ethers');
    const { marketsAbi } = await import('@prds/contracts');
    await rpc('eth_sendTransaction', [
      {
        from: rival,
        to: runtime.contractAddress('0x7a69', 'markets'),
        data: new Interface(marketsAbi).encodeFunctionData('buy', [id, 0, amount * 500n, 0n, ZERO]),
        gas: '0x7a120',
        maxPriorityFeePerGas: '0x174876e800',
        maxFeePerGas: '0xe8d4a51000',
      },
    ]);
    await rpc('evm_mine');
    await rpc('evm_setAutomine', [true]);
    const result = await running;

    expect(result).toMatchObject({ ok: false, phase: 'failed' });
    expect(result.hash).not.toBeNull();
    const receipt = (await rpc('eth_getTransactionReceipt', [result.hash])) as { status: string };
    expect(receipt.status).toBe('0x0');
    const last = phases[phases.length - 1] as TxState;
    expect(last).toMatchObject({ messageKey: 'test.payoutBelowMinimum', noteKey: 'tx.revertedOnChain', hash: result.hash });
    expect(last.reason).toMatch(/^PayoutBelowMinimum\(/);
    expect(phases.map((s) => s.phase)).not.toContain('confirmed');
    expect(shared.queryClient.getQueryState(['markets', 'detail', String(id), 'mined-revert'])?.isInvalidated).toBe(true);
  });

  test.each([
    { referrer: false, first: true, buyer: 18 },
    { referrer: true, first: true, buyer: 19 },
    { referrer: false, first: false, buyer: 15 },
    { referrer: true, first: false, buyer: 17 },
  ])('referrer $referrer, first buy $first: it goes through with the helper’s limit and the api has it', async (c) => {
    const { id, amount } = await openMarket();
    const accounts = (await rpc('eth_accounts')) as Address[];
    const buyer = accounts[c.buyer] as Address;
    const referrer = c.referrer ? (accounts[16] as Address) : ZERO;
    // Whoever buys in the buckets before (the buyer itself for a later buy, another account before a
    // first buy) gives each history the buy touches a head and a previous checkpoint.
    const earlier = c.first ? (accounts[c.buyer === 18 ? 15 : 17] as Address) : buyer;
    await fund(buyer, amount * 10n);
    if (earlier !== buyer) await fund(earlier, amount * 10n);
    await connectAs(earlier);
    for (let bucket = 0; bucket < 3; bucket++) {
      await toNextBucket();
      const bought = await runtime.executeTransaction(
        { contract: 'markets', fn: 'buy', args: [id, 0, amount, 0n, referrer] },
        MESSAGES,
        () => undefined,
      );
      expect(bought.ok).toBe(true);
    }

    await connectAs(buyer);
    await rpc('evm_setAutomine', [false]);
    let sent: () => void = () => undefined;
    const inMempool = new Promise<void>((resolve) => (sent = resolve));
    const phases: TxState[] = [];
    const running = runtime.executeTransaction(
      { contract: 'markets', fn: 'buy', args: [id, 0, amount, 0n, referrer], invalidate: [['markets']] },
      MESSAGES,
      (state) => {
        phases.push(state);
        if (state.phase === 'pending') sent();
      },
    );
    await inMempool;
    await toNextBucket(); // mines the held buy in the next bucket
    await rpc('evm_setAutomine', [true]);
    const result = await running;

    expect(result).toMatchObject({ ok: true, phase: 'confirmed' });
    expect(phases.map((s) => s.phase)).toEqual(['checking', 'waitingWallet', 'pending', 'indexing', 'confirmed']);
    const receipt = (await rpc('eth_getTransactionReceipt', [result.hash])) as { status: string; gasUsed: string };
    const tx = (await rpc('eth_getTransactionByHash', [result.hash])) as { gas: string };
    expect(receipt.status).toBe('0x1');
    // It archived across the boundary: the former limit (this limit less the worst-path extra) would not have carried it.
    const { worstPathExtraGas } = await import('@prds/contracts/worst-path-gas');
    if (!c.first || c.referrer)
      expect(BigInt(receipt.gasUsed)).toBeGreaterThan(BigInt(tx.gas) - worstPathExtraGas('markets', 'buy'));
    const status = await fetch(`${stack.apiUrl}/api/get-trans-status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ hash: result.hash }),
    }).then((r) => r.json() as Promise<{ data: { status: string } }>);
    expect(status.data.status).toBe('indexed');
  });
});
