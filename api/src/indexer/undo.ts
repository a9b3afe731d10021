import type { Row } from "../db/schema";
import { deleteByKey, insertRecords, writeRows, type BatchDb } from "./bulk";
import type { UndoRecord } from "./store";
import { MUTABLE_TABLES, type KeyValues, type MutableTable } from "./tables";

/**
 * The undo log: before-images of the mutable derived rows changed by recent blocks (those within
 * reorgDepth of the head when they were applied). Older blocks get none — a reorganisation cannot
 * reach them — which keeps catch-up over deep history free of this cost. Append-only tables need
 * none either: their rows carry their block and are deleted by block (reorg.ts).
 *
 * One indexer_undo row holds every before-image of one table in one block: key_json is the list of
 * keys, before_json the list of before-images (null: the row did not exist). A dense block changes
 * thousands of rows, and one database row per change made the undo log the largest table a
 * catch-up wrote.
 */
export async function writeUndo(db: BatchDb, records: readonly UndoRecord[]): Promise<void> {
  await insertRecords(
    db,
    "indexer_undo",
    ["block_number", "table_name", "key_json", "before_json"],
    packByBlockAndTable(records).map((pack) => ({
      block_number: pack.block,
      table_name: pack.table,
      key_json: JSON.stringify(pack.keys),
      before_json: JSON.stringify(pack.befores),
    })),
  );
}

interface UndoPack {
  block: number;
  table: MutableTable;
  keys: KeyValues[];
  befores: (Row<MutableTable> | null)[];
}

/** Groups records by (block, table), in the order each group first appears. */
function packByBlockAndTable(records: readonly UndoRecord[]): UndoPack[] {
  const packs = new Map<string, UndoPack>();
  for (const record of records) {
    const id = `${record.block}\u0001${record.table}`;
    let pack = packs.get(id);
    if (!pack) {
      pack = { block: record.block, table: record.table, keys: [], befores: [] };
      packs.set(id, pack);
    }
    pack.keys.push(record.key);
    pack.befores.push(record.before);
  }
  return [...packs.values()];
}

function isMutableTable(name: string): name is MutableTable {
  return (MUTABLE_TABLES as readonly string[]).includes(name);
}

/** The (key, before-image) changes one indexer_undo row holds, in the order they were made. */
function changesOf(keyJson: string, beforeJson: string | null): { key: KeyValues; before: Row<MutableTable> | null }[] {
  const keys = JSON.parse(keyJson) as KeyValues[];
  const befores = JSON.parse(beforeJson ?? "[]") as (Row<MutableTable> | null)[];
  if (befores.length !== keys.length) throw new Error("indexer_undo: keys and before-images differ in number");
  return keys.map((key, i) => ({ key, before: befores[i] ?? null }));
}

/**
 * Restores every row changed above `fork`, newest block first, so each ends as it was at `fork`;
 * returns the number of rows restored. Within a block each row has one before-image, so the order
 * inside a block does not matter.
 */
export async function undoAbove(db: BatchDb, fork: number): Promise<number> {
  const records = await db.trx
    .selectFrom("indexer_undo")
    .selectAll()
    .where("block_number", ">", fork)
    .orderBy("id", "desc")
    .execute();
  let restored = 0;
  for (const record of records) {
    const table = record.table_name;
    if (!isMutableTable(table)) throw new Error(`indexer_undo names an unknown table '${table}'`);
    for (const { key, before } of changesOf(record.key_json, record.before_json).reverse()) {
      if (before === null) await deleteByKey(db, table, key);
      else await writeRows(db, table, [before as Row<typeof table>], "replace");
      restored++;
    }
  }
  await db.trx.deleteFrom("indexer_undo").where("block_number", ">", fork).execute();
  return restored;
}
