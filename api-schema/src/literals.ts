import type { enums } from "@prds/contracts";

/**
 * The api's closed sets of words, as `as const` lists and literal unions. No TypeBox here: the pages
 * may import this module's values (`@prds/api-schema/literals`) without the schema library entering
 * their bundle. The protocol's own enums (market states, phases, challenge statuses, vote kinds,
 * tally outcomes) are derived from the contracts' generated `enums`, never retyped.
 */

type SolidityEnum<
  Scope extends keyof typeof enums,
  Name extends keyof (typeof enums)[Scope],
> = (typeof enums)[Scope][Name] extends readonly (infer Member)[] ? Member : never;

/** `IMarketsTypes.MarketState`, computed like `Markets.marketState()`. */
export type MarketState = SolidityEnum<"IMarketsTypes", "MarketState">;
/** `IMarketsTypes.Phase` as the indexer stores it (never `None`: a stored market exists). */
export type Phase = Exclude<SolidityEnum<"IMarketsTypes", "Phase">, "None">;
/** `IMarketsTypes.ChallengeStatus`. */
export type ChallengeStatus = SolidityEnum<"IMarketsTypes", "ChallengeStatus">;
/** `IMarketsTypes.VoteKind` of a vote that exists. */
export type VoteKind = Exclude<SolidityEnum<"IMarketsTypes", "VoteKind">, "None">;
/** `IMarketsTypes.TallyOutcome`. */
export type TallyOutcome = SolidityEnum<"IMarketsTypes", "TallyOutcome">;
/** `IMarketsTypes.InvalidReason`. */
export type InvalidReason = SolidityEnum<"IMarketsTypes", "InvalidReason">;

/**
 * Spec §4 labels (api/README "State labels"). Keys carrying an outcome come in three forms:
 * `…Occurred` / `…NotOccurred` for a two-option market (option 0 / option 1, ARCHITECTURE "Result
 * labels") and `…Option` naming the option for more options.
 */
export const OUTCOME_LABELS = [
  "confirmedEarly",
  "confirmed",
  "challenging",
  "challengeFailed",
  "confirmedByGovernance",
  "appealFailed",
] as const;
export type OutcomeLabel = (typeof OUTCOME_LABELS)[number];
export const PLAIN_LABELS = [
  "guaranteeing",
  "marketClosed",
  "waitingConfirmation",
  "waitingGovernance",
  "appealing",
  "waitResult",
  "eventFinished",
  "eventCancelled",
  "void",
  "invalid",
] as const;
export const OUTCOME_FORMS = ["Occurred", "NotOccurred", "Option"] as const;
export type LabelKey = (typeof PLAIN_LABELS)[number] | `${OutcomeLabel}${(typeof OUTCOME_FORMS)[number]}`;
function labelKeys(): readonly LabelKey[] {
  return [...PLAIN_LABELS, ...OUTCOME_LABELS.flatMap((base) => OUTCOME_FORMS.map((form) => `${base}${form}` as const))];
}
/** Every label key (the api's schema enum). Pure: a page bundle that does not read it drops it. */
export const LABEL_KEYS = /* @__PURE__ */ labelKeys();

/** The market list's status tabs; the list call also takes `all`. */
export const STATUS_TABS = ["open", "closingSoon", "waitingResult", "challenging", "finished"] as const;
export type StatusTab = (typeof STATUS_TABS)[number];
export const MARKET_LIST_STATUSES = ["all", ...STATUS_TABS] as const;
export type MarketListStatus = (typeof MARKET_LIST_STATUSES)[number];
export const MARKET_LIST_SORTS = ["volume", "newest"] as const;
export type MarketListSort = (typeof MARKET_LIST_SORTS)[number];

/** Review state of a market's metadata ('missing': the api never received it). */
export const METADATA_STATUSES = ["approved", "audit", "rejected", "missing"] as const;
export type MetadataStatus = (typeof METADATA_STATUSES)[number];
/** The bond's kind (the spec's "staking type"). */
export const COLLATERALS = ["token", "nft"] as const;
export type Collateral = (typeof COLLATERALS)[number];
export const BOND_STATES = ["locked", "released", "slashed"] as const;
export type BondState = (typeof BOND_STATES)[number];
/** Spec: 'receiving compensation' (pending) / 'received'. */
export const COMPENSATION_STATES = ["none", "pending", "received"] as const;
export type CompensationState = (typeof COMPENSATION_STATES)[number];
/** What a vote's choice stands for. */
export const VOTE_CHOICE_KINDS = ["invalid", "issuer", "challenge", "option"] as const;
export type VoteChoiceKind = (typeof VOTE_CHOICE_KINDS)[number];

/** Spec §3 License types, in the order of the contract's `ILicense.LicenseType`. */
export const LICENSE_TYPES = ["common", "scarcity", "attributive"] as const satisfies readonly Uncapitalize<
  SolidityEnum<"ILicense", "LicenseType">
>[];
export type LicenseType = (typeof LICENSE_TYPES)[number];
/** Spec §4 License states as answered (`LicenseMarketplace.stateOf`; a rental that has run out reads listedForRent). */
export const LICENSE_STATES = ["unsold", "onSale", "listedForRent", "rented"] as const;
export type LicenseState = (typeof LICENSE_STATES)[number];
/** How the asked account holds a License. */
export const LICENSE_RELATIONS = ["owner", "renter", "none"] as const;
export type LicenseRelation = (typeof LICENSE_RELATIONS)[number];
/** The License market's listing kinds and sorts (`/api/ticket-market/detail`). */
export const LICENSE_MARKET_KINDS = ["all", "sale", "rent"] as const;
export type LicenseMarketKind = (typeof LICENSE_MARKET_KINDS)[number];
export const LICENSE_MARKET_SORTS = ["newest", "priceAsc", "priceDesc", "availableTimesAsc", "availableTimesDesc"] as const;
export type LicenseMarketSort = (typeof LICENSE_MARKET_SORTS)[number];
/** What a License event records (`/api/ticket/transactions`). */
export const LICENSE_EVENT_KINDS = [
  "minted",
  "transfer",
  "listed_for_sale",
  "sale_cancelled",
  "sold",
  "listed_for_rent",
  "rent_cancelled",
  "rented",
  "used",
  "recycled",
] as const;
export type LicenseEventKind = (typeof LICENSE_EVENT_KINDS)[number];

/**
 * `/api/bought`'s filter: every market, those still running, those settled, or the account's active
 * positions (still running, or settled with a payout or refund not yet claimed).
 */
export const BOUGHT_STATUSES = ["all", "open", "settled", "active"] as const;
export type BoughtStatus = (typeof BOUGHT_STATUSES)[number];
/**
 * What moved an account's USDT in or out of its positions (`/api/user/history`): a buy, the issuer's
 * seeded liquidity, a claim that paid a payout (refunds of late stakes may ride along), a refund.
 */
export const HISTORY_KINDS = ["buy", "liquidity", "payout", "refund"] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** What an alert is about (/api/user/alerts, the live stream's `alert` event; issue 28). */
export const ALERT_KINDS = [
  "closingSoon",
  "resultConfirmed",
  "challengeOpened",
  "voteOpened",
  "voteEndsSoon",
  "claimable",
  "confirmWindowOpened",
  "confirmWindowEndsSoon",
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The live stream's event names (GET /api/stream). */
export const STREAM_EVENTS = ["hello", "market", "trade", "position", "claimable", "alert", "resync", "heartbeat"] as const;
export type StreamEventName = (typeof STREAM_EVENTS)[number];
