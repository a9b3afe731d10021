import { Type, type Static } from "@sinclair/typebox";
import { enums } from "@prds/contracts";
import { LABEL_KEYS, STATUS_TABS } from "../marketState";
import {
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

export const MarketStateSchema = StringEnum(enums.IMarketsTypes.MarketState, {
  description: "IMarketsTypes.MarketState, computed like Markets.marketState() at the indexer's head time",
});
export const LabelSchema = Type.Object(
  {
    key: StringEnum(LABEL_KEYS, { description: "Spec §4 label key (front end: market.state.<key>)" }),
    option: Nullable("integer", { description: "The option the label names, or null" }),
  },
  { description: "Spec §4 state label" },
);
export const MetadataStatusSchema = StringEnum(["approved", "audit", "rejected", "missing"] as const, {
  description: "Review state of the market's metadata ('missing': the api never received it)",
});

export const OptionItem = Type.Object({
  index: Type.Integer({ minimum: 0 }),
  label: Nullable("string", { description: "Option text from the approved metadata, else null" }),
  optionKey: Bytes32,
  stake: Amount,
  odds: NullableRatio,
  probability: NullableRatio,
  payoutMultiplier: NullableRatio,
});
export type OptionItemBody = Static<typeof OptionItem>;

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
  phase: Type.String({ description: "Stored IMarketsTypes.Phase" }),
  state: MarketStateSchema,
  label: LabelSchema,
  result: Nullable("integer", { description: "The standing confirmed option, or null" }),
  txHash: TxHash,
});
export type MarketSummaryBody = Static<typeof MarketSummary>;

export const MarketsBody = Type.Object({
  ...Paging,
  search: Type.Optional(Type.String({ maxLength: 200, description: "Words matched (as prefixes) in event text and options" })),
  category: Type.Optional(StringEnum(["all", ...CATEGORIES] as const, { default: "all" })),
  status: Type.Optional(StringEnum(["all", ...STATUS_TABS] as const, { default: "all", description: "Status tab" })),
  sort: Type.Optional(StringEnum(["volume", "newest"] as const, { default: "volume" })),
});
export type MarketsBodyType = Static<typeof MarketsBody>;

export const TabTotals = Type.Object({
  all: Type.Integer(),
  open: Type.Integer(),
  closingSoon: Type.Integer(),
  waitingResult: Type.Integer(),
  challenging: Type.Integer(),
  finished: Type.Integer(),
});
export type TabTotalsBody = Static<typeof TabTotals>;

export const MarketsData = PagedList(MarketSummary);
export const MarketsExtra = Type.Object({
  totals: Type.Object(TabTotals.properties, { description: "Markets per tab for the same search and category" }),
  now: UnixTime,
});

export const MarketIdBody = Type.Object({ id: MarketIdInput });
