import type { AppContext } from "./context";
import { loadMarkets, loadOptions, type MarketRow, type MetadataColumns, type OptionRow } from "./marketRows";
import { marketState } from "./marketState";
import { positionFigures, type PayoutRow, type PositionFigures, type PositionRow } from "./positions";

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

/** An account's position figures in the given markets: five queries whatever the number of markets. */
export async function accountMarkets(
  ctx: AppContext,
  account: string,
  ids: readonly number[],
  now: number,
): Promise<Map<number, AccountMarket>> {
  const out = new Map<number, AccountMarket>();
  if (ids.length === 0) return out;
  const db = ctx.db.kysely;
  const [params, markets, options, positions, payouts] = await Promise.all([
    ctx.params(),
    loadMarkets(ctx.db, ids),
    loadOptions(ctx.db, ids),
    db.selectFrom("positions").selectAll().where("account", "=", account).where("market_id", "in", ids).execute(),
    db
      .selectFrom("payouts")
      .select(["market_id", "account", "payout", "refund"])
      .where("account", "=", account)
      .where("market_id", "in", ids)
      .execute(),
  ]);
  const positionsOf = groupByMarket<PositionRow>(positions);
  const payoutsOf = groupByMarket<PayoutRow>(payouts);
  for (const id of ids) {
    const market = markets.get(id);
    if (!market) continue;
    const marketOptions = options.get(id) ?? [];
    const state = marketState(market, now, params);
    out.set(id, {
      market,
      options: marketOptions,
      figures: positionFigures(market, state, marketOptions, positionsOf.get(id) ?? [], payoutsOf.get(id) ?? []),
    });
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
