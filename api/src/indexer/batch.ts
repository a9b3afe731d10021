import { sql } from "kysely";
import type { MarketParams } from "../chain/chain";
import type { Db } from "../db/connect";
import type { Row } from "../db/schema";
import { batchDb, writeRows, type BatchDb, type Executor } from "./bulk";
import type { DecodedEvent } from "./decode";
import type { FetchedRange } from "./fetch";
import { handlerOf } from "./handlers";
import type { HandlerContext, KnownAddresses } from "./handlers/context";
import { expireRentals } from "./handlers/licenses";
import { SnapshotLedger } from "./handlers/snapshots";
import { WRITER_LOCK } from "./leader";
import { prefetch } from "./prefetch";
import { nextBlock, readCursors, writeCursors, writeHead } from "./state";
import { BatchStore } from "./store";
import { APPEND_TABLES, MUTABLE_TABLES } from "./tables";
import { writeUndo } from "./undo";
import { changeOfStore, recordChange } from "../stream/changes";

export interface BatchSettings {
  params: MarketParams;
  addresses: KnownAddresses;
  reorgDepth: number;
  /** Block the cursors start at (the deployment block). */
  firstBlock: number;
}

/** The range does not continue the chain the database holds: roll back (reorg.ts). */
export class ReorgDetectedError extends Error {
  constructor(
    readonly block: number,
    message: string,
  ) {
    super(message);
  }
}

/** The database moved under this process (another writer, a rollback): read the cursors again. */
export class StaleRangeError extends Error {}

export interface BatchResult {
  /** Events applied (not already in chain_events). */
  applied: number;
  next: number;
  /** A change was recorded for the live stream (stream/changes.ts). */
  changed: boolean;
}

/**
 * Applies one fetched range in ONE database transaction: events, derived rows, undo records, block
 * hashes, cursors and the head. A process killed at any moment leaves either all of it or none, so
 * a restart continues from the cursors with nothing lost or doubled.
 */
export async function applyRange(db: Db, settings: BatchSettings, range: FetchedRange): Promise<BatchResult> {
  return db.kysely.transaction().execute(async (trx) => {
    // PostgreSQL: writers take turns, so even two processes that both believe they lead (a lock
    // session lost mid-batch) cannot apply the same events twice: the second sees them applied.
    if (db.dialect === "postgres") await sql`select pg_advisory_xact_lock(${WRITER_LOCK[0]}, ${WRITER_LOCK[1]})`.execute(trx);

    const cursors = await readCursors(trx, settings.firstBlock);
    if (nextBlock(cursors) !== range.from) {
      throw new StaleRangeError(`cursor is at ${nextBlock(cursors)}, range starts at ${range.from}`);
    }
    await checkParent(trx, range);

    const applied = await trx
      .selectFrom("chain_events")
      .select(["tx_hash", "log_index"])
      .where("block_number", ">=", range.from)
      .where("block_number", "<=", range.to)
      .execute();
    const known = new Set(applied.map((row) => `${row.tx_hash}:${row.log_index}`));
    const fresh = range.events.filter(
      (event) => !known.has(`${event.txHash}:${event.logIndex}`) && event.blockNumber >= (cursors.get(event.contract) ?? 0),
    );

    const undoFloor = range.head.number - settings.reorgDepth;
    const target = batchDb(db, trx);
    const store = new BatchStore(undoFloor);
    const snapshots = new SnapshotLedger(store);
    await yieldToEventLoop();
    await prefetch(target, store, snapshots, fresh, range.last.timestamp);
    await yieldToEventLoop();
    const ctx: HandlerContext = { store, params: settings.params, addresses: settings.addresses, snapshots };
    applyEvents(ctx, fresh);
    expireRentals(store, range.last.timestamp, range.to);
    await yieldToEventLoop();

    await flush(target, store);
    await writeUndo(target, store.undo);
    await writeBlocks(trx, range, undoFloor);
    await writeCursors(trx, range.to + 1, range.head.timestamp);
    await writeHead(trx, range.head);
    // The live stream's change log, in this transaction: what it announces is what this committed.
    const change = changeOfStore(store);
    if (change) await recordChange(db, trx, change, range.to);
    return { applied: fresh.length, next: range.to + 1, changed: change !== null };
  });
}

async function checkParent(db: Executor, range: FetchedRange): Promise<void> {
  if (!range.parent) return;
  const stored = await db
    .selectFrom("indexer_blocks")
    .select("hash")
    .where("number", "=", range.parent.number)
    .executeTakeFirst();
  if (stored && stored.hash !== range.parent.hash) {
    throw new ReorgDetectedError(range.parent.number, `block ${range.parent.number} is no longer ${stored.hash}`);
  }
}

function applyEvents(ctx: HandlerContext, events: readonly DecodedEvent[]): void {
  const transactions = new Map<string, Row<"chain_transactions">>();
  for (const event of events) {
    ctx.store.block = event.blockNumber;
    handlerOf(event)?.apply(ctx, event);
    ctx.store.append("chain_events", {
      tx_hash: event.txHash,
      log_index: event.logIndex,
      block_number: event.blockNumber,
      block_hash: event.blockHash,
      block_time: event.time,
      contract: event.contract,
      name: event.name,
      args_json: event.args.toJson(),
    });
    const tx = transactions.get(event.txHash);
    if (tx) tx.event_count += 1;
    else {
      // from_address stays null: fetching every transaction only for its sender would double the
      // node round trips of a catch-up.
      transactions.set(event.txHash, {
        tx_hash: event.txHash,
        block_number: event.blockNumber,
        block_time: event.time,
        from_address: null,
        event_count: 1,
      });
    }
  }
  for (const tx of transactions.values()) ctx.store.append("chain_transactions", tx);
}

async function flush(db: BatchDb, store: BatchStore): Promise<void> {
  for (const table of MUTABLE_TABLES) {
    await writeRows(db, table, store.changed(table), "replace");
    await yieldToEventLoop();
  }
  // Plain inserts: a row already there would mean an event applied twice, which must fail loudly.
  for (const table of APPEND_TABLES) {
    await writeRows(db, table, store.appendedRows(table), "fail");
    await yieldToEventLoop();
  }
}

/**
 * Lets pending I/O run between the steps of a batch. better-sqlite3 is synchronous, and awaiting
 * it only queues microtasks: without a real turn of the event loop, the next range's eth_getLogs
 * (started before this batch, indexer.ts) was not even sent until the whole batch was written,
 * and the node and the writer took turns instead of working side by side.
 */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Keeps the hashes of recent blocks (within reorgDepth of the head) to find a fork point, and
 * always the range's last block: the next range's parent check reads it.
 */
async function writeBlocks(db: Executor, range: FetchedRange, undoFloor: number): Promise<void> {
  const recent = range.headers.filter((header) => header.number > undoFloor || header.number === range.to);
  if (recent.length > 0) {
    await db
      .insertInto("indexer_blocks")
      .values(recent.map((h) => ({ number: h.number, hash: h.hash, parent_hash: h.parentHash, timestamp: h.timestamp })))
      .onConflict((oc) =>
        oc.column("number").doUpdateSet((eb) => ({
          hash: eb.ref("excluded.hash"),
          parent_hash: eb.ref("excluded.parent_hash"),
          timestamp: eb.ref("excluded.timestamp"),
        })),
      )
      .execute();
  }
  await db.deleteFrom("indexer_undo").where("block_number", "<=", undoFloor).execute();
  await db.deleteFrom("indexer_blocks").where("number", "<=", undoFloor).where("number", "<", range.to).execute();
}
