// Issue 21: the BSC rehearsal, as README "Deploying to BSC" runs it, then the product on it.
//
// On 127.0.0.1 only, started and stopped here: a Hardhat node started as chain 56 (8650) with a
// standard ERC-20 placed at BSC USDT's address (`pnpm --filter @prds/contracts run rehearsal`), the
// deployment command (`deploy:network -- --network bsc`) cut off by a dropped connection after two
// contracts, run again to finish, and a third time as a no-op; the product's production build for BSC
// (scripts/build-network.mjs, into test-results/bsc/build — never a package's dist/), served by
// scripts/serve.mjs --host-dist on 4120 with the api on 8892 reading the deployment record
// (PRDS_DEPLOYMENT_FILE). The journey: connect, License mint, issue a market with it, buy into it
// (another account) with the 'real' USDT at its address, claim PRDS — on chain 56, with no devnet-only
// feature on the page (no dev wallet, no faucet).
//
// PRDS_E2E_BSC_NETWORK=bsc-testnet runs the same rehearsal as BSC testnet (chain 97, its USDT address,
// test-results/bsc-testnet; not part of the test command: the testnet's build adds ~5 min).
//
// PRDS_E2E_BSC_BUILD=DIR reuses a build made by an earlier run (its addresses must match this run's:
// a fresh node and the same deployer give the same ones) — the test command makes it beforehand with
// scripts/build-bsc-rehearsal.sh; otherwise the spec builds (~5 min on an idle machine).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { Contract, type HDNodeWallet, JsonRpcProvider, parseUnits, type Wallet } from 'ethers';
import { startCuttingProxy } from '../support/cuttingProxy';
import { devnetAccount } from '../support/devnetAccounts';
import { OwnedProcesses } from '../support/ownedProcesses';
import { isPortOpen, REPO_ROOT } from '../support/serverProcess';
import { installTestWallet, type TestWallet } from '../support/testWallet';
import { connectInjectedWallet, shortAddressPattern } from '../support/walletUi';
import { parseDisplayedAmount } from '../support/displayedAmount';
import { recordTxPhases, txPhases } from '../support/txPhases';
import { typeMoment } from '../support/dateField';

const run = promisify(execFile);

/** The rehearsed network: BSC (the test command's) or its testnet, with its chain id and USDT address. */
const REHEARSALS = {
  bsc: { chainId: 56, usdt: '0x55d398326f99059fF775485246999027B3197955' },
  'bsc-testnet': { chainId: 97, usdt: '0x337610d27c682E347C9cD60BD4b3b107C9d34dDd' },
} as const;
const NETWORK = (process.env.PRDS_E2E_BSC_NETWORK?.trim() || 'bsc') as keyof typeof REHEARSALS;
if (!Object.hasOwn(REHEARSALS, NETWORK))
  throw new Error(`PRDS_E2E_BSC_NETWORK must be one of ${Object.keys(REHEARSALS).join(', ')}`);
const CHAIN_ID = REHEARSALS[NETWORK].chainId;
const CHAIN_HEX = `0x${CHAIN_ID.toString(16)}`;
const RUN_DIR = path.join(REPO_ROOT, 'e2e', 'test-results', NETWORK);
const NODE_PORT = 8650;
const CUT_PROXY_PORT = 8651;
const API_PORT = 8892;
const SITE_PORT = 4120;
const NODE_URL = `http://127.0.0.1:${NODE_PORT}`;
const API_URL = `http://127.0.0.1:${API_PORT}`;
const SITE_URL = `http://127.0.0.1:${SITE_PORT}`;
const BSC_USDT = REHEARSALS[NETWORK].usdt;
const DEPLOYMENTS = path.join(RUN_DIR, 'deployments');
const RECORD_FILE = path.join(DEPLOYMENTS, `${CHAIN_ID}.json`);
const SCREENSHOTS = path.join(RUN_DIR, 'screenshots');
/** Hardhat's public test accounts: 0 deploys, 1 owns, 2 is the treasury (rehearsal.ts); 5 issues, 6 buys. */
const account = devnetAccount;
const DEPLOYER = account(0);
const u = (amount: string): bigint => parseUnits(amount, 18);

const ERC20 = ['function balanceOf(address) view returns (uint256)', 'function symbol() view returns (string)'];

test.describe.configure({ mode: 'serial' });

/** What marks each process as ours in /proc/<pid>/cmdline, so a recycled pid is never signalled. */
const processes = new OwnedProcesses(RUN_DIR, { node: 'hardhat', api: 'src/main.ts', site: 'serve.mjs' });

