import { amountText, fromDbAmount } from "../db/amount";
import type { Row } from "../db/schema";
import type { MarketRow } from "./marketRows";
import { sum } from "./pricing";
import type { DetailData } from "@prds/api-schema";
import type { Static } from "@sinclair/typebox";

type VoteViewBody = Static<typeof DetailData>["vote"];

type ChallengeRow = Row<"challenges">;
type VoteRow = Row<"votes">;

/**
 * The vote's choices as IMarketsTypes.VoteKind numbers them: 0 invalid; Appeal and TwoChallenges:
 * 1 the issuer's claim, 2 (and 3) the challenges in the vote, in filing order; IssuerAbsent: 1 + k
 * for option k. Tallies are summed here (SQLite keeps amounts as text).
 */
export function voteView(market: MarketRow, challenges: readonly ChallengeRow[], votes: readonly VoteRow[]): VoteViewBody {
  if (market.vote_kind === null && votes.length === 0) return null;
  const candidates = market.vote_candidates ?? 0;
  const tallies = new Map<number, bigint>();
  for (const v of votes) tallies.set(v.choice, (tallies.get(v.choice) ?? 0n) + fromDbAmount(v.weight));
  const tally = (choice: number) => (tallies.get(choice) ?? 0n).toString();
  const choices: NonNullable<VoteViewBody>["choices"] = [
    { choice: 0, kind: "invalid", option: null, challengeIndex: null, tally: tally(0) },
  ];
  if (market.vote_kind === "IssuerAbsent") {
    for (let k = 0; k < market.option_count; k++) {
      choices.push({ choice: k + 1, kind: "option", option: k, challengeIndex: null, tally: tally(k + 1) });
    }
  } else if (market.vote_kind !== null) {
    choices.push({
      choice: 1,
      kind: "issuer",
      option: market.issuer_result ?? market.result,
      challengeIndex: null,
      tally: tally(1),
    });
    // Challenges settled before the vote (conceded, defaulted, superseded) are not on the ballot.
    const inVote = challenges.filter((c) => !["Conceded", "WonByDefault", "Superseded"].includes(c.status));
    inVote.slice(0, Math.max(1, candidates - 2)).forEach((c, i) => {
      choices.push({ choice: 2 + i, kind: "challenge", option: c.option, challengeIndex: c.idx, tally: tally(2 + i) });
    });
  }
  return {
    kind: market.vote_kind,
    voteEnd: market.vote_end,
    extended: market.vote_extended === 1,
    snapshotBlock: market.vote_snapshot_block,
    outcome: market.tally_outcome,
    choices,
    totalWeight: sum(votes.map((v) => fromDbAmount(v.weight))).toString(),
    voterCount: votes.length,
    votes: votes.slice(0, 100).map((v) => ({
      voter: v.voter,
      choice: v.choice,
      weight: amountText(v.weight),
      time: v.time,
      reward: v.reward === null ? null : amountText(v.reward),
    })),
  };
}
