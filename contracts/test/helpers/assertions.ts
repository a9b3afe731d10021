import type { Contract } from "ethers";

/** The revert data inside an ethers / hardhat error, wherever the call path nested it. */
export function revertData(error: unknown): string | undefined {
  let current: unknown = error;
  // ethers and hardhat nest the revert data at different depths depending on the call path.
  for (let depth = 0; depth < 6 && current && typeof current === "object"; depth += 1) {
    const record = current as { data?: unknown; error?: unknown; info?: { error?: unknown } };
    if (typeof record.data === "string" && record.data.startsWith("0x")) return record.data;
    if (record.data && typeof record.data === "object") {
      const nested = (record.data as { data?: unknown }).data;
      if (typeof nested === "string" && nested.startsWith("0x")) return nested;
    }
    current = record.error ?? record.info?.error;
  }
  return undefined;
}

/**
 * Awaits `action` and asserts that it reverted with custom error `errorName` of `contract`'s ABI
 * (the contract that defines the error, which may be deeper in the call than the one called),
 * with `args` when given.
 */
export async function expectRevert(
  action: Promise<unknown> | (() => Promise<unknown>),
  contract: Contract,
  errorName: string,
  args?: readonly unknown[],
): Promise<void> {
  let thrown: unknown;
  try {
    const result = await (typeof action === "function" ? action() : action);
    // A sent transaction: wait so a revert during mining surfaces too.
    if (result && typeof result === "object" && "wait" in result && typeof result.wait === "function") {
      await (result.wait as () => Promise<unknown>)();
    }
  } catch (error) {
    thrown = error;
  }
  if (thrown === undefined) throw new Error(`expected revert ${errorName}, but the call succeeded`);
  const data = revertData(thrown);
  if (!data) throw new Error(`expected revert ${errorName}, got an error without revert data: ${String(thrown)}`);
  const parsed = contract.interface.parseError(data);
  if (!parsed) throw new Error(`expected revert ${errorName}, got unknown revert data ${data}`);
  expect(parsed.name).toBe(errorName);
  if (args) expect([...parsed.args]).toEqual([...args]);
}

export interface ParsedEvent {
  name: string;
  args: Record<string, unknown> & readonly unknown[];
}

/**
 * The events `contract` emitted in `receipt`, decoded with its own ABI only: ERC-20 and ERC-721
 * Transfer share topic0, so logs of other contracts must never be decoded with this ABI.
 */
export async function eventsOf(
  receipt: { logs: readonly { address: string; topics: readonly string[]; data: string }[] } | null,
  contract: Contract,
  name?: string,
): Promise<ParsedEvent[]> {
  if (!receipt) throw new Error("no receipt");
  const address = (await contract.getAddress()).toLowerCase();
  const events: ParsedEvent[] = [];
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() !== address) continue;
    const parsed = contract.interface.parseLog({ topics: [...log.topics], data: log.data });
    if (parsed && (!name || parsed.name === name)) {
      events.push({ name: parsed.name, args: parsed.args as unknown as ParsedEvent["args"] });
    }
  }
  return events;
}
