import type { MarketParams } from "../chain/chain";
import { amountText, fromDbAmount } from "../db/amount";
import type { Db } from "../db/connect";
import type { MetadataStatus, Row } from "../db/schema";
import { marketLabel, marketState } from "./marketState";
import { optionFigures } from "./pricing";
import type { MarketSummaryBody, OptionItemBody } from "@prds/api-schema";

export type MarketRow = Row<"markets">;
export type OptionRow = Pick<Row<"market_options">, "market_id" | "idx" | "option_key" | "stake">;

/** The metadata columns a market answer shows, joined by hash (null when the api never got it). */
export interface MetadataColumns {
  mm_status: MetadataStatus | null;
  mm_event: string | null;
  mm_category: string | null;
  mm_options_json: string | null;
}

export interface VisibleMetadata {
  status: MetadataStatus | "missing";
  event: string | null;
  category: string | null;
  options: string[];
}

/**
 * Only approved metadata is shown: a market whose text is held for review, rejected or unknown is
 * answered with null text, so nothing unreviewed ever reaches a page.
 */
export function visibleMetadata(row: MetadataColumns): VisibleMetadata {
  if (row.mm_status !== "approved") return { status: row.mm_status ?? "missing", event: null, category: null, options: [] };
  return {
    status: "approved",
    event: row.mm_event,
    category: row.mm_category,
    options: parseOptions(row.mm_options_json),
  };
}

export function parseOptions(json: string | null): string[] {
  if (json === null) return [];
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.map((value) => String(value)) : [];
}

/** Options of several markets in one query (never one query per market). */
export async function loadOptions(db: Db, ids: readonly number[]): Promise<Map<number, OptionRow[]>> {
  const byMarket = new Map<number, OptionRow[]>();
  if (ids.length === 0) return byMarket;
  const rows = await db.kysely
    .selectFrom("market_options")
    .select(["market_id", "idx", "option_key", "stake"])
    .where("market_id", "in", ids)
    .orderBy("market_id")
    .orderBy("idx")
    .execute();
  for (const row of rows) {
    const id = Number(row.market_id);
    const list = byMarket.get(id);
    if (list) list.push(row);
    else byMarket.set(id, [row]);
  }
  return byMarket;
}

export function optionItems(
  market: MarketRow,
  options: readonly OptionRow[],
  labels: readonly string[],
  feeBps: number,
): OptionItemBody[] {
  const pool = fromDbAmount(market.pool);
  return options.map((option) => {
    const stake = fromDbAmount(option.stake);
    return {
      index: option.idx,
      label: labels[option.idx] ?? null,
      optionKey: option.option_key,
      stake: stake.toString(),
      ...optionFigures(stake, pool, feeBps),
    };
  });
}

/** `items`: the options' figures when the caller already has them (optionItems of the same rows). */
export function marketSummary(
  market: MarketRow,
  meta: VisibleMetadata,
  options: readonly OptionRow[],
  now: number,
  params: MarketParams,
  items?: OptionItemBody[],
): MarketSummaryBody {
  const state = marketState(market, now, params);
  return {
    id: String(market.id),
    metadataHash: market.metadata_hash,
    metadataStatus: meta.status,
    event: meta.event,
    category: meta.category,
    issuer: market.issuer,
    options: items ?? optionItems(market, options, meta.options, params.feeBps),
    optionCount: market.option_count,
    volume: amountText(market.volume),
    pool: amountText(market.pool),
    liquidity: amountText(market.liquidity),
    tradeCount: market.trade_count,
    createdAt: market.created_at,
    lastTradingTime: market.last_trading_time,
    expirationTime: market.expiration_time,
    phase: market.phase,
    state,
    label: marketLabel(state, market),
    result: market.result,
    txHash: market.tx_hash,
  };
}

/** Markets with their metadata columns, by id, in one query. */
export async function loadMarkets(db: Db, ids: readonly number[]): Promise<Map<number, MarketRow & MetadataColumns>> {
  const found = new Map<number, MarketRow & MetadataColumns>();
  if (ids.length === 0) return found;
  const rows = await db.kysely
    .selectFrom("markets as m")
    .leftJoin("market_metadata as mm", "mm.hash", "m.metadata_hash")
    .selectAll("m")
    .select([
      "mm.status as mm_status",
      "mm.event as mm_event",
      "mm.category as mm_category",
      "mm.options_json as mm_options_json",
    ])
    .where("m.id", "in", ids)
    .execute();
  for (const row of rows) found.set(Number(row.id), row);
  return found;
}

/** Summaries for a page of market ids, keeping their order: two queries in all. */
export async function summariesFor(
  db: Db,
  ids: readonly number[],
  now: number,
  params: MarketParams,
): Promise<Map<number, MarketSummaryBody>> {
  const [markets, options] = await Promise.all([loadMarkets(db, ids), loadOptions(db, ids)]);
  const out = new Map<number, MarketSummaryBody>();
  for (const id of ids) {
    const market = markets.get(id);
    if (market) out.set(id, marketSummary(market, visibleMetadata(market), options.get(id) ?? [], now, params));
  }
  return out;
}
