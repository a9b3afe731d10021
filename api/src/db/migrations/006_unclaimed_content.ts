import type { Kysely } from "kysely";

/**
 * Anonymous writes are bounded (api/README "Evidence and metadata windows"): evidence and metadata
 * that no challenge or market references are swept after a window, which reads them by age and
 * looks up their references by hash. `submitted_by` goes: it was the caller's word, never checked.
 */
export function unclaimedContent() {
  async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable("market_metadata").dropColumn("submitted_by").execute();
    await db.schema.createIndex("evidence_created").on("evidence").column("created_at").execute();
    await db.schema.createIndex("evidence_image").on("evidence").column("image_hash").execute();
    await db.schema.createIndex("evidence_files_created").on("evidence_files").column("created_at").execute();
    await db.schema.createIndex("challenges_evidence").on("challenges").column("evidence_hash").execute();
  }
  return { up };
}
