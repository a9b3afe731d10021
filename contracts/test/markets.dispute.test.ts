import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import { id as hashText } from "ethers";
import { expectRevert } from "./helpers/assertions";
import { increaseTime, isolateEach } from "./helpers/chain";
import {
  buy,
  ChallengeStatus,
  claimAll,
  deployMarketsWorld,
  eventsOf,
  givePrds,
  issue,
  now,
  prdsBalance,
  send,
  state,
  State,
  usdt,
  usdtBalance,
  DAY,
  type MarketsWorld,
} from "./markets.helpers";

let w: MarketsWorld;
let voters: HardhatEthersSigner[];
const STAKE = usdt(1000); // challenge stake in PRDS
const MILLION = usdt(1_000_000);
const EVIDENCE = hashText("evidence");

beforeAll(async () => {
  w = await deployMarketsWorld();
  voters = w.traders.slice(3, 7);
  // Voting power held before any confirmation. Supply is 100M, so the quorum is 4M.
  await givePrds(w, voters[0]!, 3n * MILLION);
  await givePrds(w, voters[1]!, 2n * MILLION);
  await givePrds(w, voters[2]!, MILLION);
  await givePrds(w, voters[3]!, MILLION);
  for (const c of [w.bob, w.carol, w.dave, w.traders[0]!]) await givePrds(w, c, 5n * STAKE);
});
isolateEach();

/** bob 100 on option 0, carol 100 and dave 50 on option 1, trader0 30 on option 0; alice confirms option 0. */
async function confirmedMarket(early = false): Promise<bigint> {
  const id = await issue(w, { margin: usdt(200) });
  await buy(w, w.bob, id, 0, usdt(100));
  await buy(w, w.carol, id, 1, usdt(100));
  await buy(w, w.dave, id, 1, usdt(50));
  await buy(w, w.traders[0]!, id, 0, usdt(30));
  if (early) {
    await increaseTime(600);
    await send(w, w.alice, "confirmEarly", id, 0, (await now()) - 1);
  } else {
    await increaseTime(2 * DAY);
    await send(w, w.alice, "confirm", id, 0);
  }
  return id;
}

const challenge = (who: HardhatEthersSigner, id: bigint, option: number, knownAt = 0) =>
  send(w, who, "challenge", id, option, knownAt, EVIDENCE);

const dispute = async (id: bigint) => w.markets.getFunction("disputeOf")(id);
const challenges = async (id: bigint) =>
  (await w.markets.getFunction("challengesOf")(id)) as { status: bigint; compensation: bigint; challenger: string }[];

