import { fromDbAmount } from "../db/amount";
import type { Row } from "../db/schema";
import type { MarketStateName } from "./marketState";
import { payoffAtCurrentOdds, sum } from "./pricing";
import type { MarketRow, OptionRow } from "./marketRows";

export type PositionRow = Pick<
  Row<"positions">,
  "market_id" | "account" | "option" | "stake" | "fee" | "invested" | "first_time" | "last_time"
>;
export type PayoutRow = Pick<Row<"payouts">, "market_id" | "account" | "payout" | "refund">;

export interface OptionPosition {
  option: number;
  stake: bigint;
  fee: bigint;
  invested: bigint;
  pendingPayoff: bigint;
}

/**
 * One account's figures in one market (ARCHITECTURE "Position figures"): invested = what it paid;
 * pending payoff = what it would receive — while trading, what each option pays if it wins at the
 * current odds; once final, what a claim would pay now (0 once claimed); received = payouts and
 * refunds paid (Markets.claim, and the liquidity Markets.cancel gives back to the issuer); profit =
 * received + still-claimable − invested, for settled markets only.
 *
 * USDT stakes only: the issuer's margin (a bond, released or slashed), its fees (free balance),
 * a challenger's compensation and every PRDS amount (challenge stakes, voter rewards) are answered
 * beside the position (market.margin / bondState / issuerFee, challenges, vote), never in it.
 */
export interface PositionFigures {
  options: OptionPosition[];
  invested: bigint;
  pendingPayoff: bigint;
  payout: bigint;
  refund: bigint;
  received: bigint;
  claimed: boolean;
  settled: boolean;
  profit: bigint | null;
  /** Stake in a market still running: its value at current odds (payoff if it wins × implied probability). */
  openValue: bigint;
}

const SETTLED: ReadonlySet<MarketStateName> = new Set(["Finished", "Void", "Invalid", "Cancelled"]);

/**
 * How an early claim splits an account's stakes (Markets.claim): stakes placed from the checkpoint
 * bucket of the known time on are refunded in full, fee included; the rest is counted against the
 * winning option's stake before that bucket.
 */
export interface EarlySplit {
  /** Per option: the account's stake placed late, and what those buys paid (stake + fee). */
  late: ReadonlyMap<number, { stake: bigint; amount: bigint }>;
  /** The winning option's stake before the cutoff, seed included (MarketFinalized.winningStake once final). */
  winningStake: bigint;
}

export function positionFigures(
  market: MarketRow,
  state: MarketStateName,
  options: readonly OptionRow[],
  positions: readonly PositionRow[],
  payouts: readonly PayoutRow[],
  early: EarlySplit | null = null,
): PositionFigures {
  const pool = fromDbAmount(market.pool);
  const optionStake = new Map(options.map((o) => [o.idx, fromDbAmount(o.stake)]));
  const payout = sum(payouts.map((p) => fromDbAmount(p.payout)));
  const refund = sum(payouts.map((p) => fromDbAmount(p.refund)));
  const claimed = payouts.length > 0;
  const settled = SETTLED.has(state);

  const rows = positions.map((p): OptionPosition => {
    const stake = fromDbAmount(p.stake);
    const fee = fromDbAmount(p.fee);
    const invested = fromDbAmount(p.invested);
    let pendingPayoff = 0n;
    if (!settled) {
      pendingPayoff = payoffAtCurrentOdds(stake, optionStake.get(p.option) ?? 0n, pool);
    } else if (!claimed && state === "Finished") {
      // Winners share the net pool pro rata on their counted stake; a stake placed after an early
      // claim's known time comes back in full (Markets.claim). Before finalization the indexer has
      // no net_pool yet: the pool (before the cutoff) and the winning stake stand in for them.
      const late = early?.late.get(p.option) ?? { stake: 0n, amount: 0n };
      const counted = stake - late.stake;
      pendingPayoff = late.amount;
      if (p.option === market.result && counted > 0n) {
        const netPool = fromDbAmount(market.net_pool ?? market.pool_at_cutoff ?? market.pool);
        const winning =
          market.winning_stake !== null
            ? fromDbAmount(market.winning_stake)
            : (early?.winningStake ?? fromDbAmount(options.find((o) => o.idx === market.result)?.stake ?? "0"));
        if (winning > 0n) pendingPayoff += (counted * netPool) / winning;
      }
    } else if (!claimed && (state === "Void" || state === "Invalid")) {
      pendingPayoff = stake + fee; // refunded in full, fee included
    }
    return { option: p.option, stake, fee, invested, pendingPayoff };
  });

  const invested = sum(rows.map((r) => r.invested));
  const received = payout + refund;
  // While trading, options exclude each other: the pending payoff is that of the best case only if
  // one option is held; with several, each row's figure stands for its own option winning.
  const pendingPayoff = settled
    ? sum(rows.map((r) => r.pendingPayoff))
    : rows.reduce((max, r) => (r.pendingPayoff > max ? r.pendingPayoff : max), 0n);
  const openValue = settled ? 0n : sum(rows.map((r) => r.stake));
  return {
    options: rows,
    invested,
    pendingPayoff,
    payout,
    refund,
    received,
    claimed,
    settled,
    profit: settled ? received + pendingPayoff - invested : null,
    openValue,
  };
}
