import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { registerCall } from "../call";
import { fromChain, type AppContext } from "../context";
import { Nullable, NoExtra, StringEnum, TxHash } from "@prds/api-schema";

const TransStatus = StringEnum(["indexed", "pendingIndexing", "failed", "pending"] as const, {
  description:
    "indexed: mined, succeeded and in the api's tables (or mined in a block the indexer has passed, with nothing to index); " +
    "pendingIndexing: mined and succeeded, the indexer has not reached it yet; failed: mined and reverted; " +
    "pending: not mined (or unknown to the node)",
});

const StatusBody = Type.Object({ hash: TxHash });
const StatusData = Type.Object({
  hash: TxHash,
  status: TransStatus,
  indexed: Type.Boolean(),
  success: Nullable("boolean", { description: "true succeeded, false reverted, null not mined yet" }),
  blockNumber: Nullable("integer"),
  eventCount: Type.Integer({ minimum: 0, description: "Protocol events the indexer applied from it" }),
});

/** /api/get-trans-status: the front end polls it after a transaction until the api has its effect. */
export function registerStatus(app: FastifyInstance, ctx: AppContext): void {
  registerCall(
    app,
    {
      path: "/api/get-trans-status",
      summary: "Is this transaction indexed yet, and did it succeed",
      tags: ["status"],
      body: StatusBody,
      data: StatusData,
      extra: NoExtra,
    },
    async (body) => {
      const hash = body.hash.toLowerCase();
      const row = await ctx.db.kysely
        .selectFrom("chain_transactions")
        .select(["block_number", "event_count"])
        .where("tx_hash", "=", hash)
        .executeTakeFirst();
      if (row) {
        ctx.refreshHead(); // the caller refetches what this transaction changed next
        return {
          data: {
            hash,
            status: "indexed" as const,
            indexed: true,
            success: true,
            blockNumber: row.block_number,
            eventCount: row.event_count,
          },
          extra: null,
        };
      }
      const receipt = await fromChain(ctx.log, () => ctx.chain.receipt(hash));
      if (!receipt)
        return {
          data: { hash, status: "pending" as const, indexed: false, success: null, blockNumber: null, eventCount: 0 },
          extra: null,
        };
      if (receipt.status !== 1) {
        return {
          data: {
            hash,
            status: "failed" as const,
            indexed: false,
            success: false,
            blockNumber: receipt.blockNumber,
            eventCount: 0,
          },
          extra: null,
        };
      }
      // A successful transaction without protocol events (a token approval) never gets a row: once
      // every cursor is past its block, there is nothing left to wait for.
      const cursor = await ctx.db.kysely
        .selectFrom("indexer_cursors")
        .select((eb) => [eb.fn.min<number>("next_block").as("next"), eb.fn.countAll<number>().as("n")])
        .executeTakeFirst();
      const passed = cursor !== undefined && Number(cursor.n) > 0 && Number(cursor.next) > receipt.blockNumber;
      if (passed) ctx.refreshHead();
      return {
        data: {
          hash,
          status: passed ? ("indexed" as const) : ("pendingIndexing" as const),
          indexed: passed,
          success: true,
          blockNumber: receipt.blockNumber,
          eventCount: 0,
        },
        extra: null,
      };
    },
  );
}
