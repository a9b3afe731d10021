import { sql, type Compilable } from "kysely";
import type { MarketParams } from "../chain/chain";
import type { Db } from "../db/connect";
import type { Row } from "../db/schema";
import { batchDb, writeRows, type BatchDb, type Executor } from "./bulk";
import { WATCHED_CONTRACTS, type DecodedEvent } from "./decode";
import type { FetchedRange } from "./fetch";
import { handlerOf } from "./handlers";
import type { HandlerContext, KnownAddresses } from "./handlers/context";
import { expireRentals } from "./handlers/licenses";
import { SnapshotLedger } from "./handlers/snapshots";
import { WRITER_LOCK } from "./leader";
import { prefetch } from "./prefetch";
import { cursorsQuery, headQuery, nextBlock } from "./state";
import { BatchStore } from "./store";
import { APPEND_TABLES, MUTABLE_TABLES } from "./tables";
import { writeUndo } from "./undo";
import { CursorsMovedError, StatementSink, type CursorRows, type SqliteWriter } from "./writer";
import { yieldToEventLoop } from "./yield";
import { changeOfStore, changeQuery, notifyChange } from "../stream/changes";

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
 * a restart continues from the cursors with nothing lost or doubled. (SQLite with a writer thread
 * splits this in two: prepareRange, then commitPrepared.)
 */
export async function applyRange(db: Db, settings: BatchSettings, range: FetchedRange): Promise<BatchResult> {
  return db.kysely.transaction().execute(async (trx) => {
    // PostgreSQL: writers take turns, so even two processes that both believe they lead (a lock
    // session lost mid-batch) cannot apply the same events twice: the second sees them applied.
    if (db.dialect === "postgres") await sql`select pg_advisory_xact_lock(${WRITER_LOCK[0]}, ${WRITER_LOCK[1]})`.execute(trx);
    return (await buildRange(batchDb(db, trx), settings, range, null)).result;
  });
}

/** A range whose statements are ready for the writer thread (writer.ts), not yet committed. */
export interface PreparedRange {
  range: FetchedRange;
  /** Its rows: the next part, prepared before this one is committed, starts from them. */
  store: BatchStore;
  sink: StatementSink;
  /** The cursors the writer must find (what the range was prepared on); otherwise nothing is written. */
  cursors: CursorRows;
  result: BatchResult;
}

/**
 * SQLite with a writer thread: reads and prepares a range's statements on the indexer's own
 * connection, in one read transaction (one snapshot of the database), and writes nothing.
 *
 * `before` is the part still being committed by the writer, if any: preparing the next part while
 * the writer commits one is what makes a catch-up about the larger of the two rather than their
 * sum. When this snapshot does not show `before` yet (its cursors are still at its first block),
 * the range is prepared as if it were committed: the rows it changed, its trades and snapshots
 * come from its store (BatchStore carry, prefetch), its last block is the parent checked, and the
 * writer must find the cursors it leaves. The writer commits parts in order, each in its own
 * transaction, so a kill still leaves whole parts; a part whose `before` failed is never sent.
 */
export async function prepareRange(
  db: Db,
  settings: BatchSettings,
  range: FetchedRange,
  before: PreparedRange | null,
): Promise<PreparedRange> {
  return db.kysely.transaction().execute(async (trx) => {
    const sink = new StatementSink();
    return { range, sink, ...(await buildRange(batchDb(db, trx, sink), settings, range, before)) };
  });
}

/** Runs a prepared range on the writer thread; resolves once it is committed. */
export async function commitPrepared(writer: SqliteWriter, prepared: PreparedRange): Promise<BatchResult> {
  try {
    await writer.commit(prepared.cursors, prepared.sink);
  } catch (error) {
    if (error instanceof CursorsMovedError) throw new StaleRangeError(error.message);
    throw error;
  }
  return prepared.result;
}

