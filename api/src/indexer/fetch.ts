import type { DecodedEvent, LogDecoder, RawLog } from "./decode";
import type { BlockHeader, Rpc } from "./rpc";
import { yieldToEventLoop } from "./yield";

/** Everything read from the node for one block range, ready to be written in one transaction. */
export interface FetchedRange {
  from: number;
  to: number;
  /** The chain's latest block when the range was fetched: the api's "now" and the undo floor. */
  head: BlockHeader;
  /** Header of `to`, fetched before the logs (see fetchRange). */
  last: BlockHeader;
  /** Header of from − 1, to check the range continues the chain already indexed. */
  parent: BlockHeader | null;
  /** Protocol events in chain order, each with its block's time. */
  events: DecodedEvent[];
  /** Every header fetched, kept as recent block hashes when within the reorg depth. */
  headers: BlockHeader[];
  /** Logs the node answered (decoded or not), and the most in one block: to size the next range. */
  logCount: number;
  densestBlock: number;
}

/** Logs decoded between two turns of the event loop. */
const DECODE_SLICE = 1_000;

/**
 * Events applied per database transaction at most (a block is never split: its events always
 * commit together, so a block denser than this commits alone). A fetched range of up to TARGET_LOGS
 * logs is committed in parts of this size (commitParts). On SQLite a part's write transaction
 * (writer.ts) is what an api write waits for while the indexer catches up; larger parts write rows
 * a little cheaper (fewer commits of the same index pages) and cost fewer round trips.
 */
export const COMMIT_EVENTS = 2_000;

/** The chain changed while a range was being read: the caller reads it again. */
export class ChainMovedError extends Error {}

/**
 * Reads [from, to]. Order matters for reorganisations: `to`'s header is read before the logs, and
 * the headers of logged blocks after them, and each log's block hash must equal its header's. A
 * reorganisation between the reads then shows either here (hash mismatch → read again) or as a
 * stored hash the chain no longer has (found by the next range's parent check → rollback).
 *
 * Headers are fetched only for blocks that have logs and whose time is not already known: Bought
 * carries its block time, and some nodes put blockTimestamp on every log.
 */
export async function fetchRange(
  rpc: Rpc,
  decoder: LogDecoder,
  range: { from: number; to: number; head: BlockHeader; firstBlock: number },
): Promise<FetchedRange> {
  const { from, to, head } = range;
  const last = to === head.number ? head : await rpc.header(to);
  const raw = await rpc.logs(decoder.addresses, from, to);
  const events: DecodedEvent[] = [];
  for (let i = 0; i < raw.length; i++) {
    const log = raw[i] as RawLog;
    if (log.removed) throw new ChainMovedError(`log ${log.transactionHash}:${log.logIndex} was removed`);
    const event = decoder.decode(log);
    if (event) events.push(event);
    // Decoding thousands of logs is tens of ms: the api beside it gets its turns.
    if (i % DECODE_SLICE === DECODE_SLICE - 1) await yieldToEventLoop();
  }
  // eth_getLogs answers in chain order; sorting keeps that true for nodes that split the answer.
  events.sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);

  const timeOf = new Map<number, number>();
  for (const event of events) {
    if (event.time > 0) timeOf.set(event.blockNumber, event.time);
    else if (event.contract === "Markets" && event.name === "Bought") timeOf.set(event.blockNumber, event.args.num("time"));
  }
  const wanted = new Set<number>();
  for (const event of events) if (!timeOf.has(event.blockNumber)) wanted.add(event.blockNumber);
  // The ends of the parts the range is committed in (commitParts): each part's last block is
  // stored as the next part's parent, so its header is needed.
  for (const end of partEnds(events, COMMIT_EVENTS)) wanted.add(end);
  wanted.delete(to);
  const parentNumber = from - 1;
  const needParent = parentNumber >= range.firstBlock && parentNumber >= 0;
  if (needParent) wanted.add(parentNumber);
  const fetched = await rpc.headers([...wanted]);

  const byNumber = new Map<number, BlockHeader>(fetched);
  byNumber.set(to, last);
  for (const event of events) {
    const header = byNumber.get(event.blockNumber);
    if (header) {
      if (header.hash !== event.blockHash) {
        throw new ChainMovedError(`block ${event.blockNumber} changed while range ${from}-${to} was read`);
      }
      event.time = header.timestamp;
    } else {
      const time = timeOf.get(event.blockNumber);
      if (time === undefined) throw new Error(`no time for block ${event.blockNumber}`);
      event.time = time;
    }
  }
  return {
    from,
    to,
    head,
    last,
    parent: needParent ? (byNumber.get(parentNumber) ?? null) : null,
    events,
    headers: [...byNumber.values()],
    logCount: raw.length,
    densestBlock: densest(raw),
  };
}