describe("Markets disputes: challenge rules", () => {
  test("only participants, once each, within 7 days, against another claim", async () => {
    const id0 = await issue(w);
    await buy(w, w.carol, id0, 1, usdt(100));
    const c = (who: HardhatEthersSigner, id: bigint, option: number, knownAt = 0) =>
      w.markets.connect(who).getFunction("challenge")(id, option, knownAt, EVIDENCE);
    await expectRevert(c(w.carol, id0, 0), w.markets, "NotConfirmed", [id0]);
    const id = await confirmedMarket();
    await expectRevert(c(w.alice, id, 1), w.markets, "IssuerCannotChallenge", [id]);
    await expectRevert(c(w.traders[1]!, id, 1), w.markets, "NotParticipant", [id, w.traders[1]!.address]);
    await expectRevert(c(w.carol, id, 2), w.markets, "InvalidOption", [id, 2n]);
    await expectRevert(c(w.carol, id, 0), w.markets, "ClaimMatchesResult", [id]);
    await expectRevert(c(w.carol, id, 1, await now()), w.markets, "KnownTimeNotAllowed", [id]);
    const before = await prdsBalance(w, w.carol.address);
    const r = await challenge(w.carol, id, 1);
    const [e] = eventsOf(w, r, "Challenged");
    expect(e).toMatchObject({ id, index: 0n, challenger: w.carol.address, option: 1n, evidenceHash: EVIDENCE, stake: STAKE });
    expect(await prdsBalance(w, w.carol.address)).toBe(before - STAKE);
    expect(await state(w, id)).toBe(State.Challenging);
    expect(await w.markets.getFunction("hasChallenged")(id, w.carol.address)).toBe(true);
    await expectRevert(c(w.carol, id, 1), w.markets, "AlreadyChallenged", [id, w.carol.address]);
    // In a two-option market the second challenger can only make the same claim: one shared candidate.
    const r2 = await challenge(w.dave, id, 1);
    expect(eventsOf(w, r2, "VoteStarted")[0]).toMatchObject({ kind: 2n, candidates: 3n });
    expect((await dispute(id)).sharedClaim).toBe(true);
    expect(await state(w, id)).toBe(State.Voting);
    await expectRevert(c(w.traders[0]!, id, 1), w.markets, "NotConfirmed", [id]);
  });

  test("two challengers with the same claim win together and share the compensation", async () => {
    const id = await confirmedMarket();
    await challenge(w.carol, id, 1);
    await challenge(w.dave, id, 1);
    await send(w, voters[0]!, "vote", id, 2);
    await send(w, voters[2]!, "vote", id, 1);
    await increaseTime(3 * DAY);
    const carolBefore = await prdsBalance(w, w.carol.address);
    const r = await send(w, w.bob, "advance", id);
    expect(eventsOf(w, r, "VoteTallied")[0]).toMatchObject({ outcome: 1n, winningChoice: 2n });
    expect(await prdsBalance(w, w.carol.address)).toBe(carolBefore + STAKE);
    const [cc, dc] = await challenges(id);
    expect(cc!.status).toBe(ChallengeStatus.Won);
    expect(dc!.status).toBe(ChallengeStatus.Won);
    expect(cc!.compensation + dc!.compensation).toBe(usdt(100));
    expect(cc!.compensation).toBe(usdt(50));
    expect((await w.markets.getFunction("getMarket")(id)).result).toBe(1n);
    await expectRevert(w.markets.connect(voters[0]!).getFunction("claimVoterReward")(id), w.markets, "NoReward", [
      id,
      voters[0]!.address,
    ]);
  });

  test("the window closes 7 days after the confirmation", async () => {
    const id = await confirmedMarket();
    const windowEnd = (await w.markets.getFunction("getMarket")(id)).windowEnd as bigint;
    await increaseTime(7 * DAY);
    await expectRevert(
      w.markets.connect(w.carol).getFunction("challenge")(id, 1, 0, EVIDENCE),
      w.markets,
      "ChallengeWindowClosed",
      [id, windowEnd],
    );
  });

  test("against an early confirmation a challenger may claim another time, within issue and confirmation", async () => {
    const id = await confirmedMarket(true);
    const m = await w.markets.getFunction("getMarket")(id);
    await expectRevert(
      w.markets.connect(w.carol).getFunction("challenge")(id, 0, Number(m.confirmedAt) + 1, EVIDENCE),
      w.markets,
      "KnownTimeOutOfRange",
    );
    await expectRevert(
      w.markets.connect(w.carol).getFunction("challenge")(id, 0, Number(m.knownAt), EVIDENCE),
      w.markets,
      "ClaimMatchesResult",
      [id],
    );
    await challenge(w.carol, id, 0, Number(m.createdAt));
    const [c] = (await w.markets.getFunction("challengesOf")(id)) as { knownAt: bigint; option: bigint }[];
    expect(c!.knownAt).toBe(m.createdAt);
  });
});

