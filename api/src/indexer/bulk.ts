import { CompiledQuery, type Kysely } from "kysely";
import type { Dialect } from "../db/connect";
import { amountText, toDbAmount } from "../db/amount";
import type { Database, DerivedTable, Row } from "../db/schema";
import { TABLES, type KeyValues } from "./tables";

/**
 * Multi-row statements over any derived table, built as SQL text with placeholders. The indexer
 * writes thousands of rows per batch; one statement per few hundred rows (instead of one per row,
 * or one query-builder tree per row) is what keeps catch-up near the node's log rate. The same
 * text runs on SQLite and PostgreSQL (`insert … on conflict … do update`, row-value `in`).
 */
export type Executor = Kysely<Database>;
type SqlValue = string | number | null;

/** Far below SQLite's 32766 and PostgreSQL's 65535 bound parameters per statement. */
const MAX_PARAMS = 30_000;

const quote = (identifier: string): string => `"${identifier}"`;

function placeholders(dialect: Dialect, start: number, count: number): string {
  const list: string[] = [];
  for (let i = 0; i < count; i++) list.push(dialect === "postgres" ? `$${start + i}` : "?");
  return list.join(", ");
}

async function run(db: Executor, text: string, params: SqlValue[]): Promise<Record<string, unknown>[]> {
  const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, params));
  return result.rows;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
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

function toDb<T extends DerivedTable>(dialect: Dialect, table: T, row: Row<T>, columns: readonly string[]): SqlValue[] {
  const amounts: readonly string[] = TABLES[table].amounts;
  const record = row as Record<string, unknown>;
  return columns.map((column) => {
    const value = record[column];
    if (value === null || value === undefined) return null;
    if (amounts.includes(column)) return toDbAmount(dialect, BigInt(value as string));
    return value as string | number;
  });
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
 * thousand-tuple `in` list took the planner longer than the lookup); SQLite a row-value `in`.
 */
export async function selectByKeys<T extends DerivedTable>(
  db: Executor,
  dialect: Dialect,
  table: T,
  keys: readonly KeyValues[],
  keyColumns: readonly string[] = TABLES[table].key,
): Promise<Row<T>[]> {
  const out: Row<T>[] = [];
  if (keys.length === 0) return out;
  if (dialect === "postgres") {
    const arrays = keyColumns.map((_, i) => keys.map((key) => key[i] ?? null));
    const names = keyColumns.map((_, i) => `k${i}`);
    const text =
      `select t.* from ${quote(table)} t join unnest(${keyColumns.map((c, i) => `$${i + 1}::${keyType(c)}[]`).join(", ")}) ` +
      `as k(${names.join(", ")}) on ${keyColumns.map((c, i) => `t.${quote(c)} = k.${names[i] ?? ""}`).join(" and ")}`;
    const rows = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, arrays));
    for (const row of rows.rows) out.push(fromDb(table, row));
    return out;
  }
  const width = keyColumns.length;
  for (const part of chunks(keys, Math.floor(MAX_PARAMS / width))) {
    const params: SqlValue[] = [];
    const tuples = part.map((key) => {
      const start = params.length + 1;
      params.push(...key);
      return width === 1 ? placeholders(dialect, start, 1) : `(${placeholders(dialect, start, width)})`;
    });
    const target = width === 1 ? quote(keyColumns[0] ?? "") : `(${keyColumns.map(quote).join(", ")})`;
    const rows = await run(db, `select * from ${quote(table)} where ${target} in (${tuples.join(", ")})`, params);
    for (const row of rows) out.push(fromDb(table, row));
  }
  return out;
}

/** Inserts rows; `conflict` decides what a row whose key exists does (nothing, or replace it). */
export async function writeRows<T extends DerivedTable>(
  db: Executor,
  dialect: Dialect,
  table: T,
  rows: readonly Row<T>[],
  conflict: "ignore" | "replace" | "fail",
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const key: readonly string[] = TABLES[table].key;
  const others = columns.filter((column) => !key.includes(column));
  const head = `insert into ${quote(table)} (${columns.map(quote).join(", ")}) values `;
  const tail =
    conflict === "fail"
      ? ""
      : conflict === "ignore" || others.length === 0
        ? ` on conflict (${key.map(quote).join(", ")}) do nothing`
        : ` on conflict (${key.map(quote).join(", ")}) do update set ${others
            .map((column) => `${quote(column)} = excluded.${quote(column)}`)
            .join(", ")}`;
  if (dialect === "postgres") {
    // One JSON parameter per chunk, typed by the table's own row type: PostgreSQL parses it far
    // faster than thousands of bound parameters. Amounts stay decimal strings (→ numeric).
    const select = `select ${columns.map(quote).join(", ")} from json_populate_recordset(null::${quote(table)}, $1::json)`;
    const text = `insert into ${quote(table)} (${columns.map(quote).join(", ")}) ${select}${tail}`;
    for (const part of chunks(rows, 5_000)) await run(db, text, [JSON.stringify(part)]);
    return;
  }
  for (const part of chunks(rows, Math.max(1, Math.floor(MAX_PARAMS / columns.length)))) {
    const params: SqlValue[] = [];
    const tuples = part.map((row) => {
      const start = params.length + 1;
      params.push(...toDb(dialect, table, row, columns));
      return `(${placeholders(dialect, start, columns.length)})`;
    });
    await run(db, head + tuples.join(", ") + tail, params);
  }
}

export async function deleteByKey<T extends DerivedTable>(
  db: Executor,
  dialect: Dialect,
  table: T,
  key: KeyValues,
): Promise<void> {
  const columns: readonly string[] = TABLES[table].key;
  const where = columns.map((column, i) => `${quote(column)} = ${dialect === "postgres" ? `$${i + 1}` : "?"}`);
  await run(db, `delete from ${quote(table)} where ${where.join(" and ")}`, [...key]);
}

/** Plain inserts into a table outside the derived ones (the undo log): same two paths as writeRows. */
export async function insertRecords(
  db: Executor,
  dialect: Dialect,
  table: string,
  columns: readonly string[],
  records: readonly Record<string, SqlValue>[],
): Promise<void> {
  if (records.length === 0) return;
  const head = `insert into ${quote(table)} (${columns.map(quote).join(", ")}) `;
  if (dialect === "postgres") {
    const select = `select ${columns.map(quote).join(", ")} from json_populate_recordset(null::${quote(table)}, $1::json)`;
    for (const part of chunks(records, 5_000)) await run(db, head + select, [JSON.stringify(part)]);
    return;
  }
  for (const part of chunks(records, Math.floor(MAX_PARAMS / columns.length))) {
    const params: SqlValue[] = [];
    const tuples = part.map((record) => {
      const start = params.length + 1;
      for (const column of columns) params.push(record[column] ?? null);
      return `(${placeholders(dialect, start, columns.length)})`;
    });
    await run(db, `${head}values ${tuples.join(", ")}`, params);
  }
}
