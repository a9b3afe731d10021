import { ZeroAddress, type Signer } from "ethers";
import { u } from "./protocol";
import {
  type Paged,
  type MarketSummary,
  type PositionView,
  type Trade,
  ratio,
  sum,
  type MarketsLifecycle,
} from "./marketsLifecycle";

/** The markets lifecycle's steps (protocol.markets.test.ts), in order. Trading: trades, history, user-dealt, bought, issued, user/info and referral rewards. */

/** trades, history, user-dealt, bought, issued: the Bought events and the chain's stakes */
export async function tradesAndHistory(life: MarketsLifecycle): Promise<void> {
  const { s, d, id, buys, options } = life;
  const key = "M1";
  const trades = await s.api.ok<Paged<Trade>>("/api/market/trades", { id: id(key).toString() });
  const mine = buys.filter((b) => b.key === key);
  expect(trades.total).toBe(mine.length);
  expect(trades.list).toEqual(
    [...mine].reverse().map((b) => ({
      txHash: b.tx.hash,
      logIndex: expect.any(Number) as unknown as number,
      marketId: id(key).toString(),
      account: b.event.buyer,
      option: b.event.option,
      optionLabel: options[key]?.[b.event.option] ?? null,
      amount: b.event.amount.toString(),
      stake: b.event.stake.toString(),
      fee: b.event.fee.toString(),
      referrer: b.event.referrer === ZeroAddress.toLowerCase() ? null : b.event.referrer,
      optionStake: b.event.optionStake.toString(),
      pool: b.event.pool.toString(),
      odds: ratio(b.event.pool, b.event.optionStake),
      payoutMultiplier: ratio(b.event.pool * 9_800n, b.event.optionStake * 10_000n),
      time: b.event.time,
      blockNumber: b.tx.blockNumber,
    })),
  );

  // History: one point per trade; each point's stakes are the chain's stakes at that block.
  const history = await s.api.ok<{
    id: string;
    options: (string | null)[];
    points: {
      time: number;
      blockNumber: number;
      pool: string;
      stakes: string[];
      odds: (string | null)[];
      probabilities: (string | null)[];
    }[];
    total: number;
  }>("/api/market/history", { id: id(key).toString() });
  expect(history.options).toEqual(options[key]);
  expect(history.points.length).toBe(history.total);
  expect(history.points.length).toBeGreaterThanOrEqual(mine.length);
  for (const point of history.points) {
    const atBlock = (
      (await s.devnet.protocol.markets.getFunction("optionStakes")(id(key), { blockTag: point.blockNumber })) as bigint[]
    ).map(BigInt);
    const pool = sum(atBlock);
    expect({ block: point.blockNumber, stakes: point.stakes, pool: point.pool }).toEqual({
      block: point.blockNumber,
      stakes: atBlock.map(String),
      pool: pool.toString(),
    });
    expect(point.odds).toEqual(atBlock.map((st) => ratio(pool, st)));
    expect(point.probabilities).toEqual(atBlock.map((st) => ratio(st, pool)));
  }
  for (const b of mine) expect(history.points.map((p) => p.blockNumber)).toContain(b.tx.blockNumber);
  const b0 = d.buyer(0);
  const dealt = await s.api.ok<Paged<Trade & { event: string | null }>>("/api/user-dealt", { account: d.addr(b0) });
  const b0Buys = buys.filter((b) => b.event.buyer === d.addr(b0)).reverse();
  expect(dealt.list.map((t) => [t.txHash, t.marketId, t.amount])).toEqual(
    b0Buys.map((b) => [b.tx.hash, b.event.id.toString(), b.event.amount.toString()]),
  );
  expect(dealt.list[0]?.event).toBe("Who will win the mayoral election in the capital?");
  const dealtM1 = await s.api.ok<Paged<Trade>>("/api/user-dealt", { account: d.addr(b0), marketId: id("M1").toString() });
  expect(dealtM1.list.map((t) => t.txHash)).toEqual(b0Buys.filter((b) => b.key === "M1").map((b) => b.tx.hash));

  const bought = await s.api.ok<Paged<{ market: MarketSummary; position: PositionView }>>("/api/bought", {
    account: d.addr(b0),
  });
  expect(bought.list.map((x) => x.market.id)).toEqual([id("M2").toString(), id("M1").toString()]);
  for (const item of bought.list) {
    const marketId = BigInt(item.market.id);
    const paid = sum(buys.filter((b) => b.event.buyer === d.addr(b0) && b.event.id === marketId).map((b) => b.event.amount));
    expect(item.position.invested).toBe(paid.toString());
    const [market, stakes] = await Promise.all([d.market(marketId), d.optionStakes(marketId)]);
    for (const o of item.position.options) {
      const p = await d.positionOf(marketId, b0, o.option);
      expect({ stake: o.stake, pendingPayoff: o.pendingPayoff }).toEqual({
        stake: p.stake.toString(),
        pendingPayoff: ((p.stake * market.pool) / (stakes[o.option] ?? 1n)).toString(),
      });
    }
  }
  const totals = (await s.api.post<unknown>("/api/bought", { account: d.addr(b0) })).body.extra as {
    totals: { invested: string };
  };
  expect(totals.totals.invested).toBe(sum(b0Buys.map((b) => b.event.amount)).toString());

  const issued = await s.api.ok<Paged<MarketSummary & { licenseId: string; margin: string; bondState: string }>>("/api/issued", {
    account: d.addr(d.alice),
  });
  expect(issued.list.map((x) => x.id)).toEqual(["M6", "M5", "M4", "M1"].map((k) => id(k).toString()));
  for (const x of issued.list) {
    const chain = await d.market(BigInt(x.id));
    expect({ id: x.id, licenseId: x.licenseId, issuer: x.issuer }).toEqual({
      id: x.id,
      licenseId: chain.licenseId.toString(),
      issuer: d.addr(d.alice),
    });
  }
}

