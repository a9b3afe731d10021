import { Interface, type EventFragment, type ParamType, type Result } from "ethers";
import { abis } from "@prds/contracts";

/**
 * Log decoding. Each log is decoded with the ABI of the contract that emitted it, never with one
 * merged interface: ERC-20 and ERC-721 `Transfer` share topic0, and a License transfer means
 * something (owner tracking) that a token transfer does not.
 *
 * PRDS and DevUSDT are not watched at all: the api reads balances live, so their transfers would be
 * fetched only to be thrown away. MarketsDisputes is not watched either: it runs by delegatecall,
 * so its events are emitted at the Markets address (and its ABI is part of Markets' IMarkets ABI).
 */
export const WATCHED_CONTRACTS = ["Markets", "License", "LicenseMarketplace", "Claim"] as const;
export type WatchedContract = (typeof WATCHED_CONTRACTS)[number];

export type ArgValue = string | bigint | boolean | readonly ArgValue[];

/** A log as eth_getLogs answers it (hex quantities). Some nodes add blockTimestamp. */
export interface RawLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  blockHash: string;
  transactionHash: string;
  logIndex: string;
  blockTimestamp?: string;
  removed?: boolean;
}

export interface DecodedEvent {
  contract: WatchedContract;
  name: string;
  args: EventArgs;
  txHash: string;
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  /** Block timestamp; filled once the block's time is known (see fetch.ts). */
  time: number;
}

/** Typed reads of decoded arguments; a wrong name or type is a bug, so it throws. */
export class EventArgs {
  constructor(readonly values: Readonly<Record<string, ArgValue>>) {}

  private get(name: string): ArgValue {
    const value = this.values[name];
    if (value === undefined) throw new Error(`event has no argument '${name}'`);
    return value;
  }

  big(name: string): bigint {
    const value = this.get(name);
    if (typeof value !== "bigint") throw new Error(`argument '${name}' is not an integer`);
    return value;
  }

  /** Small integers (ids, times, enum values, counts): all far below 2^53. */
  num(name: string): number {
    return Number(this.big(name));
  }

  /** Addresses and bytes, lowercase. */
  hex(name: string): string {
    const value = this.get(name);
    if (typeof value !== "string") throw new Error(`argument '${name}' is not hex`);
    return value;
  }

  bool(name: string): boolean {
    const value = this.get(name);
    if (typeof value !== "boolean") throw new Error(`argument '${name}' is not a bool`);
    return value;
  }

  hexList(name: string): string[] {
    const value = this.get(name);
    if (!Array.isArray(value)) throw new Error(`argument '${name}' is not a list`);
    return value.map((item: ArgValue) => {
      if (typeof item !== "string") throw new Error(`argument '${name}' holds a non-hex item`);
      return item;
    });
  }

  /** Arguments as JSON (bigints as decimal strings), for chain_events.args_json. */
  toJson(): string {
    return JSON.stringify(this.values, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
  }
}

interface EventDecoder {
  contract: WatchedContract;
  name: string;
  decode(log: RawLog): Record<string, ArgValue>;
}

const ZERO_WORD = "0".repeat(64);

function isStaticWord(type: ParamType): boolean {
  return /^(uint\d*|address|bool|bytes32)$/.test(type.type);
}

function wordValue(type: string, word: string): ArgValue {
  if (type === "address") return `0x${word.slice(24)}`;
  if (type === "bool") return word !== ZERO_WORD;
  if (type === "bytes32") return `0x${word}`;
  return BigInt(`0x${word}`);
}

/**
 * Events whose arguments are all one-word static values (most of ours, and every hot one such as
 * Bought) are read straight from topics and data words: several times faster than ethers' ABI
 * coder, which stays the fallback for events with dynamic arguments (MarketIssued's options).
 */
function staticDecoder(fragment: EventFragment): ((log: RawLog) => Record<string, ArgValue>) | null {
  if (!fragment.inputs.every(isStaticWord)) return null;
  const plan = fragment.inputs.map((input, i) => {
    const before = fragment.inputs.slice(0, i);
    return input.indexed
      ? { name: input.name, type: input.type, topic: 1 + before.filter((p) => p.indexed).length, word: -1 }
      : { name: input.name, type: input.type, topic: -1, word: before.filter((p) => !p.indexed).length };
  });
  return (log) => {
    const args: Record<string, ArgValue> = {};
    for (const p of plan) {
      const word =
        p.topic >= 0 ? log.topics[p.topic]?.slice(2) : log.data.slice(2 + p.word * 64, 2 + (p.word + 1) * 64);
      if (word === undefined || word.length !== 64) throw new Error(`malformed ${fragment.name} log`);
      args[p.name] = wordValue(p.type, word.toLowerCase());
    }
    return args;
  };
}

function plain(value: unknown): ArgValue {
  if (typeof value === "bigint" || typeof value === "boolean") return value;
  if (typeof value === "string") return value.toLowerCase();
  if (Array.isArray(value)) return value.map(plain);
  throw new Error(`unexpected decoded value ${String(value)}`);
}

function ethersDecoder(iface: Interface, fragment: EventFragment): (log: RawLog) => Record<string, ArgValue> {
  return (log) => {
    const result: Result = iface.decodeEventLog(fragment, log.data, log.topics);
    const args: Record<string, ArgValue> = {};
    fragment.inputs.forEach((input, i) => {
      args[input.name] = plain(result[i] as unknown);
    });
    return args;
  };
}

/** Finds the decoder of a log from its address and topic0. */
export class LogDecoder {
  private readonly byAddress = new Map<string, Map<string, EventDecoder>>();
  private readonly contractOf = new Map<string, WatchedContract>();

  constructor(addresses: Readonly<Record<WatchedContract, string>>) {
    for (const contract of WATCHED_CONTRACTS) {
      const address = addresses[contract].toLowerCase();
      const iface = new Interface(abis[contract]);
      const decoders = new Map<string, EventDecoder>();
      iface.forEachEvent((fragment) => {
        const decode = staticDecoder(fragment) ?? ethersDecoder(iface, fragment);
        decoders.set(fragment.topicHash, { contract, name: fragment.name, decode });
      });
      this.byAddress.set(address, decoders);
      this.contractOf.set(address, contract);
    }
  }

  /** The watched addresses, for eth_getLogs. */
  get addresses(): string[] {
    return [...this.byAddress.keys()];
  }

  /** null for a log no watched ABI knows (not an event of ours: it is skipped). */
  decode(log: RawLog): DecodedEvent | null {
    const decoders = this.byAddress.get(log.address.toLowerCase());
    const topic0 = log.topics[0];
    if (!decoders || topic0 === undefined) return null;
    const decoder = decoders.get(topic0.toLowerCase());
    if (!decoder) return null;
    return {
      contract: decoder.contract,
      name: decoder.name,
      args: new EventArgs(decoder.decode(log)),
      txHash: log.transactionHash.toLowerCase(),
      logIndex: Number.parseInt(log.logIndex, 16),
      blockNumber: Number.parseInt(log.blockNumber, 16),
      blockHash: log.blockHash.toLowerCase(),
      time: log.blockTimestamp === undefined ? 0 : Number.parseInt(log.blockTimestamp, 16),
    };
  }
}