describe("Markets disputes: the issuer's response", () => {
  test("a concession makes the claim the result, returns the stake and reopens the window for others", async () => {
    const id = await confirmedMarket();
    await challenge(w.carol, id, 1);
    await expectRevert(w.markets.connect(w.bob).getFunction("concede")(id), w.markets, "NotIssuer", [id, w.bob.address]);
    const before = await prdsBalance(w, w.carol.address);
    await increaseTime(DAY);
    const r = await send(w, w.alice, "concede", id);
    const [e] = eventsOf(w, r, "ChallengeConceded");
    expect(e!.option).toBe(1n);
    expect(await prdsBalance(w, w.carol.address)).toBe(before + STAKE);
    expect(await state(w, id)).toBe(State.Confirmed);
    const m = await w.markets.getFunction("getMarket")(id);
    expect(m.result).toBe(1n);
    expect(m.windowEnd).toBe(e!.windowEnd);
    expect((await challenges(id))[0]!.status).toBe(ChallengeStatus.Conceded);
    await expectRevert(w.markets.connect(w.alice).getFunction("concede")(id), w.markets, "NotChallenging", [id]);
    // Six days later the old window would have closed; the reopened one has not.
    await increaseTime(6 * DAY + 3600);
    await challenge(w.bob, id, 0);
    expect(await state(w, id)).toBe(State.Challenging);
  });

  test("the response period is 3 days; an issuer who does nothing loses by default", async () => {
    const id = await confirmedMarket();
    await challenge(w.carol, id, 1);
    await expectRevert(w.markets.connect(w.bob).getFunction("advance")(id), w.markets, "NothingToAdvance", [id]);
    await increaseTime(3 * DAY);
    expect(await state(w, id)).toBe(State.WaitResult);
    const responseEnd = (await dispute(id)).responseEnd as bigint;
    await expectRevert(w.markets.connect(w.alice).getFunction("appeal")(id), w.markets, "ResponsePeriodOver", [id, responseEnd]);
    await expectRevert(
      w.markets.connect(w.dave).getFunction("challenge")(id, 1, 0, EVIDENCE),
      w.markets,
      "ChallengeWindowClosed",
      [id, responseEnd],
    );
    const before = await prdsBalance(w, w.carol.address);
    const r = await send(w, w.bob, "advance", id);
    expect(eventsOf(w, r, "ChallengeDefaulted")).toHaveLength(1);
    const [slash] = eventsOf(w, r, "BondSlashed");
    expect(slash).toMatchObject({ toTreasury: usdt(100), compensation: usdt(100), challenger: w.carol.address });
    expect(await prdsBalance(w, w.carol.address)).toBe(before + STAKE);
    expect(await state(w, id)).toBe(State.Confirmed);
    expect((await w.markets.getFunction("getMarket")(id)).result).toBe(1n);
    const [c] = await challenges(id);
    expect(c!.status).toBe(ChallengeStatus.WonByDefault);
    expect(c!.compensation).toBe(usdt(100));
    const got = await usdtBalance(w, w.carol.address);
    await send(w, w.bob, "claimCompensation", id, 0); // anyone may trigger; it goes to the challenger
    expect(await usdtBalance(w, w.carol.address)).toBe(got + usdt(100));
    await expectRevert(w.markets.connect(w.bob).getFunction("claimCompensation")(id, 0), w.markets, "NoCompensation", [id, 0n]);
    await expectRevert(w.markets.connect(w.bob).getFunction("claimCompensation")(id, 5), w.markets, "NoCompensation", [id, 5n]);
    expect(await w.markets.getFunction("creditOf")(w.treasury.address)).toBe(usdt(100));
    // After the reopened window the challenger's claim is final; the issuer's margin is gone.
    await increaseTime(7 * DAY);
    await send(w, w.bob, "advance", id);
    expect(await state(w, id)).toBe(State.Finished);
    expect(await w.markets.getFunction("creditOf")(w.alice.address)).toBe(usdt("2.8"));
    expect(await claimAll(w, w.bob, id)).toBe(0n);
    expect(await claimAll(w, w.carol, id)).toBeGreaterThan(usdt(98));
  });

  test("a staked License goes to the treasury when the issuer loses a challenge", async () => {
    await (await w.license.connect(w.alice).getFunction("approve")(w.marketsAddress, w.licenseId)).wait();
    const id = await issue(w, { margin: 0n, stakeLicense: true });
    await buy(w, w.bob, id, 0, usdt(100));
    await buy(w, w.carol, id, 1, usdt(100));
    await increaseTime(2 * DAY);
    await send(w, w.alice, "confirm", id, 0);
    await challenge(w.carol, id, 1);
    await increaseTime(3 * DAY);
    const r = await send(w, w.bob, "advance", id);
    expect(eventsOf(w, r, "BondSlashed")[0]).toMatchObject({ toTreasury: 0n, compensation: 0n, licenseToTreasury: true });
    expect(await w.license.getFunction("ownerOf")(w.licenseId)).toBe(w.treasury.address);
    await expectRevert(w.markets.connect(w.alice).getFunction("addMargin")(id, usdt(1)), w.markets, "MarketSettled", [id]);
  });

  test("an appeal sends the dispute to a vote ('appealing'); the issuer wins and the challenge stake is split", async () => {
    const id = await confirmedMarket();
    await challenge(w.carol, id, 1);
    const r = await send(w, w.alice, "appeal", id);
    expect(eventsOf(w, r, "Appealed")).toHaveLength(1);
    const [vs] = eventsOf(w, r, "VoteStarted");
    expect(vs).toMatchObject({ kind: 1n, candidates: 3n });
    expect(await state(w, id)).toBe(State.Appealing);
    await send(w, voters[0]!, "vote", id, 1);
    await send(w, voters[1]!, "vote", id, 1);
    await send(w, voters[2]!, "vote", id, 2);
    await increaseTime(3 * DAY);
    const treasuryBefore = await prdsBalance(w, w.treasury.address);
    const t = await send(w, w.bob, "advance", id);
    expect(eventsOf(w, t, "VoteTallied")[0]).toMatchObject({ outcome: 0n, winningChoice: 1n, totalVotes: 6n * MILLION });
    expect(await state(w, id)).toBe(State.Finished);
    expect((await challenges(id))[0]!.status).toBe(ChallengeStatus.Lost);
    expect(await prdsBalance(w, w.treasury.address)).toBe(treasuryBefore + STAKE / 2n);
    // Winning voters share the other half by weight.
    const b0 = await prdsBalance(w, voters[0]!.address);
    await send(w, voters[0]!, "claimVoterReward", id);
    expect(await prdsBalance(w, voters[0]!.address)).toBe(b0 + ((STAKE / 2n) * 3n) / 5n);
    await send(w, voters[1]!, "claimVoterReward", id);
    await expectRevert(w.markets.connect(voters[0]!).getFunction("claimVoterReward")(id), w.markets, "NoReward", [
      id,
      voters[0]!.address,
    ]);
    await expectRevert(w.markets.connect(voters[2]!).getFunction("claimVoterReward")(id), w.markets, "NoReward", [
      id,
      voters[2]!.address,
    ]);
    // The issuer's bond is released.
    expect(await w.markets.getFunction("creditOf")(w.alice.address)).toBeGreaterThanOrEqual(usdt(200));
  });
});

