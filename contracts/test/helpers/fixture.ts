import hre from "hardhat";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import { parseUnits, type Contract, type Signer } from "ethers";
import { deployProtocol, type Protocol, type ProtocolOptions } from "../../scripts/deploy";

export interface Fixture extends Protocol {
  deployer: HardhatEthersSigner;
  /** Named accounts after the deployer, for readable tests. */
  alice: HardhatEthersSigner;
  bob: HardhatEthersSigner;
  carol: HardhatEthersSigner;
  dave: HardhatEthersSigner;
  signers: HardhatEthersSigner[];
}

/** Deploys the whole protocol on this worker's in-process chain. */
export async function deployFixture(opts: ProtocolOptions = {}): Promise<Fixture> {
  const signers = await hre.ethers.getSigners();
  const [deployer, alice, bob, carol, dave] = signers;
  if (!deployer || !alice || !bob || !carol || !dave) throw new Error("hardhat network needs at least 5 accounts");
  const protocol = await deployProtocol(deployer, opts);
  return { ...protocol, deployer, alice, bob, carol, dave, signers };
}

export const usdt = (amount: string | number): bigint => parseUnits(String(amount), 18);
export const prds = usdt;

/** Mints devnet USDT to `to` and approves `spender` for it in one step. */
export async function mintUsdt(token: Contract, to: HardhatEthersSigner, amount: bigint, spender?: string): Promise<void> {
  await (await token.connect(to).getFunction("mint")(to.address, amount)).wait();
  if (spender) await (await token.connect(to).getFunction("approve")(spender, amount)).wait();
}

/** `contract` called by `signer`. ethers types connect() as BaseContract, dropping the ABI's methods. */
export function by(contract: Contract, signer: Signer): Contract {
  return contract.connect(signer) as Contract;
}