async function rpc(method: string, params: unknown[] = []): Promise<unknown> {
  const answer = await fetch(NODE_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const json = (await answer.json()) as { result?: unknown; error?: { message: string } };
  if (json.error) throw new Error(`${method}: ${json.error.message}`);
  return json.result;
}

/** `pnpm --filter @prds/contracts run deploy:network -- --network bsc …` as README gives it, against `rpcUrl`. */
async function deployNetwork(rpcUrl: string): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run(
      'pnpm',
      [
        '--filter',
        '@prds/contracts',
        'run',
        'deploy:network',
        '--',
        '--network',
        NETWORK,
        '--params',
        path.join(RUN_DIR, `${NETWORK}.params.json`),
        '--out',
        DEPLOYMENTS,
      ],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, PRDS_DEPLOY_RPC_URL: rpcUrl, PRDS_DEPLOYER_KEY: DEPLOYER.privateKey },
        timeout: 180_000,
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}${e.message}` };
  }
}

interface RehearsalRecord {
  chainId: number;
  deploymentBlock: number;
  contracts: Record<string, { address: string; abi: unknown[] }>;
  deployed: Record<string, { address: string }>;
}

const readRecord = (): RehearsalRecord => JSON.parse(fs.readFileSync(RECORD_FILE, 'utf8')) as RehearsalRecord;

let provider: JsonRpcProvider;
let record: RehearsalRecord;
let buildDir: string;

test.beforeAll(async () => {
  test.setTimeout(20 * 60_000);
  await processes.stopAll();
  for (const port of [NODE_PORT, CUT_PROXY_PORT, API_PORT, SITE_PORT]) {
    if (await isPortOpen(port)) throw new Error(`the BSC rehearsal needs port ${port} free (127.0.0.1)`);
  }
  fs.rmSync(DEPLOYMENTS, { recursive: true, force: true });
  fs.rmSync(path.join(RUN_DIR, 'api'), { recursive: true, force: true });
  fs.mkdirSync(SCREENSHOTS, { recursive: true });

  // The rehearsal node: chain 56 (or 97), a block a second besides the transactions' own, so confirmations come.
  const hardhat = require.resolve('hardhat/internal/cli/bootstrap', { paths: [path.join(REPO_ROOT, 'contracts')] });
  await processes.start('node', [process.execPath, hardhat, 'node', '--hostname', '127.0.0.1', '--port', String(NODE_PORT)], {
    cwd: path.join(REPO_ROOT, 'contracts'),
    env: { PRDS_HARDHAT_CHAIN_ID: String(CHAIN_ID) },
    ready: /Started HTTP and WebSocket JSON-RPC server/,
    timeoutMs: 60_000,
  });
  provider = new JsonRpcProvider(NODE_URL, CHAIN_ID, { batchMaxCount: 1, cacheTimeout: -1, staticNetwork: true });
  expect(await rpc('eth_chainId')).toBe(CHAIN_HEX);

  await run(
    'pnpm',
    ['--filter', '@prds/contracts', 'run', 'rehearsal', '--', '--network', NETWORK, '--rpc-url', NODE_URL, '--out', RUN_DIR],
    { cwd: REPO_ROOT, timeout: 60_000 },
  );
  expect(await new Contract(BSC_USDT, ERC20, provider).getFunction('symbol')()).toBe('USDT');

  // Interrupted after two contracts: the third broadcast never reaches the node.
  const cut = await startCuttingProxy({ nodePort: NODE_PORT, port: CUT_PROXY_PORT, cutAt: 3 });
  const interrupted = await deployNetwork(`http://127.0.0.1:${CUT_PROXY_PORT}`);
  await cut.close();
  expect(interrupted.ok, interrupted.output).toBe(false);
  const journal = JSON.parse(fs.readFileSync(path.join(DEPLOYMENTS, `${CHAIN_ID}.journal.json`), 'utf8')) as {
    steps: Record<string, { status: string; address?: string }>;
  };
  const done = Object.entries(journal.steps).filter(([, step]) => step.status === 'done');
  expect(done.map(([name]) => name)).toEqual(['PRDS', 'License']);
  expect(fs.existsSync(RECORD_FILE)).toBe(false);
  expect(await provider.getTransactionCount(DEPLOYER.address)).toBe(2);

  // Run again: it finishes the rest and keeps the two contracts it had.
  const resumed = await deployNetwork(NODE_URL);
  expect(resumed.ok, resumed.output).toBe(true);
  expect(resumed.output).toContain(`resuming the deployment on chain ${CHAIN_ID}`);
  record = readRecord();
  expect(record.deployed.PRDS?.address).toBe(journal.steps.PRDS?.address);
  expect(record.deployed.License?.address).toBe(journal.steps.License?.address);
  expect(record.contracts.payToken?.address).toBe(BSC_USDT);
  expect(record.contracts.payTokenFaucet).toBeUndefined();
  const nonce = await provider.getTransactionCount(DEPLOYER.address);

  // A third run is a no-op: nothing sent, the record unchanged.
  const again = await deployNetwork(NODE_URL);
  expect(again.ok, again.output).toBe(true);
  expect(again.output).toContain('nothing to do');
  expect(await provider.getTransactionCount(DEPLOYER.address)).toBe(nonce);
  expect(readRecord()).toEqual(record);

  // The product built for BSC with this deployment.
  // The test command's prebuilt product is BSC's (scripts/build-bsc-rehearsal.sh); a testnet build is
  // reused only when named as one (PRDS_E2E_BSC_TESTNET_BUILD), never the BSC one.
  const reuse = (NETWORK === 'bsc' ? process.env.PRDS_E2E_BSC_BUILD : process.env.PRDS_E2E_BSC_TESTNET_BUILD)?.trim();
  buildDir = reuse ? path.resolve(reuse) : path.join(RUN_DIR, 'build');
  if (!reuse) {
    fs.rmSync(buildDir, { recursive: true, force: true });
    const build = await run(
      process.execPath,
      [
        'scripts/build-network.mjs',
        '--network',
        NETWORK,
        '--out',
        buildDir,
        '--api-url',
        API_URL,
        '--rpc-url',
        NODE_URL,
        '--deployments',
        DEPLOYMENTS,
      ],
      { cwd: REPO_ROOT, timeout: 15 * 60_000, maxBuffer: 64 * 1024 * 1024 },
    );
    fs.writeFileSync(path.join(RUN_DIR, 'build.log'), build.stdout + build.stderr);
  }
  const generated = fs.readFileSync(path.join(buildDir, 'contracts-generated', 'index.ts'), 'utf8');
  expect(generated.toLowerCase()).toContain(record.contracts.markets?.address.toLowerCase());

  // The api on its own SQLite file, reading the deployment record; BSC's confirmations are 15 by
  // default — the rehearsal node mines a block a second, so it waits 3 to keep the journey short.
  await processes.start('api', [process.execPath, '-r', './scripts/register.cjs', 'src/main.ts'], {
    cwd: path.join(REPO_ROOT, 'api'),
    env: {
      PRDS_API_HOST: '127.0.0.1',
      PRDS_API_PORT: String(API_PORT),
      PRDS_API_DATA_DIR: path.join(RUN_DIR, 'api'),
      PRDS_RPC_URL: NODE_URL,
      PRDS_CHAIN_ID: String(CHAIN_ID),
      PRDS_DEPLOYMENT_FILE: RECORD_FILE,
      PRDS_CONFIRMATIONS: '3',
      PRDS_CORS_ORIGINS: SITE_URL,
      PRDS_INDEXER: '1',
      DATABASE_URL: '',
    },
    ready: /API READY/,
    timeoutMs: 60_000,
  });
  await rpc('evm_setIntervalMining', [1000]);

  await processes.start(
    'site',
    [
      process.execPath,
      'scripts/serve.mjs',
      '--base-port',
      String(SITE_PORT),
      '--only',
      'host',
      '--host-dist',
      path.join(buildDir, 'host'),
      '--releases',
      path.join(buildDir, 'releases'),
      '--api-url',
      API_URL,
      '--rpc-url',
      NODE_URL,
    ],
    { cwd: REPO_ROOT, ready: new RegExp(`READY host ${SITE_URL}`), timeoutMs: 20_000 },
  );
});

