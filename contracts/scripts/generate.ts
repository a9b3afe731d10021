import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CONTRACTS_ROOT, loadArtifact } from "./artifacts";
// hre.ethers (main below) is hardhat-ethers' type extension; packages that import these scripts see it too.
import type {} from "@nomicfoundation/hardhat-ethers";

/** deployments/<chainId>.json: everything a client or indexer needs for one chain. */
export interface DeploymentFile {
  chainId: number;
  deploymentBlock: number;
  contracts: Record<string, { address: string; abi: unknown[] }>;
}

/**
 * Where each deployed name's ABI comes from. Markets is called through its full interface (trading and
 * the dispute calls it routes internally), so clients get IMarkets' ABI at the Markets address.
 */
const ABI_SOURCES: Record<string, { contractName: string; sourceName: string }> = {
  Markets: { contractName: "IMarkets", sourceName: "contracts/interfaces/IMarkets.sol" },
};

/**
 * Deployed contracts that clients never address: MarketsDisputes runs only by delegatecall through
 * Markets (a direct call reverts) and its events arrive at the Markets address under IMarkets' ABI.
 * Its address stays readable on chain (Markets.disputesModule()).
 */
const INTERNAL_CONTRACTS = new Set(["MarketsDisputes"]);

export const DEPLOYMENTS_DIR = path.join(CONTRACTS_ROOT, "deployments");
export const GENERATED_FILE = path.join(CONTRACTS_ROOT, "generated", "index.ts");
/** Just the deployed chain ids: what a page's first render may import without every ABI. */
export const GENERATED_CHAINS_FILE = path.join(CONTRACTS_ROOT, "generated", "chains.ts");

/** Leaves an identical file untouched, so watchers (dev servers, tsc --watch) do not rebuild for nothing. */
function writeIfChanged(file: string, content: string): void {
  if (existsSync(file) && readFileSync(file, "utf8") === content) return;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

export function abiOf(name: string): unknown[] {
  const source = ABI_SOURCES[name];
  const artifact = source ? loadArtifact(source.contractName, source.sourceName) : loadArtifact(name);
  return artifact.abi as unknown[];
}

export function writeDeployment(chainId: number, deploymentBlock: number, addresses: Record<string, string>): void {
  writeIfChanged(path.join(DEPLOYMENTS_DIR, `${chainId}.json`), renderDeployment(chainId, deploymentBlock, addresses));
}

export function readDeployments(): DeploymentFile[] {
  if (!existsSync(DEPLOYMENTS_DIR)) return [];
  return readdirSync(DEPLOYMENTS_DIR)
    .filter((name) => /^\d+\.json$/.test(name))
    .map((name) => JSON.parse(readFileSync(path.join(DEPLOYMENTS_DIR, name), "utf8")) as DeploymentFile)
    .sort((a, b) => a.chainId - b.chainId);
}

interface AstNode {
  nodeType?: string;
  canonicalName?: string;
  members?: { name: string }[];
  [key: string]: unknown;
}

function collectEnums(node: unknown, into: Map<string, string[]>): void {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const child of node) collectEnums(child, into);
    return;
  }
  const n = node as AstNode;
  if (n.nodeType === "EnumDefinition" && n.canonicalName && n.members) {
    into.set(
      n.canonicalName,
      n.members.map((m) => m.name),
    );
  }
  for (const value of Object.values(n)) if (value && typeof value === "object") collectEnums(value, into);
}

type BuildInfo = { output: { sources: Record<string, { ast: unknown }> } };

function dbgFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return dbgFiles(full);
    return entry.name.endsWith(".dbg.json") ? [full] : [];
  });
}

/**
 * Solidity enums by canonical name ("ILicense.LicenseType" → member names in order), read from the
 * AST of the build each protocol artifact came from. ABIs type enums as plain uint8, so without
 * these a client would have to hand-copy the order of states, types and reasons.
 */
