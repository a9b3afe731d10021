import { Type, type Static } from "@sinclair/typebox";
import {
  type Answer,
  Address,
  Amount,
  Nullable,
  NullableAmount,
  NullableTime,
  PagedList,
  Paging,
  StringEnum,
  TokenId,
  TokenIdInput,
  TxHash,
  UnixTime,
} from "./common";
import {
  LICENSE_EVENT_KINDS,
  LICENSE_MARKET_KINDS,
  LICENSE_MARKET_SORTS,
  LICENSE_RELATIONS,
  LICENSE_STATES,
  LICENSE_TYPES,
} from "./literals";

export const LicenseTypeSchema = StringEnum(LICENSE_TYPES, { description: "Spec §3 License type" });
export const LicenseStateSchema = StringEnum(LICENSE_STATES, {
  description: "Spec §4 License state (a rental that has run out reads listedForRent again)",
});

export const Properties = Type.Object({ tradable: Type.Boolean(), rentable: Type.Boolean(), usable: Type.Boolean() });

export const LicenseItem = Type.Object({
  tokenId: TokenId,
  type: LicenseTypeSchema,
  number: Type.Integer({ description: "Issue number within its type" }),
  availableTimes: Type.Integer({ description: "Markets it can still issue" }),
  properties: Properties,
  owner: Address,
  holder: Address,
  escrowed: Type.Boolean({ description: "Held by the marketplace for a listing" }),
  state: LicenseStateSchema,
  user: Nullable("string", { description: "The renter during a rental" }),
  rentEnd: NullableTime,
  salePrice: NullableAmount,
  rentPricePerDay: NullableAmount,
  rentMaxDays: Nullable("integer"),
  rentMaxIssues: Nullable("integer"),
  rentalMaxIssues: Nullable("integer"),
  rentalIssuesUsed: Nullable("integer"),
  marketsIssued: Type.Integer(),
  mintPrice: Amount,
  mintedAt: UnixTime,
  relation: StringEnum(LICENSE_RELATIONS, { description: "How the asked account holds it" }),
});
export type LicenseItem = Answer<typeof LicenseItem>;
export type LicenseItemBody = Static<typeof LicenseItem>;

export const TokensBody = Type.Object({
  account: Address,
  ...Paging,
  relation: Type.Optional(StringEnum(["all", "owned", "rented"] as const, { default: "all" })),
});
export type TokensBody = Answer<typeof TokensBody>;
export const TokensData = PagedList(LicenseItem);
export type TokensData = Answer<typeof TokensData>;

export const SaleType = Type.Object({
  type: LicenseTypeSchema,
  price: Amount,
  minted: Type.Integer(),
  maxSupply: Type.Integer({ description: "0: unlimited" }),
  remaining: Nullable("integer", { description: "null when unlimited" }),
  properties: Properties,
});
export type SaleType = Answer<typeof SaleType>;
export const Packet = Type.Object({
  packetId: Type.Integer(),
  counts: Type.Object({ common: Type.Integer(), scarcity: Type.Integer(), attributive: Type.Integer() }),
  size: Type.Integer(),
  price: Amount,
});
export type Packet = Answer<typeof Packet>;
export const SaleData = Type.Object({
  issuesPerLicense: Type.Integer(),
  payToken: Address,
  types: Type.Array(SaleType),
  packets: Type.Array(Packet),
});
export type SaleData = Answer<typeof SaleData>;
export const PacketsData = Type.Object({ payToken: Address, list: Type.Array(Packet) });
export type PacketsData = Answer<typeof PacketsData>;

export const MarketListBody = Type.Object({
  ...Paging,
  tokenId: Type.Optional(TokenIdInput),
  kind: Type.Optional(StringEnum(LICENSE_MARKET_KINDS, { default: "all" })),
  type: Type.Optional(StringEnum(["all", ...LICENSE_TYPES] as const, { default: "all" })),
  sort: Type.Optional(
    StringEnum(LICENSE_MARKET_SORTS, {
      default: "newest",
      description:
        "price: the sale price, the price per day for rent, and for kind all whichever the listing has; availableTimes: markets it can still issue",
    }),
  ),
});
/** `/api/ticket-market/detail`'s body. */
export type LicenseMarketBody = Answer<typeof MarketListBody>;
export const LicenseEventItem = Type.Object({
  txHash: TxHash,
  logIndex: Type.Integer(),
  tokenId: TokenId,
  kind: StringEnum(LICENSE_EVENT_KINDS),
  from: Nullable("string"),
  to: Nullable("string"),
  price: NullableAmount,
  time: UnixTime,
  blockNumber: Type.Integer(),
});
export type LicenseEventItem = Answer<typeof LicenseEventItem>;
export const MarketListData = PagedList(LicenseItem);
export type LicenseMarketData = Answer<typeof MarketListData>;
export const MarketListExtra = Type.Object({
  history: Type.Array(LicenseEventItem, { description: "With tokenId: the token's 50 most recent events" }),
});

export const TransactionsBody = Type.Object({
  account: Type.Optional(Address),
  tokenId: Type.Optional(TokenIdInput),
  ...Paging,
});
export type TransactionsBody = Answer<typeof TransactionsBody>;
export const TransactionsData = PagedList(LicenseEventItem);
export type TransactionsData = Answer<typeof TransactionsData>;
