import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { Contract, ContractFactory, type InterfaceAbi, type Signer } from "ethers";

export const CONTRACTS_ROOT = path.resolve(__dirname, "..");

export interface Artifact {
  contractName: string;
  sourceName: string;
  abi: InterfaceAbi;
  bytecode: string;
}

/** What to run when the compiled contracts are missing (a fresh clone, or `artifacts/` removed). */
export const COMPILE_FIRST = "pnpm install && pnpm --filter @prds/contracts run compile";

/**
 * The compiled contracts are not there. The command-line scripts print its message as one line (what is
 * missing and what to run) instead of a stack trace for a file they could not open.
 */
export class ArtifactsMissing extends Error {
  constructor(readonly file: string) {
    super(`the contracts are not compiled (${path.relative(CONTRACTS_ROOT, file)} is missing): run ${COMPILE_FIRST}`);
    this.name = "ArtifactsMissing";
  }
}

/** The artifacts folder of the compiled contracts, or ArtifactsMissing when nothing was compiled. */
export function artifactsDir(): string {
  const dir = path.join(CONTRACTS_ROOT, "artifacts", "contracts");
  if (!existsSync(dir)) throw new ArtifactsMissing(dir);
  return path.dirname(dir);
}

/** Reads a Hardhat artifact from disk, so deploying works the same in-process and against `hardhat node`. */
export function loadArtifact(contractName: string, sourceName = `contracts/${contractName}.sol`): Artifact {
  const file = path.join(CONTRACTS_ROOT, "artifacts", sourceName, `${contractName}.json`);
  if (!existsSync(file)) throw new ArtifactsMissing(file);
  return JSON.parse(readFileSync(file, "utf8")) as Artifact;
}

/** A command-line script's one-line message for a failure it explains itself, else null (print the error whole). */
export function cliMessage(error: unknown): string | null {
  return error instanceof ArtifactsMissing ? error.message : null;
}

export async function deployArtifact(
  contractName: string,
  deployer: Signer,
  args: readonly unknown[] = [],
  sourceName?: string,
): Promise<Contract> {
  const artifact = loadArtifact(contractName, sourceName);
  const factory = new ContractFactory(artifact.abi, artifact.bytecode, deployer);
  const contract = await factory.deploy(...args);
  await contract.waitForDeployment();
  return new Contract(await contract.getAddress(), artifact.abi, deployer);
}