test.afterAll(async () => {
  provider?.destroy();
  for (const name of ['site', 'api', 'node'] as const) await processes.stop(name);
});

const usdtOf = (address: string): Promise<bigint> =>
  new Contract(BSC_USDT, ERC20, provider).getFunction('balanceOf')(address) as Promise<bigint>;

const contractOf = (role: string): Contract => {
  const entry = record.contracts[role];
  if (!entry) throw new Error(`no ${role} in the deployment record`);
  return new Contract(entry.address, entry.abi as never, provider);
};

/** Clicks `submit` and waits until the page's tx-status reaches confirmed (every phase recorded); fails on failed/cancelled. */
async function confirmTransaction(page: Page, submit: Locator, timeout = 90_000): Promise<void> {
  await page.evaluate(() => {
    const seen = (window as unknown as { __txPhases?: string[] }).__txPhases;
    if (seen) seen.length = 0;
  });
  await submit.click();
  await expect
    .poll(
      async () => {
        const phases = await txPhases(page);
        const bad = phases.find((phase) => phase === 'failed' || phase === 'cancelled');
        if (bad) throw new Error(`${bad}: ${(await page.getByTestId('tx-status').allInnerTexts()).join(' | ')}`);
        return phases.includes('confirmed');
      },
      { timeout, intervals: [250] },
    )
    .toBe(true);
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** A whole minute at least `seconds` after the chain's now. */
async function chainMinute(seconds: number): Promise<number> {
  const block = await provider.getBlock('latest');
  return Math.ceil(((block?.timestamp ?? 0) + seconds) / 60) * 60;
}

async function openSite(browser: Browser, key: Wallet | HDNodeWallet): Promise<{ page: Page; wallet: TestWallet }> {
  const context = await browser.newContext({
    baseURL: SITE_URL,
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    timezoneId: 'UTC',
    colorScheme: 'light',
  });
  const page = await context.newPage();
  await recordTxPhases(page);
  const wallet = await installTestWallet(page, {
    privateKey: key.privateKey,
    chainId: CHAIN_HEX,
    rpcUrl: NODE_URL,
    rpcChainId: CHAIN_HEX,
  });
  return { page, wallet };
}

const issuer = account(5);
const buyer = account(6);

test(`on chain ${CHAIN_ID} in the production build: connect with no dev wallet offered, /deposit on BNB Smart Chain with no faucet and USDT read at its BSC address`, async ({
  browser,
}) => {
  const { page, wallet } = await openSite(browser, issuer);

  await test.step('connect: the wallet dialog offers no dev wallet', async () => {
    await page.goto('/');
    await expect(page.getByTestId('page-home')).toBeVisible();
    await page.getByTestId('wallet-connect').click();
    const dialog = page.getByTestId('wallet-dialog');
    await expect(dialog.locator('[data-testid^="wallet-option-injected-"]').first()).toBeVisible();
    await expect(dialog.getByTestId('wallet-dev-section')).toHaveCount(0);
    await expect(dialog.getByTestId('wallet-option-dev')).toHaveCount(0);
    await screenshot(page, 'connect-dialog');
    await dialog.locator('[data-testid^="wallet-option-injected-"]').filter({ hasText: 'Test Wallet' }).click();
    await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(issuer.address));
    expect(wallet.callsTo('wallet_switchEthereumChain', 'wallet_addEthereumChain')).toEqual([]);
  });

  await test.step('/deposit: BNB Smart Chain, no faucet', async () => {
    await page.goto('/deposit');
    await expect(page.getByTestId('page-deposit')).toBeVisible();
    await expect(page.getByTestId('deposit-network')).toHaveAttribute('data-chain-id', String(CHAIN_ID));
    // The api reads the balance at BSC USDT's address: the rehearsal gave every test account 100000.
    await expect
      // '--' until the first balance read answers (parseDisplayedAmount throws on it, which ends a poll).
      .poll(
        async () => {
          const shown = await page.getByTestId('deposit-balances-USDT').innerText();
          return shown.trim() === '--' ? null : parseDisplayedAmount(shown);
        },
        { timeout: 15_000 },
      )
      .toBe(100_000);
    await expect(page.getByTestId('deposit-faucet')).toHaveCount(0);
    // The QR's encoder is a lazily loaded chunk: in the BSC build too it must load (its pins, the CSP).
    await expect(page.getByTestId('deposit-qr').locator('svg')).toBeVisible();
    await screenshot(page, 'deposit');
  });

  await page.context().close();
});

