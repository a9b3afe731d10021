import { Type } from "@sinclair/typebox";
import { type Answer, Address, Amount, Bytes32, CATEGORIES, LANGUAGES, MarketIdInput, Nullable, StringEnum } from "./common";

/** Longest texts a market's metadata may carry (characters, after trimming). */
export const LIMITS = {
  event: 300,
  option: 120,
  description: 5000,
  resolutionSource: 500,
  url: 2048,
  content: 5000,
} as const;

/**
 * Schema bounds are looser than LIMITS so that an over-long text gets the semantic check's clear
 * message; anything beyond these is a malformed body.
 */
export const SubmitBody = Type.Object({
  event: Type.String({ maxLength: 1000, description: `Event text, 1–${LIMITS.event} characters` }),
  options: Type.Array(Type.String({ maxLength: 500 }), { maxItems: 32, description: "At least two, unique, non-empty" }),
  category: Type.String({ maxLength: 32, description: `One of: ${CATEGORIES.join(", ")}` }),
  description: Type.Optional(Type.String({ maxLength: 10_000 })),
  resolutionSource: Type.Optional(Type.String({ maxLength: 1000 })),
  url: Type.Optional(Type.String({ maxLength: 4096, description: "http(s) URL, or empty" })),
  content: Type.Optional(Type.String({ maxLength: 10_000, description: "Content description when there is no URL" })),
  language: Type.Optional(StringEnum(LANGUAGES, { default: "en", description: "Language the market is written in" })),
  /** A market already on chain: the texts must hash to its on-chain metadata hash (else 422 metadataMismatch). */
  marketId: Type.Optional(MarketIdInput),
});

export const SubmitData = Type.Object({
  status: StringEnum(["approved", "audit"] as const, {
    description: "approved: hash is final; audit: held for review, no hash yet",
  }),
  hash: Nullable("string", {
    description:
      "metadataHash of every shown field ({event, category, options, description, resolutionSource, url, content}, normalized) " +
      "that the issue transaction carries; null until approved",
  }),
  reason: Nullable("string", { description: "Why it is held (api.moderation.<key>)" }),
  event: Type.String({ description: "The stored (NFC, trimmed) event text" }),
  category: Type.String(),
  options: Type.Array(Type.String(), { description: "The stored option texts; optionKey(text) of each goes on chain" }),
});
export type SubmitData = Answer<typeof SubmitData>;

const Token = Type.Object({ symbol: Type.String(), address: Address, decimals: Type.Integer() });
export const IssueConfigData = Type.Object({
  chainId: Type.Integer(),
  feeBps: Type.Integer({ description: "Buy fee in basis points (a rate shown as value / 100 %)" }),
  issuerShareBps: Type.Integer(),
  platformShareBps: Type.Integer(),
  referrerShareBps: Type.Integer(),
  rewardRateBps: Type.Integer({ description: "10000 − feeBps" }),
  marginFeeBps: Type.Integer(),
  quorumBps: Type.Integer(),
  quorumPenaltyBps: Type.Integer(),
  minLiquidity: Amount,
  minPremium: Amount,
  minInvest: Amount,
  minMargin: Amount,
  challengeStake: Amount,
  capacityMultiple: Type.Integer(),
  challengeWindow: Type.Integer({ description: "Seconds" }),
  responsePeriod: Type.Integer({ description: "Seconds" }),
  votingPeriod: Type.Integer({ description: "Seconds" }),
  confirmationPeriod: Type.Integer({ description: "Seconds" }),
  checkpointInterval: Type.Integer({ description: "Seconds" }),
  maxOptions: Type.Integer(),
  issuesPerLicense: Type.Integer(),
  categories: Type.Array(Type.String()),
  languages: Type.Array(Type.String()),
  payTokens: Type.Array(Token),
  platformToken: Token,
  contracts: Type.Record(Type.String(), Address),
  limits: Type.Object({
    event: Type.Integer(),
    option: Type.Integer(),
    description: Type.Integer(),
    resolutionSource: Type.Integer(),
    url: Type.Integer(),
    content: Type.Integer(),
  }),
});
export type IssueConfigData = Answer<typeof IssueConfigData>;

export const HashBody = Type.Object({ hash: Bytes32 });
