import { sql } from "kysely";
import type { Db } from "../db/connect";
import { DERIVED_TABLES } from "../db/schema";
import { batchDb, type Executor } from "./bulk";
import { WRITER_LOCK } from "./leader";
import type { BlockHeader, Rpc } from "./rpc";
import { writeCursors } from "./state";
import { APPEND_TABLES } from "./tables";
import { undoAbove } from "./undo";
import { EMPTY_CHANGE, recordChange } from "../stream/changes";

/**
 * Reorganisations. The indexer notices one when a range's parent (or, when idle, the last indexed
 * block) no longer has the hash it stored. It then walks its stored recent block hashes from the
 * newest down, asking the node for each, until one still matches: that block is the fork point.
 * Rolling back to it restores every mutable row from the undo log (newest change first), deletes
 * append-only rows and block hashes above it, and moves the cursors back, in one transaction; the
 * loop then indexes the new chain from there.
 *
 * A fork deeper than the stored history (no stored block matches) cannot be undone precisely, so
 * the derived tables are rebuilt from the deployment block instead.
 */
export interface ForkPoint {
  /** The last block both chains share; null when no stored block matches. */
  block: number | null;
}

export async function findForkPoint(db: Db, rpc: Rpc, below: number): Promise<ForkPoint> {
  const head = await rpc.latestHeader();
  const stored = await db.kysely
    .selectFrom("indexer_blocks")
    .select(["number", "hash"])
    .where("number", "<", below)
    .orderBy("number", "desc")
    .execute();
  for (const block of stored) {
    const number = Number(block.number);
    if (number > head.number) continue;
    const onChain: BlockHeader = await rpc.header(number);
    if (onChain.hash === block.hash) return { block: number };
  }
  return { block: null };
}

/**
 * indexer_state key changed by every rollback and rebuild, for readers that keep derived rows in
 * memory (http/searchIndex/): a row restored from its before-image carries an older updated_block
 * again, so "changed since block N" cannot see it; a new value here says to read everything again.
 */
export const ROLLBACK_STATE_KEY = "rollback";

async function markRollback(trx: Executor): Promise<void> {
  await trx
    .insertInto("indexer_state")
    .values({ key: ROLLBACK_STATE_KEY, value: `${Date.now()}:${Math.random().toString(36).slice(2)}` })
    .onConflict((oc) => oc.column("key").doUpdateSet((eb) => ({ value: eb.ref("excluded.value") })))
    .execute();
}

async function lockWriters(db: Db, trx: Executor): Promise<void> {
  if (db.dialect === "postgres") await sql`select pg_advisory_xact_lock(${WRITER_LOCK[0]}, ${WRITER_LOCK[1]})`.execute(trx);
}

/** Rolls the derived tables back to the end of block `fork`; returns the undo records applied. */
export async function rollbackTo(db: Db, fork: number, now: number): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    await lockWriters(db, trx);
    const undone = await undoAbove(batchDb(db, trx), fork);
    for (const table of APPEND_TABLES) {
      await trx.deleteFrom(table).where("block_number", ">", fork).execute();
    }
    await trx.deleteFrom("indexer_blocks").where("number", ">", fork).execute();
    const cursors = await trx.selectFrom("indexer_cursors").select(["next_block"]).execute();
    const next = Math.min(fork + 1, ...cursors.map((c) => Number(c.next_block)));
    await writeCursors(trx, next, now);
    await markRollback(trx);
    await recordChange(db, trx, { ...EMPTY_CHANGE, reorg: true }, fork);
    return undone;
  });
}

/** Drops everything derived and starts again from `firstBlock`. */
export async function rebuildFrom(db: Db, firstBlock: number, now: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await lockWriters(db, trx);
    for (const table of DERIVED_TABLES) await trx.deleteFrom(table).execute();
    await trx.deleteFrom("indexer_undo").execute();
    await trx.deleteFrom("indexer_blocks").execute();
    await writeCursors(trx, firstBlock, now);
    await markRollback(trx);
    await recordChange(db, trx, { ...EMPTY_CHANGE, reorg: true }, firstBlock);
  });
}
