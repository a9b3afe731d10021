import { Type, type Static } from "@sinclair/typebox";
import { enums } from "@prds/contracts";
import {
  LABEL_KEYS,
  MARKET_LIST_SORTS,
  MARKET_LIST_STATUSES,
  METADATA_STATUSES,
  STATUS_TABS,
  type MarketState as MarketStateName,
  type Phase,
} from "./literals";
import {
  type Answer,
  Address,
  Amount,
  Bytes32,
  CATEGORIES,
  MarketId,
  MarketIdInput,
  Nullable,
  NullableRatio,
  PagedList,
  Paging,
  StringEnum,
  TxHash,
  UnixTime,
} from "./common";

/** The protocol's enums as the api answers them (member names, derived from the generated ABI module). */
export const MARKET_STATES: readonly MarketStateName[] = enums.IMarketsTypes.MarketState;
export const PHASES: readonly Phase[] = enums.IMarketsTypes.Phase.filter((phase): phase is Phase => phase !== "None");

export const MarketStateSchema = StringEnum(MARKET_STATES, {
  description: "IMarketsTypes.MarketState, computed like Markets.marketState() at the indexer's head time",
});
export const LabelSchema = Type.Object(
  {
    key: StringEnum(LABEL_KEYS, { description: "Spec §4 label key (front end: market.state.<key>)" }),
    option: Nullable("integer", { description: "The option the label names, or null" }),
  },
  { description: "Spec §4 state label" },
);
export const MetadataStatusSchema = StringEnum(METADATA_STATUSES, {
  description: "Review state of the market's metadata ('missing': the api never received it)",
});

export const OptionItem = Type.Object({
  index: Type.Integer({ minimum: 0 }),
  label: Nullable("string", { description: "Option text from the approved metadata, else null" }),
  optionKey: Bytes32,
  stake: Amount,
  odds: NullableRatio("netPool / stake (ARCHITECTURE 'Pricing'); null while the option has no stake"),
  probability: NullableRatio("stake / netPool, 0..1; null while the pool is empty"),
  payoutMultiplier: NullableRatio(
    "The payout multiplier every page shows: the odds net of the buy fee, (1 − fee rate) × netPool / stake — what one " +
      "token paid now returns if the option wins at the current pool; null while the option has no stake",
  ),
});
export type OptionItemBody = Static<typeof OptionItem>;
export type OptionItem = Answer<typeof OptionItem>;

/** One market in a list: what a card shows. */
export const MarketSummary = Type.Object({
  id: MarketId,
  metadataHash: Bytes32,
  metadataStatus: MetadataStatusSchema,
  event: Nullable("string", { description: "Event text; null unless the metadata is approved" }),
  category: Nullable("string"),
  issuer: Address,
  options: Type.Array(OptionItem),
  optionCount: Type.Integer(),
  volume: Amount,
  pool: Amount,
  liquidity: Amount,
  tradeCount: Type.Integer({ minimum: 0 }),
  createdAt: UnixTime,
  lastTradingTime: UnixTime,
  expirationTime: UnixTime,
  phase: StringEnum(PHASES, { description: "Stored IMarketsTypes.Phase" }),
  state: MarketStateSchema,
  label: LabelSchema,
  result: Nullable("integer", { description: "The standing confirmed option, or null" }),
  txHash: TxHash,
});
export type MarketSummaryBody = Static<typeof MarketSummary>;
export type MarketSummary = Answer<typeof MarketSummary>;

export const MarketsBody = Type.Object({
  ...Paging,
  search: Type.Optional(Type.String({ maxLength: 200, description: "Words matched (as prefixes) in event text and options" })),
  category: Type.Optional(StringEnum(["all", ...CATEGORIES] as const, { default: "all" })),
  status: Type.Optional(
    StringEnum(MARKET_LIST_STATUSES, { default: "all", description: `Status tab: all, ${STATUS_TABS.join(", ")}` }),
  ),
  sort: Type.Optional(StringEnum(MARKET_LIST_SORTS, { default: "volume" })),
});
export type MarketsBodyType = Static<typeof MarketsBody>;
export type MarketsBody = Answer<typeof MarketsBody>;

export const TabTotals = Type.Object({
  all: Type.Integer(),
  open: Type.Integer(),
  closingSoon: Type.Integer(),
  waitingResult: Type.Integer(),
  challenging: Type.Integer(),
  finished: Type.Integer(),
});
export type TabTotalsBody = Static<typeof TabTotals>;
export type TabTotals = Answer<typeof TabTotals>;

export const MarketsData = PagedList(MarketSummary);
export type MarketsData = Answer<typeof MarketsData>;
export const MarketsExtra = Type.Object({
  totals: Type.Object(TabTotals.properties, { description: "Markets per tab for the same search and category" }),
  now: UnixTime,
});
export type MarketsExtra = Answer<typeof MarketsExtra>;

export const MarketIdBody = Type.Object({ id: MarketIdInput });
