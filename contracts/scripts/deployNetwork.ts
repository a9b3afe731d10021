import { execFileSync } from "node:child_process";
import path from "node:path";
import {
  Contract,
  ContractFactory,
  getAddress,
  getCreateAddress,
  JsonRpcProvider,
  keccak256,
  Wallet,
  type Provider,
  type Signer,
  type TransactionReceipt,
  type TransactionRequest,
} from "ethers";
import { cliMessage, CONTRACTS_ROOT } from "./artifacts";
import { DEPLOYMENTS_DIR, writeGeneratedModule } from "./generate";
import {
  isNetworkName,
  networkParamsFile,
  NETWORKS,
  readNetworkParams,
  type NetworkName,
  type NetworkParams,
} from "./networkParams";
import { writeVerificationData } from "./verification";
import {
  addressesOf,
  artifactOf,
  DeployRefused,
  gitCommit,
  isPublicTestKey,
  journalFile,
  paramsHashOf,
  planSteps,
  readJson,
  recordFile,
  requireAll,
  STEP_NAMES,
  writeJson,
  type DeployedContractName,
  type DeployNetworkOptions,
  type Journal,
  type NetworkDeploymentRecord,
  type Step,
  type StepRecord,
} from "./deployNetworkPlan";
import { buildRecord, checkDeployment } from "./deployNetworkRecord";

/**
 * `pnpm --filter @prds/contracts run deploy:network -- --network bsc` deploys the protocol to a real
 * network with that chain's own pay token (BSC USDT) and the reviewed parameters of
 * contracts/networks/<network>.json, hands every admin role to the configured owner (a multisig), and
 * writes deployments/<chainId>.json (addresses, ABIs, deployment block, parameters, commit) with the
 * explorer's verification data beside it (deployments/<chainId>.verify/). RPC URL and deployer key come
 * from the environment (PRDS_DEPLOY_RPC_URL, PRDS_DEPLOYER_KEY), never from the repository.
 *
 * Idempotent: every transaction is signed, written to deployments/<chainId>.journal.json with its
 * nonce and hash, and only then broadcast. A run that stopped (a crash, a lost connection, Ctrl-C)
 * is simply run again: finished steps are skipped, a step whose transaction was sent is followed to
 * its receipt (or its own signed transaction broadcast again), so no contract is ever deployed twice.
 * Once deployments/<chainId>.json exists, a run checks it against the chain and does nothing.
 *
 * DevUSDT and the dev wallet have no path here: the pay token is the address in the parameters file,
 * which must already be a token with the app's symbol and decimals on that chain.
 */

export {
  DeployRefused,
  gitCommit,
  isPublicTestKey,
  journalFile,
  recordFile,
  STEP_NAMES,
  type DeployedContractName,
  type DeployNetworkHooks,
  type DeployNetworkOptions,
  type Journal,
  type NetworkDeploymentRecord,
  type StepName,
  type StepRecord,
} from "./deployNetworkPlan";
export { checkDeployment } from "./deployNetworkRecord";

const ERC20_READ_ABI = ["function decimals() view returns (uint8)", "function symbol() view returns (string)"] as const;

/** Pre-flight: the chain is the parameters' chain and its pay token is the token the app expects. */
async function checkChain(provider: Provider, params: NetworkParams): Promise<void> {
  const { chainId } = await provider.getNetwork();
  if (Number(chainId) !== params.chainId) {
    throw new DeployRefused(
      `the RPC serves chain ${chainId}, but the parameters are for ${params.network} (chain ${params.chainId})`,
    );
  }
  const code = await provider.getCode(params.payToken.address);
  if (code === "0x") {
    throw new DeployRefused(
      `payToken ${params.payToken.address} has no code on chain ${chainId}: the pay token must be the chain's own USDT`,
    );
  }
  const token = new Contract(params.payToken.address, ERC20_READ_ABI, provider);
  const [decimals, symbol] = await Promise.all([token.getFunction("decimals")(), token.getFunction("symbol")()]);
  if (Number(decimals) !== params.payToken.decimals || String(symbol) !== params.payToken.symbol) {
    throw new DeployRefused(
      `payToken ${params.payToken.address} is ${String(symbol)} with ${Number(decimals)} decimals on chain ${chainId}, ` +
        `not ${params.payToken.symbol} with ${params.payToken.decimals}`,
    );
  }
}

