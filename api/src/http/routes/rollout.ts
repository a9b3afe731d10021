import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type Transaction } from "kysely";
import {
  NoExtra,
  RolloutReportBody,
  RolloutReportData,
  RolloutStatsBody,
  RolloutStatsData,
  type RolloutReportKind,
} from "@prds/api-schema";
import type { Database } from "../../db/schema";
import { registerCall } from "../call";
import type { AppContext } from "../context";
import { ApiError } from "../errors";
import { createManifestSource, type ManifestSource } from "../rolloutManifest";
import { visitorKey } from "../visitorKey";

const DAY = 86_400;
/** Loads are kept this many days: the longest span `/api/rollout/stats` reads. */
export const ROLLOUT_RETENTION_DAYS = 30;

/**
 * The staged rollout's telemetry (issues 18 and 24). Pages report, per remote they load, `loaded` or
 * the failure that made them give a version up; `pnpm rollout status` reads the figures back and
 * `rollout guard` rolls a canary back when its failures pass the manifest's threshold. Since a report
 * can roll a release back, only what a real page load of a real release could say is counted:
 *
 * - from the site's own pages only (an Origin of PRDS_CORS_ORIGINS; another site's page cannot make
 *   its visitors' browsers report);
 * - only remotes and versions the rollout manifest names (rolloutManifest.ts): nothing invented
 *   grows the table;
 * - each page load once per remote and version (the load id the page minted when it chose its
 *   versions): replays count nothing; a failure reported after `loaded` replaces it;
 * - each client address (a visitor: IPv4, or IPv6 /64) sends at most `rolloutReportsPerWindow`
 *   requests a window (429 after, in the shared limit store) and adds at most
 *   `rolloutLoadsPerVisitor` loads to one version's figures;
 * - the figures say from how many visitors they came, and `guard` needs enough of them.
 */
