import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  Contract,
  ContractFactory,
  getAddress,
  getCreateAddress,
  HDNodeWallet,
  JsonRpcProvider,
  keccak256,
  toUtf8Bytes,
  Wallet,
  type InterfaceAbi,
  type Provider,
  type Signer,
  type TransactionReceipt,
  type TransactionRequest,
} from "ethers";
import { cliMessage, CONTRACTS_ROOT, loadArtifact } from "./artifacts";
import { licenseConstructorArgs } from "./deploy";
import { marketsAbi, marketsDepsTuple, marketsParamsTuple, type MarketsParams } from "./deployMarkets";
import { abiOf, DEPLOYMENTS_DIR, renderDeployment, writeGeneratedModule, type DeploymentFile } from "./generate";
import {
  isNetworkName,
  networkParamsFile,
  networkParamsRecord,
  NETWORKS,
  readNetworkParams,
  type NetworkName,
  type NetworkParams,
} from "./networkParams";
import { ROLES, type Role } from "./roles";
import { writeVerificationData } from "./verification";

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

export type DeployedContractName = "PRDS" | "License" | "LicenseMarketplace" | "MarketsDisputes" | "Markets" | "Claim";

/** Every step in order; a deploy step is named after its contract. */
export const STEP_NAMES = [
  "PRDS",
  "License",
  "LicenseMarketplace",
  "License.setMarketplace",
  "MarketsDisputes",
  "Markets",
  "License.setMarkets",
  "Claim",
  "PRDS.fundClaim",
  "PRDS.transferRemainder",
  "License.transferOwnership",
] as const;
export type StepName = (typeof STEP_NAMES)[number];

type Addresses = Partial<Record<DeployedContractName, string>>;

interface DeployStep {
  kind: "deploy";
  name: DeployedContractName;
  args(a: Required<Addresses>): unknown[];
  skip?: undefined;
}

interface CallStep {
  kind: "call";
  name: Exclude<StepName, DeployedContractName>;
  contract: DeployedContractName;
  method: string;
  args(a: Required<Addresses>): unknown[];
  /** True when there is nothing to send (e.g. no PRDS left to hand over). */
  skip?: boolean;
}

type Step = DeployStep | CallStep;

export interface StepRecord {
  /** sent: signed and written here before its broadcast; done: mined with status 1; reverted: mined and failed. */
  status: "sent" | "done" | "reverted";
  nonce: number;
  txHash: string;
  /** The signed transaction, broadcast again when a node lost it. */
  raw: string;
  /** A deployment's address (known from the deployer and nonce before it is mined). */
  address?: string;
  block?: number;
  gasUsed?: string;
}

export interface Journal {
  chainId: number;
  deployer: string;
  /** keccak256 of the resolved parameters: a resumed run must deploy what the first one started. */
  paramsHash: string;
  startedAt: string;
  steps: Partial<Record<StepName, StepRecord>>;
}

/** deployments/<chainId>.json of a real network: DeploymentFile (what generate.ts reads) and what an auditor needs. */
export interface NetworkDeploymentRecord extends DeploymentFile {
  network: NetworkName;
  contracts: Partial<Record<Role, { address: string; abi: unknown[] }>>;
  /** Every contract we deployed (MarketsDisputes too, which no client calls), as verified on the explorer. */
  deployed: Record<DeployedContractName, { address: string; txHash: string; block: number; constructorArguments: string }>;
  /** The wiring and hand-over transactions. */
  transactions: Partial<Record<StepName, { txHash: string; block: number }>>;
  deployer: string;
  owner: string;
  treasury: string;
  parametersFile: string;
  paramsHash: string;
  parameters: Record<string, unknown>;
  /** The commit the contracts were compiled from; dirty when the sources or the parameters differed from it. */
  commit: { hash: string | null; dirty: boolean };
  deployedAt: string;
  /** The explorer verification manifest, relative to the record. */
  verification: string;
}

export interface DeployNetworkHooks {
  /** After a step's transaction is broadcast, before its receipt (tests interrupt a run here). */
  afterBroadcast?(step: StepName): void | Promise<void>;
  /** After a step is recorded as done. */
  afterStep?(step: StepName): void | Promise<void>;
}

