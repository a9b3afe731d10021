import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { JsonRpcProvider, type JsonRpcSigner } from "ethers";
import { deployProtocol, type Protocol } from "@prds/contracts/deploy";

/**
 * A real `hardhat node` on its own 127.0.0.1 port with the protocol deployed: each api suite gets
 * one, so suites that move the chain's clock or revert snapshots never disturb each other.
 */
export interface Devnet {
  url: string;
  port: number;
  provider: JsonRpcProvider;
  signers: JsonRpcSigner[];
  protocol: Protocol;
  /** Moves chain time forward by `seconds` and mines a block. */
  increaseTime(seconds: number): Promise<void>;
  mine(blocks?: number): Promise<void>;
  snapshot(): Promise<string>;
  revert(id: string): Promise<void>;
  latestTimestamp(): Promise<number>;
  stop(): Promise<void>;
}

const CONTRACTS_ROOT = path.dirname(require.resolve("@prds/contracts/package.json"));
const HARDHAT_CLI = require.resolve("hardhat/internal/cli/bootstrap", { paths: [CONTRACTS_ROOT] });

const WATCHDOG = `
const { spawn } = require("node:child_process");
const child = spawn(process.execPath, process.argv.slice(1), { stdio: "inherit" });
const parent = process.ppid;
setInterval(() => { if (process.ppid !== parent) { child.kill("SIGKILL"); process.exit(0); } }, 1000).unref();
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
`;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (!address || typeof address === "string") return reject(new Error("no port"));
      server.close(() => resolve(address.port));
    });
  });
}

export interface DevnetOptions {
  /** ISO date the chain's clock starts at (default: now). */
  initialDate?: string;
  /** Skip deploying (a bare chain). */
  deploy?: boolean;
}

export async function startDevnet(options: DevnetOptions = {}): Promise<Devnet> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Through a watchdog that ends the node when the test process dies, even by SIGKILL: an orphaned
  // devnet keeps gigabytes of memory and its port.
  const node: ChildProcess = spawn(
    process.execPath,
    ["-e", WATCHDOG, HARDHAT_CLI, "node", "--hostname", "127.0.0.1", "--port", String(port)],
    {
      cwd: CONTRACTS_ROOT,
      env: { ...process.env, ...(options.initialDate ? { DEVNET_INITIAL_DATE: options.initialDate } : {}) },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  node.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const provider = new JsonRpcProvider(url, 31337, { batchMaxCount: 1, cacheTimeout: -1, staticNetwork: true });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (node.exitCode !== null) throw new Error(`hardhat node exited (${node.exitCode}): ${stderr}`);
    try {
      await provider.send("eth_chainId", []);
      break;
    } catch {
      if (Date.now() > deadline) {
        node.kill("SIGKILL");
        throw new Error(`hardhat node on ${url} did not answer within 60 s: ${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const accounts = (await provider.send("eth_accounts", [])) as string[];
  const signers = await Promise.all(accounts.map((account) => provider.getSigner(account)));
  const deployer = signers[0];
  if (!deployer) throw new Error("the devnet has no accounts");
  let protocol: Protocol;
  try {
    protocol = options.deploy === false ? (undefined as unknown as Protocol) : await deployProtocol(deployer);
  } catch (error) {
    node.kill("SIGKILL");
    throw error;
  }

  return {
    url,
    port,
    provider,
    signers,
    protocol,
    increaseTime: async (seconds) => {
      await provider.send("evm_increaseTime", [seconds]);
      await provider.send("evm_mine", []);
    },
    mine: async (blocks = 1) => {
      await provider.send("hardhat_mine", [`0x${blocks.toString(16)}`]);
    },
    snapshot: async () => (await provider.send("evm_snapshot", [])) as string,
    revert: async (id) => {
      const ok = (await provider.send("evm_revert", [id])) as boolean;
      if (!ok) throw new Error(`evm_revert ${id} failed`);
    },
    latestTimestamp: async () => {
      const block = await provider.getBlock("latest");
      if (!block) throw new Error("no latest block");
      return block.timestamp;
    },
    stop: async () => {
      provider.destroy();
      if (node.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        node.once("exit", () => resolve());
        node.kill("SIGTERM");
        setTimeout(() => node.kill("SIGKILL"), 5000).unref();
      });
    },
  };
}
