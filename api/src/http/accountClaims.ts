import type { Static } from "@sinclair/typebox";
import type { ClaimsData } from "@prds/api-schema";
import { fromDbAmount } from "../db/amount";
import { accountMarkets, marketsOfAccount } from "./accountMarkets";
import { referralOwed, voterRewardsOwed } from "./accountDues";
import type { AppContext } from "./context";
import { loadMarkets, visibleMetadata } from "./marketRows";
import { marketLabel, marketState } from "./marketState";
import { sum } from "./pricing";

export interface AccountClaims {
  list: Static<typeof ClaimsData>["list"];
  /** What all of it comes to: USDT (positions, referral, compensations) and PRDS (voter rewards), in wei. */
  totals: { usdt: string; prds: string };
}

/**
 * Everything the protocol owes an account now, per market, as each claim call would pay it:
 * `/api/user/claims` answers it and the live stream (stream/hub.ts) says when its totals change.
 */
export async function accountClaims(ctx: AppContext, account: string): Promise<AccountClaims> {
  const db = ctx.db.kysely;
  const [head, params, marketIds, compensations, ballots, earnings] = await Promise.all([
    ctx.head(),
    ctx.params(),
    marketsOfAccount(ctx, account),
    db
      .selectFrom("challenges")
      .select(["market_id", "idx", "compensation"])
      .where("challenger", "=", account)
      .where("compensation_claimed", "=", 0)
      .where("compensation", "is not", null)
      .execute(),
    db.selectFrom("votes").select("market_id").where("voter", "=", account).where("reward", "is", null).execute(),
    db.selectFrom("referral_earnings").selectAll().where("referrer", "=", account).execute(),
  ]);
  const voted = ballots.map((b) => Number(b.market_id));
  const [figures, voteRows, lostChallenges, referralMarkets, voteMarkets] = await Promise.all([
    accountMarkets(ctx, account, marketIds, head.now),
    voted.length === 0 ? [] : db.selectFrom("votes").selectAll().where("market_id", "in", voted).execute(),
    voted.length === 0
      ? []
      : db
          .selectFrom("challenges")
          .select(["market_id", "stake", "status"])
          .where("market_id", "in", voted)
          .where("status", "=", "Lost")
          .execute(),
    loadMarkets(
      ctx.db,
      earnings.map((e) => Number(e.market_id)),
    ),
    loadMarkets(ctx.db, voted),
  ]);
  const rewards = voterRewardsOwed(account, voteMarkets, lostChallenges, voteRows);
  const referrals = await referralOwed(ctx, account, earnings, referralMarkets, params);

  const due = new Map<
    number,
    { position: bigint; compensations: { index: number; amount: bigint }[]; voterReward: bigint; referral: bigint }
  >();
  const entry = (id: number) => {
    const found = due.get(id);
    if (found) return found;
    const created = { position: 0n, compensations: [], voterReward: 0n, referral: 0n };
    due.set(id, created);
    return created;
  };
  for (const [id, f] of figures) {
    if (f.figures.settled && !f.figures.claimed && f.figures.pendingPayoff > 0n) entry(id).position = f.figures.pendingPayoff;
  }
  for (const c of compensations) {
    const amount = c.compensation === null ? 0n : fromDbAmount(c.compensation);
    if (amount > 0n) entry(Number(c.market_id)).compensations.push({ index: c.idx, amount });
  }
  for (const [id, amount] of rewards) if (amount > 0n) entry(id).voterReward = amount;
  for (const [id, amount] of referrals) if (amount > 0n) entry(id).referral = amount;

  const ids = [...due.keys()].sort((a, b) => b - a);
  const markets = await loadMarkets(ctx.db, ids);
  const list = ids.flatMap((id) => {
    const market = markets.get(id);
    const d = due.get(id);
    if (!market || !d) return [];
    const state = marketState(market, head.now, params);
    return [
      {
        marketId: String(id),
        event: visibleMetadata(market).event,
        state,
        label: marketLabel(state, market),
        position: d.position.toString(),
        compensations: d.compensations
          .sort((a, b) => a.index - b.index)
          .map((c) => ({ index: c.index, amount: c.amount.toString() })),
        voterReward: d.voterReward.toString(),
        referral: d.referral.toString(),
      },
    ];
  });
  const all = [...due.values()];
  return {
    list,
    totals: {
      usdt: sum(all.flatMap((d) => [d.position, d.referral, ...d.compensations.map((c) => c.amount)])).toString(),
      prds: sum(all.map((d) => d.voterReward)).toString(),
    },
  };
}
