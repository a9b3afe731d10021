import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connect";

/** The first schema: every table of schema.ts, with the indexes the api's queries use. */
export function initial(dialect: Dialect) {
  const pg = dialect === "postgres";
  const amount = pg ? sql`numeric(78,0)` : sql`text`;
  const big = pg ? sql`bigint` : sql`integer`;

  async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("indexer_cursors")
      .addColumn("contract", "text", (c) => c.primaryKey())
      .addColumn("next_block", big, (c) => c.notNull())
      .addColumn("updated_at", big, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("indexer_blocks")
      .addColumn("number", big, (c) => c.primaryKey())
      .addColumn("hash", "text", (c) => c.notNull())
      .addColumn("parent_hash", "text", (c) => c.notNull())
      .addColumn("timestamp", big, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("indexer_undo")
      .addColumn("id", pg ? "bigserial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn("block_number", big, (c) => c.notNull())
      .addColumn("table_name", "text", (c) => c.notNull())
      .addColumn("key_json", "text", (c) => c.notNull())
      .addColumn("before_json", "text")
      .execute();
    await db.schema.createIndex("indexer_undo_block").on("indexer_undo").column("block_number").execute();
    await db.schema
      .createTable("indexer_state")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("chain_events")
      .addColumn("tx_hash", "text", (c) => c.notNull())
      .addColumn("log_index", "integer", (c) => c.notNull())
      .addColumn("block_number", big, (c) => c.notNull())
      .addColumn("block_hash", "text", (c) => c.notNull())
      .addColumn("block_time", big, (c) => c.notNull())
      .addColumn("contract", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("args_json", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("chain_events_pk", ["tx_hash", "log_index"])
      .execute();
    await db.schema.createIndex("chain_events_block").on("chain_events").column("block_number").execute();
    await db.schema
      .createTable("chain_transactions")
      .addColumn("tx_hash", "text", (c) => c.primaryKey())
      .addColumn("block_number", big, (c) => c.notNull())
      .addColumn("block_time", big, (c) => c.notNull())
      .addColumn("from_address", "text")
      .addColumn("event_count", "integer", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("markets")
      .addColumn("id", big, (c) => c.primaryKey())
      .addColumn("issuer", "text", (c) => c.notNull())
      .addColumn("license_id", big, (c) => c.notNull())
      .addColumn("metadata_hash", "text", (c) => c.notNull())
      .addColumn("option_count", "integer", (c) => c.notNull())
      .addColumn("last_trading_time", big, (c) => c.notNull())
      .addColumn("expiration_time", big, (c) => c.notNull())
      .addColumn("created_at", big, (c) => c.notNull())
      .addColumn("created_block", big, (c) => c.notNull())
      .addColumn("tx_hash", "text", (c) => c.notNull())
      .addColumn("liquidity", amount, (c) => c.notNull())
      .addColumn("margin", amount, (c) => c.notNull())
      .addColumn("license_staked", "integer", (c) => c.notNull())
      .addColumn("license_value", amount, (c) => c.notNull())
      .addColumn("capacity", amount, (c) => c.notNull())
      .addColumn("rental_end", big, (c) => c.notNull())
      .addColumn("pool", amount, (c) => c.notNull())
      .addColumn("volume", amount, (c) => c.notNull())
      .addColumn("buyers_stake", amount, (c) => c.notNull())
      .addColumn("fee_total", amount, (c) => c.notNull())
      .addColumn("trade_count", "integer", (c) => c.notNull())
      .addColumn("phase", "text", (c) => c.notNull())
      .addColumn("result", "integer")
      .addColumn("issuer_result", "integer")
      .addColumn("dao_result", "integer")
      .addColumn("early", "integer", (c) => c.notNull())
      .addColumn("known_at", big)
      .addColumn("confirmed_at", big)
      .addColumn("window_end", big)
      .addColumn("pool_at_cutoff", amount)
      .addColumn("issuer_absent", "integer", (c) => c.notNull())
      .addColumn("appealed", "integer", (c) => c.notNull())
      .addColumn("challenge_count", "integer", (c) => c.notNull())
      .addColumn("vote_kind", "text")
      .addColumn("vote_candidates", "integer")
      .addColumn("vote_end", big)
      .addColumn("vote_extended", "integer", (c) => c.notNull())
      .addColumn("vote_snapshot_block", big)
      .addColumn("response_end", big)
      .addColumn("tally_outcome", "text")
      .addColumn("invalid_reason", "text")
      .addColumn("net_pool", amount)
      .addColumn("winning_stake", amount)
      .addColumn("issuer_fee", amount)
      .addColumn("platform_fee", amount)
      .addColumn("referral_fees", amount)
      .addColumn("bond_state", "text", (c) => c.notNull())
      .addColumn("overturned", "integer", (c) => c.notNull())
      .addColumn("finalized_at", big)
      .addColumn("updated_block", big, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("markets_volume").on("markets").columns(["volume", "id"]).execute();
    await db.schema.createIndex("markets_issuer").on("markets").columns(["issuer", "id"]).execute();
    await db.schema.createIndex("markets_metadata").on("markets").column("metadata_hash").execute();
    await db.schema.createIndex("markets_phase_ltt").on("markets").columns(["phase", "last_trading_time"]).execute();

    await db.schema
      .createTable("market_options")
      .addColumn("market_id", big, (c) => c.notNull())
      .addColumn("idx", "integer", (c) => c.notNull())
      .addColumn("option_key", "text", (c) => c.notNull())
      .addColumn("stake", amount, (c) => c.notNull())
      .addPrimaryKeyConstraint("market_options_pk", ["market_id", "idx"])
      .execute();
    await db.schema
      .createTable("market_odds")
      .addColumn("market_id", big, (c) => c.notNull())
      .addColumn("seq", "integer", (c) => c.notNull())
      .addColumn("block_number", big, (c) => c.notNull())
      .addColumn("time", big, (c) => c.notNull())
      .addColumn("stakes_json", "text", (c) => c.notNull())
      .addColumn("pool", amount, (c) => c.notNull())
      .addPrimaryKeyConstraint("market_odds_pk", ["market_id", "seq"])
      .execute();
    await db.schema
      .createTable("trades")
      .addColumn("tx_hash", "text", (c) => c.notNull())
      .addColumn("log_index", "integer", (c) => c.notNull())
      .addColumn("market_id", big, (c) => c.notNull())
      .addColumn("account", "text", (c) => c.notNull())
      .addColumn("option", "integer", (c) => c.notNull())
      .addColumn("amount", amount, (c) => c.notNull())
      .addColumn("stake", amount, (c) => c.notNull())
      .addColumn("fee", amount, (c) => c.notNull())
      .addColumn("referrer", "text")
      .addColumn("option_stake", amount, (c) => c.notNull())
      .addColumn("pool", amount, (c) => c.notNull())
      .addColumn("time", big, (c) => c.notNull())
      .addColumn("block_number", big, (c) => c.notNull())
      .addPrimaryKeyConstraint("trades_pk", ["tx_hash", "log_index"])
      .execute();
    await db.schema.createIndex("trades_market").on("trades").columns(["market_id", "block_number", "log_index"]).execute();
    await db.schema.createIndex("trades_account").on("trades").columns(["account", "block_number"]).execute();
    await db.schema
      .createTable("positions")
      .addColumn("market_id", big, (c) => c.notNull())
      .addColumn("account", "text", (c) => c.notNull())
      .addColumn("option", "integer", (c) => c.notNull())
      .addColumn("stake", amount, (c) => c.notNull())
      .addColumn("fee", amount, (c) => c.notNull())
      .addColumn("invested", amount, (c) => c.notNull())
      .addColumn("first_time", big, (c) => c.notNull())
      .addColumn("last_time", big, (c) => c.notNull())
      .addPrimaryKeyConstraint("positions_pk", ["market_id", "account", "option"])
      .execute();
    await db.schema.createIndex("positions_account").on("positions").columns(["account", "market_id"]).execute();
    await db.schema
      .createTable("payouts")
      .addColumn("tx_hash", "text", (c) => c.notNull())
      .addColumn("log_index", "integer", (c) => c.notNull())
      .addColumn("market_id", big, (c) => c.notNull())
      .addColumn("account", "text", (c) => c.notNull())
      .addColumn("payout", amount, (c) => c.notNull())
      .addColumn("refund", amount, (c) => c.notNull())
      .addColumn("time", big, (c) => c.notNull())
      .addColumn("block_number", big, (c) => c.notNull())
      .addPrimaryKeyConstraint("payouts_pk", ["tx_hash", "log_index"])
      .execute();
    await db.schema.createIndex("payouts_account").on("payouts").columns(["account", "market_id"]).execute();
    await db.schema
      .createTable("challenges")
      .addColumn("market_id", big, (c) => c.notNull())
      .addColumn("idx", "integer", (c) => c.notNull())
      .addColumn("challenger", "text", (c) => c.notNull())
      .addColumn("option", "integer", (c) => c.notNull())
      .addColumn("known_at", big, (c) => c.notNull())
      .addColumn("evidence_hash", "text", (c) => c.notNull())
      .addColumn("stake", amount, (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("prds_returned", amount)
      .addColumn("compensation", amount)
      .addColumn("compensation_claimed", "integer", (c) => c.notNull())
      .addColumn("filed_at", big, (c) => c.notNull())
      .addColumn("tx_hash", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("challenges_pk", ["market_id", "idx"])
      .execute();
    await db.schema.createIndex("challenges_challenger").on("challenges").column("challenger").execute();
    await db.schema
      .createTable("votes")
      .addColumn("market_id", big, (c) => c.notNull())
      .addColumn("voter", "text", (c) => c.notNull())
      .addColumn("choice", "integer", (c) => c.notNull())
      .addColumn("weight", amount, (c) => c.notNull())
      .addColumn("time", big, (c) => c.notNull())
      .addColumn("reward", amount)
      .addPrimaryKeyConstraint("votes_pk", ["market_id", "voter"])
      .execute();
    await db.schema
      .createTable("referrals")
      .addColumn("account", "text", (c) => c.primaryKey())
      .addColumn("referrer", "text", (c) => c.notNull())
      .addColumn("bound_at", big, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("referrals_referrer").on("referrals").column("referrer").execute();
    await db.schema
      .createTable("referral_earnings")
      .addColumn("referrer", "text", (c) => c.notNull())
      .addColumn("market_id", big, (c) => c.notNull())
      .addColumn("accrued", amount, (c) => c.notNull())
      .addColumn("claimed", amount, (c) => c.notNull())
      .addPrimaryKeyConstraint("referral_earnings_pk", ["referrer", "market_id"])
      .execute();
    await db.schema
      .createTable("credits")
      .addColumn("account", "text", (c) => c.primaryKey())
      .addColumn("balance", amount, (c) => c.notNull())
      .addColumn("updated_at", big, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("licenses")
      .addColumn("token_id", big, (c) => c.primaryKey())
      .addColumn("owner", "text", (c) => c.notNull())
      .addColumn("holder", "text", (c) => c.notNull())
      .addColumn("license_type", "text", (c) => c.notNull())
      .addColumn("number", "integer", (c) => c.notNull())
      .addColumn("available_times", "integer", (c) => c.notNull())
      .addColumn("tradable", "integer", (c) => c.notNull())
      .addColumn("rentable", "integer", (c) => c.notNull())
      .addColumn("usable", "integer", (c) => c.notNull())
      .addColumn("mint_price", amount, (c) => c.notNull())
      .addColumn("minted_at", big, (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("sale_price", amount)
      .addColumn("rent_price_per_day", amount)
      .addColumn("rent_max_days", "integer")
      .addColumn("rent_max_issues", "integer")
      .addColumn("user", "text")
      .addColumn("user_expires", big)
      .addColumn("rental_max_issues", "integer")
      .addColumn("rental_issues_used", "integer")
      .addColumn("markets_issued", "integer", (c) => c.notNull())
      .addColumn("updated_block", big, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("licenses_owner").on("licenses").columns(["owner", "token_id"]).execute();
    await db.schema.createIndex("licenses_user").on("licenses").column("user").execute();
    await db.schema.createIndex("licenses_state").on("licenses").columns(["state", "token_id"]).execute();
    await db.schema
      .createTable("license_events")
      .addColumn("tx_hash", "text", (c) => c.notNull())
      .addColumn("log_index", "integer", (c) => c.notNull())
      .addColumn("token_id", big, (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("from_address", "text")
      .addColumn("to_address", "text")
      .addColumn("price", amount)
      .addColumn("time", big, (c) => c.notNull())
      .addColumn("block_number", big, (c) => c.notNull())
      .addPrimaryKeyConstraint("license_events_pk", ["tx_hash", "log_index"])
      .execute();
    await db.schema.createIndex("license_events_token").on("license_events").columns(["token_id", "block_number"]).execute();
    await db.schema.createIndex("license_events_from").on("license_events").column("from_address").execute();
    await db.schema.createIndex("license_events_to").on("license_events").column("to_address").execute();
    await db.schema
      .createTable("prds_claims")
      .addColumn("account", "text", (c) => c.primaryKey())
      .addColumn("amount", amount, (c) => c.notNull())
      .addColumn("tx_hash", "text", (c) => c.notNull())
      .addColumn("time", big, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("position_snapshots")
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("account", "text", (c) => c.notNull())
      .addColumn("invested", amount, (c) => c.notNull())
      .addColumn("received", amount, (c) => c.notNull())
      .addColumn("realized_profit", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("position_snapshots_pk", ["day", "account"])
      .execute();

    await db.schema
      .createTable("market_metadata")
      .addColumn("hash", "text", (c) => c.primaryKey())
      .addColumn("event", "text", (c) => c.notNull())
      .addColumn("options_json", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("category", "text", (c) => c.notNull())
      .addColumn("resolution_source", "text", (c) => c.notNull())
      .addColumn("url", "text", (c) => c.notNull())
      .addColumn("content", "text", (c) => c.notNull())
      .addColumn("language", "text", (c) => c.notNull())
      .addColumn("search_text", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("reason", "text")
      .addColumn("submitted_by", "text")
      .addColumn("created_at", big, (c) => c.notNull())
      .addColumn("reviewed_at", big)
      .execute();
    await db.schema.createIndex("market_metadata_status").on("market_metadata").columns(["status", "category"]).execute();
    if (pg) {
      // Full-text index over event text and option labels ('simple': no language stemming, since
      // markets are written in twelve languages).
      await sql`alter table market_metadata add column search tsvector
        generated always as (to_tsvector('simple', search_text)) stored`.execute(db);
      await sql`create index market_metadata_search on market_metadata using gin (search)`.execute(db);
    } else {
      await sql`create virtual table market_search using fts5(
        search_text, content='market_metadata', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`.execute(db);
      await sql`create trigger market_metadata_ai after insert on market_metadata begin
        insert into market_search(rowid, search_text) values (new.rowid, new.search_text); end`.execute(db);
      await sql`create trigger market_metadata_ad after delete on market_metadata begin
        insert into market_search(market_search, rowid, search_text) values ('delete', old.rowid, old.search_text); end`.execute(
        db,
      );
      await sql`create trigger market_metadata_au after update of search_text on market_metadata begin
        insert into market_search(market_search, rowid, search_text) values ('delete', old.rowid, old.search_text);
        insert into market_search(rowid, search_text) values (new.rowid, new.search_text); end`.execute(db);
    }

    await db.schema
      .createTable("evidence_files")
      .addColumn("hash", "text", (c) => c.primaryKey())
      .addColumn("mime", "text", (c) => c.notNull())
      .addColumn("size", "integer", (c) => c.notNull())
      .addColumn("created_at", big, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("evidence")
      .addColumn("hash", "text", (c) => c.primaryKey())
      .addColumn("image_hash", "text")
      .addColumn("text", "text", (c) => c.notNull())
      .addColumn("created_at", big, (c) => c.notNull())
      .execute();
  }

  return { up };
}
