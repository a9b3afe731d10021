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
  /**
   * SQLite only: the connection Kysely runs on, for the indexer's bulk statements (indexer/bulk.ts),
   * which prepare once and run many times where Kysely prepares every query anew.
   */
  sqlite: SQLite.Database | null;
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
    return { kysely, dialect: "postgres", pool, sqlite: null, close: () => kysely.destroy() };
  }
  if (options.sqlitePath !== ":memory:") mkdirSync(path.dirname(options.sqlitePath), { recursive: true });
  const sqlite = new SQLite(options.sqlitePath);
  // 16 KiB pages for a new file (an existing one keeps its size: WAL mode cannot change it): the
  // indexer writes rows of ~0.5 KB (hashes, 78-digit amounts) in transactions of thousands, and
  // with 4 KiB pages that cost half as much again (measured: 16 → 11 µs per chain_events row).
  sqlite.pragma("page_size = 16384");
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  // 64 MB of page cache instead of SQLite's 2 MB: an indexer batch dirties more pages than that
  // (thousands of rows at random places of hash-keyed indexes), which SQLite would otherwise spill
  // to the WAL before the commit.
  sqlite.pragma("cache_size = -65536");
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: "sqlite", pool: null, sqlite, close: () => kysely.destroy() };
}
