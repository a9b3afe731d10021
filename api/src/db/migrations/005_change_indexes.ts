import type { Kysely } from "kysely";

/**
 * Indexes that let the api's in-process search index (http/searchIndex/) read only what changed
 * since its last look: markets by the block that last changed them, metadata by when it was
 * submitted or reviewed. Without them each look would scan both tables (100k rows each).
 */
export function changeIndexes() {
  async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.createIndex("markets_updated_block").on("markets").column("updated_block").execute();
    await db.schema.createIndex("market_metadata_created").on("market_metadata").column("created_at").execute();
    await db.schema.createIndex("market_metadata_reviewed").on("market_metadata").column("reviewed_at").execute();
  }
  return { up };
}
