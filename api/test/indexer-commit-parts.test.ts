import { EventArgs, type DecodedEvent } from "../src/indexer/decode";
import { commitParts, type FetchedRange } from "../src/indexer/fetch";
import type { BlockHeader } from "../src/indexer/rpc";

/**
 * A fetched range is committed in parts of whole blocks (fetch.ts commitParts): each part one
 * transaction, its parent the part before it, so a restart between two parts finds the last one's
 * block stored and continues from there.
 */
const header = (number: number): BlockHeader => ({
  number,
  hash: `0x${number.toString(16).padStart(64, "0")}`,
  parentHash: `0x${(number - 1).toString(16).padStart(64, "0")}`,
  timestamp: 1_000 + number,
});

function rangeOf(perBlock: Record<number, number>, from: number, to: number): FetchedRange {
  const events: DecodedEvent[] = [];
  for (let block = from; block <= to; block++) {
    for (let i = 0; i < (perBlock[block] ?? 0); i++) {
      events.push({
        contract: "Markets",
        name: "Bought",
        args: new EventArgs({}),
        txHash: `0x${block}-${i}`,
        logIndex: i,
        blockNumber: block,
        blockHash: header(block).hash,
        time: header(block).timestamp,
      });
    }
  }
  const headers = Object.keys(perBlock)
    .map(Number)
    .concat(to)
    .filter((n, i, all) => all.indexOf(n) === i)
    .map(header);
  return {
    from,
    to,
    head: header(to + 5),
    last: header(to),
    parent: header(from - 1),
    events,
    headers,
    logCount: events.length,
    densestBlock: Math.max(...Object.values(perBlock)),
  };
}

test("a range is cut after the block where a part reaches the limit, never inside a block", () => {
  // Blocks 10–20; events in 11 (3), 12 (4), 14 (10), 17 (2), 19 (1).
  const range = rangeOf({ 11: 3, 12: 4, 14: 10, 17: 2, 19: 1 }, 10, 20);
  const parts = commitParts(range, 5);
  expect(parts.map((p) => [p.from, p.to, p.events.length])).toEqual([
    [10, 12, 7],
    [13, 14, 10],
    [15, 20, 3],
  ]);
  // Every event once, in chain order; each part continues the one before it.
  expect(parts.flatMap((p) => p.events)).toEqual(range.events);
  expect(parts[0]?.parent).toEqual(range.parent);
  expect(parts[1]?.parent).toEqual(header(12));
  expect(parts[2]?.parent).toEqual(header(14));
  expect(parts.map((p) => p.last.number)).toEqual([12, 14, 20]);
  expect(parts[2]?.last).toBe(range.last);
  for (const part of parts) {
    for (const h of part.headers) expect(h.number >= part.from && h.number <= part.to).toBe(true);
    expect(part.head).toBe(range.head);
  }
});

test("a range under the limit is committed as it was fetched", () => {
  const range = rangeOf({ 11: 3, 12: 1 }, 10, 20);
  expect(commitParts(range, 5)).toEqual([range]);
  // Reaching the limit in the last block with events leaves nothing to cut after it either.
  const full = rangeOf({ 11: 3, 20: 4 }, 10, 20);
  expect(commitParts(full, 5)).toEqual([full]);
});

test("a part's last block must have its header (fetchRange fetches it)", () => {
  const range = rangeOf({ 11: 6, 12: 1 }, 10, 20);
  range.headers = range.headers.filter((h) => h.number !== 11);
  expect(() => commitParts(range, 5)).toThrow("no header of block 11");
});
