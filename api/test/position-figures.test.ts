import { HOUR } from "./helpers/protocol";
import { scenario, buy, settleAndCheck, pastWindow, buyer, step } from "./helpers/positionFigures";

/**
 * Position figures against the chain's balance changes (ARCHITECTURE "Position figures"), in every
 * final state, for issuers and buyers: each state is driven on its own devnet, every protocol
 * transaction's effect on each account's pay-token (USDT) and PRDS balances and free balance in
 * Markets is measured on chain (the balance at the transaction's block − at the block before), and
 * the api's figures — /api/market/detail positions, /api/bought, /api/user-dealt, /api/issued,
 * /api/user/info statics, /api/user/snapshots — must equal them exactly, before anyone claims and
 * after everyone has.
 *
 * What a position is: an account's stakes (USDT). invested = what its buys paid (stake + fee; the
 * issuer's seeded liquidity); pending payoff = what claiming pays now; received = payouts and
 * refunds paid (a claim, or the liquidity a cancel gives back); profit = received + pending −
 * invested. Outside positions, each answered on its own and reconciled here too: the issuer's bond
 * (margin: released to its free balance or slashed), its fees (issuerFee, free balance), a proven
 * challenger's compensation (USDT from the bond), and PRDS (challenge stakes and what comes back of
 * them, voter rewards). So for every account: Δ USDT (wallet + free balance) = profit + issuerFee −
 * slashed margin + compensation, and Δ PRDS = − challenge stakes + returned + rewards.
 *
 * Here the settlements without a dispute; with one: position-figures-disputes.test.ts.
 */

jest.setTimeout(300_000);

describe("position figures = the chain's balance changes, in every final state", () => {
  test("cancelled by its issuer: the liquidity comes back with the margin", () =>
    scenario("cancelled", async (w) => {
      await w.books.record("cancel", w.d.cancel(w.issuer, w.id));
      await settleAndCheck(w, "Cancelled", [w.issuer]);
    }));

  test("finished: confirmed at expiry, finalized by the first claim after the challenge window", () =>
    scenario("finished", async (w) => {
      await buy(w, 0, 0, 100);
      await buy(w, 1, 1, 60);
      await buy(w, 2, 0, 40.5);
      await w.d.setTime(w.expirationTime + 60);
      await step(w, w.d.confirm(w.issuer, w.id, 0));
      await pastWindow(w);
      await settleAndCheck(w, "Finished", [w.issuer, buyer(w, 0), buyer(w, 1), buyer(w, 2)]);
    }));

  test("finished after an early confirmation: stakes placed after the known time come back in full", () =>
    scenario("finished_early", async (w) => {
      await buy(w, 0, 0, 100);
      await buy(w, 1, 1, 60);
      await w.d.setTime(w.t0 + 6 * HOUR);
      await buy(w, 2, 0, 40); // after the outcome was known: refunded, fee included
      await buy(w, 3, 1, 30.7);
      await buy(w, 0, 0, 10); // b0 holds both a counted and a late stake
      await w.d.setTime(w.t0 + 6 * HOUR + 600);
      await step(w, w.d.confirmEarly(w.issuer, w.id, 0, w.t0 + 3 * HOUR));
      await pastWindow(w);
      await settleAndCheck(w, "Finished", [w.issuer, buyer(w, 0), buyer(w, 1), buyer(w, 2), buyer(w, 3)]);
    }));

  test("void: the minimum premium missed, every stake refunded with its fee", () =>
    scenario("void", async (w) => {
      await buy(w, 0, 0, 20);
      await buy(w, 1, 1, 15);
      await w.d.setTime(w.lastTradingTime + 60);
      await settleAndCheck(w, "Void", [w.issuer, buyer(w, 0), buyer(w, 1)]);
    }));
});
