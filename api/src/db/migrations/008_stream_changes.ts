import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connect";

/**
 * The live stream's change log (issue 28): one row per committed indexer range (or rollback) that
 * changed something a page shows, written in the same transaction as the rows themselves, so an
 * event is never derived from what was not committed. Its id is the stream's event id: a client that
 * reconnects with Last-Event-ID is replayed the rows after it while they are kept (api/src/stream).
 */
export function streamChanges(dialect: Dialect) {
  async function up(db: Kysely<unknown>): Promise<void> {
    const pg = dialect === "postgres";
    await db.schema
      .createTable("stream_changes")
      .addColumn("id", pg ? "bigserial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn("at", pg ? sql`bigint` : "integer", (c) => c.notNull())
      .addColumn("block", pg ? sql`bigint` : "integer", (c) => c.notNull())
      .addColumn("payload", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("stream_changes_at").on("stream_changes").column("at").execute();
  }
  return { up };
}
