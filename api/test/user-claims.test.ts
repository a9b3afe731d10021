import type { Contract, Signer } from "ethers";
import { LicenseType } from "@prds/contracts/actions";
import { DAY, HOUR, startStack, u, type ProtocolDriver, type Stack } from "./helpers/protocol";

/**
 * /api/user/claims (what the protocol owes an account now), /api/user/history (every USDT movement of
 * its positions), /api/bought's `active` filter and /api/referral/rewards' claimable, on a devnet where
 * every kind of due arises: payouts and refunds (an early claim refunds late stakes), a referrer's
 * share (before and after an early claim's cutoff), a winning voter's PRDS reward and a proven
 * challenger's compensation. Each answered amount must be what the claim call returns when simulated
 * and what it moves on chain when sent, and nothing is left due afterwards.
 */

jest.setTimeout(300_000);

interface ClaimItem {
  marketId: string;
  state: string;
  position: string;
  compensations: { index: number; amount: string }[];
  voterReward: string;
  referral: string;
}
interface Claims {
  list: ClaimItem[];
}
interface HistoryItem {
  kind: string;
  marketId: string;
  option: number | null;
  paid: string;
  payout: string;
  refund: string;
  txHash: string;
}
interface Paged<T> {
  list: T[];
  total: number;
}

let s: Stack;
let d: ProtocolDriver;
const markets = { lost: 0n, early: 0n, won: 0n };

async function issue(issuer: Signer, label: string, lastTradingTime: number, expirationTime: number): Promise<bigint> {
  const { tokenId } = await d.buyLicense(issuer, LicenseType.Common);
  const { id } = await d.issue(issuer, {
    licenseId: tokenId,
    metadata: { event: `Will the ${label} market pay what it owes?`, category: "other", options: ["Yes", "No"] },
    lastTradingTime,
    expirationTime,
    liquidity: u(200),
    margin: u(300),
  });
  return id;
}

/** Moves the chain past `time` (a minute past, or a second past now when that is already later). */
async function past(time: number): Promise<void> {
  await d.setTime(Math.max(time + 60, (await d.now()) + 1));
}

beforeAll(async () => {
  s = await startStack("user_claims");
  d = s.driver;
  const [b0, b1, b2, b3, b4, b5] = [0, 1, 2, 3, 4, 5].map((i) => d.buyer(i)) as [Signer, Signer, Signer, Signer, Signer, Signer];
  const [v0, v1] = [d.voter(0), d.voter(1)];
  const referrer = d.erin;
  // Voting power counts at the block before a confirmation; challengers need the stake.
  await d.fundPrds(v0, u(3_000_000));
  await d.fundPrds(v1, u(1_500_000));
  for (const challenger of [b1, b5]) await d.fundPrds(challenger, u(5_000));

  const t0 = await d.now();
  const lastTradingTime = t0 + DAY;
  const expirationTime = t0 + 2 * DAY;
  markets.lost = await issue(d.alice, "challenge lost", lastTradingTime, expirationTime);
  markets.early = await issue(d.alice, "early", lastTradingTime, expirationTime);
  markets.won = await issue(d.bob, "challenge won", lastTradingTime, expirationTime);

  await d.buy(b0, markets.lost, 0, u(100), referrer);
  await d.buy(b1, markets.lost, 1, u(60), referrer);
  await d.buy(b2, markets.early, 0, u(100), referrer);
  await d.buy(b4, markets.won, 0, u(100));
  await d.buy(b5, markets.won, 1, u(60));
  // After the outcome was known (the early claim says t0 + 3 h): refunded in full, and its referral
  // share never becomes claimable.
  await d.setTime(t0 + 6 * HOUR);
  await d.buy(b3, markets.early, 1, u(40), referrer);
  await d.confirmEarly(d.alice, markets.early, 0, t0 + 3 * HOUR);

  await d.setTime(expirationTime + 60);
  await d.confirm(d.alice, markets.lost, 0);
  await d.confirm(d.bob, markets.won, 0);
  await d.challenge(b1, markets.lost, 1, "The record says No.");
  await d.challenge(b5, markets.won, 1, "The record says No.");
  await d.appeal(d.alice, markets.lost);
  await d.vote(v0, markets.lost, 1); // the issuer's claim: wins, so v0 shares the lost stake
  await d.vote(v1, markets.lost, 2); // the challenge
  await past((await d.dispute(markets.won)).responseEnd);
  await d.advance(b4, markets.won); // unanswered: the challenger wins by default, compensation from the bond
  await past((await d.dispute(markets.lost)).voteEnd);
  await d.advance(b4, markets.lost); // tallied: the issuer's claim stands, final
  const windowEnd = Math.max((await d.market(markets.early)).windowEnd, (await d.market(markets.won)).windowEnd);
  await past(windowEnd);
  // Past their windows; finalized (a referral share is claimable only from a final market).
  await d.advance(b4, markets.early);
  await d.advance(b4, markets.won);
  await s.settle();
});