test(`on chain ${CHAIN_ID}: mint a License, issue a market with it, buy into it with USDT at its BSC address, claim PRDS`, async ({
  browser,
}) => {
  test.setTimeout(6 * 60_000);
  const { page, wallet } = await openSite(browser, issuer);
  await page.goto('/');
  await connectInjectedWallet(page);
  await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(issuer.address));

  let licenseId = 0n;
  await test.step('License mint: 100 USDT paid from the BSC USDT address', async () => {
    const license = contractOf('license');
    const before = await usdtOf(issuer.address);
    await page.goto('/nft');
    const card = page.getByTestId('license-type-common');
    await expect(card.getByTestId('license-type-price')).toHaveAttribute('data-value', String(u('100')));
    await confirmTransaction(page, card.getByTestId('license-mint'));
    licenseId = (await license.getFunction('totalMinted')()) as bigint;
    expect(((await license.getFunction('ownerOf')(licenseId)) as string).toLowerCase()).toBe(issuer.address.toLowerCase());
    expect(before - (await usdtOf(issuer.address))).toBe(u('100'));
    await screenshot(page, 'license-minted');
  });

  let marketId = '';
  const event = `Will the BSC rehearsal ${Date.now().toString(36)} go live?`;
  await test.step('issue a market with the License: liquidity and margin paid in USDT', async () => {
    const markets = contractOf('markets');
    const params = (await markets.getFunction('params')()) as { minLiquidity: bigint; minMargin: bigint };
    const before = await usdtOf(issuer.address);
    await page.goto(`/issue?license=${licenseId}`);
    await expect(page.getByTestId('issue-form')).toBeVisible();
    await expect(page.locator(`[data-testid="issue-license-option"][data-license-id="${licenseId}"] input`)).toBeChecked();
    await page.getByTestId('issue-event').fill(event);
    await page.getByTestId('issue-option').nth(0).fill('Yes');
    await page.getByTestId('issue-option').nth(1).fill('No');
    await page.getByTestId('issue-category').selectOption('crypto');
    await page.getByTestId('issue-description').fill('Resolves Yes when the product runs on BNB Smart Chain.');
    await page.getByTestId('issue-resolution-source').fill('The project’s announcement');
    await page.getByTestId('issue-url').fill('https://example.org/bsc');
    await page.getByTestId('issue-content').fill('The announcement names the day it went live.');
    await typeMoment(page, page.getByTestId('issue-last-trading-time'), await chainMinute(2 * 3600));
    await typeMoment(page, page.getByTestId('issue-expiration-time'), await chainMinute(3 * 3600));
    await page.getByTestId('issue-liquidity').fill('100');
    await page.getByTestId('issue-margin').fill('100');
    expect(params.minLiquidity).toBe(u('100'));
    expect(params.minMargin).toBe(u('100'));
    await page.getByTestId('issue-submit').click();
    await expect(page.getByTestId('issue-success')).toBeVisible({ timeout: 90_000 });
    await screenshot(page, 'issue-success');
    await page.waitForURL(/\/detail\/\d+$/, { timeout: 60_000 });
    marketId = /\/detail\/(\d+)$/.exec(page.url())?.[1] ?? '';
    expect(before - (await usdtOf(issuer.address))).toBe(u('200'));
    await expect(page.getByTestId('detail-event')).toHaveText(event);
  });

  await test.step('another account buys with USDT; the position is on chain', async () => {
    await wallet.setAccount(buyer.privateKey);
    await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(buyer.address));
    const before = await usdtOf(buyer.address);
    await page.goto(`/detail/${marketId}`);
    const form = page.getByTestId('buy-form');
    await expect(form).toBeVisible();
    await form.getByTestId('buy-option-0').click();
    await form.getByTestId('buy-amount').fill('10');
    await confirmTransaction(page, form.getByTestId('buy-submit'));
    expect(before - (await usdtOf(buyer.address))).toBe(u('10'));
    const [stake] = (await contractOf('markets').getFunction('positionOf')(BigInt(marketId), buyer.address, 0)) as [bigint];
    expect(stake).toBeGreaterThan(0n);
    await screenshot(page, 'bought');
  });

  await test.step('claim: the buyer receives the claim amount of PRDS', async () => {
    const prds = contractOf('platformToken');
    const before = (await prds.getFunction('balanceOf')(buyer.address)) as bigint;
    await page.goto('/claim');
    await expect(page.getByTestId('page-claim')).toBeVisible();
    await expect(page.getByTestId('claim-eligibility')).toHaveAttribute('data-eligibility', 'eligible', { timeout: 30_000 });
    await confirmTransaction(page, page.getByTestId('claim-button'));
    expect(((await prds.getFunction('balanceOf')(buyer.address)) as bigint) - before).toBe(u('100'));
    await screenshot(page, 'claimed');
  });

  await page.context().close();
});
