import { unlink } from "node:fs/promises";
import type { ApiConfig } from "../config";
import type { Db } from "../db/connect";
import { evidencePath } from "./evidenceStore";

/**
 * Anonymous writes are bounded in time: evidence that no challenge carries and metadata that no
 * market carries are removed a window after they were written (api/README "Evidence and metadata
 * windows"). Uploading the same evidence again restarts its window; metadata's window runs from its
 * submission or its review, whichever is later, so a market held for review is not lost while it
 * waits. What the chain references is never removed, however old. Every api process sweeps; the
 * deletes are idempotent, so processes sharing one PostgreSQL do not get in each other's way.
 */
export interface SweepResult {
  evidence: number;
  files: number;
  metadata: number;
}

/** One sweep as of `now` (unix seconds): the periodic timer passes the wall clock, tests their own. */
export async function sweepUnclaimedContent(db: Db, config: ApiConfig, now: number): Promise<SweepResult> {
  const k = db.kysely;
  const evidenceCutoff = now - config.evidenceWindowSeconds;
  const evidence = await k
    .deleteFrom("evidence")
    .where("created_at", "<", evidenceCutoff)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("challenges").select("challenges.idx").whereRef("challenges.evidence_hash", "=", "evidence.hash"))),
    )
    .executeTakeFirst();
  const files = await k
    .deleteFrom("evidence_files")
    .where("created_at", "<", evidenceCutoff)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("evidence").select("evidence.hash").whereRef("evidence.image_hash", "=", "evidence_files.hash"))),
    )
    .returning("hash")
    .execute();
  for (const { hash } of files) {
    // An upload of the same image since the delete has put its row back: its file stays.
    const again = await k.selectFrom("evidence_files").select("hash").where("hash", "=", hash).executeTakeFirst();
    if (!again) await unlink(evidencePath(config.evidenceDir, hash)).catch(() => undefined);
  }
  const metadataCutoff = now - config.metadataWindowSeconds;
  const metadata = await k
    .deleteFrom("market_metadata")
    .where("created_at", "<", metadataCutoff)
    .where((eb) => eb.or([eb("reviewed_at", "is", null), eb("reviewed_at", "<", metadataCutoff)]))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("markets").select("markets.id").whereRef("markets.metadata_hash", "=", "market_metadata.hash"))),
    )
    .executeTakeFirst();
  return { evidence: Number(evidence.numDeletedRows), files: files.length, metadata: Number(metadata.numDeletedRows) };
}

/** Sweeps every config.sweepIntervalMs (0: never) until stopped; a failed sweep is logged and retried next time. */
export function startContentSweep(
  db: Db,
  config: ApiConfig,
  log: { warn(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void },
): () => void {
  if (config.sweepIntervalMs === 0) return () => undefined;
  const timer = setInterval(() => {
    sweepUnclaimedContent(db, config, Math.floor(Date.now() / 1000)).then(
      (swept) => {
        if (swept.evidence + swept.files + swept.metadata > 0) log.info(swept, "swept unreferenced uploads");
      },
      (error: unknown) => log.warn({ err: error }, "sweep of unreferenced uploads failed"),
    );
  }, config.sweepIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
