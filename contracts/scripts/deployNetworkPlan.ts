import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getAddress, HDNodeWallet, keccak256, toUtf8Bytes, type InterfaceAbi } from "ethers";
import { CONTRACTS_ROOT, loadArtifact } from "./artifacts";
import { licenseConstructorArgs } from "./deploy";
import { marketsDepsTuple, marketsParamsTuple } from "./deployMarkets";
import type { DeploymentFile } from "./generate";
import { networkParamsRecord, type NetworkName, type NetworkParams } from "./networkParams";
import type { Role } from "./roles";

/**
 * The plan and the journal of a real network's deployment (scripts/deployNetwork.ts): the steps in
 * order, the journal and record files, and the checks on the repository and the deployer's key.
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

export type Addresses = Partial<Record<DeployedContractName, string>>;

export interface DeployStep {
  kind: "deploy";
  name: DeployedContractName;
  args(a: Required<Addresses>): unknown[];
  skip?: undefined;
}

export interface CallStep {
  kind: "call";
  name: Exclude<StepName, DeployedContractName>;
  contract: DeployedContractName;
  method: string;
  args(a: Required<Addresses>): unknown[];
  /** True when there is nothing to send (e.g. no PRDS left to hand over). */
  skip?: boolean;
}

export type Step = DeployStep | CallStep;

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

export function paramsHashOf(params: NetworkParams): string {
  return keccak256(toUtf8Bytes(JSON.stringify(networkParamsRecord(params))));
}

export function journalFile(outDir: string, chainId: number): string {
  return path.join(outDir, `${chainId}.journal.json`);
}

export function recordFile(outDir: string, chainId: number): string {
  return path.join(outDir, `${chainId}.json`);
}

export function writeJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  // Written aside and renamed: a crash mid-write never leaves half a journal.
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temp, file);
}

export function readJson<T>(file: string): T | null {
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

export function artifactOf(name: DeployedContractName): { abi: InterfaceAbi; bytecode: string } {
  return loadArtifact(name);
}

export function planSteps(params: NetworkParams, deployer: string): Step[] {
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

export function addressesOf(journal: Journal): Addresses {
  const addresses: Addresses = {};
  for (const name of ["PRDS", "License", "LicenseMarketplace", "MarketsDisputes", "Markets", "Claim"] as const) {
    const step = journal.steps[name];
    if (step?.status === "done" && step.address) addresses[name] = step.address;
  }
  return addresses;
}

export function requireAll(a: Addresses, step: StepName): Required<Addresses> {
  return new Proxy(a as Required<Addresses>, {
    get(target, key: DeployedContractName) {
      const value = target[key];
      if (value === undefined) throw new Error(`step ${step} needs ${key}, which is not deployed yet`);
      return value;
    },
  });
}
