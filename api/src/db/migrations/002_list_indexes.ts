import type { Kysely } from "kysely";

/**
 * Indexes for the market list (/api/markets) at 100k markets: covering indexes for its join of
 * markets to approved metadata, so the tab totals and the search's join read indexes only, and
 * one for an account's daily snapshots.
 */
export function listIndexes() {
  async function up(db: Kysely<unknown>): Promise<void> {
    // Approved metadata by category, carrying the hash the join needs.
    await db.schema
      .createIndex("market_metadata_listing")
      .on("market_metadata")
      .columns(["status", "category", "hash"])
      .execute();
    // A market by its metadata hash with every column the status tabs test.
    await db.schema
      .createIndex("markets_metadata_tabs")
      .on("markets")
      .columns(["metadata_hash", "phase", "last_trading_time", "window_end", "buyers_stake"])
      .execute();
    await db.schema.createIndex("position_snapshots_account").on("position_snapshots").columns(["account", "day"]).execute();
  }
  return { up };
}
