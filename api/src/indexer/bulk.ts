import type SQLite from "better-sqlite3";
import { CompiledQuery, type Kysely } from "kysely";
import type { Db, Dialect } from "../db/connect";
import { AMOUNT_DIGITS, amountText, toDbAmount } from "../db/amount";
import type { Database, DerivedTable, Row } from "../db/schema";
import { TABLES, type KeyValues } from "./tables";
import type { SqlValue, StatementSink } from "./writer";

/**
 * Multi-row statements over any derived table, built as SQL text with placeholders. The indexer
 * writes thousands of rows per batch; one statement per many rows (instead of one query-builder
 * tree per row) is what keeps catch-up near the node's log rate.
 *
 * PostgreSQL gets each chunk as one JSON parameter. SQLite gets statements of a fixed shape,
 * prepared once per connection and run again and again on its own handle (Db.sqlite): compiling
 * a fresh statement of thousands of placeholders for every chunk, as a query through Kysely does,
 * cost more than the inserts themselves.
 */
export type Executor = Kysely<Database>;

/** Where a batch's statements run: its transaction and, on SQLite, the connection it holds. */
export interface BatchDb {
  trx: Executor;
  dialect: Dialect;
  /**
   * SQLite: the handle the transaction runs on. better-sqlite3 is synchronous and Kysely holds the
   * one connection for the whole transaction, so statements run here are part of it.
   */
  sqlite: SQLite.Database | null;
  /**
   * SQLite with a writer thread (writer.ts): inserts are recorded here rather than run, and the
   * writer runs them in its own transaction. Reads still run on `sqlite`.
   */
  sink: StatementSink | null;
}

export function batchDb(db: Db, trx: Executor, sink: StatementSink | null = null): BatchDb {
  return { trx, dialect: db.dialect, sqlite: db.sqlite, sink };
}

/**
 * Rows per SQLite insert statement: enough to amortise a call, and 64 × the widest row (markets)
 * stays far below SQLite's 32766 parameters.
 */
const SQLITE_ROWS_PER_STATEMENT = 64;

const quote = (identifier: string): string => `"${identifier}"`;

async function run(db: Executor, text: string, params: SqlValue[]): Promise<Record<string, unknown>[]> {
  const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, params));
  return result.rows;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const statementCaches = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

/** A statement of fixed text, prepared once per connection. */
function prepared(sqlite: SQLite.Database, text: string): SQLite.Statement {
  let cache = statementCaches.get(sqlite);
  if (!cache) {
    cache = new Map();
    statementCaches.set(sqlite, cache);
  }
  let statement = cache.get(text);
  if (!statement) {
    statement = sqlite.prepare(text);
    cache.set(text, statement);
  }
  return statement;
}

/** Writes one row's column values into `out` from index `at`. */
type FillRow<R> = (row: R, out: SqlValue[], at: number) => void;

/**
 * Runs `rows` through `insert … values (…)[, (…)…]<tail>`: full chunks through one cached
 * many-row statement, the rest through a cached one-row statement. Values are written straight
 * into one reused parameter list (no array per row), passed spread: better-sqlite3 binds call
 * arguments ~30% faster than the items of one array argument (measured).
 */