afterAll(async () => s?.close());

const claimsOf = (account: Signer) => s.api.ok<Claims>("/api/user/claims", { account: d.addr(account) });

/** A claim call simulated from `account`: what it would pay. */
async function simulate(account: Signer, fn: string, ...args: unknown[]): Promise<bigint> {
  const result: unknown = await d.c.markets
    .connect(account)
    .getFunction(fn)
    .staticCall(...args);
  if (typeof result === "bigint") return result;
  const [payout, refund] = result as [bigint, bigint];
  return payout + refund;
}

/** Sends the claim and answers what `token` balance of `account` it moved. */
async function sendAndMeasure(account: Signer, token: Contract, fn: string, ...args: unknown[]): Promise<bigint> {
  const before = BigInt(await token.getFunction("balanceOf")(d.addr(account)));
  await d.tx(d.c.markets, account, fn, ...args);
  return BigInt(await token.getFunction("balanceOf")(d.addr(account))) - before;
}

test("every due amount is what its claim call pays, and nothing is left once claimed", async () => {
  const [b0, b1, b2, b3, b4, b5] = [0, 1, 2, 3, 4, 5].map((i) => d.buyer(i)) as [Signer, Signer, Signer, Signer, Signer, Signer];
  const [v0, v1] = [d.voter(0), d.voter(1)];
  const accounts = [d.alice, d.bob, d.erin, b0, b1, b2, b3, b4, b5, v0, v1];

  // The dues this world was built to have, each of its kind.
  const referrer = await claimsOf(d.erin);
  expect(referrer.list.map((c) => c.marketId).sort()).toEqual([markets.lost, markets.early].map(String).sort());
  const earlyReferral = await s.api.ok<Paged<{ marketId: string; accrued: string; claimable: string }>>("/api/referral/rewards", {
    account: d.addr(d.erin),
  });
  const early = earlyReferral.list.find((r) => r.marketId === markets.early.toString());
  // The late buy's share was accrued but is not claimable: only b2's.
  expect(BigInt(early?.claimable ?? "0")).toBeGreaterThan(0n);
  expect(BigInt(early?.claimable ?? "0")).toBeLessThan(BigInt(early?.accrued ?? "0"));
  expect(early?.claimable).toBe(referrer.list.find((c) => c.marketId === markets.early.toString())?.referral);
  expect(BigInt((await claimsOf(v0)).list[0]?.voterReward ?? "0")).toBeGreaterThan(0n);
  expect((await claimsOf(v1)).list).toEqual([]);
  expect((await claimsOf(b5)).list[0]?.compensations).toHaveLength(1);
  expect(BigInt((await claimsOf(b3)).list[0]?.position ?? "0")).toBe(u(40)); // the late stake, fee included
  expect((await claimsOf(b1)).list).toEqual([]); // lost its stake and its challenge

  // /api/bought: a settled market whose payout is unclaimed is still an active position.
  const activeBefore = await s.api.ok<Paged<{ market: { id: string } }>>("/api/bought", {
    account: d.addr(b0),
    status: "active",
  });
  expect(activeBefore.list.map((i) => i.market.id)).toEqual([markets.lost.toString()]);

  for (const account of accounts) {
    for (const due of (await claimsOf(account)).list) {
      const id = BigInt(due.marketId);
      const who = `${d.addr(account)} in ${due.marketId}`;
      if (due.position !== "0") {
        expect({ who, position: await simulate(account, "claim", id, d.addr(account)) }).toEqual({
          who,
          position: BigInt(due.position),
        });
        expect({ who, paid: await sendAndMeasure(account, d.c.usdt, "claim", id, d.addr(account)) }).toEqual({
          who,
          paid: BigInt(due.position),
        });
      }
      for (const c of due.compensations) {
        expect({ who, compensation: await simulate(account, "claimCompensation", id, c.index) }).toEqual({
          who,
          compensation: BigInt(c.amount),
        });
        expect({ who, paid: await sendAndMeasure(account, d.c.usdt, "claimCompensation", id, c.index) }).toEqual({
          who,
          paid: BigInt(c.amount),
        });
      }
      if (due.voterReward !== "0") {
        expect({ who, reward: await simulate(account, "claimVoterReward", id) }).toEqual({
          who,
          reward: BigInt(due.voterReward),
        });
        expect({ who, paid: await sendAndMeasure(account, d.c.prds, "claimVoterReward", id) }).toEqual({
          who,
          paid: BigInt(due.voterReward),
        });
      }
      if (due.referral !== "0") {
        expect({ who, referral: await simulate(account, "claimReferral", id) }).toEqual({ who, referral: BigInt(due.referral) });
        expect({ who, paid: await sendAndMeasure(account, d.c.usdt, "claimReferral", id) }).toEqual({
          who,
          paid: BigInt(due.referral),
        });
      }
    }
  }
  await s.settle();
  for (const account of accounts) {
    expect({ account: d.addr(account), left: (await claimsOf(account)).list }).toEqual({ account: d.addr(account), left: [] });
  }
  // Claimed: no longer claimable (the contract paid it all at once).
  const after = await s.api.ok<Paged<{ claimable: string }>>("/api/referral/rewards", { account: d.addr(d.erin) });
  expect(after.list.map((r) => r.claimable)).toEqual(["0", "0"]);
  const activeAfter = await s.api.ok<Paged<unknown>>("/api/bought", { account: d.addr(b0), status: "active" });
  expect([activeAfter.total, activeAfter.list]).toEqual([0, []]);
});

