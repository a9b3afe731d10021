import type { FastifyInstance } from "fastify";
import { fromDbAmount } from "../../db/amount";
import { accountClaims } from "../accountClaims";
import { accountMarkets, marketsOfAccount } from "../accountMarkets";
import { registerCall } from "../call";
import { fromChain, type AppContext } from "../context";
import { apiError } from "../errors";
import { sum } from "../pricing";
import { loadMarkets, visibleMetadata } from "../marketRows";
import { addressOf, pageOf } from "../inputs";
import { chainNames, nativeToken, tokenInfo } from "../tokens";
import {
  ClaimsBody,
  ClaimsData,
  ClaimsExtra,
  UserHistoryBody,
  UserHistoryData,
  UserHistoryExtra,
  UserInfoBody,
  UserInfoData,
  UserInfoExtra,
  type HistoryKind,
} from "@prds/api-schema";

/** The chain a client names: its chain config's chainType, or the chain id (decimal or 0x-hex). */
function servesChain(chainType: string, chainId: number): boolean {
  const value = chainType.trim().toLowerCase();
  return value === chainNames(chainId).chainType || value === String(chainId) || value === `0x${chainId.toString(16)}`;
}

/** /api/user/info (spec §7): the wallet's fund list and its statics, cash and portfolio. */
export function registerUser(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db.kysely;

  registerCall(
    app,
    {
      path: "/api/user/info",
      cache: "private",
      summary: "Fund list (BNB, USDT, PRDS balances) and statics (cash, portfolio)",
      description:
        "cash = USDT balance + free balance in Markets (released margin, fees). portfolio = value of positions at current odds: " +
        "the stakes in markets still running (payoff if the option wins × its implied probability = the stake) plus what settled markets would still pay on a claim.",
      tags: ["user"],
      body: UserInfoBody,
      data: UserInfoData,
      extra: UserInfoExtra,
    },
    async (body) => {
      const account = addressOf(body.account, "account");
      if (!servesChain(body.chainType, ctx.chain.chainId))
        throw apiError("chainNotSupported", { field: "chainType", details: { chainId: ctx.chain.chainId } });
      const [balances, tokens, credit, head, marketIds] = await Promise.all([
        fromChain(ctx.log, () => ctx.chain.balances(account)),
        fromChain(ctx.log, () => ctx.chain.tokens()),
        db.selectFrom("credits").select("balance").where("account", "=", account).executeTakeFirst(),
        ctx.head(),
        marketsOfAccount(ctx, account),
      ]);
      const figures = await accountMarkets(ctx, account, marketIds, head.now);
      const portfolio = sum(
        [...figures.values()].map((f) => f.figures.openValue + (f.figures.settled ? f.figures.pendingPayoff : 0n)),
      );
      const cash = balances.payToken + (credit ? fromDbAmount(credit.balance) : 0n);
      return {
        data: [
          { ...nativeToken(ctx.chain.chainId), balance: balances.native.toString() },
          { ...tokenInfo("payToken", tokens.payToken), balance: balances.payToken.toString() },
          { ...tokenInfo("platformToken", tokens.prds), balance: balances.prds.toString() },
        ],
        extra: { statics: { cash: cash.toString(), portfolio: portfolio.toString() } },
      };
    },
  );

  registerCall(
    app,
    {
      path: "/api/user/history",
      cache: "private",
      summary: "Every movement of an account's USDT into and out of its positions, newest first, paged",
      description:
        "Buys (what each paid, its stake and fee), the liquidity an issuer seeded, and the payouts and refunds it received " +
        "(Markets.claim, and the liquidity Markets.cancel gives back). Σ paid over every row is the positions' invested, " +
        "Σ payout + refund their received (extra.totals). The margin, fees, compensation and PRDS are not position money.",
      tags: ["user"],
      body: UserHistoryBody,
      data: UserHistoryData,
      extra: UserHistoryExtra,
    },
    async (body) => {
      const account = addressOf(body.account, "account");
      const { page, pageSize, offset } = pageOf(body);
      // The whole history is read for its totals (an account's rows, by the account's indexes).
      const [trades, payouts, seeded] = await Promise.all([
        db.selectFrom("trades").selectAll().where("account", "=", account).execute(),
        db.selectFrom("payouts").selectAll().where("account", "=", account).execute(),
        db
          .selectFrom("markets")
          .select(["id", "liquidity", "created_at", "created_block", "tx_hash"])
          .where("issuer", "=", account)
          .execute(),
      ]);
      type Entry = Omit<UserHistoryRow, "event" | "optionLabel">;
      const rows: Entry[] = [
        ...trades.map((t) => ({
          kind: "buy" as HistoryKind,
          txHash: t.tx_hash,
          logIndex: t.log_index,
          marketId: Number(t.market_id),
          option: t.option,
          paid: fromDbAmount(t.amount),
          stake: fromDbAmount(t.stake),
          fee: fromDbAmount(t.fee),
          payout: 0n,
          refund: 0n,
          time: t.time,
          blockNumber: t.block_number,
        })),
        ...seeded.map((m) => ({
          kind: "liquidity" as HistoryKind,
          txHash: m.tx_hash,
          logIndex: -1,
          marketId: Number(m.id),
          option: null,
          paid: fromDbAmount(m.liquidity),
          stake: fromDbAmount(m.liquidity),
          fee: 0n,
          payout: 0n,
          refund: 0n,
          time: m.created_at,
          blockNumber: m.created_block,
        })),
        ...payouts.map((p) => {
          const payout = fromDbAmount(p.payout);
          return {
            kind: (payout > 0n ? "payout" : "refund") as HistoryKind,
            txHash: p.tx_hash,
            logIndex: p.log_index,
            marketId: Number(p.market_id),
            option: null,
            paid: 0n,
            stake: 0n,
            fee: 0n,
            payout,
            refund: fromDbAmount(p.refund),
            time: p.time,
            blockNumber: p.block_number,
          };
        }),
      ];
      rows.sort((a, b) => b.time - a.time || b.blockNumber - a.blockNumber || b.logIndex - a.logIndex);
      const pageRows = rows.slice(offset, offset + pageSize);
      const markets = await loadMarkets(ctx.db, [...new Set(pageRows.map((r) => r.marketId))]);
      const list = pageRows.map((r) => {
        const market = markets.get(r.marketId);
        const meta = market ? visibleMetadata(market) : null;
        return {
          kind: r.kind,
          txHash: r.txHash,
          logIndex: r.logIndex,
          marketId: String(r.marketId),
          event: meta?.event ?? null,
          option: r.option,
          optionLabel: r.option === null ? null : (meta?.options[r.option] ?? null),
          paid: r.paid.toString(),
          stake: r.stake.toString(),
          fee: r.fee.toString(),
          payout: r.payout.toString(),
          refund: r.refund.toString(),
          time: r.time,
          blockNumber: r.blockNumber,
        };
      });
      return {
        data: { list, total: rows.length, page, pageSize },
        extra: {
          totals: {
            paid: sum(rows.map((r) => r.paid)).toString(),
            received: sum(rows.map((r) => r.payout + r.refund)).toString(),
          },
        },
      };
    },
  );

  registerCall(
    app,
    {
      path: "/api/user/claims",
      cache: "private",
      summary: "Everything the protocol owes an account now, per market: what each claim call would pay",
      description:
        "position: Markets.claim(id, account) (payout and refunds of a settled market not claimed yet); compensations: " +
        "Markets.claimCompensation(id, index) for each proven challenge not yet paid; voterReward (PRDS): " +
        "Markets.claimVoterReward(id); referral: Markets.claimReferral(id). Only markets with something due are listed, newest first.",
      tags: ["user"],
      body: ClaimsBody,
      data: ClaimsData,
      extra: ClaimsExtra,
    },
    async (body) => {
      const { list, totals } = await accountClaims(ctx, addressOf(body.account, "account"));
      return { data: { list }, extra: { totals } };
    },
  );
}

/** One row of /api/user/history before its market's texts are joined. */
interface UserHistoryRow {
  kind: HistoryKind;
  txHash: string;
  logIndex: number;
  marketId: number;
  event: string | null;
  option: number | null;
  optionLabel: string | null;
  paid: bigint;
  stake: bigint;
  fee: bigint;
  payout: bigint;
  refund: bigint;
  time: number;
  blockNumber: number;
}
