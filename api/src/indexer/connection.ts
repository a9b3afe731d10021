import { openDatabase, type Db } from "../db/connect";

/**
 * The connection the indexer writes on. SQLite (a file): a connection of its own, beside the one
 * the api reads on. better-sqlite3 runs one statement at a time per connection and Kysely holds a
 * connection for a whole transaction, so on a shared connection every api query waited for the
 * indexer's transaction in progress (p50 ~100 ms while catching up); on its own connection the api
 * reads the last committed state (WAL) while a range is being applied.
 *
 * The write lock is taken by a range's first write and held until its commit, with no turn of the
 * event loop in between (batch.ts applyRange): the api's writes (same thread, another connection)
 * can thus never wait on it, which would block the thread in SQLite's busy handler. PostgreSQL and
 * an in-memory SQLite database keep the connection they were given.
 */
export interface IndexerConnection {
  db: Db;
  close(): Promise<void>;
}

const WAL_CHECKPOINT_PAGES = 8_192;

export function indexerConnection(db: Db): IndexerConnection {
  if (db.dialect !== "sqlite" || !db.sqlite || db.sqlite.memory) return { db, close: async () => undefined };
  const own = openDatabase({ databaseUrl: null, sqlitePath: db.sqlite.name });
  // SQLite copies the WAL back into the database (a checkpoint, with an fsync) at the commit that
  // finds it past this many pages: 1,000 (16 MB) meant a checkpoint every second or third range
  // while catching up, each copying pages the next ranges rewrite anyway (a third of the commit
  // time in the profile). 8,192 pages: at most 128 MB of WAL.
  own.sqlite?.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
  return { db: own, close: () => own.close() };
}