async function waitForReceipt(
  provider: Provider,
  txHash: string,
  confirmations: number,
  timeoutMs: number,
): Promise<TransactionReceipt> {
  const receipt = await provider.waitForTransaction(txHash, confirmations, timeoutMs);
  if (!receipt) throw new Error(`no receipt for ${txHash} within ${timeoutMs} ms`);
  return receipt;
}

const isAlreadyKnown = (error: unknown): boolean =>
  /already known|known transaction|nonce too low|already imported|AlreadyKnown/i.test(
    error instanceof Error ? error.message : String(error),
  );
/**
 * Deploys (or finishes deploying) the protocol to `params.chainId` with `signer` (a key: each
 * transaction is signed here and journaled before it is broadcast). Returns the deployment record.
 */
export async function deployNetwork(signer: Signer, options: DeployNetworkOptions): Promise<NetworkDeploymentRecord> {
  const { params, outDir } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const receiptTimeoutMs = options.receiptTimeoutMs ?? 10 * 60_000;
  const connected = signer.provider;
  if (!connected) throw new Error("deployNetwork needs a signer connected to a provider");
  const provider: Provider = connected;
  const deployer = getAddress(await signer.getAddress());
  const chainId = params.chainId;
  const paramsHash = paramsHashOf(params);
  const commit = options.commit ?? gitCommit(options.paramsFile);

  await checkChain(provider, params);

  const existing = readJson<NetworkDeploymentRecord>(recordFile(outDir, chainId));
  if (existing) {
    if (existing.paramsHash !== paramsHash) {
      throw new DeployRefused(
        `${recordFile(outDir, chainId)} records a deployment with other parameters; a deployment is never replaced in place ` +
          "(move the file away to deploy a second one)",
      );
    }
    await checkDeployment(provider, existing, params);
    log(`already deployed on chain ${chainId} (${recordFile(outDir, chainId)}): checked against the chain, nothing to do`);
    return existing;
  }

  const journalPath = journalFile(outDir, chainId);
  let journal = readJson<Journal>(journalPath);
  if (journal) {
    if (journal.chainId !== chainId || getAddress(journal.deployer) !== deployer) {
      throw new DeployRefused(
        `${journalPath} belongs to deployer ${journal.deployer} on chain ${journal.chainId}; resume it with that key, or move it away`,
      );
    }
    if (journal.paramsHash !== paramsHash) {
      throw new DeployRefused(
        `${journalPath} is an unfinished deployment with other parameters: restore them to finish it, or move the journal away ` +
          "(its contracts stay on chain, unused)",
      );
    }
    const done = STEP_NAMES.filter((name) => journal?.steps[name]?.status === "done");
    log(
      `resuming the deployment on chain ${chainId}: ${done.length} of ${STEP_NAMES.length} steps done (${done.join(", ") || "none"})`,
    );
  } else {
    journal = { chainId, deployer, paramsHash, startedAt: new Date().toISOString(), steps: {} };
    writeJson(journalPath, journal);
    log(`deploying to ${params.network} (chain ${chainId}) from ${deployer}; journal ${journalPath}`);
  }
  const save = () => writeJson(journalPath, journal);

  for (const step of planSteps(params, deployer)) {
    if (step.skip) continue;
    await runStep(step);
  }

  async function runStep(step: Step): Promise<void> {
    const j = journal as Journal;
    let record = j.steps[step.name];
    if (record?.status === "done") return;

    if (record?.status === "sent") {
      let receipt = await provider.getTransactionReceipt(record.txHash);
      if (!receipt) {
        const used = await provider.getTransactionCount(deployer, "latest");
        if (used > record.nonce && !(await provider.getTransaction(record.txHash))) {
          throw new DeployRefused(
            `the deployer's nonce ${record.nonce} (step ${step.name}) was used by a transaction this command did not send; ` +
              `check ${record.txHash} and the deployer's history before resuming`,
          );
        }
        if (used <= record.nonce) {
          log(`${step.name}: broadcasting its signed transaction ${record.txHash} again`);
          await provider.broadcastTransaction(record.raw).catch((error: unknown) => {
            if (!isAlreadyKnown(error)) throw error;
          });
        }
        log(`${step.name}: waiting for ${record.txHash}`);
        receipt = await waitForReceipt(provider, record.txHash, params.confirmations, receiptTimeoutMs);
      }
      finish(step, record, receipt);
      return;
    }

    // Nothing sent yet (or the last attempt reverted): sign, journal, broadcast.
    const [latest, pending] = await Promise.all([
      provider.getTransactionCount(deployer, "latest"),
      provider.getTransactionCount(deployer, "pending"),
    ]);
    if (pending !== latest) {
      throw new DeployRefused(
        `the deployer has ${pending - latest} pending transaction(s) this command did not send (nonces ${latest}–${pending - 1}); ` +
          "wait until they are mined or replaced, then run again",
      );
    }
    const addresses = requireAll(addressesOf(j), step.name);
    let request: TransactionRequest;
    if (step.kind === "deploy") {
      const artifact = artifactOf(step.name);
      request = await new ContractFactory(artifact.abi, artifact.bytecode).getDeployTransaction(...step.args(addresses));
    } else {
      const target = new Contract(addresses[step.contract], artifactOf(step.contract).abi);
      request = await target.getFunction(step.method).populateTransaction(...step.args(addresses));
    }
    const populated = await signer.populateTransaction({ ...request, from: deployer, nonce: latest, chainId });
    const raw = await signer.signTransaction(populated);
    record = {
      status: "sent",
      nonce: latest,
      txHash: keccak256(raw),
      raw,
      ...(step.kind === "deploy" ? { address: getCreateAddress({ from: deployer, nonce: latest }) } : {}),
    };
    j.steps[step.name] = record;
    save();
    log(`${step.name}: sent ${record.txHash} (nonce ${latest})`);
    await provider.broadcastTransaction(raw).catch((error: unknown) => {
      if (!isAlreadyKnown(error)) throw error;
    });
    await options.hooks?.afterBroadcast?.(step.name);
    const receipt = await waitForReceipt(provider, record.txHash, params.confirmations, receiptTimeoutMs);
    finish(step, record, receipt);
    await options.hooks?.afterStep?.(step.name);
  }

  function finish(step: Step, record: StepRecord, receipt: TransactionReceipt): void {
    record.block = receipt.blockNumber;
    record.gasUsed = receipt.gasUsed.toString();
    if (receipt.status !== 1) {
      record.status = "reverted";
      save();
      throw new Error(`${step.name} reverted in ${record.txHash} (block ${receipt.blockNumber}); fix the cause and run again`);
    }
    if (step.kind === "deploy" && receipt.contractAddress && getAddress(receipt.contractAddress) !== record.address) {
      throw new Error(`${step.name} was deployed at ${receipt.contractAddress}, not the expected ${record.address}`);
    }
    record.status = "done";
    save();
    log(
      `${step.name}: done in block ${receipt.blockNumber}${record.address ? ` at ${record.address}` : ""} (gas ${record.gasUsed})`,
    );
  }

  const record = buildRecord(journal, params, {
    deployer,
    paramsHash,
    commit,
    paramsFile: options.paramsFile,
  });
  await checkDeployment(provider, record, params);

  const verifyDir = path.join(outDir, `${chainId}.verify`);
  writeVerificationData(
    verifyDir,
    chainId,
    NETWORKS[params.network].explorer,
    (Object.keys(record.deployed) as DeployedContractName[]).map((name) => ({
      name,
      address: record.deployed[name].address,
      constructorArguments: record.deployed[name].constructorArguments,
    })),
  );
  writeJson(recordFile(outDir, chainId), record);
  const gas = STEP_NAMES.reduce((sum, name) => sum + BigInt(journal?.steps[name]?.gasUsed ?? 0), 0n);
  log(`deployed on chain ${chainId} in ${gas} gas: ${recordFile(outDir, chainId)}, verification data in ${verifyDir}`);
  return record;
}