describe("Markets disputes: two challenges go to a vote", () => {
  async function threeOptionTwoChallenges(): Promise<bigint> {
    const opts = [hashText("a"), hashText("b"), hashText("c")];
    const id = await issue(w, { options: opts, margin: usdt(200), liquidity: usdt(150) });
    await buy(w, w.bob, id, 0, usdt(100));
    await buy(w, w.carol, id, 1, usdt(100));
    await buy(w, w.dave, id, 2, usdt(50));
    await increaseTime(2 * DAY);
    const snapshotGiver = await send(w, w.alice, "confirm", id, 0);
    expect(snapshotGiver.status).toBe(1);
    await challenge(w.carol, id, 1);
    const r = await challenge(w.dave, id, 2);
    expect(eventsOf(w, r, "VoteStarted")[0]).toMatchObject({ kind: 2n, candidates: 4n });
    expect(await state(w, id)).toBe(State.Voting);
    return id;
  }

  test("the second challenge starts the vote at once", async () => {
    const id = await threeOptionTwoChallenges();
    const d = await dispute(id);
    expect(d.openCount).toBe(2n);
    expect(d.kind).toBe(2n);
  });

  test("vote rules: only while voting, valid choices, once, with power from before the confirmation", async () => {
    const id0 = await confirmedMarket();
    await expectRevert(w.markets.connect(voters[0]!).getFunction("vote")(id0, 1), w.markets, "NotVoting", [id0]);
    const id = await threeOptionTwoChallenges();
    await expectRevert(w.markets.connect(voters[0]!).getFunction("vote")(id, 4), w.markets, "InvalidChoice", [id, 4n]);
    await send(w, voters[0]!, "vote", id, 2);
    await expectRevert(w.markets.connect(voters[0]!).getFunction("vote")(id, 2), w.markets, "AlreadyVoted", [
      id,
      voters[0]!.address,
    ]);
    // PRDS bought after the result was known carries no weight.
    const late = w.traders[2]!;
    await givePrds(w, late, 10n * MILLION);
    await expectRevert(w.markets.connect(late).getFunction("vote")(id, 1), w.markets, "NoVotingPower", [id, late.address]);
    const voteEnd = (await dispute(id)).voteEnd as bigint;
    await increaseTime(3 * DAY);
    await expectRevert(w.markets.connect(voters[1]!).getFunction("vote")(id, 1), w.markets, "VotingClosed", [id, voteEnd]);
    expect(await w.markets.getFunction("tallyOf")(id, 2)).toBe(3n * MILLION);
    expect((await w.markets.getFunction("ballotOf")(id, voters[0]!.address)).weight).toBe(3n * MILLION);
  });

  test("a challenger's claim wins: stake back plus compensation, the rest of the bond to the treasury, the other challenger loses", async () => {
    const id = await threeOptionTwoChallenges();
    await send(w, voters[0]!, "vote", id, 3); // dave's claim: option 2
    await send(w, voters[1]!, "vote", id, 1);
    await send(w, voters[2]!, "vote", id, 2);
    await increaseTime(3 * DAY);
    const daveBefore = await prdsBalance(w, w.dave.address);
    const carolBefore = await prdsBalance(w, w.carol.address);
    const r = await send(w, w.bob, "advance", id);
    expect(eventsOf(w, r, "VoteTallied")[0]).toMatchObject({ outcome: 1n, winningChoice: 3n });
    expect(eventsOf(w, r, "BondSlashed")[0]).toMatchObject({ toTreasury: usdt(100), compensation: usdt(100) });
    expect(await prdsBalance(w, w.dave.address)).toBe(daveBefore + STAKE);
    expect(await prdsBalance(w, w.carol.address)).toBe(carolBefore);
    const [cc, dc] = await challenges(id);
    expect(cc!.status).toBe(ChallengeStatus.Lost);
    expect(dc!.status).toBe(ChallengeStatus.Won);
    expect(dc!.compensation).toBe(usdt(100));
    expect(await state(w, id)).toBe(State.Finished);
    const m = await w.markets.getFunction("getMarket")(id);
    expect(m.result).toBe(2n);
    // Winners of option 2 share the pool: dave (49) and the issuer's seed (50).
    const netPool = usdt(150) + usdt(98) * 2n + usdt(49);
    expect(await claimAll(w, w.dave, id)).toBe((usdt(49) * netPool) / (usdt(50) + usdt(49)));
    await send(w, w.carol, "claimCompensation", id, 1);
    await send(w, voters[0]!, "claimVoterReward", id);
    expect(await w.markets.getFunction("creditOf")(w.treasury.address)).toBeGreaterThanOrEqual(usdt(100));
  });

  test("'invalid' by plurality: every stake refunded in full, fees included, challenge stakes returned", async () => {
    const id = await threeOptionTwoChallenges();
    await send(w, voters[1]!, "vote", id, 1);
    await send(w, voters[2]!, "vote", id, 2);
    await send(w, voters[0]!, "vote", id, 0);
    // 3M invalid, 2M issuer, 1M carol: plurality is 'invalid'.
    await increaseTime(3 * DAY);
    const carolBefore = await prdsBalance(w, w.carol.address);
    const r = await send(w, w.bob, "advance", id);
    expect(eventsOf(w, r, "VoteTallied")[0]).toMatchObject({ outcome: 2n });
    expect(eventsOf(w, r, "MarketInvalidated")[0]).toMatchObject({ reason: 0n });
    expect(await state(w, id)).toBe(State.Invalid);
    expect(await prdsBalance(w, w.carol.address)).toBe(carolBefore + STAKE);
    expect(await claimAll(w, w.bob, id)).toBe(usdt(100));
    expect(await claimAll(w, w.dave, id)).toBe(usdt(50));
    expect(await claimAll(w, w.alice, id)).toBe(usdt(150));
  });

  test("an exact tie between two claims is 'invalid'", async () => {
    const id = await threeOptionTwoChallenges();
    await send(w, voters[1]!, "vote", id, 1); // 2M for the issuer
    await send(w, voters[2]!, "vote", id, 3); // 1M for dave
    await send(w, voters[3]!, "vote", id, 3); // 1M for dave
    await increaseTime(3 * DAY);
    const r = await send(w, w.bob, "advance", id);
    expect(eventsOf(w, r, "VoteTallied")[0]).toMatchObject({ outcome: 2n, totalVotes: 4n * MILLION });
    expect(await state(w, id)).toBe(State.Invalid);
    expect(await claimAll(w, w.carol, id)).toBe(usdt(100));
    // The bond goes back to the issuer: nobody's claim won.
    expect(await w.markets.getFunction("creditOf")(w.alice.address)).toBe(usdt(200));
  });

  test("quorum missed once extends the vote; met then, it decides", async () => {
    const id = await threeOptionTwoChallenges();
    await send(w, voters[0]!, "vote", id, 1); // 3M < 4M quorum
    await increaseTime(3 * DAY);
    const r = await send(w, w.bob, "advance", id);
    const [ext] = eventsOf(w, r, "VoteExtended");
    expect(ext).toMatchObject({ totalVotes: 3n * MILLION, quorum: 4n * MILLION });
    expect(await state(w, id)).toBe(State.Voting);
    await send(w, voters[2]!, "vote", id, 2);
    await increaseTime(3 * DAY);
    const t = await send(w, w.bob, "advance", id);
    expect(eventsOf(w, t, "VoteTallied")[0]).toMatchObject({ outcome: 0n, winningChoice: 1n, totalVotes: 4n * MILLION });
    expect(await state(w, id)).toBe(State.Finished);
    expect((await w.markets.getFunction("getMarket")(id)).result).toBe(0n);
  });

  test("quorum missed twice: the issuer's claim stands and challenge stakes come back less 10%", async () => {
    const id = await threeOptionTwoChallenges();
    await send(w, voters[2]!, "vote", id, 2);
    await increaseTime(3 * DAY);
    await send(w, w.bob, "advance", id);
    await increaseTime(3 * DAY);
    const carolBefore = await prdsBalance(w, w.carol.address);
    const treasuryBefore = await prdsBalance(w, w.treasury.address);
    const r = await send(w, w.bob, "advance", id);
    expect(eventsOf(w, r, "VoteTallied")[0]).toMatchObject({ outcome: 3n });
    expect(await prdsBalance(w, w.carol.address)).toBe(carolBefore + (STAKE * 9n) / 10n);
    expect(await prdsBalance(w, w.treasury.address)).toBe(treasuryBefore + (STAKE * 2n) / 10n);
    const [cc, dc] = await challenges(id);
    expect(cc!.status).toBe(ChallengeStatus.ReturnedLessPenalty);
    expect(dc!.status).toBe(ChallengeStatus.ReturnedLessPenalty);
    expect(await state(w, id)).toBe(State.Finished);
    expect((await w.markets.getFunction("getMarket")(id)).result).toBe(0n);
  });
});