export interface DeployNetworkOptions {
  params: NetworkParams;
  /** The parameters file (recorded relative to contracts/). */
  paramsFile: string;
  /** Where <chainId>.json, .journal.json and .verify/ go: deployments/ for a real deployment. */
  outDir: string;
  commit?: { hash: string | null; dirty: boolean };
  log?: (line: string) => void;
  hooks?: DeployNetworkHooks;
  /** Time to wait for one transaction's confirmations. */
  receiptTimeoutMs?: number;
}

export class DeployRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DeployRefused";
  }
}

const ERC20_READ_ABI = ["function decimals() view returns (uint8)", "function symbol() view returns (string)"] as const;

function paramsHashOf(params: NetworkParams): string {
  return keccak256(toUtf8Bytes(JSON.stringify(networkParamsRecord(params))));
}

export function journalFile(outDir: string, chainId: number): string {
  return path.join(outDir, `${chainId}.journal.json`);
}

export function recordFile(outDir: string, chainId: number): string {
  return path.join(outDir, `${chainId}.json`);
}

function writeJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  // Written aside and renamed: a crash mid-write never leaves half a journal.
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temp, file);
}

function readJson<T>(file: string): T | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : null;
}

/** The commit HEAD and whether the sources a deployment compiles (or its parameters file) differ from it. */
export function gitCommit(paramsFile: string): { hash: string | null; dirty: boolean } {
  // A parameters file outside the repository (a rehearsal's) is in no commit: the deployment is dirty.
  const outside = path.relative(path.dirname(CONTRACTS_ROOT), path.resolve(paramsFile)).startsWith("..");
  const paths = [
    "contracts",
    "hardhat.config.cjs",
    "package.json",
    ...(outside ? [] : [path.relative(CONTRACTS_ROOT, paramsFile)]),
  ];
  try {
    const hash = execFileSync("git", ["rev-parse", "HEAD"], { cwd: CONTRACTS_ROOT, encoding: "utf8" }).trim();
    const status = execFileSync("git", ["status", "--porcelain", "--", ...paths], { cwd: CONTRACTS_ROOT, encoding: "utf8" });
    return { hash, dirty: outside || status.trim() !== "" };
  } catch {
    return { hash: null, dirty: true };
  }
}

/** Hardhat's default accounts: their keys are public, so they never deploy a real network. */
export function isPublicTestKey(address: string): boolean {
  const phrase = "test test test test test test test test test test test junk";
  for (let i = 0; i < 20; i += 1) {
    if (HDNodeWallet.fromPhrase(phrase, undefined, `m/44'/60'/0'/0/${i}`).address === getAddress(address)) return true;
  }
  return false;
}

function artifactOf(name: DeployedContractName): { abi: InterfaceAbi; bytecode: string } {
  return loadArtifact(name);
}

function planSteps(params: NetworkParams, deployer: string): Step[] {
  const { markets } = params;
  const deps = (a: Required<Addresses>) =>
    marketsDepsTuple({ payToken: params.payToken.address, prds: a.PRDS, license: a.License, treasury: params.treasury });
  const remainder = params.platformToken.supply - params.platformToken.claimFunding;
  return [
    { kind: "deploy", name: "PRDS", args: () => [deployer, params.platformToken.supply] },
    {
      kind: "deploy",
      name: "License",
      args: () => licenseConstructorArgs(params.payToken.address, params.treasury, params),
    },
    { kind: "deploy", name: "LicenseMarketplace", args: (a) => [a.License, params.maxRentalDays] },
    {
      kind: "call",
      name: "License.setMarketplace",
      contract: "License",
      method: "setMarketplace",
      args: (a) => [a.LicenseMarketplace],
    },
    { kind: "deploy", name: "MarketsDisputes", args: (a) => [deps(a), marketsParamsTuple(markets)] },
    { kind: "deploy", name: "Markets", args: (a) => [deps(a), marketsParamsTuple(markets), a.MarketsDisputes] },
    { kind: "call", name: "License.setMarkets", contract: "License", method: "setMarkets", args: (a) => [a.Markets] },
    { kind: "deploy", name: "Claim", args: (a) => [a.PRDS, a.Markets, params.claimAmount] },
    {
      kind: "call",
      name: "PRDS.fundClaim",
      contract: "PRDS",
      method: "transfer",
      args: (a) => [a.Claim, params.platformToken.claimFunding],
    },
    {
      kind: "call",
      name: "PRDS.transferRemainder",
      contract: "PRDS",
      method: "transfer",
      args: () => [params.platformToken.holder, remainder],
      skip: remainder === 0n || params.platformToken.holder === deployer,
    },
    {
      kind: "call",
      name: "License.transferOwnership",
      contract: "License",
      method: "transferOwnership",
      args: () => [params.owner],
      skip: params.owner === deployer,
    },
  ];
}

