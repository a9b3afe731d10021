import { Type } from "@sinclair/typebox";
import { HISTORY_KINDS } from "./literals";
import { type Answer, Address, Amount, MarketId, Nullable, PagedList, Paging, StringEnum, UnixTime } from "./common";
import { LabelSchema, MarketStateSchema } from "./markets";

// The portfolio's own calls beyond the spec's table: an account's history of money in and out of its
// positions (the table and CSV export of /portfolio?tab=history), and everything the protocol owes it now.

/** Token units with a description of what they count. */
function AmountWith(description: string) {
  return Type.String({ pattern: "^[0-9]+$", description });
}

export const UserHistoryBody = Type.Object({ account: Address, ...Paging });
export const UserHistoryItem = Type.Object({
  kind: StringEnum(HISTORY_KINDS),
  txHash: Type.String(),
  logIndex: Type.Integer({ description: "The event's log index (-1 for the liquidity of an issuance)" }),
  marketId: MarketId,
  event: Nullable("string", { description: "Event text (null unless approved)" }),
  option: Nullable("integer", { description: "The option bought (buy), else null" }),
  optionLabel: Nullable("string"),
  paid: AmountWith("What the account paid in: a buy's amount (stake + fee), or the liquidity an issuer seeded"),
  stake: Amount,
  fee: Amount,
  payout: Amount,
  refund: Amount,
  time: UnixTime,
  blockNumber: Type.Integer(),
});
export type UserHistoryItem = Answer<typeof UserHistoryItem>;
export const UserHistoryData = PagedList(UserHistoryItem);
export type UserHistoryData = Answer<typeof UserHistoryData>;
export const UserHistoryExtra = Type.Object({
  totals: Type.Object({
    paid: AmountWith("Σ paid over every row: the positions' invested"),
    received: AmountWith("Σ payout + refund over every row: the positions' received"),
  }),
});
export type UserHistoryExtra = Answer<typeof UserHistoryExtra>;

export const ClaimsBody = Type.Object({ account: Address });
export const ClaimItem = Type.Object({
  marketId: MarketId,
  event: Nullable("string"),
  state: MarketStateSchema,
  label: LabelSchema,
  position: AmountWith("USDT that Markets.claim(id, account) pays now (payout and refunds); 0 when none"),
  compensations: Type.Array(Type.Object({ index: Type.Integer(), amount: Amount }), {
    description: "The account's proven challenges whose compensation (USDT) waits: Markets.claimCompensation(id, index)",
  }),
  voterReward: AmountWith("PRDS that Markets.claimVoterReward(id) pays the account now; 0 when none"),
  referral: AmountWith("USDT that Markets.claimReferral(id) pays the account now; 0 when none"),
});
export type ClaimItem = Answer<typeof ClaimItem>;
export const ClaimsData = Type.Object({ list: Type.Array(ClaimItem) });
export type ClaimsData = Answer<typeof ClaimsData>;
export const ClaimsExtra = Type.Object({
  totals: Type.Object({ usdt: Amount, prds: Amount }),
});
export type ClaimsExtra = Answer<typeof ClaimsExtra>;
