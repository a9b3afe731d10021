import type { FastifyInstance } from "fastify";
import { fromDbAmount } from "../../db/amount";
import { accountMarkets, marketsOfAccount } from "../accountMarkets";
import { registerCall } from "../call";
import { fromChain, type AppContext } from "../context";
import { apiError } from "../errors";
import { addressOf } from "../inputs";
import { sum } from "../pricing";
import { UserInfoBody, UserInfoData, UserInfoExtra } from "@prds/api-schema";

const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";
const DECIMALS = 18;

/** The chain a client names: its chain config's chainType, or the chain id (decimal or 0x-hex). */
function servesChain(chainType: string, chainId: number): boolean {
  const names: Record<number, string> = { 56: "bsc", 31337: "devnet" };
  const value = chainType.trim().toLowerCase();
  return value === names[chainId] || value === String(chainId) || value === `0x${chainId.toString(16)}`;
}

/** /api/user/info (spec §7): the wallet's fund list and its statics, cash and portfolio. */
export function registerUser(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db.kysely;

  registerCall(
    app,
    {
      path: "/api/user/info",
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
          { symbol: "BNB", address: ZERO_ADDRESS, decimals: DECIMALS, balance: balances.native.toString() },
          { symbol: "USDT", address: tokens.payToken, decimals: DECIMALS, balance: balances.payToken.toString() },
          { symbol: "PRDS", address: tokens.prds, decimals: DECIMALS, balance: balances.prds.toString() },
        ],
        extra: { statics: { cash: cash.toString(), portfolio: portfolio.toString() } },
      };
    },
  );
}
