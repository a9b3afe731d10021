import { batchDb, selectByKeys, writeRows } from "../src/indexer/bulk";
import type { UndoRecord } from "../src/indexer/store";
import { undoAbove, writeUndo } from "../src/indexer/undo";
import type { Row } from "../src/db/schema";
import { createTestDatabase, type TestDatabase } from "./helpers/db";

/**
 * The undo log without a chain: one indexer_undo row per (block, table) holding every
 * before-image of that block, restored newest block first.
 */
let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase("idx_undo");
});

afterAll(async () => {
  await testDb?.drop();
});

const credit = (account: string, balance: string, updatedAt: number): Row<"credits"> => ({
  account,
  balance,
  updated_at: updatedAt,
});

async function credits(): Promise<Record<string, string>> {
  const rows = await testDb.db.kysely.selectFrom("credits").select(["account", "balance"]).orderBy("account").execute();
  return Object.fromEntries(rows.map((row) => [row.account, BigInt(row.balance).toString()]));
}

test("before-images packed per block and table are restored newest block first", async () => {
  const { db } = testDb;
  const a = "0x00000000000000000000000000000000000000aa";
  const b = "0x00000000000000000000000000000000000000bb";
  // Block 10: a 5 → 7, b created; block 11: a 7 → 9. The table holds the result of block 11.
  const records: UndoRecord[] = [
    { block: 10, table: "credits", key: [a], before: credit(a, "5", 1) },
    { block: 10, table: "credits", key: [b], before: null },
    { block: 11, table: "credits", key: [a], before: credit(a, "7", 2) },
  ];
  await db.kysely.transaction().execute(async (trx) => {
    const target = batchDb(db, trx);
    await writeRows(target, "credits", [credit(a, "9", 3), credit(b, "1", 2)], "replace");
    await writeUndo(target, records);
  });
  const packed = await db.kysely.selectFrom("indexer_undo").selectAll().orderBy("id").execute();
  expect(packed.map((row) => [Number(row.block_number), row.table_name])).toEqual([
    [10, "credits"],
    [11, "credits"],
  ]);

  expect(await credits()).toEqual({ [a]: "9", [b]: "1" });

  const undo = (fork: number): Promise<number> => db.kysely.transaction().execute((trx) => undoAbove(batchDb(db, trx), fork));
  expect(await undo(11)).toBe(0);
  expect(await credits()).toEqual({ [a]: "9", [b]: "1" });
  expect(await undo(10)).toBe(1);
  expect(await credits()).toEqual({ [a]: "7", [b]: "1" });
  expect(await undo(9)).toBe(2);
  expect(await credits()).toEqual({ [a]: "5" });
  expect(await db.kysely.selectFrom("indexer_undo").selectAll().execute()).toEqual([]);
});

test("selectByKeys finds the rows of the keys asked for, and only those", async () => {
  const { db } = testDb;
  const keys = ["0x01", "0x02", "0x03"].map((account) => [account]);
  await db.kysely.transaction().execute(async (trx) => {
    const target = batchDb(db, trx);
    await writeRows(target, "credits", [credit("0x01", "10", 1), credit("0x03", "30", 1), credit("0x04", "40", 1)], "replace");
    const rows = await selectByKeys(target, "credits", keys);
    expect(rows.map((row) => [row.account, row.balance]).sort()).toEqual([
      ["0x01", "10"],
      ["0x03", "30"],
    ]);
  });
});
