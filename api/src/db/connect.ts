import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from "kysely";
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
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: preparedOnce(sqlite) }) });
  return { kysely, dialect: "sqlite", pool: null, sqlite, close: () => kysely.destroy() };
}

/** Prepared statements kept per SQL text (the most recent ones). */
const STATEMENT_CACHE = 500;

/**
 * The connection as Kysely's SQLite driver sees it, with each SQL text prepared once: the driver
 * prepares every query anew, which cost the market list ~2 s of CPU in a 26 s benchmark (issue 20;
 * the same queries run over and over with other values). Kysely runs one query at a time on the
 * connection, so a statement is never in use twice at once.
 */
function preparedOnce(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (text: string) => {
      let statement = statements.get(text);
      if (statement) {
        // Most recently used last: the first is the one dropped when the cache is full.
        statements.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (statements.size >= STATEMENT_CACHE) {
          const oldest = statements.keys().next();
          if (!oldest.done) statements.delete(oldest.value);
        }
      }
      statements.set(text, statement);
      return statement;
    },
  };
}