function addressesOf(journal: Journal): Addresses {
  const addresses: Addresses = {};
  for (const name of ["PRDS", "License", "LicenseMarketplace", "MarketsDisputes", "Markets", "Claim"] as const) {
    const step = journal.steps[name];
    if (step?.status === "done" && step.address) addresses[name] = step.address;
  }
  return addresses;
}

function requireAll(a: Addresses, step: StepName): Required<Addresses> {
  return new Proxy(a as Required<Addresses>, {
    get(target, key: DeployedContractName) {
      const value = target[key];
      if (value === undefined) throw new Error(`step ${step} needs ${key}, which is not deployed yet`);
      return value;
    },
  });
}

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

function buildRecord(
  journal: Journal,
  params: NetworkParams,
  meta: { deployer: string; paramsHash: string; commit: { hash: string | null; dirty: boolean }; paramsFile: string },
): NetworkDeploymentRecord {
  const addresses = addressesOf(journal);
  const steps = planSteps(params, meta.deployer);
  const deployed = {} as NetworkDeploymentRecord["deployed"];
  const transactions: NetworkDeploymentRecord["transactions"] = {};
  const full = requireAll(addresses, "License.transferOwnership");
  for (const step of steps) {
    const done = journal.steps[step.name];
    if (step.skip) continue;
    if (done?.status !== "done" || done.block === undefined) throw new Error(`step ${step.name} is not done`);
    if (step.kind === "deploy") {
      const artifact = artifactOf(step.name);
      const factory = new ContractFactory(artifact.abi, artifact.bytecode);
      deployed[step.name] = {
        address: full[step.name],
        txHash: done.txHash,
        block: done.block,
        constructorArguments: factory.interface.encodeDeploy(step.args(full)),
      };
    } else {
      transactions[step.name] = { txHash: done.txHash, block: done.block };
    }
  }
  const roleAddresses: Partial<Record<Role, string>> = {
    payToken: params.payToken.address,
    platformToken: full.PRDS,
    license: full.License,
    licenseMarketplace: full.LicenseMarketplace,
    markets: full.Markets,
    claim: full.Claim,
  };
  const contracts: NetworkDeploymentRecord["contracts"] = {};
  for (const [role, address] of Object.entries(roleAddresses) as [Role, string][]) {
    contracts[role] = { address: getAddress(address), abi: abiOf(ROLES[role].abi) };
  }
  // Every protocol log comes after the first deployment's block.
  const deploymentBlock = Math.max(0, deployed.PRDS.block - 1);
  // The same checks generate.ts applies to every deployments/<chainId>.json.
  renderDeployment(params.chainId, deploymentBlock, roleAddresses);
  return {
    chainId: params.chainId,
    network: params.network,
    deploymentBlock,
    contracts,
    deployed,
    transactions,
    deployer: meta.deployer,
    owner: params.owner,
    treasury: params.treasury,
    parametersFile: path.relative(CONTRACTS_ROOT, meta.paramsFile),
    paramsHash: meta.paramsHash,
    parameters: networkParamsRecord(params),
    commit: meta.commit,
    deployedAt: new Date().toISOString(),
    verification: `${params.chainId}.verify/verify.json`,
  };
}

