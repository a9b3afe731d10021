import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connect";

/**
 * Counts of what pages report about the remotes they load (issue 18): per remote, release version,
 * kind (`loaded` or a failure) and UTC day, one row counting them, so `pnpm rollout status` and the
 * automatic rollback read a version's loads and failures without a row per report.
 */
export function rolloutReports(dialect: Dialect) {
  const big = dialect === "postgres" ? sql`bigint` : sql`integer`;
  async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("rollout_reports")
      .addColumn("remote", "text", (c) => c.notNull())
      .addColumn("version", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("day", "integer", (c) => c.notNull())
      .addColumn("count", big, (c) => c.notNull())
      .addColumn("first_at", big, (c) => c.notNull())
      .addColumn("last_at", big, (c) => c.notNull())
      .addPrimaryKeyConstraint("rollout_reports_pk", ["remote", "version", "kind", "day"])
      .execute();
  }
  return { up };
}
