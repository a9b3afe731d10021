import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import {
  NoExtra,
  RolloutReportBody,
  RolloutReportData,
  RolloutStatsBody,
  RolloutStatsData,
  type RolloutReportKind,
} from "@prds/api-schema";
import { registerCall } from "../call";
import type { AppContext } from "../context";
import { ApiError } from "../errors";

/**
 * Distinct versions of one remote the api counts. Reports are anonymous, so without a bound anyone
 * could grow the table with invented versions; a real remote has a handful live at a time.
 */
export const MAX_VERSIONS_PER_REMOTE = 200;
const DAY = 86_400;

/**
 * The staged rollout's telemetry (issue 18). Pages report, per remote they load, `loaded` or the
 * failure that made them give a version up; the api counts them per remote, version, kind and day.
 * `pnpm rollout status` reads the counts back (shares of loads, failure rates) and `rollout guard`
 * rolls a canary back when its rate passes the manifest's threshold. Both calls are rate-limited
 * and validated like every call; the counts say nothing about who reported.
 */
export function registerRollout(app: FastifyInstance, ctx: AppContext, now: () => number = () => Date.now()): void {
  const db = ctx.db.kysely;

  registerCall(
    app,
    {
      path: "/api/rollout/report",
      summary: "Count what a page saw while loading remotes: each version loaded or failed",
      tags: ["rollout"],
      body: RolloutReportBody,
      data: RolloutReportData,
      extra: NoExtra,
    },
    async (body) => {
      const seconds = Math.floor(now() / 1000);
      const day = Math.floor(seconds / DAY);
      // One upsert per distinct (remote, version, kind) of the batch.
      const counts = new Map<string, { remote: string; version: string; kind: RolloutReportKind; count: number }>();
      for (const { remote, version, kind } of body.reports) {
        const key = `${remote}\u0000${version}\u0000${kind}`;
        const seen = counts.get(key);
        if (seen) seen.count += 1;
        else counts.set(key, { remote, version, kind, count: 1 });
      }
      await db.transaction().execute(async (trx) => {
        const checked = new Set<string>();
        for (const { remote, version } of counts.values()) {
          const pair = `${remote}\u0000${version}`;
          if (checked.has(pair)) continue;
          checked.add(pair);
          const known = await trx
            .selectFrom("rollout_reports")
            .select("version")
            .where("remote", "=", remote)
            .where("version", "=", version)
            .limit(1)
            .executeTakeFirst();
          if (known) continue;
          const row = await trx
            .selectFrom("rollout_reports")
            .select((eb) => eb.fn.count<number>(sql`distinct version`).as("n"))
            .where("remote", "=", remote)
            .executeTakeFirst();
          if (Number(row?.n ?? 0) >= MAX_VERSIONS_PER_REMOTE) {
            throw new ApiError("rolloutTooManyVersions", { field: "reports", details: { remote, max: MAX_VERSIONS_PER_REMOTE } });
          }
        }
        for (const { remote, version, kind, count } of counts.values()) {
          await trx
            .insertInto("rollout_reports")
            .values({ remote, version, kind, day, count, first_at: seconds, last_at: seconds })
            .onConflict((oc) =>
              oc.columns(["remote", "version", "kind", "day"]).doUpdateSet({
                count: sql<number>`rollout_reports.count + excluded.count`,
                last_at: sql<number>`excluded.last_at`,
              }),
            )
            .execute();
        }
      });
      return { data: { counted: body.reports.length }, extra: null };
    },
  );

  registerCall(
    app,
    {
      path: "/api/rollout/stats",
      summary: "What pages reported per remote, version and kind over the last days",
      tags: ["rollout"],
      body: RolloutStatsBody,
      data: RolloutStatsData,
      extra: NoExtra,
    },
    async (body) => {
      const today = Math.floor(now() / 1000 / DAY);
      const days = body.days ?? 30;
      let query = db
        .selectFrom("rollout_reports")
        .select((eb) => [
          "remote",
          "version",
          "kind",
          eb.fn.sum<number | string>("count").as("count"),
          eb.fn.min<number>("first_at").as("first_at"),
          eb.fn.max<number>("last_at").as("last_at"),
        ])
        .where("day", ">", today - days)
        .groupBy(["remote", "version", "kind"])
        .orderBy("remote")
        .orderBy("version")
        .orderBy("kind");
      if (body.remote !== undefined) query = query.where("remote", "=", body.remote);
      if (body.version !== undefined) query = query.where("version", "=", body.version);
      const rows = await query.execute();
      return {
        data: {
          list: rows.map((row) => ({
            remote: row.remote,
            version: row.version,
            kind: row.kind as RolloutReportKind,
            count: Number(row.count),
            firstAt: Number(row.first_at),
            lastAt: Number(row.last_at),
          })),
        },
        extra: null,
      };
    },
  );
}
