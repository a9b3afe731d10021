import { Type } from "@sinclair/typebox";
import { BOND_STATES, BOUGHT_STATUSES, MARKET_LIST_STATUSES, STATUS_TABS } from "./literals";
import {
  type Answer,
  Address,
  Amount,
  MarketId,
  Nullable,
  NullableAmount,
  NullableSignedAmount,
  NullableTime,
  PagedList,
  Paging,
  SignedAmount,
  StringEnum,
  UnixTime,
} from "./common";
import { LabelSchema, MarketStateSchema, MarketSummary, TabTotals } from "./markets";
import { PositionView, TradeItem, TrackRecord } from "./market";

export const AccountBody = Type.Object({ account: Address });
export const AccountPagedBody = Type.Object({ account: Address, ...Paging });

export const UserInfoBody = Type.Object({
  account: Address,
  chainType: Type.String({
    minLength: 1,
    maxLength: 32,
    description: "The chain config's chainType ('bsc', 'devnet') or its chain id",
  }),
});
export type UserInfoBody = Answer<typeof UserInfoBody>;
export const FundItem = Type.Object({
  symbol: Type.String(),
  address: Address,
  decimals: Type.Integer(),
  balance: Amount,
});
export type FundItem = Answer<typeof FundItem>;
export const UserInfoData = Type.Array(FundItem, { description: "Fund list: BNB (native, zero address), USDT, PRDS" });
export type UserInfoData = Answer<typeof UserInfoData>;
export const UserInfoExtra = Type.Object({
  statics: Type.Object({
    cash: Amount,
    portfolio: Amount,
  }),
});
export type UserInfoExtra = Answer<typeof UserInfoExtra>;

/** An account's holding in one market as the portfolio lists it: the detail's position without the account. */
export const HoldingView = Type.Omit(PositionView, ["account"]);
export type HoldingView = Answer<typeof HoldingView>;
export const BoughtItem = Type.Object({ market: MarketSummary, position: HoldingView });
export const BoughtData = PagedList(BoughtItem);
export const BoughtExtra = Type.Object({
  totals: Type.Object({ invested: Amount, received: Amount, pendingPayoff: Amount, profit: SignedAmount }),
});
export type BoughtItem = Answer<typeof BoughtItem>;

export const DealtItem = Type.Object({
  ...TradeItem.properties,
  event: Nullable("string", { description: "Event text (null unless approved)" }),
});
export type DealtItem = Answer<typeof DealtItem>;
export const DealtBody = Type.Object({
  account: Address,
  ...Paging,
  marketId: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), Type.String({ pattern: "^[1-9][0-9]{0,15}$" })]),
  ),
});
export const DealtData = PagedList(DealtItem);

export const IssuedBody = Type.Object({
  account: Address,
  ...Paging,
  status: Type.Optional(
    StringEnum(MARKET_LIST_STATUSES, {
      default: "all",
      description: `Status tab, as /api/markets: all, ${STATUS_TABS.join(", ")}`,
    }),
  ),
});
export type IssuedBody = Answer<typeof IssuedBody>;
export const IssuedItem = Type.Object({
  ...MarketSummary.properties,
  licenseId: Type.String(),
  licenseStaked: Type.Boolean(),
  margin: Amount,
  capacity: Amount,
  bondState: StringEnum(BOND_STATES),
  issuerFee: NullableAmount,
  challengeCount: Type.Integer(),
  feeTotal: Amount,
  confirmationDeadline: Type.Integer({
    description: "expirationTime + confirmationPeriod: the issuer confirms before it, or loses the bond",
  }),
  responseEnd: NullableTime,
  liquidityClaimable: Amount,
  liquidityProfit: NullableSignedAmount,
  issuerProfit: NullableSignedAmount,
});
export type IssuedItem = Answer<typeof IssuedItem>;
export const IssuedData = PagedList(IssuedItem);
export const IssuedExtra = Type.Object({
  now: UnixTime,
  totals: Type.Object(TabTotals.properties, { description: "The account's markets per status tab" }),
  frozenMargin: Amount,
});
export type IssuedExtra = Answer<typeof IssuedExtra>;

export const ReferralItem = Type.Object({
  marketId: MarketId,
  event: Nullable("string"),
  state: MarketStateSchema,
  label: LabelSchema,
  accrued: Amount,
  claimed: Amount,
  claimable: Amount,
});
export type ReferralItem = Answer<typeof ReferralItem>;
export const ReferralData = PagedList(ReferralItem);
export const ReferralExtra = Type.Object({
  referred: Type.Integer({ description: "Accounts bound to this referrer" }),
  totals: Type.Object({ accrued: Amount, claimed: Amount, claimable: Amount }),
});

export const SnapshotsBody = Type.Object({
  account: Address,
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 366, default: 30 })),
});
export const SnapshotItem = Type.Object({
  day: Type.String({ description: "UTC day, YYYY-MM-DD" }),
  invested: Amount,
  received: Amount,
  realizedProfit: SignedAmount,
  dayProfit: SignedAmount,
});
export type SnapshotItem = Answer<typeof SnapshotItem>;
export const SnapshotsData = Type.Object({ list: Type.Array(SnapshotItem) });
export const SnapshotsExtra = Type.Object({
  yesterday: Type.String(),
  yesterdayProfit: SignedAmount,
  now: UnixTime,
});

export const TrackRecordData = TrackRecord;
export const BoughtBody = Type.Object({
  account: Address,
  ...Paging,
  status: Type.Optional(
    StringEnum(BOUGHT_STATUSES, {
      default: "all",
      description: "active: markets still running, and settled ones whose payout or refund is not claimed yet",
    }),
  ),
});
