import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema";

export type Dialect = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL only: the pool, for advisory locks held on a dedicated connection. */
  pool: pg.Pool | null;
  close(): Promise<void>;
}

// BIGINT columns hold block numbers, times and ids, all below 2^53: read them as numbers. NUMERIC
// (amounts) stays a string.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export interface DatabaseOptions {
  /** postgres://… ; when absent, the SQLite file at sqlitePath. */
  databaseUrl: string | null;
  sqlitePath: string;
  poolSize?: number;
}

export function openDatabase(options: DatabaseOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle pooled connection that dies (server restart, a terminated session) must not crash
    // the process: the pool drops it and the next query opens another.
    pool.on("error", (error) => {
      console.warn(`postgres: an idle connection failed and was dropped: ${error.message}`);
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: "postgres", pool, close: () => kysely.destroy() };
  }
  if (options.sqlitePath !== ":memory:") mkdirSync(path.dirname(options.sqlitePath), { recursive: true });
  const sqlite = new SQLite(options.sqlitePath);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: "sqlite", pool: null, close: () => kysely.destroy() };
}
