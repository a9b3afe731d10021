import { Type, type Static } from "@sinclair/typebox";
import { enums } from "@prds/contracts";
import {
  BOND_STATES,
  COLLATERALS,
  COMPENSATION_STATES,
  VOTE_CHOICE_KINDS,
  type ChallengeStatus,
  type InvalidReason,
  type TallyOutcome,
  type VoteKind,
} from "./literals";
import {
  type Answer,
  Address,
  Amount,
  Bytes32,
  MarketId,
  MarketIdInput,
  Nullable,
  NullableAmount,
  NullableEnum,
  NullableSignedAmount,
  NullableTime,
  PagedList,
  Paging,
  StringEnum,
  TxHash,
  UnixTime,
} from "./common";
import { MarketSummary } from "./markets";

const PROTOCOL = enums.IMarketsTypes;
export const CHALLENGE_STATUSES: readonly ChallengeStatus[] = PROTOCOL.ChallengeStatus;
export const VOTE_KINDS: readonly VoteKind[] = PROTOCOL.VoteKind.filter((kind): kind is VoteKind => kind !== "None");
export const TALLY_OUTCOMES: readonly TallyOutcome[] = PROTOCOL.TallyOutcome;
export const INVALID_REASONS: readonly InvalidReason[] = PROTOCOL.InvalidReason;

export const TrackRecord = Type.Object(
  {
    account: Address,
    issued: Type.Integer({ description: "Markets issued" }),
    running: Type.Integer({ description: "Not yet settled" }),
    finished: Type.Integer({ description: "Settled with a result" }),
    cancelled: Type.Integer(),
    void: Type.Integer(),
    invalid: Type.Integer(),
    challenged: Type.Integer({ description: "Markets that drew at least one challenge" }),
    overturned: Type.Integer({ description: "Results replaced by a challenge or a vote" }),
    bondsSlashed: Type.Integer(),
    volume: Amount,
    issuerFees: Amount,
  },
  { description: "An issuer's track record" },
);
export type TrackRecordBody = Static<typeof TrackRecord>;
export type TrackRecord = Answer<typeof TrackRecord>;

export const EvidenceView = Type.Object({
  hash: Bytes32,
  imageHash: Nullable("string"),
  imageUrl: Nullable("string", { description: "GET path of the image (relative to the api base URL)" }),
  text: Type.String(),
});
export type EvidenceView = Answer<typeof EvidenceView>;

export const ChallengeItem = Type.Object({
  index: Type.Integer(),
  challenger: Address,
  option: Type.Integer({ description: "The option the challenger claims" }),
  knownAt: Type.Integer({ description: "Claimed time the outcome became known (0: not an early claim)" }),
  evidenceHash: Bytes32,
  evidence: Type.Union([EvidenceView, Type.Null()], { description: "Image and text the api stored under evidenceHash, or null" }),
  stake: Amount,
  status: StringEnum(CHALLENGE_STATUSES, { description: "IMarketsTypes.ChallengeStatus" }),
  prdsReturned: NullableAmount,
  compensation: NullableAmount,
  compensationState: StringEnum(COMPENSATION_STATES, { description: "Spec: receiving compensation / received" }),
  filedAt: UnixTime,
  txHash: TxHash,
});
export type ChallengeItem = Answer<typeof ChallengeItem>;

export const VoteChoice = Type.Object({
  choice: Type.Integer(),
  kind: StringEnum(VOTE_CHOICE_KINDS),
  option: Nullable("integer", { description: "The option this choice stands for (null for invalid)" }),
  challengeIndex: Nullable("integer"),
  tally: Amount,
});
export type VoteChoice = Answer<typeof VoteChoice>;

export const VoteItem = Type.Object({
  voter: Address,
  choice: Type.Integer(),
  weight: Amount,
  time: UnixTime,
  reward: NullableAmount,
});
export type VoteItem = Answer<typeof VoteItem>;

export const VoteView = Type.Object({
  kind: NullableEnum(VOTE_KINDS, { description: "IMarketsTypes.VoteKind" }),
  voteEnd: NullableTime,
  extended: Type.Boolean(),
  snapshotBlock: Nullable("integer"),
  outcome: NullableEnum(TALLY_OUTCOMES, { description: "IMarketsTypes.TallyOutcome once tallied" }),
  choices: Type.Array(VoteChoice),
  totalWeight: Amount,
  voterCount: Type.Integer(),
  votes: Type.Array(VoteItem, { description: "The 100 most recent votes" }),
});
export type VoteView = Answer<typeof VoteView>;

export const PositionOption = Type.Object({
  option: Type.Integer(),
  label: Nullable("string"),
  stake: Amount,
  fee: Amount,
  invested: Amount,
  pendingPayoff: Amount,
});
export type PositionOption = Answer<typeof PositionOption>;