export function registerRollout(
  app: FastifyInstance,
  ctx: AppContext,
  options: { now?: () => number; manifest?: ManifestSource } = {},
): void {
  const db = ctx.db.kysely;
  const now = options.now ?? (() => Date.now());
  const { config } = ctx;
  const manifest = options.manifest ?? createManifestSource(config.rolloutManifest, { log: (line) => ctx.log.warn(line), now });
  const allowedOrigins = new Set(config.corsOrigins);
  const reportLimit = app.createRateLimit({
    max: config.rolloutReportsPerWindow,
    timeWindow: config.rolloutWindowMs,
    keyGenerator: (request) => `rollout|${visitorKey(request.ip)}`,
  });
  let sweptDay = -1;

  /** Counts one report of a load; true when it added to a version's figures. */
  async function countOne(
    trx: Transaction<Database>,
    load: string,
    visitor: string,
    report: { remote: string; version: string; kind: RolloutReportKind },
    seconds: number,
  ): Promise<boolean> {
    const { remote, version, kind } = report;
    const existing = await trx
      .selectFrom("rollout_loads")
      .select("kind")
      .where("load_id", "=", load)
      .where("remote", "=", remote)
      .where("version", "=", version)
      .executeTakeFirst();
    if (existing) {
      // One outcome per load: a failure after `loaded` (the release loaded, then threw rendering) is
      // what that load came to; anything else is a replay.
      if (existing.kind !== "loaded" || kind === "loaded") return false;
      const changed = await trx
        .updateTable("rollout_loads")
        .set({ kind, last_at: seconds })
        .where("load_id", "=", load)
        .where("remote", "=", remote)
        .where("version", "=", version)
        .where("kind", "=", "loaded")
        .executeTakeFirst();
      return Number(changed.numUpdatedRows) > 0;
    }
    // Concurrent reports of one visitor must not each read a count under the cap and all insert:
    // on PostgreSQL (read committed) the visitor's share of this version is taken under a lock held
    // to the transaction's end; SQLite runs one writing transaction at a time already.
    if (ctx.db.dialect === "postgres")
      await sql`select pg_advisory_xact_lock(hashtext(${`rollout|${visitor}|${remote}|${version}`}))`.execute(trx);
    const mine = await trx
      .selectFrom("rollout_loads")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("remote", "=", remote)
      .where("version", "=", version)
      .where("client", "=", visitor)
      .executeTakeFirst();
    if (Number(mine?.n ?? 0) >= config.rolloutLoadsPerVisitor) return false;
    const inserted = await trx
      .insertInto("rollout_loads")
      .values({
        load_id: load,
        remote,
        version,
        kind,
        client: visitor,
        day: Math.floor(seconds / DAY),
        first_at: seconds,
        last_at: seconds,
      })
      .onConflict((oc) => oc.columns(["load_id", "remote", "version"]).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  /** Loads older than the stats window are deleted, once a day per process. */
  async function sweep(day: number): Promise<void> {
    if (day === sweptDay) return;
    sweptDay = day;
    await db
      .deleteFrom("rollout_loads")
      .where("day", "<=", day - ROLLOUT_RETENTION_DAYS)
      .execute();
  }

  const checkOrigin = (request: FastifyRequest): void => {
    const origin = request.headers.origin;
    if (typeof origin !== "string" || !allowedOrigins.has(origin)) {
      throw new ApiError("rolloutOriginRefused", { field: "origin", details: { origin: origin ?? null } });
    }
  };

  registerCall(
    app,
    {
      path: "/api/rollout/report",
      summary: "Count what a page saw while loading remotes: each version loaded or failed, once per page load",
      description:
        "Only from the site's origins (PRDS_CORS_ORIGINS), only remotes and versions the rollout manifest names, " +
        "each load id once per remote and version, and a bounded share per client address.",
      tags: ["rollout"],
      body: RolloutReportBody,
      data: RolloutReportData,
      extra: NoExtra,
    },
    async (body, request) => {
      checkOrigin(request);
      const limit = await reportLimit(request);
      if (!limit.isAllowed && limit.isExceeded) throw new ApiError("rateLimited");
      const seconds = Math.floor(now() / 1000);
      const known = await manifest.current();
      const visitor = visitorKey(request.ip);
      const named = body.reports.filter((r) => known?.has(r.remote, r.version) ?? false);
      let counted = 0;
      if (named.length > 0) {
        await db.transaction().execute(async (trx) => {
          for (const report of named) if (await countOne(trx, body.load, visitor, report, seconds)) counted += 1;
        });
      }
      await sweep(Math.floor(seconds / DAY));
      return { data: { counted, ignored: body.reports.length - counted }, extra: null };
    },
  );

  registerCall(
    app,
    {
      path: "/api/rollout/stats",
      summary: "Page loads per remote, version and outcome over the last days, and how many visitors they came from",
      tags: ["rollout"],
      body: RolloutStatsBody,
      data: RolloutStatsData,
      extra: NoExtra,
    },
    async (body) => {
      const today = Math.floor(now() / 1000 / DAY);
      const days = body.days ?? ROLLOUT_RETENTION_DAYS;
      const page = body.page ?? 1;
      const pageSize = body.pageSize ?? 20;
      let groups = db
        .selectFrom("rollout_loads")
        .where("day", ">", today - days)
        .groupBy(["remote", "version", "kind"]);
      if (body.remote !== undefined) groups = groups.where("remote", "=", body.remote);
      if (body.version !== undefined) groups = groups.where("version", "=", body.version);
      const [rows, total] = await Promise.all([
        groups
          .select((eb) => [
            "remote",
            "version",
            "kind",
            eb.fn.countAll<number | string>().as("count"),
            eb.fn.count<number | string>(sql`distinct client`).as("visitors"),
            eb.fn.min<number | string>("first_at").as("first_at"),
            eb.fn.max<number | string>("last_at").as("last_at"),
          ])
          .orderBy("remote")
          .orderBy("version")
          .orderBy("kind")
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        db
          .selectFrom(groups.select("remote").as("g"))
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .executeTakeFirst(),
      ]);
      return {
        data: {
          list: rows.map((row) => ({
            remote: row.remote,
            version: row.version,
            kind: row.kind as RolloutReportKind,
            count: Number(row.count),
            visitors: Number(row.visitors),
            firstAt: Number(row.first_at),
            lastAt: Number(row.last_at),
          })),
          total: Number(total?.n ?? 0),
          page,
          pageSize,
        },
        extra: null,
      };
    },
  );
}