/**
 * How many blocks the next eth_getLogs asks for, and so how many events one database transaction
 * applies. The range follows the log density (public BSC nodes cap answers; rpc.ts halves a range
 * a node refuses): it aims at about TARGET_LOGS logs per call, shrinking at once after a dense
 * range and at most doubling after a sparse one, between 1 block and batchBlocks. It starts at one
 * block, since the density ahead is unknown; on a sparse chain it reaches batchBlocks within a
 * dozen calls.
 *
 * 10,000 rather than 1,000 logs: the bench devnet answers in time linear in the logs (measured:
 * 4,000 logs in ~0.4 s, 10,000 in ~0.5 s, 50,000 in ~1.2 s), while SQLite writes rows in
 * transactions of 10,000 for ~40% less than in transactions of 1,000 (each commit rewrites every
 * page of the hash-keyed indexes it touched).
 */
export const TARGET_LOGS = 10_000;
export const FIRST_RANGE = 1;

export function nextRangeBlocks(current: number, densestBlock: number, max: number): number {
  // The densest block, not the average, predicts the next range: activity comes in bursts.
  const fit = densestBlock === 0 ? max : Math.floor(TARGET_LOGS / densestBlock);
  return Math.max(1, Math.min(max, fit, current * 2));
}

function densest(logs: readonly RawLog[]): number {
  let most = 0;
  let run = 0;
  let block = "";
  for (const log of logs) {
    run = log.blockNumber === block ? run + 1 : 1;
    block = log.blockNumber;
    if (run > most) most = run;
  }
  return most;
}

/** The last block of each part but the last when `events` (chain order) are cut after ≥ `limit` events. */
function partEnds(events: readonly DecodedEvent[], limit: number): number[] {
  const ends: number[] = [];
  let count = 0;
  for (let i = 0; i < events.length; i++) {
    const block = (events[i] as DecodedEvent).blockNumber;
    count++;
    const next = events[i + 1];
    if (next && next.blockNumber !== block && count >= limit) {
      ends.push(block);
      count = 0;
    }
  }
  return ends;
}

/**
 * The fetched range as the parts it is committed in, in order: ranges of whole blocks with about
 * COMMIT_EVENTS events each (fetchRange fetched every part's last header). Each part checks its
 * parent like any range: the first against the fetched range's parent, the next ones against the
 * part before it, which a restart after a kill between two parts finds stored.
 */
export function commitParts(range: FetchedRange, limit = COMMIT_EVENTS): FetchedRange[] {
  const ends = partEnds(range.events, limit);
  if (ends.length === 0) return [range];
  const byNumber = new Map(range.headers.map((header) => [header.number, header]));
  const parts: FetchedRange[] = [];
  let from = range.from;
  let parent = range.parent;
  let start = 0;
  for (const to of [...ends, range.to]) {
    const last = to === range.to ? range.last : byNumber.get(to);
    if (!last) throw new Error(`indexer: no header of block ${to}`);
    let end = start;
    while (end < range.events.length && (range.events[end] as DecodedEvent).blockNumber <= to) end++;
    const events = range.events.slice(start, end);
    parts.push({
      from,
      to,
      head: range.head,
      last,
      parent,
      events,
      headers: range.headers.filter((header) => header.number >= from && header.number <= to),
      logCount: events.length,
      densestBlock: range.densestBlock,
    });
    start = end;
    from = to + 1;
    parent = last;
  }
  return parts;
}
