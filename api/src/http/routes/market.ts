import type { Static } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { amountText, fromDbAmount } from "../../db/amount";
import type { Row } from "../../db/schema";
import { registerCall } from "../call";
import { fromChain, type AppContext } from "../context";
import { apiError } from "../errors";
import { marketIdOf, optionalAddress, pageOf } from "../inputs";
import { loadMarkets, loadOptions, marketSummary, visibleMetadata } from "../marketRows";
import { figuresOf } from "../accountMarkets";
import { BPS, optionFigures, oddsText, probabilityText } from "../pricing";
import { evidenceView } from "../evidenceView";
import { trackRecord } from "../trackRecord";
import { voteView } from "../vote";
import {
  DetailBody,
  DetailData,
  DetailExtra,
  HistoryBody,
  HistoryData,
  TradesBody,
  NoExtra,
  TradesData,
  type TradeItemBody,
} from "@prds/api-schema";

type DetailDataBody = Static<typeof DetailData>;

export function registerMarket(app: FastifyInstance, ctx: AppContext): void {
  registerCall(
    app,
    {
      path: "/api/market/detail",
      cache: "private",
      summary: "One market: options with odds, state label, the caller's positions, challenges, vote, issuer record",
      tags: ["markets"],
      body: DetailBody,
      data: DetailData,
      extra: DetailExtra,
    },
    async (body) => {
      const id = marketIdOf(body.id);
      const account = optionalAddress(body.account, "account");
      const [head, params, tokens, markets] = await Promise.all([
        ctx.head(),
        ctx.params(),
        fromChain(ctx.log, () => ctx.chain.tokens()),
        loadMarkets(ctx.db, [id]),
      ]);
      const market = markets.get(id);
      if (!market) throw apiError("marketNotFound", { field: "id" });
      const db = ctx.db.kysely;

      const [options, metadata, challengeRows, voteRows, issuerRecord] = await Promise.all([
        loadOptions(ctx.db, [id]).then((byMarket) => byMarket.get(id) ?? []),
        db
          .selectFrom("market_metadata")
          .selectAll()
          .where("hash", "=", market.metadata_hash)
          .where("status", "=", "approved")
          .executeTakeFirst(),
        db
          .selectFrom("challenges as c")
          .leftJoin("evidence as e", "e.hash", "c.evidence_hash")
          .selectAll("c")
          .select(["e.image_hash as e_image_hash", "e.text as e_text"])
          .where("c.market_id", "=", id)
          .orderBy("c.idx")
          .execute(),
        db.selectFrom("votes").selectAll().where("market_id", "=", id).orderBy("time", "desc").orderBy("voter").execute(),
        trackRecord(ctx.db, market.issuer),
      ]);

      const summary = marketSummary(market, visibleMetadata(market), options, head.now, params);
      const labels = visibleMetadata(market).options;
      const pool = fromDbAmount(market.pool);
      const capacity = fromDbAmount(market.capacity);
      const buyersStake = fromDbAmount(market.buyers_stake);

      let positionView: DetailDataBody["positions"] = null;
      if (account) {
        // The same figures as /api/bought and /api/user/info (one code path for every position answer).
        const byMarket = await figuresOf(ctx, account, new Map([[id, market]]), new Map([[id, options]]), head.now, params);
        const f = byMarket.get(id)?.figures;
        if (!f) throw new Error(`market ${id}: no position figures`);
        positionView = {
          account,
          options: f.options.map((o) => ({
            option: o.option,
            label: labels[o.option] ?? null,
            stake: o.stake.toString(),
            fee: o.fee.toString(),
            invested: o.invested.toString(),
            pendingPayoff: o.pendingPayoff.toString(),
          })),
          invested: f.invested.toString(),
          pendingPayoff: f.pendingPayoff.toString(),
          payout: f.payout.toString(),
          refund: f.refund.toString(),
          received: f.received.toString(),
          claimed: f.claimed,
          profit: f.profit === null ? null : f.profit.toString(),
        };
      }

      const data: DetailDataBody = {
        market: {
          ...summary,
          description: metadata?.description ?? null,
          resolutionSource: metadata?.resolution_source ?? null,
          url: metadata?.url ?? null,
          content: metadata?.content ?? null,
          language: metadata?.language ?? null,
          licenseId: String(market.license_id),
          collateral: market.license_staked ? "nft" : "token",
          licenseStaked: market.license_staked === 1,
          licenseValue: amountText(market.license_value),
          margin: amountText(market.margin),
          capacity: capacity.toString(),
          remainingCapacity: (capacity > pool ? capacity - pool : 0n).toString(),
          buyersStake: buyersStake.toString(),
          feeTotal: amountText(market.fee_total),
          minPremium: params.minPremium.toString(),
          premiumReached: buyersStake >= params.minPremium,
          minInvest: params.minInvest.toString(),
          feeBps: params.feeBps,
          rewardRateBps: Number(BPS) - params.feeBps,
          marginFeeBps: params.marginFeeBps,
          defaultLeverage: market.option_count,
          payToken: tokens.payToken,
          rentalEnd: market.rental_end,
          issuerResult: market.issuer_result,
          daoResult: market.dao_result,
          early: market.early === 1,
          knownAt: market.known_at,
          confirmedAt: market.confirmed_at,
          windowEnd: market.window_end,
          responseEnd: market.response_end,
          issuerAbsent: market.issuer_absent === 1,
          appealed: market.appealed === 1,
          challengeCount: market.challenge_count,
          bondState: market.bond_state,
          overturned: market.overturned === 1,
          finalizedAt: market.finalized_at,
          netPool: market.net_pool === null ? null : amountText(market.net_pool),
          winningStake: market.winning_stake === null ? null : amountText(market.winning_stake),
          issuerFee: market.issuer_fee === null ? null : amountText(market.issuer_fee),
          platformFee: market.platform_fee === null ? null : amountText(market.platform_fee),
          referralFees: market.referral_fees === null ? null : amountText(market.referral_fees),
          invalidReason: market.invalid_reason,
        },
        positions: positionView,
        challenges: challengeRows.map((c) => ({
          index: c.idx,
          challenger: c.challenger,
          option: c.option,
          knownAt: c.known_at,
          evidenceHash: c.evidence_hash,
          evidence: c.e_text === null ? null : evidenceView(c.evidence_hash, c.e_image_hash, c.e_text),
          stake: amountText(c.stake),
          status: c.status,
          prdsReturned: c.prds_returned === null ? null : amountText(c.prds_returned),
          compensation: c.compensation === null ? null : amountText(c.compensation),
          compensationState:
            c.compensation === null || fromDbAmount(c.compensation) === 0n
              ? "none"
              : c.compensation_claimed
                ? "received"
                : "pending",
          filedAt: c.filed_at,
          txHash: c.tx_hash,
        })),
        vote: voteView(market, challengeRows, voteRows),
        issuerRecord,
      };
      return { data, extra: { now: head.now } };
    },
  );

  registerCall(
    app,
    {
      path: "/api/market/history",
      cache: "public",
      summary: "Odds over time (one point per trade, downsampled to at most `points`)",
      tags: ["markets"],
      body: HistoryBody,
      data: HistoryData,
      extra: NoExtra,
    },
    async (body) => {
      const id = marketIdOf(body.id);
      const from = body.from ?? 0;
      const to = body.to ?? 2 ** 40;
      if (from > to) throw apiError("invalidTimeRange", { field: "from" });
      const points = body.points ?? 200;
      const market = (await loadMarkets(ctx.db, [id])).get(id);
      if (!market) throw apiError("marketNotFound", { field: "id" });
      const total = Number(
        (
          await ctx.db.kysely
            .selectFrom("market_odds")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("market_id", "=", id)
            .where("time", ">=", from)
            .where("time", "<=", to)
            .executeTakeFirstOrThrow()
        ).n,
      );
      // Every step-th point from the first plus the last, numbered in SQL so only the kept rows are
      // read: at most `points` in all with step = ⌈(total − 1) / (points − 1)⌉.
      const step = total <= points ? 1 : Math.ceil((total - 1) / (points - 1));
      const rows = await sql<Pick<Row<"market_odds">, "time" | "block_number" | "stakes_json" | "pool">>`
        select time, block_number, stakes_json, pool from (
          select time, block_number, stakes_json, pool, seq, row_number() over (order by seq) as rn
          from market_odds where market_id = ${id} and time >= ${from} and time <= ${to}
        ) numbered
        where (rn - 1) % ${step} = 0 or rn = ${total}
        order by seq`.execute(ctx.db.kysely);
      const labels = visibleMetadata(market).options;
      return {
        data: {
          id: String(id),
          options: Array.from({ length: market.option_count }, (_, i) => labels[i] ?? null),
          total,
          points: rows.rows.map((row) => {
            const stakes = parseStakes(row.stakes_json);
            const rowPool = fromDbAmount(row.pool);
            return {
              time: Number(row.time),
              blockNumber: Number(row.block_number),
              pool: rowPool.toString(),
              stakes: stakes.map((s) => s.toString()),
              odds: stakes.map((s) => oddsText(s, rowPool)),
              probabilities: stakes.map((s) => probabilityText(s, rowPool)),
            };
          }),
        },
        extra: null,
      };
    },
  );

  registerCall(
    app,
    {
      path: "/api/market/trades",
      cache: "public",
      summary: "A market's trades, newest first, paged",
      tags: ["markets"],
      body: TradesBody,
      data: TradesData,
      extra: NoExtra,
    },
    async (body) => {
      const id = marketIdOf(body.id);
      const { page, pageSize, offset } = pageOf(body);
      const [market, params] = await Promise.all([loadMarkets(ctx.db, [id]).then((m) => m.get(id)), ctx.params()]);
      if (!market) throw apiError("marketNotFound", { field: "id" });
      const db = ctx.db.kysely;
      const [rows, count] = await Promise.all([
        db
          .selectFrom("trades")
          .selectAll()
          .where("market_id", "=", id)
          .orderBy("block_number", "desc")
          .orderBy("log_index", "desc")
          .limit(pageSize)
          .offset(offset)
          .execute(),
        db
          .selectFrom("trades")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("market_id", "=", id)
          .executeTakeFirstOrThrow(),
      ]);
      const labels = new Map([[id, visibleMetadata(market).options]]);
      const list = rows.map((t) => tradeItem(t, labels, params.feeBps));
      return { data: { list, total: Number(count.n), page, pageSize }, extra: null };
    },
  );
}

/**
 * Trades as answered, with the option's label when the market's metadata is approved, and the figures of
 * the option right after the trade (its odds, and the payout multiplier the pages show, net of `feeBps`).
 */
export function tradeItem(t: Row<"trades">, labels: ReadonlyMap<number, readonly string[]>, feeBps: number): TradeItemBody {
  const figures = optionFigures(fromDbAmount(t.option_stake), fromDbAmount(t.pool), feeBps);
  return {
    txHash: t.tx_hash,
    logIndex: t.log_index,
    marketId: String(t.market_id),
    account: t.account,
    option: t.option,
    optionLabel: labels.get(Number(t.market_id))?.[t.option] ?? null,
    amount: amountText(t.amount),
    stake: amountText(t.stake),
    fee: amountText(t.fee),
    referrer: t.referrer,
    optionStake: amountText(t.option_stake),
    pool: amountText(t.pool),
    odds: figures.odds,
    payoutMultiplier: figures.payoutMultiplier,
    time: t.time,
    blockNumber: t.block_number,
  };
}

function parseStakes(json: string): bigint[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.map((value) => BigInt(String(value))) : [];
}
