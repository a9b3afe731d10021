import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { Phase } from "@prds/api-schema";

/**
 * The api's tables. Every table but `market_metadata`, `evidence*` and the indexer's bookkeeping is
 * derived from chain events alone (the indexer can drop and rebuild them from the chain).
 *
 * Conventions, the same on SQLite and PostgreSQL:
 * - addresses and hashes: lowercase 0x-hex text;
 * - amounts (`Amount`): 18-decimal token units, lossless. Written with `toDbAmount`, read with
 *   `fromDbAmount` (db/amount.ts): NUMERIC(78,0) in PostgreSQL, 78-digit zero-padded text in SQLite,
 *   so ORDER BY sorts numerically on both;
 * - times: unix seconds (chain time); block numbers and ids: integers (BIGINT in PostgreSQL, parsed
 *   to number);
 * - booleans: integer 0 / 1.
 */
export type Amount = string;
export type Bool = 0 | 1;

/** What the indexer has read of one contract: every block below `next_block` is applied. */
export interface IndexerCursorTable {
  contract: string;
  next_block: number;
  updated_at: number;
}

/** Recent blocks the indexer applied, to find the fork point of a reorganisation. */
export interface IndexerBlockTable {
  number: number;
  hash: string;
  parent_hash: string;
  timestamp: number;
}

/** Before-images of derived rows changed by a recent (not yet final) block, for rolling back. */
export interface IndexerUndoTable {
  id: Generated<number>;
  block_number: number;
  table_name: string;
  key_json: string;
  /** The row before the block changed it; null when the block inserted it. */
  before_json: string | null;
}

/** Small named values: `head_block`, `head_time` (the chain's "now" as the api sees it). */
export interface IndexerStateTable {
  key: string;
  value: string;
}

/** Every protocol event applied, keyed by (tx hash, log index) so a replay is harmless. */
export interface ChainEventTable {
  tx_hash: string;
  log_index: number;
  block_number: number;
  block_hash: string;
  block_time: number;
  contract: string;
  name: string;
  /** Decoded arguments by name; bigints as decimal strings. */
  args_json: string;
}

/** A transaction that emitted at least one protocol event (for /api/get-trans-status). */
export interface ChainTransactionTable {
  tx_hash: string;
  block_number: number;
  block_time: number;
  from_address: string | null;
  event_count: number;
}

/** IMarketsTypes.Phase as the indexer stores it (derived from the contracts' generated enums). */
export type { Phase };
export type BondState = "locked" | "released" | "slashed";

export interface MarketTable {
  id: number;
  issuer: string;
  license_id: number;
  metadata_hash: string;
  option_count: number;
  last_trading_time: number;
  expiration_time: number;
  created_at: number;
  created_block: number;
  tx_hash: string;
  liquidity: Amount;
  margin: Amount;
  license_staked: Bool;
  license_value: Amount;
  capacity: Amount;
  rental_end: number;
  /** Sum of stakes, fees excluded (the issuer's seeded liquidity included). */
  pool: Amount;
  /** Sum of Bought.amount (fees included): the spec's volume. */
  volume: Amount;
  /** Sum of buyers' stakes (pool − liquidity), for the minimum premium. */
  buyers_stake: Amount;
  fee_total: Amount;
  trade_count: number;
  phase: Phase;
  /** The confirmed claim now standing (the issuer's, or a conceded / defaulted challenger's). */
  result: number | null;
  /** What the issuer first confirmed. */
  issuer_result: number | null;
  /** What the vote decided (an option), when a vote decided it. */
  dao_result: number | null;
  early: Bool;
  known_at: number | null;
  confirmed_at: number | null;
  window_end: number | null;
  /** Stake total before the early-confirmation cutoff (what the market is settled on). */
  pool_at_cutoff: Amount | null;
  issuer_absent: Bool;
  appealed: Bool;
  challenge_count: number;
  vote_kind: "Appeal" | "TwoChallenges" | "IssuerAbsent" | null;
  vote_candidates: number | null;
  vote_end: number | null;
  vote_extended: Bool;
  vote_snapshot_block: number | null;
  /** End of the issuer's response period to the open challenge. */
  response_end: number | null;
  tally_outcome: "IssuerWins" | "ChallengerWins" | "Invalid" | "QuorumMissed" | "OptionChosen" | null;
  invalid_reason: "Vote" | "AbsentNoQuorum" | null;
  net_pool: Amount | null;
  winning_stake: Amount | null;
  issuer_fee: Amount | null;
  platform_fee: Amount | null;
  referral_fees: Amount | null;
  bond_state: BondState;
  /** 1 when a challenge or a vote replaced the issuer's result. */
  overturned: Bool;
  finalized_at: number | null;
  updated_block: number;
}

