import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { JsonRpcProvider } from "ethers";
import { CONTRACTS_ROOT } from "@prds/contracts/artifacts";
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

const COMPILE_COMMAND = "pnpm --filter @prds/contracts run compile";
/** The artifacts deployProtocol reads (contracts/scripts/deploy.ts), git-ignored: absent on a fresh clone. */
const DEPLOYED_ARTIFACTS = [
  ...["PRDS", "DevUSDT", "License", "LicenseMarketplace", "Claim", "Markets", "MarketsDisputes"].map(
    (name) => `contracts/${name}.sol/${name}.json`,
  ),
  "contracts/interfaces/IMarkets.sol/IMarkets.json",
];
const missingArtifacts = (): string[] =>
  DEPLOYED_ARTIFACTS.filter((file) => !existsSync(path.join(CONTRACTS_ROOT, "artifacts", file)));

/**
 * Compiles the contracts when an artifact the deployment reads is missing (a fresh clone: the
 * artifacts are git-ignored), with the same command a person would run; it writes only the
 * git-ignored artifacts and cache (the generated module and deployment record it rewrites are
 * unchanged when the sources are). When that fails, says in one line what to run.
 */
export function ensureContractArtifacts(log: (message: string) => void = console.log): void {
  const missing = missingArtifacts();
  if (missing.length === 0) return;
  log(
    `contracts/artifacts has no ${path.basename(missing[0] ?? "")}${missing.length > 1 ? ` (and ${missing.length - 1} more)` : ""}: compiling the contracts first (${COMPILE_COMMAND}, about a minute)`,
  );
  const started = Date.now();
  // Through the pnpm that runs this benchmark when there is one, else the one on PATH.
  const pnpm = process.env.npm_execpath?.includes("pnpm") ? process.env.npm_execpath : null;
  const [command, args] =
    pnpm?.endsWith(".cjs") || pnpm?.endsWith(".js")
      ? [process.execPath, [pnpm, "--filter", "@prds/contracts", "run", "compile"]]
      : ["pnpm", ["--filter", "@prds/contracts", "run", "compile"]];
  // Its output goes to stderr: the list benchmark's back end reads its own stdout.
  const run = spawnSync(command, args, { cwd: path.resolve(CONTRACTS_ROOT, ".."), stdio: ["ignore", 2, 2] });
  if (run.status !== 0 || missingArtifacts().length > 0) {
    const why = run.error ? run.error.message : `exit ${run.status ?? run.signal}`;
    throw new Error(`the contracts are not compiled (${why}): run \`${COMPILE_COMMAND}\` first, then this benchmark again`);
  }
  log(`contracts compiled in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

export async function startBenchDevnet(): Promise<BenchDevnet> {
  ensureContractArtifacts();
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
