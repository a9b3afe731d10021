import type { DerivedTable, Row } from "../db/schema";

/**
 * What the indexer needs to know about each derived table to write it generically: its key, its
 * amount columns (converted between the canonical decimal text the handlers use and the dialect's
 * storage form), and how a rollback removes its rows.
 *
 * - `append` tables only ever get new rows, each stamped with the block that made it: a rollback
 *   deletes the rows above the fork point, so they need no undo records.
 * - the other (`mutable`) tables are changed in place; a rollback restores their before-images
 *   from indexer_undo.
 */
export interface TableInfo<T extends DerivedTable> {
  key: readonly (keyof Row<T> & string)[];
  amounts: readonly (keyof Row<T> & string)[];
  /** Column holding the block number, for append tables. */
  block: (keyof Row<T> & string) | null;
}

type TableInfos = { [T in DerivedTable]: TableInfo<T> };

export const TABLES: TableInfos = {
  chain_events: { key: ["tx_hash", "log_index"], amounts: [], block: "block_number" },
  chain_transactions: { key: ["tx_hash"], amounts: [], block: "block_number" },
  markets: {
    key: ["id"],
    amounts: [
      "liquidity",
      "margin",
      "license_value",
      "capacity",
      "pool",
      "volume",
      "buyers_stake",
      "fee_total",
      "pool_at_cutoff",
      "net_pool",
      "winning_stake",
      "issuer_fee",
      "platform_fee",
      "referral_fees",
    ],
    block: null,
  },
  market_options: { key: ["market_id", "idx"], amounts: ["stake"], block: null },
  market_odds: { key: ["market_id", "seq"], amounts: ["pool"], block: "block_number" },
  trades: {
    key: ["tx_hash", "log_index"],
    amounts: ["amount", "stake", "fee", "option_stake", "pool"],
    block: "block_number",
  },
  positions: { key: ["market_id", "account", "option"], amounts: ["stake", "fee", "invested"], block: null },
  payouts: { key: ["tx_hash", "log_index"], amounts: ["payout", "refund"], block: "block_number" },
  challenges: { key: ["market_id", "idx"], amounts: ["stake", "prds_returned", "compensation"], block: null },
  votes: { key: ["market_id", "voter"], amounts: ["weight", "reward"], block: null },
  referrals: { key: ["account"], amounts: [], block: null },
  referral_earnings: { key: ["referrer", "market_id"], amounts: ["accrued", "claimed"], block: null },
  credits: { key: ["account"], amounts: ["balance"], block: null },
  licenses: { key: ["token_id"], amounts: ["mint_price", "sale_price", "rent_price_per_day"], block: null },
  license_events: { key: ["tx_hash", "log_index"], amounts: ["price"], block: "block_number" },
  prds_claims: { key: ["account"], amounts: ["amount"], block: null },
  // realized_profit is signed, so it is plain decimal text, not an Amount.
  position_snapshots: { key: ["day", "account"], amounts: ["invested", "received"], block: null },
};

export const APPEND_TABLES = [
  "chain_events",
  "chain_transactions",
  "market_odds",
  "trades",
  "payouts",
  "license_events",
] as const satisfies readonly DerivedTable[];
export type AppendTable = (typeof APPEND_TABLES)[number];

export const MUTABLE_TABLES = [
  "markets",
  "market_options",
  "positions",
  "challenges",
  "votes",
  "referrals",
  "referral_earnings",
  "credits",
  "licenses",
  "prds_claims",
  "position_snapshots",
] as const satisfies readonly DerivedTable[];
export type MutableTable = (typeof MUTABLE_TABLES)[number];

// Every derived table is exactly one of the two kinds (a table added to the schema without a kind
// fails to compile here).
type Unclassified = Exclude<DerivedTable, AppendTable | MutableTable>;
const everyTableClassified: Unclassified extends never ? true : false = true;
void everyTableClassified;

/** A row's key values in key-column order. */
export type KeyValues = readonly (string | number)[];

export function keyValues<T extends DerivedTable>(table: T, row: Row<T>): KeyValues {
  const info: TableInfo<T> = TABLES[table];
  return info.key.map((column) => row[column] as string | number);
}

/** The map key of a row (or of its key values) inside one table. */
export function keyString(values: KeyValues): string {
  return values.join("\u0001");
}

export function columnsOf<T extends DerivedTable>(row: Row<T>): (keyof Row<T> & string)[] {
  return Object.keys(row) as (keyof Row<T> & string)[];
}