export const PositionView = Type.Object({
  account: Address,
  options: Type.Array(PositionOption),
  invested: Amount,
  pendingPayoff: Amount,
  payout: Amount,
  refund: Amount,
  received: Amount,
  claimed: Type.Boolean(),
  profit: NullableSignedAmount,
});
export type PositionView = Answer<typeof PositionView>;

export const MarketDetail = Type.Object({
  ...MarketSummary.properties,
  description: Nullable("string"),
  resolutionSource: Nullable("string"),
  url: Nullable("string"),
  content: Nullable("string"),
  language: Nullable("string"),
  licenseId: Type.String(),
  collateral: StringEnum(COLLATERALS, { description: "Staking type of the bond" }),
  licenseStaked: Type.Boolean(),
  licenseValue: Amount,
  margin: Amount,
  capacity: Amount,
  remainingCapacity: Amount,
  buyersStake: Amount,
  feeTotal: Amount,
  minPremium: Amount,
  premiumReached: Type.Boolean(),
  minInvest: Amount,
  feeBps: Type.Integer(),
  rewardRateBps: Type.Integer({ description: "Share of stakes paid to winners (10000 − fee)" }),
  marginFeeBps: Type.Integer(),
  defaultLeverage: Type.Integer({ description: "Odds of every option before any buy: the option count" }),
  payToken: Address,
  rentalEnd: Type.Integer(),
  issuerResult: Nullable("integer"),
  daoResult: Nullable("integer"),
  early: Type.Boolean(),
  knownAt: NullableTime,
  confirmedAt: NullableTime,
  windowEnd: NullableTime,
  responseEnd: NullableTime,
  issuerAbsent: Type.Boolean(),
  appealed: Type.Boolean(),
  challengeCount: Type.Integer(),
  bondState: StringEnum(BOND_STATES),
  overturned: Type.Boolean(),
  finalizedAt: NullableTime,
  netPool: NullableAmount,
  winningStake: NullableAmount,
  issuerFee: NullableAmount,
  platformFee: NullableAmount,
  referralFees: NullableAmount,
  invalidReason: NullableEnum(INVALID_REASONS, { description: "IMarketsTypes.InvalidReason of an invalid market" }),
});
export type MarketDetail = Answer<typeof MarketDetail>;

export const DetailBody = Type.Object({
  id: MarketIdInput,
  account: Type.Optional(Address),
});
export const DetailData = Type.Object({
  market: MarketDetail,
  positions: Type.Union([PositionView, Type.Null()], { description: "The caller's positions when account is given" }),
  challenges: Type.Array(ChallengeItem),
  vote: Type.Union([VoteView, Type.Null()], { description: "The community vote, once one started" }),
  issuerRecord: TrackRecord,
});
export type DetailData = Answer<typeof DetailData>;
export const DetailExtra = Type.Object({ now: UnixTime });
export type DetailExtra = Answer<typeof DetailExtra>;

export const HistoryBody = Type.Object({
  id: MarketIdInput,
  from: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 ** 40 })),
  to: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 ** 40 })),
  points: Type.Optional(
    Type.Integer({ minimum: 2, maximum: 1000, default: 200, description: "Most points answered (downsampled)" }),
  ),
});
export const HistoryPoint = Type.Object({
  time: UnixTime,
  blockNumber: Type.Integer(),
  pool: Amount,
  stakes: Type.Array(Amount),
  odds: Type.Array(Nullable("string")),
  probabilities: Type.Array(Nullable("string")),
});
export type HistoryPoint = Answer<typeof HistoryPoint>;
export const HistoryData = Type.Object({
  id: MarketId,
  options: Type.Array(Nullable("string"), { description: "Option labels (null unless approved)" }),
  points: Type.Array(HistoryPoint),
  total: Type.Integer({ description: "Points before downsampling" }),
});
export type HistoryData = Answer<typeof HistoryData>;

export const TradesBody = Type.Object({ id: MarketIdInput, ...Paging });
export const TradeItem = Type.Object({
  txHash: TxHash,
  logIndex: Type.Integer(),
  marketId: MarketId,
  account: Address,
  option: Type.Integer(),
  optionLabel: Nullable("string"),
  amount: Amount,
  stake: Amount,
  fee: Amount,
  referrer: Nullable("string"),
  optionStake: Amount,
  pool: Amount,
  odds: Nullable("string", { description: "Odds of the option right after the trade" }),
  payoutMultiplier: Nullable("string", {
    description:
      "The payout multiplier right after the trade: the odds net of the buy fee, the one figure the pages show (Pays ×)",
  }),
  time: UnixTime,
  blockNumber: Type.Integer(),
});
export type TradeItemBody = Static<typeof TradeItem>;
export type TradeItem = Answer<typeof TradeItem>;
export const TradesData = PagedList(TradeItem);
export type TradesData = Answer<typeof TradesData>;
