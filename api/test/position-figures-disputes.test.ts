import { DAY } from "./helpers/protocol";
import { scenario, buy, settleAndCheck, pastWindow, pastResponse, pastVote, buyer, voter, step } from "./helpers/positionFigures";

/**
 * Position figures against the chain's balance changes (position-figures.test.ts says what is
 * compared), in the final states a dispute leads to: invalid, a challenge won, a challenge lost, the
 * issuer absent. Each state on its own devnet.
 */

jest.setTimeout(300_000);

describe("position figures = the chain's balance changes, in every final state", () => {
  test("invalid: an appealed challenge voted invalid, stakes and fees refunded, the challenge stake returned", () =>
    scenario("invalid", async (w) => {
      await buy(w, 0, 0, 100);
      await buy(w, 1, 1, 60);
      await w.d.setTime(w.expirationTime + 60);
      await step(w, w.d.confirm(w.issuer, w.id, 0));
      await step(
        w,
        w.d.challenge(buyer(w, 1), w.id, 1, "The result was the other way.").then((c) => c.tx),
      );
      await step(w, w.d.appeal(w.issuer, w.id));
      await step(w, w.d.vote(voter(w, 0), w.id, 0)); // invalid
      await step(w, w.d.vote(voter(w, 1), w.id, 1)); // the issuer's claim
      await pastVote(w);
      await step(w, w.d.advance(buyer(w, 0), w.id));
      await settleAndCheck(w, "Invalid", [w.issuer, buyer(w, 0), buyer(w, 1)]);
    }));

  test("a challenge won (unanswered): the challenger's result, its compensation from the slashed bond", () =>
    scenario("challenge_won", async (w) => {
      await buy(w, 0, 0, 100);
      await buy(w, 1, 1, 60);
      await buy(w, 2, 1, 40);
      await w.d.setTime(w.expirationTime + 60);
      await step(w, w.d.confirm(w.issuer, w.id, 0));
      await step(
        w,
        w.d.challenge(buyer(w, 1), w.id, 1, "The official record says No.").then((c) => c.tx),
      );
      await pastResponse(w);
      await step(w, w.d.advance(buyer(w, 0), w.id)); // the issuer did not answer: won by default
      await pastWindow(w);
      await settleAndCheck(w, "Finished", [w.issuer, buyer(w, 0), buyer(w, 1), buyer(w, 2)]);
    }));

  test("a challenge lost: the vote upholds the issuer, the challenge stake goes to the voters and the treasury", () =>
    scenario("challenge_lost", async (w) => {
      await buy(w, 0, 0, 100);
      await buy(w, 1, 1, 60);
      await w.d.setTime(w.expirationTime + 60);
      await step(w, w.d.confirm(w.issuer, w.id, 0));
      await step(
        w,
        w.d.challenge(buyer(w, 1), w.id, 1, "The official record says No.").then((c) => c.tx),
      );
      await step(w, w.d.appeal(w.issuer, w.id));
      await step(w, w.d.vote(voter(w, 0), w.id, 1)); // the issuer's claim
      await step(w, w.d.vote(voter(w, 1), w.id, 2)); // the challenge
      await pastVote(w);
      await step(w, w.d.advance(buyer(w, 0), w.id));
      await settleAndCheck(w, "Finished", [w.issuer, buyer(w, 0), buyer(w, 1)]);
    }));

  test("issuer absent: the bond slashed, the vote chooses the result", () =>
    scenario("issuer_absent", async (w) => {
      await buy(w, 0, 0, 100);
      await buy(w, 1, 1, 60);
      await w.d.setTime(w.expirationTime + 3 * DAY + 60);
      await step(w, w.d.advance(buyer(w, 0), w.id));
      await step(w, w.d.vote(voter(w, 0), w.id, 2)); // option 1
      await step(w, w.d.vote(voter(w, 1), w.id, 1)); // option 0
      await pastVote(w);
      await step(w, w.d.advance(buyer(w, 0), w.id));
      await settleAndCheck(w, "Finished", [w.issuer, buyer(w, 0), buyer(w, 1)]);
    }));
});