function insertSqlite<R>(
  db: BatchDb & { sqlite: SQLite.Database },
  head: string,
  tail: string,
  width: number,
  rows: readonly R[],
  fill: FillRow<R>,
): void {
  const { sqlite, sink } = db;
  const tuple = `(${new Array<string>(width).fill("?").join(", ")})`;
  const full = rows.length - (rows.length % SQLITE_ROWS_PER_STATEMENT);
  if (sink) {
    // The same statements, their parameters appended for the writer thread.
    if (full > 0) {
      const text = head + new Array<string>(SQLITE_ROWS_PER_STATEMENT).fill(tuple).join(", ") + tail;
      const params = sink.params(text, SQLITE_ROWS_PER_STATEMENT * width);
      for (let i = 0; i < full; i++) fill(rows[i] as R, params, params.length);
    }
    if (full < rows.length) {
      const params = sink.params(head + tuple + tail, width);
      for (let i = full; i < rows.length; i++) fill(rows[i] as R, params, params.length);
    }
    return;
  }
  if (full > 0) {
    const many = prepared(sqlite, head + new Array<string>(SQLITE_ROWS_PER_STATEMENT).fill(tuple).join(", ") + tail);
    const params = new Array<SqlValue>(SQLITE_ROWS_PER_STATEMENT * width);
    for (let start = 0; start < full; start += SQLITE_ROWS_PER_STATEMENT) {
      for (let r = 0; r < SQLITE_ROWS_PER_STATEMENT; r++) fill(rows[start + r] as R, params, r * width);
      many.run(...params);
    }
  }
  if (full < rows.length) {
    const one = prepared(sqlite, head + tuple + tail);
    const params = new Array<SqlValue>(width);
    for (let i = full; i < rows.length; i++) {
      fill(rows[i] as R, params, 0);
      one.run(...params);
    }
  }
}

/** A row as stored → canonical (amounts as plain decimal text). */
export function fromDb<T extends DerivedTable>(table: T, stored: Record<string, unknown>): Row<T> {
  const row: Record<string, unknown> = { ...stored };
  for (const column of TABLES[table].amounts) {
    const value = row[column];
    if (value !== null && value !== undefined) row[column] = amountText(value as string);
  }
  return row as Row<T>;
}

/** Canonical decimal text of 1–77 digits: below 10^77 < 2^256, so in range without a BigInt. */
const SHORT_AMOUNT = /^\d{1,77}$/;

/** An amount (canonical decimal text) as SQLite stores it: zero-padded text (see db/amount.ts). */
function sqliteAmount(value: string): string {
  if (SHORT_AMOUNT.test(value) && (value.length === 1 || value[0] !== "0")) return value.padStart(AMOUNT_DIGITS, "0");
  return toDbAmount("sqlite", BigInt(value));
}

/** Fills a row's values as SQLite stores them, in `columns` order. */
function sqliteFill<T extends DerivedTable>(table: T, columns: readonly string[]): FillRow<Row<T>> {
  const amounts: readonly string[] = TABLES[table].amounts;
  const isAmount = columns.map((column) => amounts.includes(column));
  return (row, out, at) => {
    const record = row as Record<string, unknown>;
    for (let i = 0; i < columns.length; i++) {
      const value = record[columns[i] as string];
      if (value === null || value === undefined) out[at + i] = null;
      else if (isAmount[i]) out[at + i] = sqliteAmount(String(value));
      else out[at + i] = value as string | number;
    }
  };
}

/** PostgreSQL types of the key columns, for typed key arrays (selectByKeys). */
const KEY_TYPES: Readonly<Record<string, string>> = {
  id: "bigint",
  market_id: "bigint",
  token_id: "bigint",
  idx: "integer",
  option: "integer",
  seq: "integer",
  log_index: "integer",
  account: "text",
  voter: "text",
  referrer: "text",
  day: "text",
  tx_hash: "text",
};

function keyType(column: string): string {
  const type = KEY_TYPES[column];
  if (!type) throw new Error(`no key type for column '${column}'`);
  return type;
}

/**
 * Loads the rows with the given keys (missing keys are simply absent from the answer). PostgreSQL
 * gets one typed array per key column joined with unnest (three parameters however many keys: a
 * thousand-tuple `in` list took the planner longer than the lookup); SQLite the keys as one JSON
 * list walked with json_each.
 */