export interface MarketOptionTable {
  market_id: number;
  idx: number;
  /** bytes32 as issued: a short string, or the hash of a longer one. */
  option_key: string;
  stake: Amount;
}

/** Every option's stake after each trade: the odds-history chart. */
export interface MarketOddsTable {
  market_id: number;
  seq: number;
  block_number: number;
  time: number;
  /** JSON array of decimal strings, one per option. */
  stakes_json: string;
  pool: Amount;
}

export interface TradeTable {
  tx_hash: string;
  log_index: number;
  market_id: number;
  account: string;
  option: number;
  amount: Amount;
  stake: Amount;
  fee: Amount;
  referrer: string | null;
  option_stake: Amount;
  pool: Amount;
  time: number;
  block_number: number;
}

export interface PositionTable {
  market_id: number;
  account: string;
  option: number;
  stake: Amount;
  fee: Amount;
  /** Sum of Bought.amount: what the account paid (stake + fee). */
  invested: Amount;
  first_time: number;
  last_time: number;
}

/** Payouts and refunds received: Markets.Claimed, and MarketCancelled's liquidity given back to the issuer. */
export interface PayoutTable {
  tx_hash: string;
  log_index: number;
  market_id: number;
  account: string;
  payout: Amount;
  refund: Amount;
  time: number;
  block_number: number;
}

export interface ChallengeTable {
  market_id: number;
  idx: number;
  challenger: string;
  option: number;
  known_at: number;
  evidence_hash: string;
  stake: Amount;
  status: "Open" | "Conceded" | "WonByDefault" | "Won" | "Lost" | "Refunded" | "ReturnedLessPenalty" | "Superseded";
  prds_returned: Amount | null;
  compensation: Amount | null;
  compensation_claimed: Bool;
  filed_at: number;
  tx_hash: string;
}

export interface VoteTable {
  market_id: number;
  voter: string;
  choice: number;
  weight: Amount;
  time: number;
  reward: Amount | null;
}

export interface ReferralTable {
  account: string;
  referrer: string;
  bound_at: number;
}

export interface ReferralEarningTable {
  referrer: string;
  market_id: number;
  /** Referrer share of the referred accounts' fees in this market. */
  accrued: Amount;
  claimed: Amount;
}

/** Markets' free balance per account (Credited carries the new balance; Withdrawn lowers it). */
export interface CreditTable {
  account: string;
  balance: Amount;
  updated_at: number;
}

export type LicenseState = "unsold" | "on_sale" | "listed_for_rent" | "rented";

export interface LicenseTable {
  token_id: number;
  /** The real owner (the seller while the marketplace holds it in escrow). */
  owner: string;
  /** ERC-721 ownerOf (the marketplace during a listing). */
  holder: string;
  license_type: "Common" | "Scarcity" | "Attributive";
  number: number;
  available_times: number;
  tradable: Bool;
  rentable: Bool;
  usable: Bool;
  mint_price: Amount;
  minted_at: number;
  state: LicenseState;
  sale_price: Amount | null;
  rent_price_per_day: Amount | null;
  rent_max_days: number | null;
  rent_max_issues: number | null;
  /** ERC-4907 user (the renter) and its expiry. */
  user: string | null;
  user_expires: number | null;
  rental_max_issues: number | null;
  rental_issues_used: number | null;
  markets_issued: number;
  updated_block: number;
}