describe("Markets disputes: absent issuer", () => {
  async function absentMarket(): Promise<bigint> {
    const id = await issue(w, { margin: usdt(200) });
    await buy(w, w.bob, id, 0, usdt(100));
    await buy(w, w.carol, id, 1, usdt(100));
    await increaseTime(DAY + 1);
    await expectRevert(w.markets.connect(w.bob).getFunction("advance")(id), w.markets, "NothingToAdvance", [id]);
    await increaseTime(DAY + 3 * DAY);
    expect(await state(w, id)).toBe(State.IssuerAbsent);
    const r = await send(w, w.bob, "advance", id);
    expect(eventsOf(w, r, "IssuerAbsent")).toHaveLength(1);
    expect(eventsOf(w, r, "BondSlashed")[0]).toMatchObject({ toTreasury: usdt(200), compensation: 0n });
    expect(eventsOf(w, r, "VoteStarted")[0]).toMatchObject({ kind: 3n, candidates: 3n });
    expect(await state(w, id)).toBe(State.Voting);
    return id;
  }

  test("the issuer loses the bond and the vote picks the option", async () => {
    const id = await absentMarket();
    await send(w, voters[0]!, "vote", id, 2); // option 1
    await send(w, voters[2]!, "vote", id, 1);
    await increaseTime(3 * DAY);
    const r = await send(w, w.bob, "advance", id);
    expect(eventsOf(w, r, "VoteTallied")[0]).toMatchObject({ outcome: 4n, winningChoice: 2n });
    expect((await w.markets.getFunction("getMarket")(id)).result).toBe(1n);
    expect(await w.markets.getFunction("creditOf")(w.alice.address)).toBe(usdt(2)); // fees only: the bond is gone
    expect(await claimAll(w, w.carol, id)).toBe((usdt(98) * usdt(296)) / usdt(148));
  });

  test("missing the quorum twice makes the absent issuer's market invalid", async () => {
    const id = await absentMarket();
    await increaseTime(3 * DAY);
    await send(w, w.bob, "advance", id);
    await increaseTime(3 * DAY);
    const r = await send(w, w.bob, "advance", id);
    expect(eventsOf(w, r, "MarketInvalidated")[0]).toMatchObject({ reason: 1n });
    expect(await state(w, id)).toBe(State.Invalid);
    expect(await claimAll(w, w.bob, id)).toBe(usdt(100));
    expect(await w.markets.getFunction("creditOf")(w.alice.address)).toBe(0n);
  });
});