export function readEnums(): Map<string, string[]> {
  const enums = new Map<string, string[]>();
  const builds = new Map<string, BuildInfo>();
  const artifactsDir = path.join(CONTRACTS_ROOT, "artifacts");
  for (const dbgFile of dbgFiles(path.join(artifactsDir, "contracts"))) {
    const sourceName = path.relative(artifactsDir, path.dirname(dbgFile)).split(path.sep).join("/");
    if (sourceName.startsWith("contracts/test/")) continue;
    const { buildInfo } = JSON.parse(readFileSync(dbgFile, "utf8")) as { buildInfo: string };
    const buildInfoFile = path.resolve(path.dirname(dbgFile), buildInfo);
    let build = builds.get(buildInfoFile);
    if (!build) {
      build = JSON.parse(readFileSync(buildInfoFile, "utf8")) as BuildInfo;
      builds.set(buildInfoFile, build);
    }
    collectEnums(build.output.sources[sourceName]?.ast, enums);
  }
  return new Map([...enums.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

/** { ILicense: { LicenseType: [...] }, ... } from canonical names. */
function nestEnums(enums: Map<string, string[]>): Record<string, Record<string, string[]>> {
  const nested: Record<string, Record<string, string[]>> = {};
  for (const [canonical, members] of enums) {
    const dot = canonical.lastIndexOf(".");
    const scope = dot === -1 ? "global" : canonical.slice(0, dot);
    const name = canonical.slice(dot + 1);
    (nested[scope] ??= {})[name] = members;
  }
  return nested;
}

/** "PRDS" → prdsAbi, "DevUSDT" → devUsdtAbi, "LicenseMarketplace" → licenseMarketplaceAbi. */
export function abiConstName(name: string): string {
  const words = name.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+/g) ?? [name];
  const camel = words
    .map((word, i) => (i === 0 ? word.toLowerCase() : `${word.charAt(0).toUpperCase()}${word.slice(1).toLowerCase()}`))
    .join("");
  return `${camel}Abi`;
}

/**
 * Writes generated/index.ts: every ABI `as const` (so ethers/viem-style typing infers function names
 * and arguments), and the `deployments` registry chainId → { deploymentBlock, contracts }.
 * ABIs are taken from the current artifacts, so the module always matches the compiled contracts.
 */
export function renderGeneratedModule(deployments: readonly DeploymentFile[] = readDeployments()): string {
  const names = [...new Set(deployments.flatMap((d) => Object.keys(d.contracts)))].sort();
  const lines: string[] = [
    "// Generated by scripts/generate.ts from the compiled artifacts and deployments/*.json. Do not edit.",
    "/* eslint-disable */",
    "",
    "export type Address = `0x${string}`;",
    "",
  ];
  for (const name of names) {
    lines.push(`export const ${abiConstName(name)} = ${JSON.stringify(abiOf(name), null, 2)} as const;`, "");
  }
  lines.push(
    "/**",
    " * Solidity enums by scope and name, members in declaration order: an enum value read from the",
    " * chain (a number) indexes its array, e.g. enums.IMarketsTypes.MarketState[state].",
    " */",
    `export const enums = ${JSON.stringify(nestEnums(readEnums()), null, 2)} as const;`,
    "",
    "/** Every contract's ABI by deployment name. */",
    "export const abis = {",
    ...names.map((name) => `  ${name}: ${abiConstName(name)},`),
    "} as const;",
    "",
    "export type ContractName = keyof typeof abis;",
    "export type ContractAbi<N extends ContractName> = (typeof abis)[N];",
    "",
    "export interface ContractDeployment<N extends ContractName = ContractName> {",
    "  readonly address: Address;",
    "  readonly abi: ContractAbi<N>;",
    "}",
    "",
    "export interface ChainDeployment {",
    "  readonly chainId: number;",
    "  /** Indexers start reading logs here. */",
    "  readonly deploymentBlock: number;",
    "  readonly contracts: { readonly [N in ContractName]: ContractDeployment<N> };",
    "}",
    "",
    "/** chainId → deployed contracts. A chain missing a contract does not compile. */",
    "export const deployments = {",
  );
  for (const d of deployments) {
    lines.push(
      `  ${d.chainId}: {`,
      `    chainId: ${d.chainId},`,
      `    deploymentBlock: ${d.deploymentBlock},`,
      "    contracts: {",
    );
    for (const name of Object.keys(d.contracts).sort()) {
      const address = d.contracts[name]?.address ?? "";
      lines.push(`      ${name}: { address: "${address}", abi: ${abiConstName(name)} },`);
    }
    lines.push("    },", "  },");
  }
  lines.push(
    "} as const satisfies Record<number, ChainDeployment>;",
    "",
    "export type DeployedChainId = keyof typeof deployments;",
    "",
    "export const deployedChainIds = Object.keys(deployments).map(Number) as DeployedChainId[];",
    "",
    "export function isDeployedChainId(chainId: number): chainId is DeployedChainId {",
    "  return Object.prototype.hasOwnProperty.call(deployments, chainId);",
    "}",
    "",
  );
  return lines.join("\n");
}

export function writeGeneratedModule(deployments: readonly DeploymentFile[] = readDeployments()): string {
  const source = renderGeneratedModule(deployments);
  writeIfChanged(GENERATED_FILE, source);
  writeIfChanged(GENERATED_CHAINS_FILE, renderChainsModule(deployments));
  return source;
}

/** generated/chains.ts: the chain ids with a deployment, without ABIs or addresses. */
export function renderChainsModule(deployments: readonly DeploymentFile[] = readDeployments()): string {
  const ids = deployments.map((d) => d.chainId).sort((a, b) => a - b);
  return [
    "// Generated by scripts/generate.ts from deployments/*.json. Do not edit.",
    "",
    "/** Chain ids (decimal) where the protocol is deployed. */",
    `export const DEPLOYED_CHAIN_IDS: readonly number[] = ${JSON.stringify(ids)};`,
    "",
  ].join("\n");
}

/** deployments/<chainId>.json as writeDeployment would write it now (current ABIs). */
export function renderDeployment(chainId: number, deploymentBlock: number, addresses: Record<string, string>): string {
  const contracts: DeploymentFile["contracts"] = {};
  for (const [name, address] of Object.entries(addresses)) {
    if (!INTERNAL_CONTRACTS.has(name)) contracts[name] = { address, abi: abiOf(name) };
  }
  return `${JSON.stringify({ chainId, deploymentBlock, contracts } satisfies DeploymentFile, null, 2)}\n`;
}

/**
 * `pnpm run generate` (also run by `compile`): deploys on Hardhat's in-process chain, which needs no
 * running node, and writes deployments/31337.json and generated/index.ts. Hardhat's accounts and
 * nonces are fixed, so the addresses equal those the devnet gets when devnet.ts deploys first thing
 * on a fresh `hardhat node`; devnet.ts rewrites both files from the real deployment anyway.
 */
async function main(): Promise<void> {
  const { default: hre } = await import("hardhat");
  const { deployProtocol } = await import("./deploy");
  const [deployer] = await hre.ethers.getSigners();
  if (!deployer) throw new Error("no hardhat account");
  const { chainId } = await hre.ethers.provider.getNetwork();
  const { addresses, deploymentBlock } = await deployProtocol(deployer);
  writeDeployment(Number(chainId), deploymentBlock, addresses);
  writeGeneratedModule();
  console.log(`generated ${path.relative(process.cwd(), GENERATED_FILE)} (${Object.keys(addresses).join(", ")})`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
