import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getAddress, isAddress } from "ethers";
import { artifactsDir as compiledArtifactsDir, cliMessage, CONTRACTS_ROOT, loadArtifact } from "./artifacts";
import { CHAIN_NAMES, isRequiredRole, isRole, ROLE_NAMES, ROLES, TOKENS, type Role } from "./roles";
// hre.ethers (main below) is hardhat-ethers' type extension; packages that import these scripts see it too.
import type {} from "@nomicfoundation/hardhat-ethers";

/**
 * deployments/<chainId>.json: where each role (scripts/roles.ts) is on one chain. Every required role
 * on every chain; devnet-only roles where they exist. ABIs are not in the file: a role's ABI is its
 * interface's, from the compiled artifacts, so adding a chain (BSC with real USDT) is data only.
 */
export interface DeploymentFile {
  chainId: number;
  /** Indexers start reading logs here. */
  deploymentBlock: number;
  contracts: Partial<Record<Role, { address: string }>>;
}

/**
 * Where each ABI comes from when it is not contracts/<Name>.sol's <Name>: Markets is called through
 * its full interface (trading and the dispute calls it routes internally); the pay token through the
 * standard ERC-20 one (on BSC it is Tether's contract, not ours).
 */
const ABI_SOURCES: Record<string, { contractName: string; sourceName: string }> = {
  Markets: { contractName: "IMarkets", sourceName: "contracts/interfaces/IMarkets.sol" },
  ERC20: { contractName: "IERC20Metadata", sourceName: "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol" },
};

/** ABIs that are interfaces, not contracts of ours (left out of `abis`, the table of our contracts). */
const INTERFACE_ABIS = new Set(["ERC20"]);

export const DEPLOYMENTS_DIR = path.join(CONTRACTS_ROOT, "deployments");
export const GENERATED_FILE = path.join(CONTRACTS_ROOT, "generated", "index.ts");
/** The roles and the deployed chain ids, without ABIs or addresses: what a page's first render may import. */
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

export function writeDeployment(chainId: number, deploymentBlock: number, roles: Readonly<Partial<Record<Role, string>>>): void {
  writeIfChanged(path.join(DEPLOYMENTS_DIR, `${chainId}.json`), renderDeployment(chainId, deploymentBlock, roles));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Checks one deployment file (a hand-written one too, e.g. BSC's): a chain id, a start block, an
 * address for every required role and nothing but known roles. Addresses come back checksummed.
 */
export function parseDeployment(json: unknown, source: string): DeploymentFile {
  const fail = (problem: string): never => {
    throw new Error(`${source}: ${problem}`);
  };
  if (!isRecord(json)) return fail("not a JSON object");
  const { chainId, deploymentBlock, contracts } = json;
  if (typeof chainId !== "number" || !Number.isSafeInteger(chainId) || chainId <= 0) return fail("chainId is not a chain id");
  if (typeof deploymentBlock !== "number" || !Number.isSafeInteger(deploymentBlock) || deploymentBlock < 0) {
    return fail("deploymentBlock is not a block number");
  }
  if (!isRecord(contracts)) return fail("contracts is not an object of roles");
  const parsed: DeploymentFile["contracts"] = {};
  for (const [role, entry] of Object.entries(contracts)) {
    if (!isRole(role)) return fail(`unknown role '${role}' (roles: ${ROLE_NAMES.join(", ")})`);
    const address = isRecord(entry) ? entry.address : undefined;
    if (typeof address !== "string" || !isAddress(address)) return fail(`${role}.address is not an address`);
    parsed[role] = { address: getAddress(address) };
  }
  const missing = ROLE_NAMES.filter((role) => isRequiredRole(role) && parsed[role] === undefined);
  if (missing.length > 0) return fail(`no address for the required role(s) ${missing.join(", ")}`);
  return { chainId, deploymentBlock, contracts: parsed };
}

/**
 * A network's record (scripts/deployNetwork.ts) carries each role's ABI as deployed. The app calls the
 * chain through the compiled artifacts' ABIs, so a contract changed after its deployment must not
 * build silently against the old addresses: this refuses it, naming the role.
 */
function checkRecordedAbis(json: unknown, source: string): void {
  if (!isRecord(json) || !isRecord(json.contracts)) return;
  for (const [role, entry] of Object.entries(json.contracts)) {
    if (!isRole(role) || !isRecord(entry) || entry.abi === undefined) continue;
    if (JSON.stringify(entry.abi) !== JSON.stringify(abiOf(ROLES[role].abi))) {
      throw new Error(
        `${source}: the ${role} ABI recorded at deployment differs from the compiled contracts': the app would call the deployed ` +
          "contract with another ABI. Build from the commit the record names, or deploy the changed contracts",
      );
    }
  }
}

/** Every deployments/<chainId>.json of `dir`, checked. */
export function readDeploymentsDir(dir: string, label = path.relative(CONTRACTS_ROOT, dir) || dir): DeploymentFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /^\d+\.json$/.test(name))
    .map((name) => {
      const source = `${label}/${name}`;
      const json = JSON.parse(readFileSync(path.join(dir, name), "utf8")) as unknown;
      const deployment = parseDeployment(json, source);
      if (`${deployment.chainId}.json` !== name) throw new Error(`${source}: chainId ${deployment.chainId} names another file`);
      checkRecordedAbis(json, source);
      return deployment;
    });
}