/** history downsampled: at most `points` points, the first and the last kept */
export async function historyDownsampled(life: MarketsLifecycle): Promise<void> {
  const { s, id } = life;
  const full = await s.api.ok<{ points: { blockNumber: number }[]; total: number }>("/api/market/history", {
    id: id("M1").toString(),
  });
  expect(full.total).toBeGreaterThanOrEqual(4);
  for (const points of [2, 3]) {
    const sampled = await s.api.ok<{ points: { blockNumber: number }[]; total: number }>("/api/market/history", {
      id: id("M1").toString(),
      points,
    });
    expect({ points, answered: sampled.points.length <= points, total: sampled.total }).toEqual({
      points,
      answered: true,
      total: full.total,
    });
    expect(sampled.points[0]?.blockNumber).toBe(full.points[0]?.blockNumber);
    expect(sampled.points[sampled.points.length - 1]?.blockNumber).toBe(full.points[full.points.length - 1]?.blockNumber);
  }
}

/** user/info: balances are the chain's, cash and portfolio; the free PRDS claim after a buy */
export async function userInfo(life: MarketsLifecycle): Promise<void> {
  const { s, d, id, transStatus } = life;
  const b0 = d.buyer(0);
  const info = async (who: Signer) => {
    const answer = await s.api.post<{ symbol: string; address: string; decimals: number; balance: string }[]>("/api/user/info", {
      account: d.addr(who),
      chainType: "devnet",
    });
    expect(answer.status).toBe(200);
    return {
      funds: answer.body.data,
      statics: (answer.body.extra as { statics: { cash: string; portfolio: string } }).statics,
    };
  };
  const expectFundsMatchChain = async (who: Signer) => {
    const { funds, statics } = await info(who);
    const [native, usdt, prds, credit] = await Promise.all([
      s.devnet.provider.getBalance(d.addr(who)),
      d.usdtBalance(who),
      d.prdsBalance(who),
      d.creditOf(who),
    ]);
    expect(funds).toEqual([
      { symbol: "BNB", address: ZeroAddress, decimals: 18, balance: native.toString() },
      { symbol: "USDT", address: s.devnet.protocol.addresses.DevUSDT?.toLowerCase(), decimals: 18, balance: usdt.toString() },
      { symbol: "PRDS", address: s.devnet.protocol.addresses.PRDS?.toLowerCase(), decimals: 18, balance: prds.toString() },
    ]);
    expect(statics.cash).toBe((usdt + credit).toString());
    return statics;
  };
  // b0's markets are all running: its portfolio is its stakes.
  const statics = await expectFundsMatchChain(b0);
  const stakes = [];
  for (const key of ["M1", "M2"]) for (let o = 0; o < 3; o++) stakes.push((await d.positionOf(id(key), b0, o)).stake);
  expect(statics.portfolio).toBe(sum(stakes).toString());

  const claim = await d.claimPrds(b0);
  await s.settle();
  const status = await transStatus(claim.hash);
  expect(status).toMatchObject({ status: "indexed", success: true, eventCount: 1 });
  await expectFundsMatchChain(b0);
  const claimAmount = BigInt(await s.devnet.protocol.claim.getFunction("claimAmount")());
  expect(BigInt((await info(b0)).funds[2]?.balance ?? "0")).toBe(u(5_000) + claimAmount);
  // Another chain is refused.
  const wrong = await s.api.post("/api/user/info", { account: d.addr(b0), chainType: "bsc" });
  expect(wrong.status).toBeGreaterThanOrEqual(400);
  expect(wrong.body.code).not.toBe(0);
}

/** referral rewards accrue from the referred accounts' fees */
export async function referralRewards(life: MarketsLifecycle): Promise<void> {
  const { s, d, id, buys } = life;
  const b0 = d.buyer(0);
  const rewards = await s.api.post<
    Paged<{ marketId: string; accrued: string; claimed: string; claimable: string; state: string }>
  >("/api/referral/rewards", {
    account: d.addr(b0),
  });
  expect(rewards.status).toBe(200);
  // b1 and b2 are bound to b0 for good: their later buys elsewhere (M3) pay b0 a share too.
  const accrued = new Map<string, bigint>();
  for (const b of buys.filter((x) => x.event.referrer === d.addr(b0))) {
    accrued.set(b.key, (accrued.get(b.key) ?? 0n) + (b.event.fee * 1_000n) / 10_000n);
  }
  const expected = [...accrued.entries()]
    .sort((a, b) => Number(id(b[0]) - id(a[0])))
    .map(([key, value]) => ({
      marketId: id(key).toString(),
      event: expect.any(String) as unknown as string,
      state: "Open",
      label: { key: "guaranteeing", option: null },
      accrued: value.toString(),
      claimed: "0",
      claimable: "0",
    }));
  expect(expected.length).toBe(2);
  expect(rewards.body.data.list).toEqual(expected);
  expect(rewards.body.extra).toMatchObject({ referred: 2 });
  const referrers = await Promise.all(
    [1, 2].map(async (i) => (await s.devnet.protocol.markets.getFunction("referrerOf")(d.addr(d.buyer(i)))) as string),
  );
  expect(referrers.map((r) => r.toLowerCase())).toEqual([d.addr(b0), d.addr(b0)]);
}
