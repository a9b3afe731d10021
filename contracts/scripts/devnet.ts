import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import net from "node:net";
import { JsonRpcProvider, type Signer } from "ethers";
import { CONTRACTS_ROOT } from "./artifacts";
import { deployProtocol } from "./deploy";
import { writeDeployment, writeGeneratedModule } from "./generate";
import { DEFAULT_SITE_ORIGINS, parseOrigins, startRpcOriginGuard } from "./rpcOriginGuard";
import { seed, writeSeedFile } from "./seed";

/**
 * `pnpm --filter @prds/contracts run devnet`: a `hardhat node` on 127.0.0.1:$DEVNET_PORT (8545) whose
 * clock starts 30 days in the past ($DEVNET_INITIAL_DATE overrides), with the protocol deployed,
 * deployments/31337.json and generated/index.ts rewritten, and demo data seeded up to wall time
 * ($DEVNET_SEED=0 skips the seed). Prints `DEVNET READY <url>` and runs until killed.
 *
 * The node itself listens on an internal loopback port; $DEVNET_PORT is rpcOriginGuard's proxy in
 * front of it, which answers pages of the site's origins ($DEVNET_CORS_ORIGINS, comma-separated;
 * default the site's 3000–3005 on 127.0.0.1 and localhost) and clients that send no Origin (the
 * api, scripts, tests), and refuses every other origin: the node's accounts are unlocked.
 *
 * Blocks are mined per transaction. $DEVNET_BLOCK_INTERVAL_MS (e.g. 3000, BSC's pace) also mines
 * empty blocks so the latest block's time, the protocol's "now", follows wall time while idle; it is
 * off by default because an interval block can take a timestamp a test set for its own next block.
 */

const HOST = "127.0.0.1";
const CHAIN_ID = 31337;
const port = Number(process.env.DEVNET_PORT ?? 8545);
const url = `http://${HOST}:${port}`;
const siteOrigins = process.env.DEVNET_CORS_ORIGINS?.trim()
  ? parseOrigins(process.env.DEVNET_CORS_ORIGINS)
  : [...DEFAULT_SITE_ORIGINS];
const initialDate = process.env.DEVNET_INITIAL_DATE ?? new Date(Date.now() - 30 * 24 * 60 * 60 * 1000).toISOString();
const withSeed = process.env.DEVNET_SEED !== "0";
const verbose = process.env.DEVNET_VERBOSE === "1";
const blockIntervalMs = Number(process.env.DEVNET_BLOCK_INTERVAL_MS ?? 0);

const hardhatCli = require.resolve("hardhat/internal/cli/bootstrap", { paths: [CONTRACTS_ROOT] });

function hardhat(args: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  return spawn(process.execPath, [hardhatCli, ...args], {
    cwd: CONTRACTS_ROOT,
    env,
    stdio: ["ignore", verbose ? "inherit" : "ignore", "inherit"],
  });
}

/** A loopback port nothing listens on now, for the node behind the guard. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitForRpc(provider: JsonRpcProvider, node: ChildProcess, nodeUrl: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (node.exitCode !== null) throw new Error(`hardhat node exited with code ${node.exitCode}`);
    try {
      const chainId = (await provider.send("eth_chainId", [])) as string;
      if (Number(chainId) !== CHAIN_ID) throw new Error(`unexpected chain id ${chainId} at ${nodeUrl}`);
      return;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("unexpected chain id")) throw error;
      if (Date.now() > deadline) throw new Error(`no JSON-RPC answer at ${nodeUrl} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function main(): Promise<void> {
  execFileSync(process.execPath, [hardhatCli, "compile", "--quiet"], { cwd: CONTRACTS_ROOT, stdio: "inherit" });

  const nodePort = await freePort();
  const nodeUrl = `http://${HOST}:${nodePort}`;
  const node = hardhat(["node", "--hostname", HOST, "--port", String(nodePort)], {
    ...process.env,
    DEVNET_INITIAL_DATE: initialDate,
  });
  const stop = (): void => {
    if (node.exitCode === null) node.kill("SIGTERM");
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  // When run through pnpm, a Ctrl-C may end pnpm without reaching this process: an orphaned devnet
  // would keep the port, so it stops once its parent is gone.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop();
  }, 1000).unref();
  node.on("exit", (code, signal) => {
    process.exit(code ?? (signal ? 0 : 1));
  });

  try {
    // One request at a time and no cache: batching slowed the node and the cache served stale nonces.
    // Deploying and seeding talk to the node directly; everyone else goes through the guard.
    const provider = new JsonRpcProvider(nodeUrl, CHAIN_ID, { batchMaxCount: 1, cacheTimeout: -1, staticNetwork: true });
    await waitForRpc(provider, node, nodeUrl);
    const blockNumber = await provider.getBlockNumber();
    if (blockNumber !== 0) {
      throw new Error(`the chain at ${nodeUrl} is not fresh (block ${blockNumber}); is another node on port ${nodePort}?`);
    }
    await startRpcOriginGuard({ host: HOST, port, upstreamHost: HOST, upstreamPort: nodePort, allowedOrigins: siteOrigins });
    console.log(`JSON-RPC on ${url} (node on ${nodeUrl}) for clients without an Origin and pages of ${siteOrigins.join(", ")}`);

    const accounts = (await provider.send("eth_accounts", [])) as string[];
    const signers: Signer[] = await Promise.all(accounts.map((account) => provider.getSigner(account)));
    const [deployer] = signers;
    if (!deployer) throw new Error("the node has no unlocked accounts");

    const protocol = await deployProtocol(deployer);
    writeDeployment(CHAIN_ID, protocol.deploymentBlock, protocol.roles);
    writeGeneratedModule();
    console.log(
      `deployed: ${Object.entries(protocol.addresses)
        .map(([name, address]) => `${name} ${address}`)
        .join(", ")}`,
    );

    if (withSeed) {
      const started = Date.now();
      const result = await seed(
        {
          signers,
          setNextBlockTime: async (timestamp) => {
            await provider.send("evm_setNextBlockTimestamp", [timestamp]);
          },
          mine: async () => {
            await provider.send("evm_mine", []);
          },
          latestTimestamp: async () => {
            const block = await provider.getBlock("latest");
            if (!block) throw new Error("no latest block");
            return block.timestamp;
          },
        },
        protocol,
      );
      const file = writeSeedFile(CHAIN_ID, result);
      console.log(
        `seeded ${result.markets.length} markets and ${result.licenses.length} Licenses in ${((Date.now() - started) / 1000).toFixed(1)} s (${file})`,
      );
    }
    if (blockIntervalMs > 0) await provider.send("evm_setIntervalMining", [blockIntervalMs]);
    console.log(`DEVNET READY ${url}`);
  } catch (error) {
    console.error(error);
    stop();
    process.exitCode = 1;
  }
}

void main();
