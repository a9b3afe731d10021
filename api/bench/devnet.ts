import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { JsonRpcProvider } from "ethers";
import { deployProtocol, type Protocol } from "@prds/contracts/deploy";
import { freePort } from "../test/helpers/devnet";

/**
 * The indexer benchmark's devnet: a `hardhat node` on its own 127.0.0.1 port like the tests'
 * (test/helpers/devnet.ts), started with bench/devnet.hardhat.config.cjs so that it keeps no
 * stack-trace data per transaction (see that file), with the protocol deployed.
 */
export interface BenchDevnet {
  url: string;
  port: number;
  provider: JsonRpcProvider;
  protocol: Protocol;
  latestTimestamp(): Promise<number>;
  /** The node's resident memory in MB (Linux /proc), or null when it cannot be read. */
  rssMb(): number | null;
  stop(): Promise<void>;
}

const HARDHAT_CLI = require.resolve("hardhat/internal/cli/bootstrap", { paths: [path.resolve(__dirname, "..")] });
const CONFIG = path.join(__dirname, "devnet.hardhat.config.cjs");

export async function startBenchDevnet(): Promise<BenchDevnet> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const scratch = mkdtempSync(path.join(tmpdir(), "prds-bench-hardhat-"));
  mkdirSync(path.join(scratch, "artifacts"), { recursive: true });
  const node: ChildProcess = spawn(
    process.execPath,
    [HARDHAT_CLI, "--config", CONFIG, "node", "--hostname", "127.0.0.1", "--port", String(port)],
    {
      // Hardhat insists on a local installation near the working directory: the api package has one.
      cwd: path.resolve(__dirname, ".."),
      env: { ...process.env, PRDS_BENCH_HARDHAT_DIR: scratch },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  node.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const stop = async (): Promise<void> => {
    provider.destroy();
    if (node.exitCode === null && node.signalCode === null) {
      await new Promise<void>((resolve) => {
        node.once("exit", () => resolve());
        node.kill("SIGTERM");
        setTimeout(() => node.kill("SIGKILL"), 5000).unref();
      });
    }
    rmSync(scratch, { recursive: true, force: true });
  };
  const provider = new JsonRpcProvider(url, 31337, { batchMaxCount: 1, cacheTimeout: -1, staticNetwork: true });
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      if (node.exitCode !== null) throw new Error(`hardhat node exited (${node.exitCode}): ${stderr}`);
      try {
        await provider.send("eth_chainId", []);
        break;
      } catch {
        if (Date.now() > deadline) throw new Error(`hardhat node on ${url} did not answer within 60 s: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    const accounts = (await provider.send("eth_accounts", [])) as string[];
    const deployer = await provider.getSigner(accounts[0]);
    const protocol = await deployProtocol(deployer);
    return {
      url,
      port,
      provider,
      protocol,
      latestTimestamp: async () => {
        const block = await provider.getBlock("latest");
        if (!block) throw new Error("no latest block");
        return block.timestamp;
      },
      rssMb: () => {
        try {
          const status = readFileSync(`/proc/${node.pid}/status`, "utf8");
          const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
          return kb ? Math.round(Number(kb) / 1024) : null;
        } catch {
          return null;
        }
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
