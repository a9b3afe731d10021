import { enums } from "@prds/contracts";
import type { ChallengeTable, MarketTable, Row } from "../../db/schema";
import type { DecodedEvent } from "../decode";
import type { Requests } from "../requests";
import { amount, type HandlerContext, type HandlerTable } from "./context";
import { claimFields, marketOf, updateMarket } from "./markets";

/**
 * Challenges, the issuer's response and the PRDS vote. MarketsDisputes runs by delegatecall, so
 * these events come from the Markets address like the rest.
 */

function enumName<T extends string>(names: readonly T[], value: number, what: string): T {
  const name = names[value];
  if (name === undefined) throw new Error(`unknown ${what} ${value}`);
  return name;
}

const challengeStatus = (value: number): ChallengeTable["status"] => {
  const name = enumName(enums.IMarketsTypes.ChallengeStatus, value, "ChallengeStatus");
  if (name === "None") throw new Error("a settled challenge has status None");
  return name;
};

const voteKind = (value: number): NonNullable<MarketTable["vote_kind"]> => {
  const name = enumName(enums.IMarketsTypes.VoteKind, value, "VoteKind");
  if (name === "None") throw new Error("a vote started with kind None");
  return name;
};

const tallyOutcome = (value: number): NonNullable<MarketTable["tally_outcome"]> =>
  enumName(enums.IMarketsTypes.TallyOutcome, value, "TallyOutcome");

function challengeOf(ctx: HandlerContext, event: DecodedEvent): Row<"challenges"> {
  return ctx.store.must("challenges", [event.args.num("id"), event.args.num("index")]);
}

function needsChallenge(event: DecodedEvent, requests: Requests): void {
  requests.row("challenges", [event.args.num("id"), event.args.num("index")]);
}

/** A challenge's claim became the market's result (conceded by the issuer, or won by default). */
function adoptClaim(ctx: HandlerContext, event: DecodedEvent): void {
  const market = marketOf(ctx, event);
  updateMarket(ctx, event, market, {
    ...claimFields(ctx, market, event.args.num("option"), event.args.num("knownAt")),
    phase: "Confirmed",
    window_end: event.args.num("windowEnd"),
    overturned: 1,
  });
}

function needsClaim(event: DecodedEvent, requests: Requests): void {
  const id = event.args.num("id");
  requests.market(id);
  if (event.args.num("knownAt") !== 0) requests.trades.add(id);
}

export const disputeHandlers: HandlerTable<"Markets"> = {
  Challenged: {
    needs(event, requests) {
      requests.market(event.args.num("id"));
      needsChallenge(event, requests);
    },
    apply(ctx, event) {
      const { args } = event;
      const market = marketOf(ctx, event);
      ctx.store.put("challenges", {
        market_id: args.num("id"),
        idx: args.num("index"),
        challenger: args.hex("challenger"),
        option: args.num("option"),
        known_at: args.num("knownAt"),
        evidence_hash: args.hex("evidenceHash"),
        stake: amount(args.big("stake")),
        status: "Open",
        prds_returned: null,
        compensation: null,
        compensation_claimed: 0,
        filed_at: event.time,
        tx_hash: event.txHash,
      });
      // The first open challenge starts the issuer's response period; a second one starts a vote
      // (VoteStarted follows in the same transaction).
      const first = market.phase === "Confirmed";
      updateMarket(ctx, event, market, {
        challenge_count: market.challenge_count + 1,
        ...(first ? { phase: "Challenging" as const, response_end: event.time + ctx.params.responsePeriod } : {}),
      });
    },
  },

  ChallengeConceded: { needs: needsClaim, apply: adoptClaim },
  ChallengeDefaulted: { needs: needsClaim, apply: adoptClaim },

  ChallengeSettled: {
    needs: needsChallenge,
    apply(ctx, event) {
      const { args } = event;
      ctx.store.put("challenges", {
        ...challengeOf(ctx, event),
        status: challengeStatus(args.num("status")),
        prds_returned: amount(args.big("prdsReturned")),
        compensation: amount(args.big("compensation")),
      });
    },
  },

  CompensationClaimed: {
    needs: needsChallenge,
    apply: (ctx, event) => ctx.store.put("challenges", { ...challengeOf(ctx, event), compensation_claimed: 1 }),
  },

  Appealed: {
    needs: (event, requests) => requests.market(event.args.num("id")),
    apply: (ctx, event) => updateMarket(ctx, event, marketOf(ctx, event), { appealed: 1 }),
  },

  VoteStarted: {
    needs: (event, requests) => requests.market(event.args.num("id")),
    apply(ctx, event) {
      const { args } = event;
      updateMarket(ctx, event, marketOf(ctx, event), {
        phase: "Voting",
        vote_kind: voteKind(args.num("kind")),
        vote_candidates: args.num("candidates"),
        vote_end: args.num("voteEnd"),
        vote_extended: 0,
        vote_snapshot_block: args.num("snapshotBlock"),
      });
    },
  },

  VoteExtended: {
    needs: (event, requests) => requests.market(event.args.num("id")),
    apply: (ctx, event) =>
      updateMarket(ctx, event, marketOf(ctx, event), { vote_end: event.args.num("voteEnd"), vote_extended: 1 }),
  },

  Voted: {
    needs: (event, requests) => requests.row("votes", [event.args.num("id"), event.args.hex("voter")]),
    apply(ctx, event) {
      const { args } = event;
      ctx.store.put("votes", {
        market_id: args.num("id"),
        voter: args.hex("voter"),
        choice: args.num("choice"),
        weight: amount(args.big("weight")),
        time: event.time,
        reward: null,
      });
    },
  },

  VoterRewardClaimed: {
    needs: (event, requests) => requests.row("votes", [event.args.num("id"), event.args.hex("voter")]),
    apply(ctx, event) {
      const vote = ctx.store.must("votes", [event.args.num("id"), event.args.hex("voter")]);
      ctx.store.put("votes", { ...vote, reward: amount(event.args.big("amount")) });
    },
  },

  VoteTallied: {
    needs(event, requests) {
      const id = event.args.num("id");
      requests.market(id);
      requests.group("challenges", id);
      requests.trades.add(id);
    },
    apply(ctx, event) {
      const { args } = event;
      const market = marketOf(ctx, event);
      const outcome = tallyOutcome(args.num("outcome"));
      const choice = args.num("winningChoice");
      const patch: Partial<Row<"markets">> = { tally_outcome: outcome };
      if (outcome === "OptionChosen") {
        // Absent issuer: candidate 1 + k is option k.
        Object.assign(patch, claimFields(ctx, market, choice - 1, 0), { dao_result: choice - 1 });
      } else if (outcome === "IssuerWins") {
        patch.dao_result = market.result;
      } else if (outcome === "ChallengerWins") {
        // Candidate 2 is the first open challenge, 3 the second (MarketsDisputes._tally): the
        // ChallengeSettled events that close them come after this one.
        const open = ctx.store
          .group("challenges", market.id)
          .filter((c) => c.status === "Open")
          .sort((a, b) => a.idx - b.idx);
        const winner = open[choice - 2];
        if (!winner) throw new Error(`market ${market.id}: no open challenge for choice ${choice}`);
        Object.assign(patch, claimFields(ctx, market, winner.option, winner.known_at), {
          dao_result: winner.option,
          overturned: 1,
        });
      } else if (outcome === "Invalid" && market.vote_kind !== "IssuerAbsent") {
        // The vote found the issuer's claim (challenged) not to stand.
        patch.overturned = 1;
      }
      updateMarket(ctx, event, market, patch);
    },
  },
};
