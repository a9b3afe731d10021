import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connect";

/**
 * Rollout telemetry one row per page load (issue 24), replacing 004's anonymous day counters: a row
 * per load id, remote and version with the outcome the page reported (`loaded` or the failure that
 * made it give the version up) and the client address it came from as a hash. A load's reports count
 * once however often they are replayed, a client adds at most a bounded number of loads to a
 * version's figures, and `pnpm rollout guard` can say from how many client addresses its evidence
 * came. Rows older than the stats window are deleted (routes/rollout.ts).
 */
export function rolloutLoads(dialect: Dialect) {
  const big = dialect === "postgres" ? sql`bigint` : sql`integer`;
  async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("rollout_loads")
      .addColumn("load_id", "text", (c) => c.notNull())
      .addColumn("remote", "text", (c) => c.notNull())
      .addColumn("version", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("client", "text", (c) => c.notNull())
      .addColumn("day", "integer", (c) => c.notNull())
      .addColumn("first_at", big, (c) => c.notNull())
      .addColumn("last_at", big, (c) => c.notNull())
      .addPrimaryKeyConstraint("rollout_loads_pk", ["load_id", "remote", "version"])
      .execute();
    // The per-client cap and the stats read a version's rows; retention deletes by day.
    await db.schema.createIndex("rollout_loads_version").on("rollout_loads").columns(["remote", "version", "client"]).execute();
    await db.schema.createIndex("rollout_loads_day").on("rollout_loads").column("day").execute();
    await db.schema.dropTable("rollout_reports").execute();
  }
  return { up };
}
