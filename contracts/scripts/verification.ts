import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CONTRACTS_ROOT } from "./artifacts";

/**
 * What a block explorer needs to verify one deployed contract ("Solidity (Standard-Json-Input)"): the
 * compiler's standard JSON input holding exactly the sources the contract was compiled from (its
 * metadata lists them), the compiler version, the fully qualified name and the ABI-encoded constructor
 * arguments. Written beside the deployment record (deployments/<chainId>.verify/), so verification is
 * one step: upload each input (or `run verify`, which sends them through the explorer's API).
 */
export interface VerificationEntry {
  /** e.g. "License" */
  name: string;
  address: string;
  /** "contracts/License.sol:License" */
  contract: string;
  /** "v0.8.30+commit.73712a01", the form explorers list. */
  compilerVersion: string;
  /** ABI-encoded, hex without 0x (what explorers ask for). */
  constructorArguments: string;
  /** The standard JSON input's file, relative to the verification folder. */
  input: string;
  optimizer: { enabled: boolean; runs: number };
  evmVersion: string;
  viaIR: boolean;
  license: string;
}

export interface VerificationManifest {
  chainId: number;
  /** The explorer that shows this chain's contracts (where the inputs are uploaded). */
  explorer: string | null;
  contracts: VerificationEntry[];
}

interface StandardJsonInput {
  language: string;
  sources: Record<string, { content: string }>;
  settings: {
    optimizer?: { enabled?: boolean; runs?: number };
    evmVersion?: string;
    viaIR?: boolean;
    outputSelection?: unknown;
    [key: string]: unknown;
  };
}

interface BuildInfo {
  solcLongVersion: string;
  input: StandardJsonInput;
  output: { contracts: Record<string, Record<string, { metadata: string }>> };
}

const buildInfos = new Map<string, BuildInfo>();

function buildInfoOf(sourceName: string, contractName: string): BuildInfo {
  const artifactsDir = path.join(CONTRACTS_ROOT, "artifacts");
  const dbgFile = path.join(artifactsDir, sourceName, `${contractName}.dbg.json`);
  const { buildInfo } = JSON.parse(readFileSync(dbgFile, "utf8")) as { buildInfo: string };
  const file = path.resolve(path.dirname(dbgFile), buildInfo);
  let info = buildInfos.get(file);
  if (!info) {
    info = JSON.parse(readFileSync(file, "utf8")) as BuildInfo;
    buildInfos.set(file, info);
  }
  return info;
}

/** The standard JSON input that compiles `contractName` to the bytecode in its artifact, and the compiler it needs. */
export function standardJsonInputOf(
  contractName: string,
  sourceName = `contracts/${contractName}.sol`,
): { input: StandardJsonInput; compilerVersion: string; license: string } {
  const info = buildInfoOf(sourceName, contractName);
  const compiled = info.output.contracts[sourceName]?.[contractName];
  if (!compiled) throw new Error(`${sourceName}:${contractName} is not in its build info: compile again`);
  const metadata = JSON.parse(compiled.metadata) as { sources: Record<string, { license?: string }> };
  const sources: StandardJsonInput["sources"] = {};
  for (const name of Object.keys(metadata.sources).sort()) {
    const source = info.input.sources[name];
    if (!source) throw new Error(`${name}, a source of ${contractName}, is missing from its build info`);
    sources[name] = { content: source.content };
  }
  const input: StandardJsonInput = {
    language: info.input.language,
    sources,
    settings: {
      ...info.input.settings,
      outputSelection: { "*": { "*": ["abi", "evm.bytecode", "evm.deployedBytecode", "metadata"] } },
    },
  };
  // Explorers list "v0.8.30+commit.73712a01"; solc-js reports the platform after it.
  const compilerVersion = `v${info.solcLongVersion.replace(/\.Emscripten\.clang$/, "")}`;
  return { input, compilerVersion, license: metadata.sources[sourceName]?.license ?? "UNLICENSED" };
}

export interface DeployedForVerification {
  name: string;
  address: string;
  constructorArguments: string;
  sourceName?: string;
}

/** Writes <dir>/<name>.input.json per contract and <dir>/verify.json; returns the manifest. */
export function writeVerificationData(
  dir: string,
  chainId: number,
  explorer: string | null,
  deployed: readonly DeployedForVerification[],
): VerificationManifest {
  mkdirSync(dir, { recursive: true });
  const contracts = deployed.map((d): VerificationEntry => {
    const sourceName = d.sourceName ?? `contracts/${d.name}.sol`;
    const { input, compilerVersion, license } = standardJsonInputOf(d.name, sourceName);
    const inputFile = `${d.name}.input.json`;
    writeFileSync(path.join(dir, inputFile), `${JSON.stringify(input, null, 2)}\n`);
    return {
      name: d.name,
      address: d.address,
      contract: `${sourceName}:${d.name}`,
      compilerVersion,
      constructorArguments: d.constructorArguments.replace(/^0x/, ""),
      input: inputFile,
      optimizer: { enabled: input.settings.optimizer?.enabled ?? false, runs: input.settings.optimizer?.runs ?? 200 },
      evmVersion: input.settings.evmVersion ?? "default",
      viaIR: input.settings.viaIR ?? false,
      license,
    };
  });
  const manifest: VerificationManifest = { chainId, explorer, contracts };
  writeFileSync(path.join(dir, "verify.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