export interface LicenseEventTable {
  tx_hash: string;
  log_index: number;
  token_id: number;
  kind:
    | "minted"
    | "transfer"
    | "listed_for_sale"
    | "sale_cancelled"
    | "sold"
    | "listed_for_rent"
    | "rent_cancelled"
    | "rented"
    | "used"
    | "recycled";
  from_address: string | null;
  to_address: string | null;
  price: Amount | null;
  time: number;
  block_number: number;
}

export interface PrdsClaimTable {
  account: string;
  amount: Amount;
  tx_hash: string;
  time: number;
}

/** End-of-UTC-day totals per account (for "yesterday's profit"). */
export interface PositionSnapshotTable {
  day: string;
  account: string;
  invested: Amount;
  received: Amount;
  /** Realised profit so far: received − invested over finished markets. */
  realized_profit: string;
}

export type MetadataStatus = "approved" | "audit" | "rejected";

/** What /api/issue/submit-underlying stored; joined to markets by hash. Not derived from the chain. */
export interface MarketMetadataTable {
  hash: string;
  event: string;
  options_json: string;
  description: string;
  category: string;
  resolution_source: string;
  url: string;
  content: string;
  language: string;
  /** Event text and option labels, the full-text index's input. */
  search_text: string;
  status: MetadataStatus;
  /** Message key of the rule that refused or held it. */
  reason: string | null;
  created_at: number;
  reviewed_at: number | null;
}

/** Uploaded evidence images, content-addressed (keccak256 of the bytes). */
export interface EvidenceFileTable {
  hash: string;
  mime: "image/png" | "image/jpeg" | "image/webp";
  size: number;
  created_at: number;
}

/** A challenge's evidence: image + text ('battle image', 'battle information'); hash goes on chain. */
export interface EvidenceTable {
  hash: string;
  image_hash: string | null;
  text: string;
  created_at: number;
}

/** The live stream's change log (api/src/stream/changes.ts): one row per committed range that changed something. */
export interface StreamChangeTable {
  id: Generated<number>;
  /** Wall-clock milliseconds of the commit: retention counts from it. */
  at: number;
  /** The range's last block (0 for a rollback). */
  block: number;
  /** JSON of a StreamChange. */
  payload: string;
}

/** What pages reported about the remotes they loaded, counted per remote, version, kind and UTC day. */
export interface RolloutLoadTable {
  /** The id the page minted when it chose its versions: one page load. */
  load_id: string;
  remote: string;
  version: string;
  /** `loaded` or a failure kind (@prds/api-schema ROLLOUT_REPORT_KINDS); a failure replaces `loaded`. */
  kind: string;
  /** A hash of the client's address (IPv4, or IPv6 /64), never the address. */
  client: string;
  /** Unix day (wall clock) of the load's first report: floor(seconds / 86400). */
  day: number;
  first_at: number;
  last_at: number;
}

export interface Database {
  indexer_cursors: IndexerCursorTable;
  indexer_blocks: IndexerBlockTable;
  indexer_undo: IndexerUndoTable;
  indexer_state: IndexerStateTable;
  chain_events: ChainEventTable;
  chain_transactions: ChainTransactionTable;
  markets: MarketTable;
  market_options: MarketOptionTable;
  market_odds: MarketOddsTable;
  trades: TradeTable;
  positions: PositionTable;
  payouts: PayoutTable;
  challenges: ChallengeTable;
  votes: VoteTable;
  referrals: ReferralTable;
  referral_earnings: ReferralEarningTable;
  credits: CreditTable;
  licenses: LicenseTable;
  license_events: LicenseEventTable;
  prds_claims: PrdsClaimTable;
  position_snapshots: PositionSnapshotTable;
  market_metadata: MarketMetadataTable;
  evidence_files: EvidenceFileTable;
  evidence: EvidenceTable;
  rollout_loads: RolloutLoadTable;
  stream_changes: StreamChangeTable;
}

/** Tables the indexer derives from events: dropped and rebuilt together, rolled back together. */
export const DERIVED_TABLES = [
  "chain_events",
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
  "prds_claims",
  "position_snapshots",
] as const satisfies readonly (keyof Database)[];
export type DerivedTable = (typeof DERIVED_TABLES)[number];

export type Row<T extends keyof Database> = Selectable<Database[T]>;
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
export type RowPatch<T extends keyof Database> = Updateable<Database[T]>;