describe("Markets disputes: gas", () => {
  test("challenge, appeal, vote and tally costs", async () => {
    const gas: Record<string, number> = {};
    const id = await confirmedMarket();
    gas.challengeFirst = Number((await challenge(w.carol, id, 1)).gasUsed);
    gas.appeal = Number((await send(w, w.alice, "appeal", id)).gasUsed);
    gas.vote = Number((await send(w, voters[0]!, "vote", id, 1)).gasUsed);
    await send(w, voters[1]!, "vote", id, 1);
    await increaseTime(3 * DAY);
    gas.tallyAndFinalize = Number((await send(w, w.bob, "advance", id)).gasUsed);
    gas.claimVoterReward = Number((await send(w, voters[0]!, "claimVoterReward", id)).gasUsed);
    const id2 = await confirmedMarket();
    await challenge(w.carol, id2, 1);
    gas.challengeSecondStartsVote = Number((await challenge(w.dave, id2, 1)).gasUsed);
    console.log(`markets dispute gas: ${JSON.stringify(gas)}`);
    // PRDS is ERC20Votes: every PRDS transfer also writes vote checkpoints, which dominates these.
    expect(gas.vote).toBeLessThan(120_000);
    expect(gas.challengeFirst).toBeLessThan(340_000);
    expect(gas.appeal).toBeLessThan(50_000);
  });
});
