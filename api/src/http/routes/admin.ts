import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { adminGuard } from "../adminAuth";
import type { MissLimiter } from "../misses";
import { registerCall } from "../call";
import type { AppContext } from "../context";
import { apiError } from "../errors";
import { parseOptions } from "../marketRows";
import { pageOf } from "../inputs";
import { Bytes32, NoExtra, Nullable, PagedList, Paging, StringEnum, UnixTime } from "@prds/api-schema";

const AuditStatus = StringEnum(["audit", "approved", "rejected"] as const);

const AuditListBody = Type.Object({
  ...Paging,
  status: Type.Optional(StringEnum(["audit", "approved", "rejected"] as const, { default: "audit" })),
  hash: Type.Optional(Bytes32),
});
const AuditItem = Type.Object({
  hash: Bytes32,
  status: AuditStatus,
  reason: Nullable("string"),
  event: Type.String(),
  options: Type.Array(Type.String()),
  category: Type.String(),
  description: Type.String(),
  resolutionSource: Type.String(),
  url: Type.String(),
  content: Type.String(),
  language: Type.String(),
  createdAt: UnixTime,
  reviewedAt: Nullable("integer"),
  hits: Type.Array(
    Type.Object({ action: Type.String(), reason: Type.String(), field: Type.String(), rule: Type.String(), term: Type.String() }),
    { description: "What the moderation rules find in it today" },
  ),
});
const ReviewBody = Type.Object({
  hash: Bytes32,
  decision: StringEnum(["approve", "reject"] as const),
  reason: Type.Optional(Type.String({ maxLength: 500 })),
});
const ReviewData = Type.Object({ hash: Bytes32, status: AuditStatus, reason: Nullable("string") });

/**
 * The guarded calls and their bodies. The public OpenAPI document leaves them out (registerCall's
 * `secret`); the fuzz test reads them here to feed them malformed requests too.
 */
export const ADMIN_CALL_BODIES = {
  "/api/admin/audit/list": AuditListBody,
  "/api/admin/audit/review": ReviewBody,
} as const;

/**
 * 'Audit checking' review, guarded by the admin token (x-admin-token). Approving makes the hash
 * answerable (submit again to get it) and the market listable; rejecting takes it off every list.
 */
export function registerAdmin(app: FastifyInstance, ctx: AppContext, misses: MissLimiter): void {
  const guard = adminGuard(ctx.config.adminToken, misses);
  const moderator = ctx.moderator;
  const db = ctx.db.kysely;

  registerCall(
    app,
    {
      path: "/api/admin/audit/list",
      summary: "Metadata held for review (or approved / rejected), oldest first; optionally one hash",
      tags: ["admin"],
      body: ADMIN_CALL_BODIES["/api/admin/audit/list"],
      data: PagedList(AuditItem),
      extra: NoExtra,
      onRequest: guard,
      secret: true,
    },
    async (body) => {
      const { page, pageSize, offset } = pageOf(body);
      const status = body.status ?? "audit";
      const hash = body.hash?.toLowerCase() ?? null;
      let q = db.selectFrom("market_metadata").where("status", "=", status);
      if (hash) q = q.where("hash", "=", hash);
      const [rows, count] = await Promise.all([
        q.selectAll().orderBy("created_at").orderBy("hash").limit(pageSize).offset(offset).execute(),
        q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      const list = rows.map((row) => {
        const options = parseOptions(row.options_json);
        const fields: [string, string][] = [
          ["event", row.event],
          ...options.map((o, i): [string, string] => [`options.${i}`, o]),
          ["description", row.description],
          ["resolutionSource", row.resolution_source],
          ["url", row.url],
          ["content", row.content],
        ];
        return {
          hash: row.hash,
          status: row.status,
          reason: row.reason,
          event: row.event,
          options,
          category: row.category,
          description: row.description,
          resolutionSource: row.resolution_source,
          url: row.url,
          content: row.content,
          language: row.language,
          createdAt: row.created_at,
          reviewedAt: row.reviewed_at,
          hits: moderator
            .check(fields)
            .hits.map(({ action, reason, field, rule, term }) => ({ action, reason, field, rule, term })),
        };
      });
      return { data: { list, total: Number(count.n), page, pageSize }, extra: null };
    },
  );

  registerCall(
    app,
    {
      path: "/api/admin/audit/review",
      summary: "Approve or reject held metadata",
      tags: ["admin"],
      body: ADMIN_CALL_BODIES["/api/admin/audit/review"],
      data: ReviewData,
      extra: NoExtra,
      onRequest: guard,
      secret: true,
    },
    async (body) => {
      const hash = body.hash.toLowerCase();
      const status = body.decision === "approve" ? ("approved" as const) : ("rejected" as const);
      const reason = body.decision === "approve" ? null : body.reason?.trim() || "api.moderation.rejectedInReview";
      const result = await db
        .updateTable("market_metadata")
        .set({ status, reason, reviewed_at: Math.floor(Date.now() / 1000) })
        .where("hash", "=", hash)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw apiError("metadataNotFound", { field: "hash" });
      ctx.localVersion.value++;
      return { data: { hash, status, reason }, extra: null };
    },
  );
}
