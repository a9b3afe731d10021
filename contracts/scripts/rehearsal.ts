import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getAddress, HDNodeWallet, JsonRpcProvider, parseUnits, type JsonRpcApiProvider } from "ethers";
import { isNetworkName, networkParamsFile, NETWORKS, parseNetworkParams, type NetworkName } from "./networkParams";
import { placeStandardToken, standardErc20RuntimeCode } from "./rehearsalToken";
import { cliMessage } from "./artifacts";

/**
 * `pnpm --filter @prds/contracts run rehearsal -- --network bsc --rpc-url URL --out DIR` prepares a
 * local Hardhat node started as BSC (PRDS_HARDHAT_CHAIN_ID=56, or 97 for the testnet) for the real
 * deployment command, the way a fork would look (README "Deploying to BSC"):
 *
 * - the network's pay token (BSC USDT at 0x55d3…7955) becomes a standard ERC-20's runtime code with
 *   name, symbol and balances in storage (rehearsalToken.ts): every Hardhat test account holds
 *   REHEARSAL_BALANCE USDT, nothing of ours is at that address and nobody can mint;
 * - DIR/<network>.params.json: the committed, reviewed parameters file with only what a person sets
 *   before a real deployment filled in — owner (a multisig in production; Hardhat account 1 here),
 *   treasury (account 2) — and one confirmation (the node mines on demand).
 *
 * It refuses any node that is not a local Hardhat node with the network's chain id: it never writes
 * code into a real chain (hardhat_setCode exists only on Hardhat). Run again, it leaves a placed token
 * alone.
 */

const PHRASE = "test test test test test test test test test test test junk";
/** Hardhat's public test accounts (the rehearsal's only keys): 0 deploys, 1 owns, 2 is the treasury. */
export const rehearsalAccount = (index: number): HDNodeWallet =>
  HDNodeWallet.fromPhrase(PHRASE, undefined, `m/44'/60'/0'/0/${index}`);
export const REHEARSAL_ACCOUNTS = 20;
export const REHEARSAL_BALANCE = parseUnits("100000", 18);

export interface RehearsalSetup {
  network: NetworkName;
  chainId: number;
  payToken: string;
  paramsFile: string;
  tokenPlaced: boolean;
}

export class RehearsalRefused extends Error {}

export async function prepareRehearsal(
  provider: JsonRpcApiProvider,
  options: { network: NetworkName; outDir: string; log?: (line: string) => void },
): Promise<RehearsalSetup> {
  const log = options.log ?? console.log;
  const { chainId } = NETWORKS[options.network];
  const nodeChainId = Number((await provider.getNetwork()).chainId);
  if (nodeChainId !== chainId) {
    throw new RehearsalRefused(
      `the node is chain ${nodeChainId}, not ${options.network}'s ${chainId}: start it with PRDS_HARDHAT_CHAIN_ID=${chainId}`,
    );
  }
  const client = String(await provider.send("web3_clientVersion", []));
  if (!/hardhat/i.test(client)) {
    throw new RehearsalRefused(`the node is "${client}", not a local Hardhat node: a rehearsal never writes into a real chain`);
  }

  const committed = JSON.parse(readFileSync(networkParamsFile(options.network), "utf8")) as Record<string, unknown>;
  const params = parseNetworkParams(
    { ...committed, owner: rehearsalAccount(1).address, treasury: rehearsalAccount(2).address, confirmations: 1 },
    `${options.network}.json (rehearsal)`,
  );
  const payToken = getAddress(params.payToken.address);

  const code = String(await provider.send("eth_getCode", [payToken, "latest"]));
  const tokenPlaced = code.toLowerCase() !== standardErc20RuntimeCode().toLowerCase();
  if (tokenPlaced) {
    if (code !== "0x") throw new RehearsalRefused(`${payToken} already holds other code: start from a fresh node`);
    const balances: Record<string, bigint> = {};
    for (let i = 0; i < REHEARSAL_ACCOUNTS; i += 1) balances[rehearsalAccount(i).address] = REHEARSAL_BALANCE;
    await placeStandardToken((method, args) => provider.send(method, args), {
      address: payToken,
      name: "Tether USD",
      symbol: params.payToken.symbol,
      balances,
    });
    log(
      `placed a standard ERC-20 (${params.payToken.symbol}) at ${payToken}; accounts 0–${REHEARSAL_ACCOUNTS - 1} hold 100000 each`,
    );
  } else {
    log(`${params.payToken.symbol} is at ${payToken} already`);
  }

  mkdirSync(options.outDir, { recursive: true });
  const paramsFile = path.join(options.outDir, `${options.network}.params.json`);
  writeFileSync(
    paramsFile,
    `${JSON.stringify({ ...committed, owner: params.owner, treasury: params.treasury, confirmations: params.confirmations }, null, 2)}\n`,
  );
  log(`wrote ${paramsFile} (owner ${params.owner}, treasury ${params.treasury})`);
  return { network: options.network, chainId, payToken, paramsFile, tokenPlaced };
}

function parseCli(argv: string[]): { network: NetworkName; rpcUrl: string; outDir: string } {
  const usage =
    "usage: pnpm --filter @prds/contracts run rehearsal -- --network bsc|bsc-testnet [--rpc-url http://127.0.0.1:8650] --out DIR";
  let network: string | null = null;
  let rpcUrl = "http://127.0.0.1:8650";
  let outDir: string | null = null;
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = (argv[i] ?? "").split("=", 2);
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new RehearsalRefused(`${flag} needs a value\n${usage}`);
      return v;
    };
    if (flag === "--network") network = value();
    else if (flag === "--rpc-url") rpcUrl = value();
    else if (flag === "--out") outDir = path.resolve(value());
    else if (flag === "--help" || flag === "-h") {
      console.log(usage);
      process.exit(0);
    } else if (flag !== "--") throw new RehearsalRefused(`unknown argument ${argv[i]}\n${usage}`);
  }
  if (network === null || !isNetworkName(network))
    throw new RehearsalRefused(`--network must be one of ${Object.keys(NETWORKS).join(", ")}\n${usage}`);
  if (outDir === null) throw new RehearsalRefused(`--out is required\n${usage}`);
  return { network, rpcUrl, outDir };
}

async function main(): Promise<void> {
  const cli = parseCli(process.argv.slice(2));
  // ethers retries an unreachable node without end; say at once which step comes first.
  const answer = await fetch(cli.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
    signal: AbortSignal.timeout(5_000),
  }).catch(() => null);
  if (answer === null) throw new RehearsalRefused(`no node answers at ${cli.rpcUrl}: start the rehearsal node first (step 1)`);
  const provider = new JsonRpcProvider(cli.rpcUrl, undefined, { batchMaxCount: 1, cacheTimeout: -1 });
  try {
    await prepareRehearsal(provider, { network: cli.network, outDir: cli.outDir });
  } finally {
    provider.destroy();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof RehearsalRefused ? `rehearsal refused: ${error.message}` : (cliMessage(error) ?? error));
    process.exitCode = 1;
  });
}