/**
 * Reads the deployed protocol back and compares it with the parameters: who owns it, how it is wired,
 * its constants, where the PRDS went. Throws listing every difference.
 */
export async function checkDeployment(provider: Provider, record: NetworkDeploymentRecord, params: NetworkParams): Promise<void> {
  const problems: string[] = [];
  const expect = (what: string, actual: unknown, wanted: unknown) => {
    const norm = (v: unknown) => (typeof v === "string" && /^0x[0-9a-fA-F]{40}$/.test(v) ? getAddress(v) : String(v));
    if (norm(actual) !== norm(wanted)) problems.push(`${what} is ${norm(actual)}, expected ${norm(wanted)}`);
  };
  const d = record.deployed;
  for (const name of Object.keys(d) as DeployedContractName[]) {
    if ((await provider.getCode(d[name].address)) === "0x") problems.push(`${name} has no code at ${d[name].address}`);
  }
  if (problems.length === 0) {
    const license = new Contract(d.License.address, artifactOf("License").abi, provider);
    const marketplace = new Contract(d.LicenseMarketplace.address, artifactOf("LicenseMarketplace").abi, provider);
    const markets = new Contract(d.Markets.address, marketsAbi(), provider);
    const claim = new Contract(d.Claim.address, artifactOf("Claim").abi, provider);
    const prds = new Contract(d.PRDS.address, artifactOf("PRDS").abi, provider);
    const call = (c: Contract, fn: string, ...args: unknown[]) => c.getFunction(fn)(...args) as Promise<unknown>;
    expect("License.owner()", await call(license, "owner"), params.owner);
    expect("License.marketplace()", await call(license, "marketplace"), d.LicenseMarketplace.address);
    expect("License.markets()", await call(license, "markets"), d.Markets.address);
    expect("License.payToken()", await call(license, "payToken"), params.payToken.address);
    expect("License.treasury()", await call(license, "treasury"), params.treasury);
    expect("License.issuesPerLicense()", await call(license, "issuesPerLicense"), params.issuesPerLicense);
    for (const [index, wanted] of params.licenseTypes.entries()) {
      const t = (await call(license, "typeConfig", index)) as { price: bigint; maxSupply: bigint };
      expect(`License.typeConfig(${index}).price`, t.price, wanted.price);
      expect(`License.typeConfig(${index}).maxSupply`, t.maxSupply, wanted.maxSupply);
    }
    expect("License.packetCount()", await call(license, "packetCount"), params.packets.length);
    expect("LicenseMarketplace.maxRentalDays()", await call(marketplace, "maxRentalDays"), params.maxRentalDays);
    const deps = (await call(markets, "deps")) as { payToken: string; prds: string; license: string; treasury: string };
    expect("Markets.deps().payToken", deps.payToken, params.payToken.address);
    expect("Markets.deps().prds", deps.prds, d.PRDS.address);
    expect("Markets.deps().license", deps.license, d.License.address);
    expect("Markets.deps().treasury", deps.treasury, params.treasury);
    const onChain = (await call(markets, "params")) as Record<keyof MarketsParams, unknown>;
    for (const key of Object.keys(params.markets) as (keyof MarketsParams)[]) {
      expect(`Markets.params().${key}`, onChain[key], params.markets[key]);
    }
    expect("Claim.claimAmount()", await call(claim, "claimAmount"), params.claimAmount);
    expect("Claim.markets()", await call(claim, "markets"), d.Markets.address);
    expect("PRDS.totalSupply()", await call(prds, "totalSupply"), params.platformToken.supply);
    const claimBalance = (await call(prds, "balanceOf", d.Claim.address)) as bigint;
    if (claimBalance < params.claimAmount) problems.push(`Claim holds ${claimBalance} PRDS units, less than one claim`);
    if (params.platformToken.holder !== record.deployer) {
      const kept = (await call(prds, "balanceOf", record.deployer)) as bigint;
      if (kept !== 0n) problems.push(`the deployer still holds ${kept} PRDS units`);
    }
  }
  if (problems.length > 0)
    throw new Error(`the deployment on chain ${record.chainId} differs from its parameters:\n  - ${problems.join("\n  - ")}`);
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
