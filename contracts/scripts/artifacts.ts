import { readFileSync } from "node:fs";
import path from "node:path";
import { Contract, ContractFactory, type InterfaceAbi, type Signer } from "ethers";

export const CONTRACTS_ROOT = path.resolve(__dirname, "..");

export interface Artifact {
  contractName: string;
  sourceName: string;
  abi: InterfaceAbi;
  bytecode: string;
}

/** Reads a Hardhat artifact from disk, so deploying works the same in-process and against `hardhat node`. */
export function loadArtifact(contractName: string, sourceName = `contracts/${contractName}.sol`): Artifact {
  const file = path.join(CONTRACTS_ROOT, "artifacts", sourceName, `${contractName}.json`);
  return JSON.parse(readFileSync(file, "utf8")) as Artifact;
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