// ---------------------------------------------------------------- command line

interface Cli {
  network: NetworkName;
  paramsFile: string;
  outDir: string;
  allowDirty: boolean;
}

function usage(): string {
  return [
    "usage: pnpm --filter @prds/contracts run deploy:network -- --network bsc|bsc-testnet [--params FILE] [--out DIR] [--allow-dirty]",
    "  environment: PRDS_DEPLOY_RPC_URL (the chain's JSON-RPC URL), PRDS_DEPLOYER_KEY (0x + 64 hex; pays the gas, keeps no role)",
    "  --params  the parameters file (default contracts/networks/<network>.json)",
    "  --out     where <chainId>.json, its journal and .verify/ go (default contracts/deployments: the app's configuration)",
  ].join("\n");
}

function parseCli(argv: string[]): Cli {
  let network: string | null = null;
  let paramsFile: string | null = null;
  let outDir = DEPLOYMENTS_DIR;
  let allowDirty = false;
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = (argv[i] ?? "").split("=", 2);
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new DeployRefused(`${flag} needs a value\n${usage()}`);
      return v;
    };
    if (flag === "--network") network = value();
    else if (flag === "--params") paramsFile = path.resolve(value());
    else if (flag === "--out") outDir = path.resolve(value());
    else if (flag === "--allow-dirty") allowDirty = true;
    else if (flag === "--help" || flag === "-h") {
      console.log(usage());
      process.exit(0);
    } else if (flag !== "--") throw new DeployRefused(`unknown argument ${argv[i]}\n${usage()}`);
  }
  if (network === null || !isNetworkName(network)) {
    throw new DeployRefused(`--network must be one of ${Object.keys(NETWORKS).join(", ")}\n${usage()}`);
  }
  return { network, paramsFile: paramsFile ?? networkParamsFile(network), outDir, allowDirty };
}

