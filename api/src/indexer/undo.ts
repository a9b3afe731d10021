import type { Dialect } from "../db/connect";
import type { Row } from "../db/schema";
import { deleteByKey, insertRecords, writeRows, type Executor } from "./bulk";
import type { UndoRecord } from "./store";
import { MUTABLE_TABLES, type KeyValues, type MutableTable } from "./tables";

/**
 * The undo log: before-images of the mutable derived rows changed by recent blocks (those within
 * reorgDepth of the head when they were applied). Older blocks get none — a reorganisation cannot
 * reach them — which keeps catch-up over deep history free of this cost. Append-only tables need
 * none either: their rows carry their block and are deleted by block (reorg.ts).
 */
export async function writeUndo(db: Executor, dialect: Dialect, records: readonly UndoRecord[]): Promise<void> {
  await insertRecords(
    db,
    dialect,
    "indexer_undo",
    ["block_number", "table_name", "key_json", "before_json"],
    records.map((record) => ({
      block_number: record.block,
      table_name: record.table,
      key_json: JSON.stringify(record.key),
      before_json: record.before === null ? null : JSON.stringify(record.before),
    })),
  );
}

function isMutableTable(name: string): name is MutableTable {
  return (MUTABLE_TABLES as readonly string[]).includes(name);
}

/** Restores every row changed above `fork`, newest change first, so each ends as it was at `fork`. */
export async function undoAbove(db: Executor, dialect: Dialect, fork: number): Promise<number> {
  const records = await db
    .selectFrom("indexer_undo")
    .selectAll()
    .where("block_number", ">", fork)
    .orderBy("id", "desc")
    .execute();
  for (const record of records) {
    const table = record.table_name;
    if (!isMutableTable(table)) throw new Error(`indexer_undo names an unknown table '${table}'`);
    if (record.before_json === null) {
      await deleteByKey(db, dialect, table, JSON.parse(record.key_json) as KeyValues);
    } else {
      await writeRows(db, dialect, table, [JSON.parse(record.before_json) as Row<typeof table>], "replace");
    }
  }
  await db.deleteFrom("indexer_undo").where("block_number", ">", fork).execute();
  return records.length;
}
