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
 * refunds claimed; profit = received + still-claimable − invested, for settled markets only.
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

export function positionFigures(
  market: MarketRow,
  state: MarketStateName,
  options: readonly OptionRow[],
  positions: readonly PositionRow[],
  payouts: readonly PayoutRow[],
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
    } else if (!claimed && state === "Finished" && p.option === market.result) {
      // Winners share the net pool pro rata (Markets.claim). Before finalization the indexer has no
      // net_pool yet: the pool and the winning option's stake stand in for them.
      const netPool = fromDbAmount(market.net_pool ?? market.pool_at_cutoff ?? market.pool);
      const winning = fromDbAmount(market.winning_stake ?? options.find((o) => o.idx === market.result)?.stake ?? "0");
      pendingPayoff = winning > 0n ? (stake * netPool) / winning : 0n;
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