/**
 * The committed deployments (deployments/), then those of `extraDirs` in order: a later folder's
 * chain replaces an earlier one's (a rehearsal's 56.json in a git-ignored folder stands in for BSC's).
 */
export function readDeployments(extraDirs: readonly string[] = []): DeploymentFile[] {
  const byChain = new Map<number, DeploymentFile>();
  for (const dir of [DEPLOYMENTS_DIR, ...extraDirs]) {
    for (const deployment of readDeploymentsDir(dir, dir === DEPLOYMENTS_DIR ? "deployments" : dir))
      byChain.set(deployment.chainId, deployment);
  }
  return [...byChain.values()].sort((a, b) => a.chainId - b.chainId);
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
  const artifactsDir = compiledArtifactsDir();
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

/** Our compiled contracts that some role is called through, sorted: the `abis` table. */
function contractNames(): string[] {
  return [...new Set(ROLE_NAMES.map((role) => ROLES[role].abi))].filter((name) => !INTERFACE_ABIS.has(name)).sort();
}

/**
 * Writes generated/index.ts: every ABI `as const` (so ethers/viem-style typing infers function names
 * and arguments), each role's ABI, and the `deployments` registry chainId → { deploymentBlock,
 * contracts: role → { address, abi } }. ABIs are taken from the current artifacts, so the module always
 * matches the compiled contracts.
 */
export function renderGeneratedModule(deployments: readonly DeploymentFile[] = readDeployments()): string {
  const abiNames = [...new Set(ROLE_NAMES.map((role) => ROLES[role].abi))].sort();
  const lines: string[] = [
    "// Generated by scripts/generate.ts from the compiled artifacts, scripts/roles.ts and deployments/*.json. Do not edit.",
    "/* eslint-disable */",
    "",
    'import type { OptionalRole, RequiredRole, Role } from "./chains";',
    "",
    "export {",
    "  CHAIN_NAMES,",
    "  DEPLOYED_CHAIN_IDS,",
    "  DEPLOYED_OPTIONAL_ROLES,",
    "  OPTIONAL_ROLES,",
    "  REQUIRED_ROLES,",
    "  TOKENS,",
    "  type ChainType,",
    "  type OptionalRole,",
    "  type RequiredRole,",
    "  type Role,",
    "  type TokenRole,",
    '} from "./chains";',
    "",
    "export type Address = `0x${string}`;",
    "",
  ];
  for (const name of abiNames) {
    lines.push(`export const ${abiConstName(name)} = ${JSON.stringify(abiOf(name), null, 2)} as const;`, "");
  }
  lines.push(
    "/**",
    " * Solidity enums by scope and name, members in declaration order: an enum value read from the",
    " * chain (a number) indexes its array, e.g. enums.IMarketsTypes.MarketState[state].",
    " */",
    `export const enums = ${JSON.stringify(nestEnums(readEnums()), null, 2)} as const;`,
    "",
    "/** Every compiled contract of ours by name (a revert decodes against all their custom errors). */",
    "export const abis = {",
    ...contractNames().map((name) => `  ${name}: ${abiConstName(name)},`),
    "} as const;",
    "",
    "export type ContractName = keyof typeof abis;",
    "export type ContractAbi<N extends ContractName> = (typeof abis)[N];",
    "",
    "/**",
    " * The ABI each role is called through, the same on every chain: the pay token's is the standard",
    " * ERC-20 one (on BSC it is Tether's USDT); the rest are ours.",
    " */",
    "export const roleAbis = {",
    ...ROLE_NAMES.map((role) => `  ${role}: ${abiConstName(ROLES[role].abi)},`),
    "} as const satisfies Record<Role, readonly unknown[]>;",
    "",
    "export type RoleAbi<R extends Role> = (typeof roleAbis)[R];",
    "",
    "export interface RoleDeployment<R extends Role = Role> {",
    "  readonly address: Address;",
    "  readonly abi: RoleAbi<R>;",
    "}",
    "",
    "/** Every required role; a devnet-only role may be absent, so reading one gives `undefined` to check. */",
    "export type ChainContracts = { readonly [R in RequiredRole]: RoleDeployment<R> } & {",
    "  readonly [R in OptionalRole]?: RoleDeployment<R>;",
    "};",
    "",
    "export interface ChainDeployment {",
    "  readonly chainId: number;",
    "  /** Indexers start reading logs here. */",
    "  readonly deploymentBlock: number;",
    "  readonly contracts: ChainContracts;",
    "}",
    "",
    "/** chainId → deployed roles. A chain missing a required role does not compile. */",
    "export const deployments = {",
  );
  for (const d of deployments) {
    lines.push(
      `  ${d.chainId}: {`,
      `    chainId: ${d.chainId},`,
      `    deploymentBlock: ${d.deploymentBlock},`,
      "    contracts: {",
    );
    for (const role of ROLE_NAMES) {
      const entry = d.contracts[role];
      if (entry) lines.push(`      ${role}: { address: "${entry.address}", abi: ${abiConstName(ROLES[role].abi)} },`);
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
    "/** A chain's deployment typed as any chain's (devnet-only roles possibly absent), or null where we have none. */",
    "export function deploymentOf(chainId: number): ChainDeployment | null {",
    "  return isDeployedChainId(chainId) ? deployments[chainId] : null;",
    "}",
    "",
  );
  return lines.join("\n");
}

export function writeGeneratedModule(
  deployments: readonly DeploymentFile[] = readDeployments(),
  files: { index: string; chains: string } = { index: GENERATED_FILE, chains: GENERATED_CHAINS_FILE },
): string {
  const source = renderGeneratedModule(deployments);
  writeIfChanged(files.index, source);
  writeIfChanged(files.chains, renderChainsModule(deployments));
  return source;
}

/** generated/chains.ts: the roles and where they are deployed, without ABIs or addresses. */
export function renderChainsModule(deployments: readonly DeploymentFile[] = readDeployments()): string {
  const required = ROLE_NAMES.filter((role) => isRequiredRole(role));
  const optional = ROLE_NAMES.filter((role) => !isRequiredRole(role));
  const sorted = [...deployments].sort((a, b) => a.chainId - b.chainId);
  return [
    "// Generated by scripts/generate.ts from scripts/roles.ts and deployments/*.json. Do not edit.",
    "// No ABIs and no addresses: a page's first render may import this.",
    "",
    "/** Roles every deployment fills. */",
    `export const REQUIRED_ROLES = ${JSON.stringify(required)} as const;`,
    "/** Devnet-only roles: present on some chains only, so code checks for them (DEPLOYED_OPTIONAL_ROLES). */",
    `export const OPTIONAL_ROLES = ${JSON.stringify(optional)} as const;`,
    "",
    "export type RequiredRole = (typeof REQUIRED_ROLES)[number];",
    "export type OptionalRole = (typeof OPTIONAL_ROLES)[number];",
    "export type Role = RequiredRole | OptionalRole;",
    "",
    "/** The tokens clients name by role, the same on every chain (scripts/roles.ts TOKENS). */",
    `export const TOKENS = ${JSON.stringify(TOKENS)} as const;`,
    "",
    "export type TokenRole = keyof typeof TOKENS;",
    "",
    "/** Chain id (decimal) → the name clients send as chainType and the native currency's symbol (scripts/roles.ts CHAIN_NAMES). */",
    "export const CHAIN_NAMES = {",
    ...Object.entries(CHAIN_NAMES).map(([chainId, names]) => `  ${chainId}: ${JSON.stringify(names)},`),
    "} as const;",
    "",
    'export type ChainType = (typeof CHAIN_NAMES)[keyof typeof CHAIN_NAMES]["chainType"];',
    "",
    "/** Chain id (decimal) → the devnet-only roles deployed there (each chain has every required role). */",
    "export const DEPLOYED_OPTIONAL_ROLES: Readonly<Record<number, readonly OptionalRole[]>> = {",
    ...sorted.map((d) => `  ${d.chainId}: ${JSON.stringify(optional.filter((role) => d.contracts[role] !== undefined))},`),
    "};",
    "",
    "/** Chain ids (decimal) where the protocol is deployed. */",
    `export const DEPLOYED_CHAIN_IDS: readonly number[] = ${JSON.stringify(sorted.map((d) => d.chainId))};`,
    "",
  ].join("\n");
}

/** deployments/<chainId>.json as writeDeployment writes it: each role's address, roles sorted. */
export function renderDeployment(
  chainId: number,
  deploymentBlock: number,
  roles: Readonly<Partial<Record<Role, string>>>,
): string {
  const contracts: DeploymentFile["contracts"] = {};
  for (const role of ROLE_NAMES) {
    const address = roles[role];
    if (address !== undefined) contracts[role] = { address: getAddress(address) };
  }
  const file = parseDeployment({ chainId, deploymentBlock, contracts }, `deployments/${chainId}.json`);
  return `${JSON.stringify(file, null, 2)}\n`;
}

/**
 * `pnpm run generate` (also run by `compile`): deploys on Hardhat's in-process chain, which needs no
 * running node, and writes deployments/31337.json and generated/index.ts. Hardhat's accounts and
 * nonces are fixed, so the addresses equal those the devnet gets when devnet.ts deploys first thing
 * on a fresh `hardhat node`; devnet.ts rewrites both files from the real deployment anyway.
 */
/**
 * `generate.ts --deployments DIR --out DIR`: no deployment; writes index.ts and chains.ts into the out
 * folder from the committed deployments plus DIR's (a build for a network whose deployment is not
 * committed, e.g. the BSC rehearsal's; scripts/build-network.mjs points the app's imports there).
 */
function writeModuleFor(argv: readonly string[]): boolean {
  const at = (flag: string) => {
    const index = argv.indexOf(flag);
    return index === -1 ? null : (argv[index + 1] ?? null);
  };
  const out = at("--out");
  if (out === null) return false;
  const extra = at("--deployments");
  const deployments = readDeployments(extra === null ? [] : [path.resolve(extra)]);
  const dir = path.resolve(out);
  writeGeneratedModule(deployments, { index: path.join(dir, "index.ts"), chains: path.join(dir, "chains.ts") });
  console.log(`generated ${path.join(dir, "index.ts")} (chains ${deployments.map((d) => d.chainId).join(", ")})`);
  return true;
}

async function main(): Promise<void> {
  if (writeModuleFor(process.argv.slice(2))) return;
  const { default: hre } = await import("hardhat");
  const { deployProtocol } = await import("./deploy");
  const [deployer] = await hre.ethers.getSigners();
  if (!deployer) throw new Error("no hardhat account");
  const { chainId } = await hre.ethers.provider.getNetwork();
  const { roles, deploymentBlock } = await deployProtocol(deployer);
  writeDeployment(Number(chainId), deploymentBlock, roles);
  writeGeneratedModule();
  console.log(`generated ${path.relative(process.cwd(), GENERATED_FILE)} (${Object.keys(roles).join(", ")})`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(cliMessage(error) ?? error);
    process.exitCode = 1;
  });
}
