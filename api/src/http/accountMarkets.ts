import type { MarketParams } from "../chain/chain";
import { fromDbAmount } from "../db/amount";
import type { AppContext } from "./context";
import { loadMarkets, loadOptions, type MarketRow, type MetadataColumns, type OptionRow } from "./marketRows";
import { marketState, type MarketStateName } from "./marketState";
import { positionFigures, type EarlySplit, type PayoutRow, type PositionFigures, type PositionRow } from "./positions";

export interface AccountMarket {
  market: MarketRow & MetadataColumns;
  options: OptionRow[];
  figures: PositionFigures;
}

function groupByMarket<T extends { market_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const byMarket = new Map<number, T[]>();
  for (const row of rows) {
    const id = Number(row.market_id);
    const list = byMarket.get(id);
    if (list) list.push(row);
    else byMarket.set(id, [row]);
  }
  return byMarket;
}

/** The first second of the checkpoint bucket holding an early claim's known time (MarketsBase._cutoffOf). */
function cutoffTime(market: MarketRow, params: MarketParams): number | null {
  if (market.early !== 1 || market.known_at === null) return null;
  return Math.floor(market.known_at / params.checkpointInterval) * params.checkpointInterval;
}

/**
 * The early splits of the account's finished markets settled on an early claim: its trades from the
 * cutoff on (refunded in full) and, until MarketFinalized records it, the winning option's stake
 * before the cutoff — the latest odds row before it (seq 0 is the seed at issuance).
 */
async function earlySplits(
  ctx: AppContext,
  account: string,
  markets: readonly MarketRow[],
  params: MarketParams,
): Promise<Map<number, EarlySplit>> {
  const out = new Map<number, EarlySplit>();
  if (markets.length === 0) return out;
  const db = ctx.db.kysely;
  const trades = await db
    .selectFrom("trades")
    .select(["market_id", "option", "stake", "amount", "time"])
    .where("account", "=", account)
    .where(
      "market_id",
      "in",
      markets.map((m) => m.id),
    )
    .execute();
  const tradesOf = groupByMarket(trades);
  await Promise.all(
    markets.map(async (market) => {
      const cutoff = cutoffTime(market, params);
      if (cutoff === null || market.result === null) return;
      const late = new Map<number, { stake: bigint; amount: bigint }>();
      for (const trade of tradesOf.get(Number(market.id)) ?? []) {
        if (trade.time < cutoff) continue;
        const sofar = late.get(trade.option) ?? { stake: 0n, amount: 0n };
        late.set(trade.option, {
          stake: sofar.stake + fromDbAmount(trade.stake),
          amount: sofar.amount + fromDbAmount(trade.amount),
        });
      }
      let winningStake = fromDbAmount(market.winning_stake ?? "0");
      if (market.winning_stake === null) {
        const odds = await db
          .selectFrom("market_odds")
          .select("stakes_json")
          .where("market_id", "=", market.id)
          .where("time", "<", cutoff)
          .orderBy("seq", "desc")
          .limit(1)
          .executeTakeFirst();
        const stakes: unknown = odds ? JSON.parse(odds.stakes_json) : null;
        winningStake = Array.isArray(stakes)
          ? BigInt(String(stakes[market.result]))
          : fromDbAmount(market.liquidity) / BigInt(market.option_count);
      }
      out.set(Number(market.id), { late, winningStake });
    }),
  );
  return out;
}

/**
 * An account's position figures in markets already loaded (with their options): its positions and
 * payouts in two queries whatever the number of markets, plus, for finished markets settled on an
 * early claim, what the cutoff splits.
 */
export async function figuresOf(
  ctx: AppContext,
  account: string,
  markets: ReadonlyMap<number, MarketRow>,
  options: ReadonlyMap<number, readonly OptionRow[]>,
  now: number,
  params: MarketParams,
): Promise<Map<number, { state: MarketStateName; figures: PositionFigures }>> {
  const out = new Map<number, { state: MarketStateName; figures: PositionFigures }>();
  const ids = [...markets.keys()];
  if (ids.length === 0) return out;
  const db = ctx.db.kysely;
  const states = new Map([...markets].map(([id, market]) => [id, marketState(market, now, params)]));
  const early = [...markets].filter(([id, m]) => states.get(id) === "Finished" && m.early === 1).map(([, m]) => m);
  const [positions, payouts, splits] = await Promise.all([
    db
      .selectFrom("positions")
      .selectAll()
      .where("account", "=", account)
      .where("market_id", "in", ids)
      .orderBy("market_id")
      .orderBy("option")
      .execute(),
    db
      .selectFrom("payouts")
      .select(["market_id", "account", "payout", "refund"])
      .where("account", "=", account)
      .where("market_id", "in", ids)
      .execute(),
    earlySplits(ctx, account, early, params),
  ]);
  const positionsOf = groupByMarket<PositionRow>(positions);
  const payoutsOf = groupByMarket<PayoutRow>(payouts);
  for (const [id, market] of markets) {
    const state = states.get(id) ?? marketState(market, now, params);
    out.set(id, {
      state,
      figures: positionFigures(
        market,
        state,
        options.get(id) ?? [],
        positionsOf.get(id) ?? [],
        payoutsOf.get(id) ?? [],
        splits.get(id) ?? null,
      ),
    });
  }
  return out;
}

/** An account's position figures in the given markets: a handful of queries whatever the number of markets. */
export async function accountMarkets(
  ctx: AppContext,
  account: string,
  ids: readonly number[],
  now: number,
): Promise<Map<number, AccountMarket>> {
  const out = new Map<number, AccountMarket>();
  if (ids.length === 0) return out;
  const [params, markets, options] = await Promise.all([ctx.params(), loadMarkets(ctx.db, ids), loadOptions(ctx.db, ids)]);
  const figures = await figuresOf(ctx, account, markets, options, now, params);
  for (const id of ids) {
    const market = markets.get(id);
    const f = figures.get(id);
    if (!market || !f) continue;
    out.set(id, { market, options: options.get(id) ?? [], figures: f.figures });
  }
  return out;
}

/** The markets an account holds or held a position in. */
export async function marketsOfAccount(ctx: AppContext, account: string): Promise<number[]> {
  const rows = await ctx.db.kysely
    .selectFrom("positions")
    .select("market_id")
    .distinct()
    .where("account", "=", account)
    .execute();
  return rows.map((r) => Number(r.market_id));
}