async function buildRange(
  target: BatchDb,
  settings: BatchSettings,
  range: FetchedRange,
  before: PreparedRange | null,
): Promise<{ store: BatchStore; cursors: CursorRows; result: BatchResult }> {
  const trx = target.trx;
  const stored = await trx.selectFrom("indexer_cursors").select(["contract", "next_block"]).execute();
  const read: CursorRows = Object.fromEntries(stored.map((row) => [row.contract, Number(row.next_block)]));
  let cursors = cursorsOf(read, settings.firstBlock);
  // The part before is not committed in this snapshot: read as if it were (see prepareRange).
  const pending = before && nextBlock(cursors) === before.range.from ? before : null;
  if (pending) {
    for (const contract of WATCHED_CONTRACTS) read[contract] = pending.range.to + 1;
    cursors = cursorsOf(read, settings.firstBlock);
  }
  if (nextBlock(cursors) !== range.from) {
    throw new StaleRangeError(`cursor is at ${nextBlock(cursors)}, range starts at ${range.from}`);
  }
  await checkParent(trx, range, pending?.range ?? null);

  // Blocks of this range only: the part before wrote none of them.
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
  const store = new BatchStore(undoFloor);
  if (pending) store.carry(pending.store);
  const snapshots = new SnapshotLedger(store);
  await yieldToEventLoop();
  await prefetch(target, store, snapshots, fresh, range.last.timestamp, pending?.store ?? null);
  await yieldToEventLoop();
  const ctx: HandlerContext = { store, params: settings.params, addresses: settings.addresses, snapshots };
  await applyEvents(ctx, fresh);
  expireRentals(store, range.last.timestamp, range.to);
  await yieldToEventLoop();

  await flush(target, store);
  await writeUndo(target, store.undo);
  await writeBlocks(target, range, undoFloor);
  await run(target, cursorsQuery(trx, range.to + 1, range.head.timestamp));
  await run(target, headQuery(trx, range.head));
  // The live stream's change log, in this transaction: what it announces is what this committed.
  const change = changeOfStore(store);
  if (change) {
    await run(target, changeQuery(trx, change, range.to));
    if (target.dialect === "postgres") await notifyChange(trx);
  }
  return { store, cursors: read, result: { applied: fresh.length, next: range.to + 1, changed: change !== null } };
}

/** Next block per watched contract, from the stored rows (state.ts readCursors). */
function cursorsOf(read: CursorRows, firstBlock: number): Map<string, number> {
  return new Map(WATCHED_CONTRACTS.map((contract) => [contract, read[contract] ?? firstBlock]));
}

/** Runs a built statement in the batch's transaction, or records it for the writer thread. */
async function run(db: BatchDb, query: Compilable & { execute(): Promise<unknown> }): Promise<void> {
  if (!db.sink) {
    await query.execute();
    return;
  }
  const compiled = query.compile();
  db.sink.push(compiled.sql, compiled.parameters);
}

/** The range's parent must be the block stored (or, `pending`'s last block: about to be stored). */
async function checkParent(db: Executor, range: FetchedRange, pending: FetchedRange | null): Promise<void> {
  if (!range.parent) return;
  const stored =
    pending && pending.to === range.parent.number
      ? { hash: pending.last.hash }
      : await db.selectFrom("indexer_blocks").select("hash").where("number", "=", range.parent.number).executeTakeFirst();
  if (stored && stored.hash !== range.parent.hash) {
    throw new ReorgDetectedError(range.parent.number, `block ${range.parent.number} is no longer ${stored.hash}`);
  }
}

/** Events applied between two turns of the event loop (the api beside the indexer gets its turns). */
const APPLY_SLICE = 250;

async function applyEvents(ctx: HandlerContext, events: readonly DecodedEvent[]): Promise<void> {
  const transactions = new Map<string, Row<"chain_transactions">>();
  let count = 0;
  for (const event of events) {
    if (++count % APPLY_SLICE === 0) await yieldToEventLoop();
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

/**
 * Writes the batch's rows (or, with a writer thread, prepares them for it). With no writer, on
 * SQLite the first write takes the database's write lock, held until the commit: no turn of the
 * event loop from there on. Otherwise (PostgreSQL: the api's queries run on other pooled
 * connections; the writer thread: nothing is written here) the api's requests get turns.
 */
async function flush(db: BatchDb, store: BatchStore): Promise<void> {
  const turn = async (): Promise<void> => {
    if (db.dialect === "postgres" || db.sink) await yieldToEventLoop();
  };
  for (const table of MUTABLE_TABLES) {
    await writeRows(db, table, store.changed(table), "replace");
    await turn();
  }
  // Plain inserts: a row already there would mean an event applied twice, which must fail loudly.
  for (const table of APPEND_TABLES) {
    await writeRows(db, table, store.appendedRows(table), "fail");
    await turn();
  }
}

/**
 * Keeps the hashes of recent blocks (within reorgDepth of the head) to find a fork point, and
 * always the range's last block: the next range's parent check reads it.
 */
async function writeBlocks(target: BatchDb, range: FetchedRange, undoFloor: number): Promise<void> {
  const db = target.trx;
  const recent = range.headers.filter((header) => header.number > undoFloor || header.number === range.to);
  if (recent.length > 0) {
    await run(
      target,
      db
        .insertInto("indexer_blocks")
        .values(recent.map((h) => ({ number: h.number, hash: h.hash, parent_hash: h.parentHash, timestamp: h.timestamp })))
        .onConflict((oc) =>
          oc.column("number").doUpdateSet((eb) => ({
            hash: eb.ref("excluded.hash"),
            parent_hash: eb.ref("excluded.parent_hash"),
            timestamp: eb.ref("excluded.timestamp"),
          })),
        ),
    );
  }
  await run(target, db.deleteFrom("indexer_undo").where("block_number", "<=", undoFloor));
  await run(target, db.deleteFrom("indexer_blocks").where("number", "<=", undoFloor).where("number", "<", range.to));
}