test("the history holds every buy, seed, payout and refund; its totals are the positions' invested and received", async () => {
  for (const account of [d.alice, d.buyer(0), d.buyer(3)]) {
    const history = await s.api.ok<Paged<HistoryItem>>("/api/user/history", { account: d.addr(account), pageSize: 100 });
    const totals = (await s.api.post<unknown>("/api/user/history", { account: d.addr(account) })).body.extra as {
      totals: { paid: string; received: string };
    };
    const bought = (await s.api.post<unknown>("/api/bought", { account: d.addr(account) })).body.extra as {
      totals: { invested: string; received: string };
    };
    expect(totals.totals).toEqual({ paid: bought.totals.invested, received: bought.totals.received });
    const sumOf = (pick: (h: HistoryItem) => bigint) => history.list.reduce((acc, h) => acc + pick(h), 0n).toString();
    expect(sumOf((h) => BigInt(h.paid))).toBe(totals.totals.paid);
    expect(sumOf((h) => BigInt(h.payout) + BigInt(h.refund))).toBe(totals.totals.received);
    expect(history.total).toBe(history.list.length);
  }
  // b3: its late buy, then the refund of it.
  const b3 = await s.api.ok<Paged<HistoryItem>>("/api/user/history", { account: d.addr(d.buyer(3)) });
  expect(b3.list.map((h) => [h.kind, h.marketId, h.option, h.paid, h.refund])).toEqual([
    ["refund", markets.early.toString(), null, "0", u(40).toString()],
    ["buy", markets.early.toString(), 1, u(40).toString(), "0"],
  ]);
  // The issuer: each market's seeded liquidity, and its payouts; paged newest first.
  const alice = await s.api.ok<Paged<HistoryItem>>("/api/user/history", { account: d.addr(d.alice), pageSize: 2, page: 2 });
  expect(alice.list).toHaveLength(2);
  const kinds = (await s.api.ok<Paged<HistoryItem>>("/api/user/history", { account: d.addr(d.alice) })).list.map((h) => h.kind);
  expect(kinds.filter((k) => k === "liquidity")).toHaveLength(2);
});
