import { type Signer } from "ethers";
import { metadataHash, optionKey as optionKeyOf } from "@prds/contracts/actions";
import { ADMIN_TOKEN, DAY, HOUR, eventually, u } from "./protocol";
import { type Paged, type MarketSummary, type TrackRecord, sum, type MarketsLifecycle } from "./marketsLifecycle";

/** The markets lifecycle's steps (protocol.markets.test.ts), in order. Settlement: closing, expiry, deadlines, challenge windows, the last claims and metadata held for review. */

/** closing: labels follow the chain's time (closed, void by premium); an early confirmation is challenged */
export async function closing(life: MarketsLifecycle): Promise<void> {
  const { s, d, id, detail, expectDetailMatchesChain, markets } = life;
  await d.setTime(life.state.t0 + 2 * DAY + 60);
  await s.settle();
  for (const key of ["M1", "M2", "M5", "M6", "M3"]) await expectDetailMatchesChain(key);
  expect((await detail("M1")).market).toMatchObject({ state: "Closed", label: { key: "marketClosed", option: null } });
  // 9.8 USDT of buyers' stake, below the 50 minimum premium: void as soon as trading closed.
  expect((await detail("M5")).market).toMatchObject({
    state: "Void",
    label: { key: "void", option: null },
    premiumReached: false,
  });
  expect((await markets({ status: "waitingResult" })).list.map((x) => x.id).sort()).toEqual(
    ["M1", "M2", "M6"].map((k) => id(k).toString()).sort(),
  );

  const knownAt = (await d.now()) - 3 * HOUR;
  await d.confirmEarly(d.dave, id("M3"), 0, knownAt);
  await s.settle();
  const early = await expectDetailMatchesChain("M3");
  expect(early.market).toMatchObject({
    state: "EarlyConfirmed",
    early: true,
    label: { key: "confirmedEarlyOccurred", option: 0 },
    result: 0,
  });
  // b2 holds option 1 there: it challenges with evidence uploaded through the api.
  const challenge = await d.challenge(d.buyer(2), id("M3"), 1, "The minutes show no cut was decided.");
  await s.settle();
  const challenged = await expectDetailMatchesChain("M3", d.buyer(2));
  expect(challenged.market).toMatchObject({
    state: "Challenging",
    label: { key: "challengingOccurred", option: 0 },
    challengeCount: 1,
  });
  expect(challenged.challenges[0]).toMatchObject({
    challenger: d.addr(d.buyer(2)),
    evidenceHash: challenge.evidenceHash,
    evidence: { hash: challenge.evidenceHash, text: "The minutes show no cut was decided." },
    status: "Open",
    txHash: challenge.tx.hash,
  });
  const evidence = await s.api.ok<{ hash: string; imageHash: string | null; imageUrl: string | null; text: string }>(
    "/api/evidence/detail",
    {
      hash: challenge.evidenceHash,
    },
  );
  expect(evidence).toEqual(challenged.challenges[0]?.evidence);
  const imageUrl = challenged.challenges[0]?.evidence?.imageUrl;
  if (imageUrl) {
    const image = await fetch(`${s.api.baseUrl}${imageUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toContain("image/png");
  }
  expect(challenged.market.responseEnd).toBe((await d.dispute(id("M3"))).responseEnd);
  expect((await markets({ status: "challenging" })).list.map((x) => x.id)).toEqual([id("M3").toString()]);
}

/** expiry: confirmations, a challenge conceded, a challenge appealed to a vote, the void market refunded */
export async function expiry(life: MarketsLifecycle): Promise<void> {
  const { s, d, id, detail, expectDetailMatchesChain } = life;
  await d.setTime(life.state.t0 + 3 * DAY + 60);
  await s.settle();
  expect((await detail("M1")).market).toMatchObject({
    state: "WaitingConfirmation",
    label: { key: "waitingConfirmation", option: null },
  });

  await d.confirm(d.alice, id("M1"), 0);
  await d.confirm(d.bob, id("M2"), 2);
  await d.confirm(d.alice, id("M6"), 0);
  await s.settle();
  expect((await expectDetailMatchesChain("M1", d.buyer(0))).market).toMatchObject({
    state: "Confirmed",
    label: { key: "confirmedOccurred", option: 0 },
  });
  expect((await expectDetailMatchesChain("M2")).market).toMatchObject({
    state: "Confirmed",
    label: { key: "confirmedOption", option: 2 },
  });

  // M6: b4 (holding option 1) challenges alice's option 0; alice concedes.
  const m6 = await d.challenge(d.buyer(4), id("M6"), 1, "The festival announced the other film.");
  await d.concede(d.alice, id("M6"));
  await s.settle();
  const conceded = await expectDetailMatchesChain("M6", d.buyer(4));
  expect(conceded.market).toMatchObject({
    state: "Confirmed",
    result: 1,
    label: { key: "confirmedNotOccurred", option: 1 },
    overturned: true,
  });
  expect(conceded.challenges[0]).toMatchObject({
    status: "Conceded",
    evidenceHash: m6.evidenceHash,
    prdsReturned: u(1_000).toString(),
  });

  // M2: b4 challenges the issuer's option 2 with option 0; bob appeals; the vote opens.
  await d.challenge(d.buyer(4), id("M2"), 0, "The official count puts the incumbent first.");
  await d.appeal(d.bob, id("M2"));
  await d.vote(d.voter(0), id("M2"), 1); // the issuer's claim
  await d.vote(d.voter(1), id("M2"), 2); // the challenge
  await s.settle();
  const voting = await expectDetailMatchesChain("M2");
  expect(voting.market).toMatchObject({ state: "Appealing", appealed: true, label: { key: "appealing", option: 2 } });
  const vote = voting.vote;
  if (!vote) throw new Error("no vote answered");
  const dispute = await d.dispute(id("M2"));
  expect({ kind: vote.kind, voteEnd: vote.voteEnd, total: vote.totalWeight, voters: vote.voterCount }).toEqual({
    kind: "Appeal",
    voteEnd: dispute.voteEnd,
    total: dispute.totalVotes.toString(),
    voters: 2,
  });
  for (const choice of vote.choices) {
    const tally = BigInt(await s.devnet.protocol.markets.getFunction("tallyOf")(id("M2"), choice.choice));
    expect({ choice: choice.choice, tally: choice.tally }).toEqual({ choice: choice.choice, tally: tally.toString() });
  }
  expect(vote.choices.map((c) => c.kind)).toEqual(["invalid", "issuer", "challenge"]);
  for (const v of vote.votes) {
    const ballot = await s.devnet.protocol.markets.getFunction("ballotOf")(id("M2"), v.voter);
    expect({ voter: v.voter, choice: v.choice, weight: v.weight }).toEqual({
      voter: v.voter,
      choice: Number(ballot.choicePlusOne) - 1,
      weight: BigInt(ballot.weight).toString(),
    });
  }

  // The void market: advance records it, the buyer gets stake and fee back.
  await d.advance(d.buyer(5), id("M5"));
  const before = await d.usdtBalance(d.buyer(5));
  const refundView = (await detail("M5", d.buyer(5))).positions;
  await d.claim(d.buyer(5), id("M5"));
  const refunded = (await d.usdtBalance(d.buyer(5))) - before;
  await s.settle();
  expect(refunded).toBe(u(10));
  expect(refundView?.pendingPayoff).toBe(refunded.toString());
  const after = await expectDetailMatchesChain("M5", d.buyer(5));
  expect(after.positions).toMatchObject({
    refund: refunded.toString(),
    received: refunded.toString(),
    claimed: true,
    profit: "0",
  });
}

/** deadlines: an unanswered challenge won by default (compensation), the vote tallied (voter reward), winners paid what the api said */
export async function deadlines(life: MarketsLifecycle): Promise<void> {
  const { s, d, id, buys, detail, expectDetailMatchesChain } = life;
  await d.setTime(life.state.t0 + 6 * DAY + 4 * HOUR);
  await s.settle();
  // M3: dave never answered b2's challenge.
  expect((await detail("M3")).market.state).toBe("WaitResult");
  await d.advance(d.buyer(0), id("M3"));
  await s.settle();
  const defaulted = await expectDetailMatchesChain("M3", d.buyer(2));
  expect(defaulted.market).toMatchObject({ state: "Confirmed", result: 1, overturned: true, bondState: "slashed" });
  expect(defaulted.challenges[0]).toMatchObject({ status: "WonByDefault", compensationState: "pending" });
  const compensation = BigInt(defaulted.challenges[0]?.compensation ?? "0");
  expect(compensation).toBeGreaterThan(0n);
  const before = await d.usdtBalance(d.buyer(2));
  await d.claimCompensation(d.buyer(0), id("M3"), 0);
  expect((await d.usdtBalance(d.buyer(2))) - before).toBe(compensation);
  await s.settle();
  expect((await expectDetailMatchesChain("M3")).challenges[0]?.compensationState).toBe("received");
  const daveRecord = (await detail("M3")).issuerRecord;
  expect(daveRecord).toMatchObject({ account: d.addr(d.dave), issued: 1, challenged: 1, overturned: 1, bondsSlashed: 1 });
  expect(await s.api.ok<TrackRecord>("/api/issuer/track-record", { account: d.addr(d.dave) })).toEqual(daveRecord);

  // M2: the vote ended; the issuer's claim won, so the challenge stake is lost to the voters.
  expect((await detail("M2")).market.state).toBe("WaitResult");
  await d.advance(d.buyer(0), id("M2"));
  await s.settle();
  const tallied = await expectDetailMatchesChain("M2", d.buyer(0));
  expect(tallied.market).toMatchObject({ state: "Finished", result: 2, label: { key: "challengeFailedOption", option: 2 } });
  expect(tallied.vote?.outcome).toBe("IssuerWins");
  expect(tallied.challenges[0]?.status).toBe("Lost");
  const prdsBefore = await d.prdsBalance(d.voter(0));
  await d.claimVoterReward(d.voter(0), id("M2"));
  const reward = (await d.prdsBalance(d.voter(0))) - prdsBefore;
  expect(reward).toBe(u(500)); // half of the 1,000 PRDS stake, one winning voter
  await s.settle();
  const rewarded = (await detail("M2")).vote?.votes.find((v) => v.voter === d.addr(d.voter(0)));
  expect(rewarded?.reward).toBe(reward.toString());

  // The winner (b0 on option 2) is paid exactly the pending payoff the api showed.
  const shown = (await detail("M2", d.buyer(0))).positions;
  const usdtBefore = await d.usdtBalance(d.buyer(0));
  await d.claim(d.buyer(0), id("M2"));
  const paid = (await d.usdtBalance(d.buyer(0))) - usdtBefore;
  expect(paid).toBeGreaterThan(0n);
  expect(shown?.pendingPayoff).toBe(paid.toString());
  await s.settle();
  const claimedView = (await expectDetailMatchesChain("M2", d.buyer(0))).positions;
  const invested = sum(buys.filter((b) => b.key === "M2" && b.event.buyer === d.addr(d.buyer(0))).map((b) => b.event.amount));
  expect(claimedView).toMatchObject({
    payout: paid.toString(),
    received: paid.toString(),
    claimed: true,
    pendingPayoff: "0",
    profit: (paid - invested).toString(),
  });
}

/** challenge windows close: finalization on claim, referral and issuer credit withdrawn, snapshots */
export async function challengeWindowsClose(life: MarketsLifecycle): Promise<void> {
  const { s, d, id, buys, detail, expectDetailMatchesChain } = life;
  await d.setTime(life.state.t0 + 10 * DAY + 2 * HOUR);
  await s.settle();
  // M1's window has passed: Finished by time, before anyone finalizes it.
  expect((await expectDetailMatchesChain("M1")).market).toMatchObject({ state: "Finished" });
  const b0 = d.buyer(0);
  const shown = (await detail("M1", b0)).positions;
  const before = await d.usdtBalance(b0);
  await d.claim(b0, id("M1"));
  const paid = (await d.usdtBalance(b0)) - before;
  expect(shown?.pendingPayoff).toBe(paid.toString());
  await d.claim(d.buyer(1), id("M1"), d.buyer(2)); // anyone may claim for another account
  await s.settle();
  const final = await expectDetailMatchesChain("M1", b0);
  expect(final.market).toMatchObject({ phase: "Final", label: { key: "eventFinished", option: 0 } });
  expect((await detail("M1", d.buyer(2))).positions?.claimed).toBe(true);

  // Referral: b0's share of b1's and b2's fees in M1, claimable once final.
  const owed = await d.referralOwed(id("M1"), b0);
  const rewards = await s.api.ok<Paged<{ marketId: string; accrued: string; claimed: string; claimable: string }>>(
    "/api/referral/rewards",
    { account: d.addr(b0) },
  );
  const m1Reward = (list: { marketId: string }[]) => list.find((r) => r.marketId === id("M1").toString());
  expect(m1Reward(rewards.list)).toMatchObject({ claimable: owed.toString(), claimed: "0" });
  const refBefore = await d.usdtBalance(b0);
  await d.claimReferral(b0, id("M1"));
  expect((await d.usdtBalance(b0)) - refBefore).toBe(owed);
  await s.settle();
  const afterReferral = await s.api.ok<Paged<{ marketId: string; accrued: string; claimed: string; claimable: string }>>(
    "/api/referral/rewards",
    { account: d.addr(b0) },
  );
  expect(m1Reward(afterReferral.list)).toMatchObject({ claimed: owed.toString(), claimable: "0" });

  // The issuer's free balance (released margin, issuer fees) is cash; withdrawing keeps cash whole.
  const credit = await d.creditOf(d.alice);
  expect(credit).toBeGreaterThan(0n);
  const cashOf = async (who: Signer) =>
    (
      (await s.api.post("/api/user/info", { account: d.addr(who), chainType: "31337" })).body.extra as {
        statics: { cash: string };
      }
    ).statics.cash;
  const cashBefore = await cashOf(d.alice);
  expect(cashBefore).toBe(((await d.usdtBalance(d.alice)) + credit).toString());
  await d.withdraw(d.alice, credit);
  await s.settle();
  expect(await d.creditOf(d.alice)).toBe(0n);
  expect(await cashOf(d.alice)).toBe(cashBefore);
  const record = await s.api.ok<TrackRecord>("/api/issuer/track-record", { account: d.addr(d.alice) });
  expect(record).toMatchObject({ issued: 4, cancelled: 1, void: 1, finished: 1, challenged: 1, overturned: 1, running: 1 });

  // Snapshots: b0's running totals as of its latest day, and day profits adding up.
  const snapshots = await s.api.post<{
    list: { day: string; invested: string; received: string; realizedProfit: string; dayProfit: string }[];
  }>("/api/user/snapshots", {
    account: d.addr(b0),
    days: 60,
  });
  expect(snapshots.status).toBe(200);
  const list = snapshots.body.data.list;
  const latest = list[0];
  if (!latest) throw new Error("no snapshots");
  const investedAll = sum(buys.filter((b) => b.event.buyer === d.addr(b0)).map((b) => b.event.amount));
  const m1Invested = sum(buys.filter((b) => b.key === "M1" && b.event.buyer === d.addr(b0)).map((b) => b.event.amount));
  const m2Invested = sum(buys.filter((b) => b.key === "M2" && b.event.buyer === d.addr(b0)).map((b) => b.event.amount));
  const m2Paid = BigInt((await detail("M2", b0)).positions?.payout ?? "0");
  expect(latest.invested).toBe(investedAll.toString());
  expect(latest.received).toBe((paid + m2Paid).toString());
  expect(latest.realizedProfit).toBe((paid + m2Paid - m1Invested - m2Invested).toString());
  expect(sum(list.map((row) => BigInt(row.dayProfit))).toString()).toBe(latest.realizedProfit);
  expect(list.map((row) => row.day)).toEqual([...list.map((row) => row.day)].sort().reverse());
  const now = await d.now();
  expect(latest.day).toBe(new Date(now * 1000).toISOString().slice(0, 10));
  expect((snapshots.body.extra as { yesterday: string }).yesterday).toBe(new Date((now - DAY) * 1000).toISOString().slice(0, 10));
}

/** M3 settles on the challenger's claim; every market ends where the chain says */
export async function m3Settles(life: MarketsLifecycle): Promise<void> {
  const { s, d, id, buys, detail, expectDetailMatchesChain, markets } = life;
  await d.setTime(life.state.t0 + 14 * DAY);
  await s.settle();
  const b2 = d.buyer(2);
  const shown = (await detail("M3", b2)).positions;
  const before = await d.usdtBalance(b2);
  await d.claim(b2, id("M3"));
  const paid = (await d.usdtBalance(b2)) - before;
  expect(shown?.pendingPayoff).toBe(paid.toString());
  await s.settle();
  for (const key of ["M1", "M2", "M3", "M4", "M5", "M6"]) await expectDetailMatchesChain(key, b2);
  // Tab totals are recomputed in the background (README: they may lag a few seconds).
  await eventually(async () => {
    expect((await markets({ status: "finished" })).total).toBe(6);
    expect((await markets({ pageSize: 100 })).extra.totals).toEqual({
      all: 6,
      open: 0,
      closingSoon: 0,
      waitingResult: 0,
      challenging: 0,
      finished: 6,
    });
  });
  const settled = await s.api.ok<Paged<{ market: MarketSummary }>>("/api/bought", { account: d.addr(b2), status: "settled" });
  const b2Markets = [...new Set(buys.filter((b) => b.event.buyer === d.addr(b2)).map((b) => b.event.id.toString()))];
  expect(settled.list.map((x) => x.market.id).sort()).toEqual(b2Markets.sort());
  expect((await s.api.ok<Paged<unknown>>("/api/bought", { account: d.addr(b2), status: "open" })).total).toBe(0);
  const unknown = await s.api.post("/api/market/detail", { id: "999" });
  expect(unknown.status).toBe(404);
  expect(unknown.body).toMatchObject({ code: 40402, msg: "api.error.marketNotFound", data: null });
}

/** metadata held for review has no hash and is never listed; approved by the reviewer, it is */
export async function heldForReview(life: MarketsLifecycle): Promise<void> {
  const { s, d, m, id, detail, markets, fundIssuer } = life;
  const held = {
    event: "Will the trade war end before the summit?",
    category: "politics",
    options: ["Yes", "No"],
    description: "Resolved on the joint statement.",
  };
  const submitted = await s.api.ok<{ status: string; hash: string | null; reason: string | null }>(
    "/api/issue/submit-underlying",
    held,
  );
  expect(submitted).toMatchObject({ status: "audit", hash: null });
  expect(submitted.reason).toMatch(/^api\.moderation\./);
  // The chain accepts any hash: issued anyway with the hash the api would give, and with one it never saw.
  const hash = metadataHash(held);
  const now = await d.now();
  const issue = async (metadata: string): Promise<bigint> => {
    const params = {
      licenseId: life.state.spareLicense,
      metadataHash: metadata,
      options: ["Yes", "No"].map((o) => optionKeyOf(o)),
      lastTradingTime: now + 2 * DAY,
      expirationTime: now + 3 * DAY,
      liquidity: u(200),
      margin: u(300),
      stakeLicense: false,
    };
    const marketsContract = s.devnet.protocol.markets;
    const marketId = (await marketsContract.connect(d.alice).getFunction("issue").staticCall(params)) as bigint;
    await d.tx(marketsContract, d.alice, "issue", params);
    return marketId;
  };
  await fundIssuer();
  m.M7 = await issue(hash);
  m.M8 = await issue(metadataHash({ event: "Never submitted to the api", category: "other", options: ["Yes", "No"] }));
  await s.settle();
  const listed = async () => (await markets({ pageSize: 100 })).list.map((x) => x.id);
  expect(await listed()).not.toContain(id("M7").toString());
  expect(await listed()).not.toContain(id("M8").toString());
  expect((await detail("M7")).market).toMatchObject({ metadataStatus: "audit", event: null, category: null });
  expect((await detail("M8")).market).toMatchObject({ metadataStatus: "missing", event: null });
  const issued = await s.api.ok<Paged<MarketSummary>>("/api/issued", { account: d.addr(d.alice) });
  expect(issued.list.slice(0, 2).map((x) => [x.id, x.event])).toEqual([
    [id("M8").toString(), null],
    [id("M7").toString(), null],
  ]);

  // The review calls: invisible without the token, then the reviewer approves.
  const hidden = await s.api.post("/api/admin/audit/list", {});
  expect(hidden.status).toBe(404);
  const queue = await s.api.post<Paged<{ hash: string; status: string }>>(
    "/api/admin/audit/list",
    {},
    { "x-admin-token": ADMIN_TOKEN },
  );
  expect(queue.status).toBe(200);
  expect(queue.body.data.list.map((r) => [r.hash, r.status])).toEqual([[hash, "audit"]]);
  const review = await s.api.post("/api/admin/audit/review", { hash, decision: "approve" }, { "x-admin-token": ADMIN_TOKEN });
  expect(review.body).toMatchObject({ code: 0, data: { hash, status: "approved", reason: null } });
  const again = await s.api.ok<{ status: string; hash: string | null }>("/api/issue/submit-underlying", held);
  expect(again).toMatchObject({ status: "approved", hash });
  expect(await listed()).toContain(id("M7").toString());
  expect((await detail("M7")).market).toMatchObject({ metadataStatus: "approved", event: held.event, category: "politics" });
  expect(await listed()).not.toContain(id("M8").toString());
}
