import { openDatabase, type Db } from "../db/connect";
import { SqliteWriter } from "./writer";

/**
 * The connections the indexer works on. SQLite (a file): a connection of its own for its reads,
 * beside the one the api reads on, and a writer thread with a third (writer.ts) for the ranges'
 * writes. better-sqlite3 runs one statement at a time per connection and Kysely holds a
 * connection for a whole transaction, so on a shared connection every api query waited for the
 * indexer's transaction in progress (p50 ~100 ms while catching up); now the api reads the last
 * committed state (WAL) while a range is prepared and written. PostgreSQL and an in-memory SQLite
 * database keep the connection they were given, and write in the range's transaction.
 */
export interface IndexerConnection {
  db: Db;
  writer: SqliteWriter | null;
  close(): Promise<void>;
}

export function indexerConnection(db: Db): IndexerConnection {
  if (db.dialect !== "sqlite" || !db.sqlite || db.sqlite.memory) return { db, writer: null, close: async () => undefined };
  const own = openDatabase({ databaseUrl: null, sqlitePath: db.sqlite.name });
  const writer = new SqliteWriter(db.sqlite.name);
  return {
    db: own,
    writer,
    close: async () => {
      await writer.close();
      await own.close();
    },
  };
}
