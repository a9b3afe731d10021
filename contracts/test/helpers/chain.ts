import hre from "hardhat";

/** Moves the in-process chain's clock forward and mines a block at the new time. */
export async function increaseTime(seconds: number | bigint): Promise<void> {
  await hre.network.provider.send("evm_increaseTime", [Number(seconds)]);
  await hre.network.provider.send("evm_mine", []);
}

/** Mines the next block exactly at `timestamp` (seconds). */
export async function setNextBlockTime(timestamp: number | bigint): Promise<void> {
  await hre.network.provider.send("evm_setNextBlockTimestamp", [Number(timestamp)]);
}

export async function mineAt(timestamp: number | bigint): Promise<void> {
  await setNextBlockTime(timestamp);
  await hre.network.provider.send("evm_mine", []);
}

/** The latest block's timestamp: the protocol's "now". */
export async function now(): Promise<number> {
  const block = await hre.ethers.provider.getBlock("latest");
  if (!block) throw new Error("no latest block");
  return block.timestamp;
}

export async function snapshot(): Promise<string> {
  return (await hre.network.provider.send("evm_snapshot", [])) as string;
}

export async function revert(id: string): Promise<void> {
  const ok = (await hre.network.provider.send("evm_revert", [id])) as boolean;
  if (!ok) throw new Error(`evm_revert(${id}) failed`);
}

/**
 * Isolates every test of the enclosing describe: a snapshot is taken before each test and
 * reverted after it, so tests share one deployment without sharing state.
 */
export function isolateEach(): void {
  let id = "";
  beforeEach(async () => {
    id = await snapshot();
  });
  afterEach(async () => {
    await revert(id);
  });
}

export const DAY = 24 * 60 * 60;
