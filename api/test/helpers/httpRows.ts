import { keccak256, parseUnits, toUtf8Bytes } from "ethers";
import { metadataHash, optionKey } from "@prds/contracts/actions";
import type { MarketMetadata } from "@prds/contracts/metadata";
import { toDbAmount } from "../../src/db/amount";
import type { Db } from "../../src/db/connect";
import type { Database, MetadataStatus, NewRow } from "../../src/db/schema";
import { searchTextOf } from "../../src/http/search";

/**
 * Rows written straight into the tables (what the indexer would derive from events), so route
 * tests control every field. Amounts are given in whole tokens and stored in the dialect's form.
 */
export const u = (amount: number | string): bigint => parseUnits(String(amount), 18);
export const DAY = 86_400;

export function amount(db: Db, value: bigint): string {
  return toDbAmount(db.dialect, value);
}

export function address(n: number): string {
  return `0x${n.toString(16).padStart(40, "0")}`;
}

export function txHash(label: string): string {
  return keccak256(toUtf8Bytes(label)).toLowerCase();
}

export async function setHead(db: Db, time: number, block = 1_000): Promise<void> {
  await db.kysely.deleteFrom("indexer_state").where("key", "in", ["head_time", "head_block"]).execute();
  await db.kysely
    .insertInto("indexer_state")
    .values([
      { key: "head_time", value: String(time) },
      { key: "head_block", value: String(block) },
    ])
    .execute();
}

/**
 * Moves the indexer's head as the indexer does after writing, and lets the server know at once the
 * way a page does after its transaction: /api/get-trans-status of an indexed transaction makes the
 * server drop the head it remembers, so its next answer (and its caches' keys) come from this head
 * without waiting out the re-read interval.
 */
export async function moveHead(
  db: Db,
  post: (url: string, body: unknown) => Promise<{ body: { data: unknown } }>,
  time: number,
  block: number,
): Promise<void> {
  await setHead(db, time, block);
  const hash = txHash(`head moved to block ${block}`);
  await db.kysely
    .insertInto("chain_transactions")
    .values({ tx_hash: hash, block_number: block, block_time: time, from_address: null, event_count: 0 })
    .onConflict((oc) => oc.column("tx_hash").doNothing())
    .execute();
  const answer = await post("/api/get-trans-status", { hash });
  const status = (answer.body.data as { status?: string } | null)?.status;
  if (status !== "indexed") throw new Error(`moveHead: the server did not see block ${block} (${String(status)})`);
}

export interface MarketSpec {
  id: number;
  event?: string;
  options?: string[];
  category?: string;
  status?: MetadataStatus | "none";
  /** Stakes per option in whole tokens (pool = their sum). */
  stakes?: number[];
  liquidity?: number;
  volume?: number;
  issuer?: string;
  now: number;
  market?: Partial<NewRow<"markets">>;
}

/** A market, its options and (unless status 'none') its metadata; answers the metadata hash. */
export async function insertMarket(db: Db, spec: MarketSpec): Promise<string> {
  const options = spec.options ?? ["Yes", "No"];
  const event = spec.event ?? `Market ${spec.id}?`;
  const category = spec.category ?? "crypto";
  const hash = metadataHash(rowMetadata({ event, category, options })).toLowerCase();
  const stakes = (spec.stakes ?? options.map(() => 50)).map((s) => u(s));
  const pool = stakes.reduce((a, b) => a + b, 0n);
  const liquidity = u(spec.liquidity ?? 100);
  const volume = u(spec.volume ?? 0);
  const buyers = pool > liquidity ? pool - liquidity : 0n;
  await db.kysely
    .insertInto("markets")
    .values({
      id: spec.id,
      issuer: spec.issuer ?? address(0xabc),
      license_id: 1,
      metadata_hash: hash,
      option_count: options.length,
      last_trading_time: spec.now + 10 * DAY,
      expiration_time: spec.now + 11 * DAY,
      created_at: spec.now - DAY,
      created_block: 10 + spec.id,
      tx_hash: txHash(`issue ${spec.id}`),
      liquidity: amount(db, liquidity),
      margin: amount(db, u(100)),
      license_staked: 0,
      license_value: amount(db, 0n),
      capacity: amount(db, u(4_000)),
      rental_end: 0,
      pool: amount(db, pool),
      volume: amount(db, volume),
      buyers_stake: amount(db, buyers),
      fee_total: amount(db, (volume * 2n) / 100n),
      trade_count: 0,
      phase: "Trading",
      result: null,
      issuer_result: null,
      dao_result: null,
      early: 0,
      known_at: null,
      confirmed_at: null,
      window_end: null,
      pool_at_cutoff: null,
      issuer_absent: 0,
      appealed: 0,
      challenge_count: 0,
      vote_kind: null,
      vote_candidates: null,
      vote_end: null,
      vote_extended: 0,
      vote_snapshot_block: null,
      response_end: null,
      tally_outcome: null,
      invalid_reason: null,
      net_pool: null,
      winning_stake: null,
      issuer_fee: null,
      platform_fee: null,
      referral_fees: null,
      bond_state: "locked",
      overturned: 0,
      finalized_at: null,
      updated_block: 10 + spec.id,
      ...spec.market,
    })
    .execute();
  await db.kysely
    .insertInto("market_options")
    .values(
      options.map((text, idx) => ({
        market_id: spec.id,
        idx,
        option_key: optionKey(text).toLowerCase(),
        stake: amount(db, stakes[idx] ?? 0n),
      })),
    )
    .execute();
  if (spec.status !== "none") await insertMetadata(db, { event, options, category, status: spec.status ?? "approved" });
  return hash;
}

/** The texts insertMetadata stores beside a market's event, category and options (all hashed). */
export function rowMetadata(m: { event: string; options: string[]; category: string }): MarketMetadata {
  return {
    event: m.event,
    category: m.category,
    options: m.options,
    description: `About: ${m.event}`,
    resolutionSource: "Official results",
    url: "https://example.org/source",
    content: "",
  };
}

export async function insertMetadata(
  db: Db,
  m: { event: string; options: string[]; category: string; status?: MetadataStatus; reason?: string | null },
): Promise<string> {
  const texts = rowMetadata(m);
  const hash = metadataHash(texts).toLowerCase();
  await db.kysely
    .insertInto("market_metadata")
    .values({
      hash,
      event: texts.event,
      options_json: JSON.stringify(texts.options),
      description: texts.description,
      category: texts.category,
      resolution_source: texts.resolutionSource,
      url: texts.url,
      content: texts.content,
      language: "en",
      search_text: searchTextOf(m.event, m.options),
      status: m.status ?? "approved",
      reason: m.reason ?? null,
      created_at: 1_700_000_000,
      reviewed_at: null,
    })
    .onConflict((oc) => oc.column("hash").doNothing())
    .execute();
  return hash;
}

/** Every table's rows in a stable order: equal dumps before and after = nothing changed. */
export async function dumpTables(db: Db): Promise<Record<string, unknown[]>> {
  const tables: (keyof Database)[] = [
    "indexer_state",
    "indexer_cursors",
    "chain_transactions",
    "markets",
    "market_options",
    "market_odds",
    "trades",
    "positions",
    "payouts",
    "challenges",
    "votes",
    "referrals",
    "referral_earnings",
    "credits",
    "licenses",
    "license_events",
    "position_snapshots",
    "market_metadata",
    "evidence_files",
    "evidence",
  ];
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const rows = (await db.kysely.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    out[table] = rows.map((row) => JSON.stringify(row, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v))).sort();
  }
  return out;
}
