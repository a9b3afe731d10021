import type { RawLog } from "./decode";

/** The part of a block header the indexer keeps. */
export interface BlockHeader {
  number: number;
  hash: string;
  parentHash: string;
  timestamp: number;
}

interface RawHeader {
  number: string;
  hash: string;
  parentHash: string;
  timestamp: string;
}

const hex = (n: number): string => `0x${n.toString(16)}`;

function toHeader(raw: RawHeader | null, what: string): BlockHeader {
  if (!raw) throw new Error(`the node has no block ${what}`);
  return {
    number: Number.parseInt(raw.number, 16),
    hash: raw.hash.toLowerCase(),
    parentHash: raw.parentHash.toLowerCase(),
    timestamp: Number.parseInt(raw.timestamp, 16),
  };
}

interface RpcReply {
  result?: unknown;
  error?: { code: number; message: string };
}

/**
 * The raw JSON-RPC calls the indexer makes, over Node's fetch rather than the chain's ethers
 * provider: ethers reads an answer chunk by chunk and decodes its UTF-8 in JavaScript, which took
 * longer than writing the events for answers of thousands of logs; fetch's native JSON parse does
 * not. Logs stay raw objects too (no ethers Log per log).
 */
export class Rpc {
  private nextId = 1;

  constructor(private readonly url: string) {}

  private async call(method: string, params: unknown[]): Promise<unknown> {
    const id = this.nextId++;
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
        signal: AbortSignal.timeout(120_000),
      });
    } catch (error) {
      // fetch says only "fetch failed"; the cause names the connection problem.
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
      throw new Error(
        `${method}: the node at ${this.url} did not answer (${error instanceof Error ? error.message : String(error)}${cause})`,
      );
    }
    if (!response.ok) throw new Error(`${method}: HTTP ${response.status} from the node`);
    const reply = (await response.json()) as RpcReply;
    if (reply.error) throw new Error(`${method}: ${reply.error.message} (${reply.error.code})`);
    return reply.result;
  }

  async latestHeader(): Promise<BlockHeader> {
    return toHeader((await this.call("eth_getBlockByNumber", ["latest", false])) as RawHeader | null, "latest");
  }

  async header(number: number): Promise<BlockHeader> {
    return toHeader((await this.call("eth_getBlockByNumber", [hex(number), false])) as RawHeader | null, String(number));
  }

  /** Headers of many blocks, at most `concurrency` requests in flight. */
  async headers(numbers: readonly number[], concurrency = 8): Promise<Map<number, BlockHeader>> {
    const out = new Map<number, BlockHeader>();
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < numbers.length) {
        const number = numbers[next++];
        if (number === undefined) return;
        out.set(number, await this.header(number));
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, numbers.length) }, worker));
    return out;
  }

  /**
   * Logs of `addresses` in [from, to]. A node that refuses the range as too large (public BSC
   * nodes cap results) gets it again in halves.
   */
  async logs(addresses: readonly string[], from: number, to: number): Promise<RawLog[]> {
    try {
      return (await this.call("eth_getLogs", [{ fromBlock: hex(from), toBlock: hex(to), address: addresses }])) as RawLog[];
    } catch (error) {
      if (to > from && isRangeTooLarge(error)) {
        const middle = Math.floor((from + to) / 2);
        const first = await this.logs(addresses, from, middle);
        const second = await this.logs(addresses, middle + 1, to);
        return first.concat(second);
      }
      throw error;
    }
  }
}

function isRangeTooLarge(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /limit|too many|too large|range|exceed|response size/i.test(message);
}
