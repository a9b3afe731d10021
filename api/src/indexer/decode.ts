import { Interface, type EventFragment, type ParamType, type Result } from "ethers";
import { abis, type RequiredRole } from "@prds/contracts";

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

/** The role each watched contract is deployed under (deployments/<chainId>.json). */
export const WATCHED_ROLES = {
  Markets: "markets",
  License: "license",
  LicenseMarketplace: "licenseMarketplace",
  Claim: "claim",
} as const satisfies Record<WatchedContract, RequiredRole>;

/** An event name of the contract's ABI (its `as const` type), so a misspelt name does not compile. */
export type EventName<C extends WatchedContract> = Extract<(typeof abis)[C][number], { readonly type: "event" }>["name"];

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

  /**
   * Arguments as JSON (bigints as decimal strings), for chain_events.args_json: the text
   * JSON.stringify with a bigint replacer gives, written directly (a replacer call per value cost
   * more than writing the row).
   */
  toJson(): string {
    let out = "{";
    for (const name in this.values) {
      if (out.length > 1) out += ",";
      out += `${JSON.stringify(name)}:${jsonValue(this.values[name] as ArgValue)}`;
    }
    return `${out}}`;
  }
}

/** Lowercase hex needs no escaping; anything else goes through JSON.stringify. */
const PLAIN_HEX = /^0x[0-9a-f]*$/;

function jsonValue(value: ArgValue): string {
  if (typeof value === "bigint") return `"${value.toString()}"`;
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "string") return PLAIN_HEX.test(value) ? `"${value}"` : JSON.stringify(value);
  return `[${value.map(jsonValue).join(",")}]`;
}

interface EventDecoder {
  contract: WatchedContract;
  name: string;
  decode(log: RawLog): Record<string, ArgValue>;
}

const ZERO_WORD = "0".repeat(64);
const WORD_TYPE = /^(uint\d*|address|bool|bytes32)$/;

function isWord(type: ParamType): boolean {
  return WORD_TYPE.test(type.type);
}

/** A non-indexed `T[]` of one-word items (MarketIssued's bytes32[] options). */
function isWordArray(type: ParamType): boolean {
  return !type.indexed && type.isArray() && type.arrayLength === -1 && type.arrayChildren !== null && isWord(type.arrayChildren);
}

function wordValue(type: string, word: string): ArgValue {
  if (type === "address") return `0x${word.slice(24)}`;
  if (type === "bool") return word !== ZERO_WORD;
  if (type === "bytes32") return `0x${word}`;
  return BigInt(`0x${word}`);
}

/** Word `index` of a log's (lowercased) data, hex without 0x; throws past the end. */
function dataWord(data: string, index: number, event: string): string {
  const word = data.slice(2 + index * 64, 2 + (index + 1) * 64);
  if (word.length !== 64) throw new Error(`malformed ${event} log`);
  return word;
}

/** A word holding an offset or a length: small by construction, anything else is malformed. */
function smallWord(word: string, event: string): number {
  const value = Number.parseInt(word, 16);
  if (!Number.isSafeInteger(value)) throw new Error(`malformed ${event} log`);
  return value;
}

/**
 * Events whose arguments are one-word static values (every hot one, such as Bought) or dynamic
 * arrays of them (MarketIssued's options) are read straight from topics and data words, several
 * times faster than ethers' ABI coder, which stays the fallback for any other event shape.
 */
function wordDecoder(fragment: EventFragment): ((log: RawLog) => Record<string, ArgValue>) | null {
  if (!fragment.inputs.every((input) => isWord(input) || isWordArray(input))) return null;
  const plan = fragment.inputs.map((input, i) => {
    const before = fragment.inputs.slice(0, i);
    return {
      name: input.name,
      type: isWordArray(input) ? (input.arrayChildren?.type ?? "") : input.type,
      array: isWordArray(input),
      topic: input.indexed ? 1 + before.filter((p) => p.indexed).length : -1,
      word: input.indexed ? -1 : before.filter((p) => !p.indexed).length,
    };
  });
  const event = fragment.name;
  return (log) => {
    const args: Record<string, ArgValue> = {};
    // Once per log rather than per word (nodes answer lowercase, so this rarely copies).
    const data = log.data.toLowerCase();
    for (const p of plan) {
      if (p.topic >= 0) {
        const topic = log.topics[p.topic];
        if (topic === undefined || topic.length !== 66) throw new Error(`malformed ${event} log`);
        args[p.name] = wordValue(p.type, topic.slice(2).toLowerCase());
      } else if (p.array) {
        // The head word is the byte offset of the array: its length, then its items.
        const start = smallWord(dataWord(data, p.word, event), event);
        if (start % 32 !== 0) throw new Error(`malformed ${event} log`);
        const at = start / 32;
        const length = smallWord(dataWord(data, at, event), event);
        const items: ArgValue[] = [];
        for (let i = 0; i < length; i++) items.push(wordValue(p.type, dataWord(data, at + 1 + i, event)));
        args[p.name] = items;
      } else {
        args[p.name] = wordValue(p.type, dataWord(data, p.word, event));
      }
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

  /** `addresses`: the protocol's contracts by role. */
  constructor(addresses: Readonly<Record<RequiredRole, string>>) {
    for (const contract of WATCHED_CONTRACTS) {
      const address = addresses[WATCHED_ROLES[contract]].toLowerCase();
      const iface = new Interface(abis[contract]);
      const decoders = new Map<string, EventDecoder>();
      iface.forEachEvent((fragment) => {
        const decode = wordDecoder(fragment) ?? ethersDecoder(iface, fragment);
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
