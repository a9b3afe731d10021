import { startHttpHarness, type HttpHarness } from "./helpers/http";
import { address, amount, DAY, insertMarket, setHead, txHash, u } from "./helpers/httpRows";

/**
 * The calls about one account's markets: /api/bought, /api/user-dealt, /api/issued,
 * /api/referral/rewards and /api/user/snapshots on rows written into the tables.
 */
const NOW = 1_800_000_000;
let h: HttpHarness;

interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

beforeAll(async () => {
  h = await startHttpHarness("user_markets");
  await setHead(h.db, NOW);
});
afterAll(async () => h?.close());

describe("an account's markets, trades, referral rewards and snapshots", () => {
  const me = address(0xcafe);
  beforeAll(async () => {
    const db = h.db;
    const a = (n: number) => amount(db, u(n));
    await insertMarket(db, { id: 201, now: NOW, event: "Will A?", issuer: me });
    await insertMarket(db, { id: 202, now: NOW, event: "Will B?", issuer: me, status: "audit" });
    await insertMarket(db, {
      id: 203,
      now: NOW,
      event: "Will C?",
      market: { phase: "Final", result: 0, net_pool: a(100), winning_stake: a(50) },
    });
    await db.kysely
      .insertInto("positions")
      .values([
        {
          market_id: 203,
          account: me,
          option: 0,
          stake: a(49),
          fee: a(1),
          invested: a(50),
          first_time: NOW - 50,
          last_time: NOW - 40,
        },
        {
          market_id: 201,
          account: me,
          option: 1,
          stake: a(9.8),
          fee: a(0.2),
          invested: a(10),
          first_time: NOW - 30,
          last_time: NOW - 20,
        },
      ])
      .execute();
    await db.kysely
      .insertInto("payouts")
      .values({
        tx_hash: txHash("claim 203"),
        log_index: 0,
        market_id: 203,
        account: me,
        payout: a(98),
        refund: a(0),
        time: NOW - 5,
        block_number: 300,
      })
      .execute();
    await db.kysely
      .insertInto("trades")
      .values(
        [201, 203, 203].map((market_id, i) => ({
          tx_hash: txHash(`my trade ${i}`),
          log_index: 0,
          market_id,
          account: me,
          option: 0,
          amount: a(10),
          stake: a(9.8),
          fee: a(0.2),
          referrer: null,
          option_stake: a(60),
          pool: a(120),
          time: NOW - 100 + i,
          block_number: 100 + i,
        })),
      )
      .execute();
    await db.kysely
      .insertInto("referral_earnings")
      .values([
        { referrer: me, market_id: 203, accrued: a(2), claimed: a(0.5) },
        { referrer: me, market_id: 201, accrued: a(1), claimed: a(0) },
      ])
      .execute();
    await db.kysely
      .insertInto("referrals")
      .values([
        { account: address(1), referrer: me, bound_at: NOW },
        { account: address(2), referrer: me, bound_at: NOW },
      ])
      .execute();
    const day = (offset: number) => new Date((NOW + offset * DAY) * 1000).toISOString().slice(0, 10);
    await db.kysely
      .insertInto("position_snapshots")
      .values([
        { day: day(-3), account: me, invested: a(50), received: a(0), realized_profit: "0" },
        { day: day(-2), account: me, invested: a(60), received: a(0), realized_profit: (-u(10)).toString() },
        { day: day(-1), account: me, invested: a(60), received: a(98), realized_profit: u(38).toString() },
      ])
      .execute();
    // Only /api/markets keeps answers per head; these calls read the rows as they are now.
    await setHead(db, NOW, 5_000);
  });

  test("/api/bought: positions per market with pending payoff, received and profit", async () => {
    const r = await h.post<
      Paged<{ market: { id: string; event: string | null }; position: Record<string, unknown> }>,
      { totals: Record<string, string> }
    >("/api/bought", { account: me });
    expect(r.body.code).toBe(0);
    expect(r.body.data.list.map((i) => i.market.id)).toEqual(["201", "203"]); // most recently bought first
    expect(r.body.data.list[1]?.position).toMatchObject({
      invested: u(50).toString(),
      received: u(98).toString(),
      claimed: true,
      pendingPayoff: "0",
      profit: u(48).toString(),
    });
    expect(r.body.data.list[0]?.position).toMatchObject({ invested: u(10).toString(), profit: null });
    expect(r.body.extra.totals).toMatchObject({
      invested: u(60).toString(),
      received: u(98).toString(),
      profit: u(48).toString(),
    });
    const settled = await h.post<Paged<{ market: { id: string } }>>("/api/bought", { account: me, status: "settled" });
    expect(settled.body.data.list.map((i) => i.market.id)).toEqual(["203"]);
    const open = await h.post<Paged<{ market: { id: string } }>>("/api/bought", { account: me, status: "open", pageSize: 1 });
    expect([open.body.data.total, open.body.data.list.map((i) => i.market.id)]).toEqual([1, ["201"]]);
  });

  test("/api/user-dealt: the account's trades, newest first, with the event", async () => {
    const r = await h.post<Paged<{ txHash: string; marketId: string; event: string | null; optionLabel: string | null }>>(
      "/api/user-dealt",
      { account: me, pageSize: 2 },
    );
    expect(r.body.data.total).toBe(3);
    expect(r.body.data.list.map((t) => [t.txHash, t.event, t.optionLabel])).toEqual([
      [txHash("my trade 2"), "Will C?", "Yes"],
      [txHash("my trade 1"), "Will C?", "Yes"],
    ]);
    const one = await h.post<Paged<{ marketId: string }>>("/api/user-dealt", { account: me, marketId: "201" });
    expect(one.body.data.list.map((t) => t.marketId)).toEqual(["201"]);
  });

  test("/api/issued: the issuer's markets, held ones without their text", async () => {
    const r = await h.post<
      Paged<{ id: string; event: string | null; metadataStatus: string; margin: string; bondState: string }>
    >("/api/issued", { account: me });
    expect(r.body.data.list.map((m) => [m.id, m.event, m.metadataStatus])).toEqual([
      ["202", null, "audit"],
      ["201", "Will A?", "approved"],
    ]);
    expect(r.body.data.list[0]).toMatchObject({ margin: u(100).toString(), bondState: "locked" });
  });

  test("/api/issued: by status tab, with the issuer's deadlines, figures and frozen margin", async () => {
    const issuer = address(0xbeef);
    const db = h.db;
    const a = (n: number) => amount(db, u(n));
    await insertMarket(db, { id: 301, now: NOW, event: "Open one?", issuer });
    await insertMarket(db, {
      id: 302,
      now: NOW,
      event: "Finished one?",
      issuer,
      stakes: [100, 200],
      volume: 200,
      market: {
        phase: "Final",
        result: 0,
        net_pool: a(300),
        winning_stake: a(100),
        issuer_fee: a(2),
        bond_state: "released",
      },
    });
    await insertMarket(db, {
      id: 303,
      now: NOW,
      event: "Challenged one?",
      issuer,
      market: { phase: "Challenging", result: 1, response_end: NOW + DAY, challenge_count: 1 },
    });
    await insertMarket(db, {
      id: 304,
      now: NOW,
      event: "Cancelled one?",
      issuer,
      market: { phase: "Cancelled", bond_state: "released" },
    });
    // The seeded liquidity is the issuer's position: 50 on each option of the finished market.
    await db.kysely
      .insertInto("positions")
      .values(
        [0, 1].map((option) => ({
          market_id: 302,
          account: issuer,
          option,
          stake: a(50),
          fee: a(0),
          invested: a(50),
          first_time: NOW - DAY,
          last_time: NOW - DAY,
        })),
      )
      .execute();
    await setHead(db, NOW, 5_001);

    type Issued = {
      id: string;
      feeTotal: string;
      confirmationDeadline: number;
      responseEnd: number | null;
      liquidityClaimable: string;
      liquidityProfit: string | null;
      issuerProfit: string | null;
    };
    const all = await h.post<Paged<Issued>, { now: number; totals: Record<string, number>; frozenMargin: string }>(
      "/api/issued",
      { account: issuer },
    );
    expect(all.body.data.list.map((m) => m.id)).toEqual(["304", "303", "302", "301"]);
    expect(all.body.extra).toEqual({
      now: NOW,
      totals: { all: 4, open: 1, closingSoon: 0, waitingResult: 0, challenging: 1, finished: 2 },
      // 301 and 303 still back live markets; 302's and 304's margin went back to the free balance.
      frozenMargin: u(200).toString(),
    });
    const byId = new Map(all.body.data.list.map((m) => [m.id, m]));
    // Winning 50 of the 100 staked on option 0 pays 50 × 300 / 100 = 150 for 100 seeded: +50, plus the 2 fee.
    expect(byId.get("302")).toMatchObject({
      feeTotal: u(4).toString(),
      liquidityClaimable: u(150).toString(),
      liquidityProfit: u(50).toString(),
      issuerProfit: u(52).toString(),
    });
    // Not settled yet: no profit, nothing to claim, and the deadlines to act before.
    expect(byId.get("301")).toMatchObject({
      liquidityClaimable: "0",
      liquidityProfit: null,
      issuerProfit: null,
      confirmationDeadline: NOW + 11 * DAY + 3 * DAY,
      responseEnd: null,
    });
    expect(byId.get("303")).toMatchObject({ responseEnd: NOW + DAY });

    const finished = await h.post<Paged<Issued>>("/api/issued", { account: issuer, status: "finished" });
    expect([finished.body.data.total, finished.body.data.list.map((m) => m.id)]).toEqual([2, ["304", "302"]]);
    const bad = await h.post("/api/issued", { account: issuer, status: "mine" });
    expect(bad.status).toBe(400);
  });

  test("/api/referral/rewards: per market, claimable once final until claimed, totals and referred accounts", async () => {
    const r = await h.post<
      Paged<{ marketId: string; accrued: string; claimed: string; claimable: string }>,
      { referred: number; totals: Record<string, string> }
    >("/api/referral/rewards", { account: me });
    // 203 is final but its share was claimed (Markets.claimReferral pays it all at once); 201 still runs.
    // A share still to claim is held against the chain in user-claims.test.ts.
    expect(r.body.data.list.map((i) => [i.marketId, i.claimable])).toEqual([
      ["203", "0"],
      ["201", "0"],
    ]);
    expect(r.body.extra).toEqual({
      referred: 2,
      totals: { accrued: u(3).toString(), claimed: u(0.5).toString(), claimable: "0" },
    });
  });

  test("/api/user/snapshots: daily figures, and yesterday's profit", async () => {
    const r = await h.post<
      { list: { day: string; realizedProfit: string; dayProfit: string }[] },
      { yesterday: string; yesterdayProfit: string }
    >("/api/user/snapshots", {
      account: me,
      days: 2,
    });
    expect(r.body.code).toBe(0);
    const yesterday = new Date((NOW - DAY) * 1000).toISOString().slice(0, 10);
    expect(r.body.data.list.map((s) => [s.day, s.dayProfit])).toEqual([
      [yesterday, u(48).toString()],
      [new Date((NOW - 2 * DAY) * 1000).toISOString().slice(0, 10), (-u(10)).toString()],
    ]);
    expect(r.body.extra).toMatchObject({ yesterday, yesterdayProfit: u(48).toString() });
    const nobody = await h.post<{ list: unknown[] }, { yesterdayProfit: string }>("/api/user/snapshots", {
      account: address(0xdead),
    });
    expect([nobody.body.data.list, nobody.body.extra.yesterdayProfit]).toEqual([[], "0"]);
  });
});