async function main(): Promise<void> {
  const cli = parseCli(process.argv.slice(2));
  const rpcUrl = process.env.PRDS_DEPLOY_RPC_URL?.trim();
  const key = process.env.PRDS_DEPLOYER_KEY?.trim();
  if (!rpcUrl) throw new DeployRefused("PRDS_DEPLOY_RPC_URL is not set: the chain's JSON-RPC URL");
  if (!key || !/^0x[0-9a-fA-F]{64}$/.test(key))
    throw new DeployRefused("PRDS_DEPLOYER_KEY must be the deployer's private key (0x + 64 hex digits)");
  const params = readNetworkParams(cli.paramsFile);
  if (params.network !== cli.network) throw new DeployRefused(`${cli.paramsFile} is for ${params.network}, not ${cli.network}`);

  // The bytecode deployed is the bytecode of these sources: compile first.
  const hardhatCli = require.resolve("hardhat/internal/cli/bootstrap", { paths: [CONTRACTS_ROOT] });
  execFileSync(process.execPath, [hardhatCli, "compile", "--quiet"], { cwd: CONTRACTS_ROOT, stdio: "inherit" });

  const official = path.resolve(cli.outDir) === path.resolve(DEPLOYMENTS_DIR);
  const commit = gitCommit(cli.paramsFile);
  const provider = new JsonRpcProvider(rpcUrl, undefined, { batchMaxCount: 1, cacheTimeout: -1 });
  const signer = new Wallet(key, provider);
  if (official) {
    // deployments/ is what the app and the api are built with: only a reviewed, committed state goes there.
    if (commit.dirty && !cli.allowDirty) {
      throw new DeployRefused(
        "the contracts or the parameters file differ from the last commit: commit them (the record names the commit) or pass --allow-dirty",
      );
    }
    if (isPublicTestKey(signer.address)) {
      throw new DeployRefused(
        `PRDS_DEPLOYER_KEY is one of Hardhat's public test keys (${signer.address}); never deploy a real network with it`,
      );
    }
  }
  const record = await deployNetwork(signer, { params, paramsFile: cli.paramsFile, outDir: cli.outDir, commit });
  if (official) {
    writeGeneratedModule();
    console.log("generated/index.ts and generated/chains.ts now include this chain: commit deployments/ and generated/");
  }
  console.log(
    Object.entries(record.contracts)
      .map(([role, entry]) => `${role} ${entry?.address}`)
      .join("\n"),
  );
  provider.destroy();
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof DeployRefused ? `deploy refused: ${error.message}` : (cliMessage(error) ?? error));
    process.exitCode = 1;
  });
}
