import { Migrator, type Migration, type MigrationProvider } from "kysely";
import type { Db } from "./connect";
import { initial } from "./migrations/001_initial";
import { listIndexes } from "./migrations/002_list_indexes";
import { cancelRefunds } from "./migrations/003_cancel_refunds";
import { rolloutReports } from "./migrations/004_rollout_reports";
import { changeIndexes } from "./migrations/005_change_indexes";
import { unclaimedContent } from "./migrations/006_unclaimed_content";
import { rolloutLoads } from "./migrations/007_rollout_loads";
import { streamChanges } from "./migrations/008_stream_changes";

/** Versioned migrations, in order; a new one is appended, never edited once released. */
function migrationsFor(db: Db): Record<string, Migration> {
  return {
    "001_initial": initial(db.dialect),
    "002_list_indexes": listIndexes(),
    "003_cancel_refunds": cancelRefunds(db.dialect),
    "004_rollout_reports": rolloutReports(db.dialect),
    "005_change_indexes": changeIndexes(),
    "006_unclaimed_content": unclaimedContent(),
    "007_rollout_loads": rolloutLoads(db.dialect),
    "008_stream_changes": streamChanges(db.dialect),
  };
}

/**
 * Brings the schema up to date; run at every start. Kysely's migrator takes a lock, so api processes
 * starting together on one PostgreSQL migrate once.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db) };
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