export async function selectByKeys<T extends DerivedTable>(
  db: BatchDb,
  table: T,
  keys: readonly KeyValues[],
  keyColumns: readonly string[] = TABLES[table].key,
): Promise<Row<T>[]> {
  const out: Row<T>[] = [];
  if (keys.length === 0) return out;
  if (db.sqlite) {
    // All the keys as one JSON parameter, walked first (cross join keeps that order) with an index
    // lookup per key: one cached statement whatever the number of keys.
    const on = keyColumns.map((column, i) => `t.${quote(column)} = k.value ->> ${i}`).join(" and ");
    const statement = prepared(db.sqlite, `select t.* from json_each(?) k cross join ${quote(table)} t on ${on}`);
    for (const row of statement.all(JSON.stringify(keys)) as Record<string, unknown>[]) out.push(fromDb(table, row));
    return out;
  }
  const arrays = keyColumns.map((_, i) => keys.map((key) => key[i] ?? null));
  const names = keyColumns.map((_, i) => `k${i}`);
  const text =
    `select t.* from ${quote(table)} t join unnest(${keyColumns.map((c, i) => `$${i + 1}::${keyType(c)}[]`).join(", ")}) ` +
    `as k(${names.join(", ")}) on ${keyColumns.map((c, i) => `t.${quote(c)} = k.${names[i] ?? ""}`).join(" and ")}`;
  const rows = await db.trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, arrays));
  for (const row of rows.rows) out.push(fromDb(table, row));
  return out;
}

/** Inserts rows; `conflict` decides what a row whose key exists does (nothing, or replace it). */
export async function writeRows<T extends DerivedTable>(
  db: BatchDb,
  table: T,
  rows: readonly Row<T>[],
  conflict: "ignore" | "replace" | "fail",
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const key: readonly string[] = TABLES[table].key;
  const others = columns.filter((column) => !key.includes(column));
  const tail =
    conflict === "fail"
      ? ""
      : conflict === "ignore" || others.length === 0
        ? ` on conflict (${key.map(quote).join(", ")}) do nothing`
        : ` on conflict (${key.map(quote).join(", ")}) do update set ${others
            .map((column) => `${quote(column)} = excluded.${quote(column)}`)
            .join(", ")}`;
  if (db.sqlite) {
    const head = `insert into ${quote(table)} (${columns.map(quote).join(", ")}) values `;
    insertSqlite({ ...db, sqlite: db.sqlite }, head, tail, columns.length, rows, sqliteFill(table, columns));
    return;
  }
  // One JSON parameter per chunk, typed by the table's own row type: PostgreSQL parses it far
  // faster than thousands of bound parameters. Amounts stay decimal strings (→ numeric).
  const select = `select ${columns.map(quote).join(", ")} from json_populate_recordset(null::${quote(table)}, $1::json)`;
  const text = `insert into ${quote(table)} (${columns.map(quote).join(", ")}) ${select}${tail}`;
  for (const part of chunks(rows, 5_000)) await run(db.trx, text, [JSON.stringify(part)]);
}

export async function deleteByKey<T extends DerivedTable>(db: BatchDb, table: T, key: KeyValues): Promise<void> {
  const columns: readonly string[] = TABLES[table].key;
  const where = columns.map((column, i) => `${quote(column)} = ${db.dialect === "postgres" ? `$${i + 1}` : "?"}`);
  await run(db.trx, `delete from ${quote(table)} where ${where.join(" and ")}`, [...key]);
}

/** Plain inserts into a table outside the derived ones (the undo log): same two paths as writeRows. */
export async function insertRecords(
  db: BatchDb,
  table: string,
  columns: readonly string[],
  records: readonly Record<string, SqlValue>[],
): Promise<void> {
  if (records.length === 0) return;
  const head = `insert into ${quote(table)} (${columns.map(quote).join(", ")}) `;
  if (db.sqlite) {
    insertSqlite({ ...db, sqlite: db.sqlite }, `${head}values `, "", columns.length, records, (record, out, at) => {
      for (let i = 0; i < columns.length; i++) out[at + i] = record[columns[i] as string] ?? null;
    });
    return;
  }
  const select = `select ${columns.map(quote).join(", ")} from json_populate_recordset(null::${quote(table)}, $1::json)`;
  for (const part of chunks(records, 5_000)) await run(db.trx, head + select, [JSON.stringify(part)]);
}
