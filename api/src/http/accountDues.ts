import type { MarketParams } from "../chain/chain";
import { fromDbAmount } from "../db/amount";
import type { Row } from "../db/schema";
import type { AppContext } from "./context";
import type { MarketRow } from "./marketRows";
import { BPS } from "./pricing";

/**
 * What the protocol owes an account beyond its positions, computed the way the contract will pay it,
 * so a page that offers a claim offers exactly the amount the transaction moves:
 *
 * - a referrer's share of a final market (Markets.claimReferral): the shares of referred buys before
 *   an early claim's cutoff bucket, each rounded down per buy as Markets.buy does; all of it at once,
 *   so nothing is left once it has been claimed;
 * - a winning voter's reward (MarketsDisputes.claimVoterReward): rewardPool × weight ÷ winningVotes,
 *   where rewardPool is half of each lost challenge's PRDS stake (rounded down per challenge) and
 *   winningVotes the winning choice's tally;
 * - a proven challenger's compensation (MarketsDisputes.claimCompensation), until claimed.
 */

/** The first second of the checkpoint bucket that holds an early claim's known time (MarketsBase._cutoffOf); null without one. */
export function cutoffTime(
  market: Pick<MarketRow, "early" | "known_at">,
  params: Pick<MarketParams, "checkpointInterval">,
): number | null {
  if (market.early !== 1 || market.known_at === null) return null;
  return Math.floor(market.known_at / params.checkpointInterval) * params.checkpointInterval;
}

/**
 * What Markets.claimReferral(id) pays `referrer` now, per market: 0 unless the market is final and the
 * referrer has not claimed it yet; the shares of referred buys placed before the cutoff otherwise.
 */
export async function referralOwed(
  ctx: AppContext,
  referrer: string,
  earnings: readonly Pick<Row<"referral_earnings">, "market_id" | "accrued" | "claimed">[],
  markets: ReadonlyMap<number, MarketRow>,
  params: MarketParams,
): Promise<Map<number, bigint>> {
  const owed = new Map<number, bigint>();
  const early: number[] = [];
  for (const earning of earnings) {
    const id = Number(earning.market_id);
    const market = markets.get(id);
    if (!market || market.phase !== "Final" || fromDbAmount(earning.claimed) > 0n) {
      owed.set(id, 0n);
    } else if (cutoffTime(market, params) === null) {
      owed.set(id, fromDbAmount(earning.accrued));
    } else {
      early.push(id);
    }
  }
  if (early.length > 0) {
    const trades = await ctx.db.kysely
      .selectFrom("trades")
      .select(["market_id", "fee", "time"])
      .where("referrer", "=", referrer)
      .where("market_id", "in", early)
      .execute();
    for (const id of early) owed.set(id, 0n);
    for (const trade of trades) {
      const id = Number(trade.market_id);
      const market = markets.get(id);
      const cutoff = market ? cutoffTime(market, params) : null;
      if (cutoff === null || trade.time >= cutoff) continue;
      const share = (fromDbAmount(trade.fee) * BigInt(params.referrerShareBps)) / BPS;
      owed.set(id, (owed.get(id) ?? 0n) + share);
    }
  }
  return owed;
}

type ChallengeRow = Pick<Row<"challenges">, "market_id" | "stake" | "status">;
type BallotRow = Pick<Row<"votes">, "market_id" | "voter" | "choice" | "weight" | "reward">;

/**
 * What MarketsDisputes.claimVoterReward(id) pays `voter` now, for each market in `ballots` (the
 * voter's own ballots): its share of the losing challenges' stakes when it voted for the choice
 * the tally chose and has not claimed; 0 otherwise.
 */
export function voterRewardsOwed(
  voter: string,
  markets: ReadonlyMap<number, Pick<MarketRow, "tally_outcome">>,
  challenges: readonly ChallengeRow[],
  votes: readonly BallotRow[],
): Map<number, bigint> {
  const owed = new Map<number, bigint>();
  const pool = new Map<number, bigint>();
  for (const c of challenges) {
    if (c.status !== "Lost") continue;
    const id = Number(c.market_id);
    pool.set(id, (pool.get(id) ?? 0n) + fromDbAmount(c.stake) / 2n);
  }
  const tallies = new Map<number, Map<number, bigint>>();
  for (const v of votes) {
    const id = Number(v.market_id);
    const byChoice = tallies.get(id) ?? new Map<number, bigint>();
    byChoice.set(v.choice, (byChoice.get(v.choice) ?? 0n) + fromDbAmount(v.weight));
    tallies.set(id, byChoice);
  }
  for (const v of votes) {
    if (v.voter !== voter) continue;
    const id = Number(v.market_id);
    const outcome = markets.get(id)?.tally_outcome;
    const rewardPool = pool.get(id) ?? 0n;
    const winner = winningChoice(tallies.get(id));
    // Only a tally that chose a claim (the issuer's or a challenger's) loses challenges to voters.
    const decided = outcome === "IssuerWins" || outcome === "ChallengerWins";
    if (!decided || v.reward !== null || rewardPool === 0n || winner === null || winner.choice !== v.choice) {
      owed.set(id, 0n);
      continue;
    }
    owed.set(id, (rewardPool * fromDbAmount(v.weight)) / winner.votes);
  }
  return owed;
}

/** The plurality of a vote's tallies (MarketsDisputes._plurality); a decided tally had no tie, so the highest is unique. */
function winningChoice(tallies: ReadonlyMap<number, bigint> | undefined): { choice: number; votes: bigint } | null {
  let best: { choice: number; votes: bigint } | null = null;
  for (const [choice, votes] of [...(tallies ?? new Map<number, bigint>())].sort((a, b) => a[0] - b[0])) {
    if (best === null || votes > best.votes) best = { choice, votes };
  }
  return best !== null && best.votes > 0n ? best : null;
}
