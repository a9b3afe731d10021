import { ERRORS } from "../src/http/errors";
import type { HttpHarness } from "./helpers/http";
import { applyListChanges, NOW, startMarketsHarness, bump as bumpHead } from "./helpers/httpMarkets";
import { address, amount, txHash, u } from "./helpers/httpRows";

/**
 * /api/market/detail and /api/issuer/track-record: the market, its options, positions, challenges, vote and track record.
 * On the markets of helpers/httpMarkets.ts (rows written straight into the tables, with the
 * devnet's real Markets.params(): fee 2%, minimum premium 50 USDT, confirmation period 3 days).
 */
let h: HttpHarness;

beforeAll(async () => {
  h = await startMarketsHarness("markets_detail");
  await applyListChanges(h);
});
afterAll(async () => h?.close());

const bump = () => bumpHead(h);

describe("/api/market/detail", () => {
  const account = address(0xbeef);

  beforeAll(async () => {
    const db = h.db;
    const a = (n: number) => amount(db, u(n));
    await db.kysely
      .insertInto("positions")
      .values([
        {
          market_id: 1,
          account,
          option: 0,
          stake: a(49),
          fee: a(1),
          invested: a(50),
          first_time: NOW - 100,
          last_time: NOW - 50,
        },
        {
          market_id: 9,
          account,
          option: 2,
          stake: a(49),
          fee: a(1),
          invested: a(50),
          first_time: NOW - 100,
          last_time: NOW - 50,
        },
        {
          market_id: 4,
          account,
          option: 1,
          stake: a(9.8),
          fee: a(0.2),
          invested: a(10),
          first_time: NOW - 100,
          last_time: NOW - 50,
        },
      ])
      .execute();
    await db.kysely
      .updateTable("markets")
      .set({ net_pool: a(150), winning_stake: a(50), issuer_fee: a(1) })
      .where("id", "=", 9)
      .execute();
    await db.kysely
      .insertInto("evidence")
      .values({ hash: txHash("evidence 6"), image_hash: txHash("image 6"), text: "The jury said so", created_at: NOW })
      .execute();
    await db.kysely
      .insertInto("challenges")
      .values({
        market_id: 6,
        idx: 0,
        challenger: account,
        option: 0,
        known_at: 0,
        evidence_hash: txHash("evidence 6"),
        stake: a(1000),
        status: "Open",
        prds_returned: null,
        compensation: null,
        compensation_claimed: 0,
        filed_at: NOW - 10,
        tx_hash: txHash("challenge 6"),
      })
      .execute();
    await db.kysely
      .insertInto("votes")
      .values([
        { market_id: 7, voter: address(1), choice: 1, weight: a(300), time: NOW - 3, reward: null },
        { market_id: 7, voter: address(2), choice: 2, weight: a(100), time: NOW - 2, reward: null },
        { market_id: 7, voter: address(3), choice: 1, weight: a(50), time: NOW - 1, reward: null },
      ])
      .execute();
    await db.kysely
      .insertInto("challenges")
      .values({
        market_id: 7,
        idx: 0,
        challenger: address(4),
        option: 1,
        known_at: 0,
        evidence_hash: txHash("no evidence stored"),
        stake: a(1000),
        status: "Open",
        prds_returned: null,
        compensation: null,
        compensation_claimed: 0,
        filed_at: NOW - 10,
        tx_hash: txHash("challenge 7"),
      })
      .execute();
    await db.kysely.updateTable("markets").set({ vote_candidates: 3 }).where("id", "=", 7).execute();
    await bump();
  });

  interface Detail {
    market: Record<string, unknown>;
    positions: Record<string, unknown> | null;
    challenges: Record<string, unknown>[];
    vote: {
      choices: { choice: number; kind: string; option: number | null; tally: string }[];
      totalWeight: string;
      voterCount: number;
      votes: unknown[];
    } | null;
    issuerRecord: Record<string, unknown>;
  }
  const detail = async (body: Record<string, unknown>) => {
    const r = await h.post<Detail>("/api/market/detail", body);
    expect([r.status, r.body.code]).toEqual([200, 0]);
    return r.body.data;
  };

  test("market, options, capacity, fees, and the caller's open position at current odds", async () => {
    const d = await detail({ id: "1", account: account.toUpperCase().replace("0X", "0x") });
    expect(d.market).toMatchObject({
      id: "1",
      event: "Will Bitcoin close above $100,000?",
      description: "About: Will Bitcoin close above $100,000?",
      resolutionSource: "Official results",
      state: "Open",
      label: { key: "guaranteeing", option: null },
      collateral: "token",
      defaultLeverage: 2,
      feeBps: 200,
      rewardRateBps: 9800,
      minPremium: u(50).toString(),
      remainingCapacity: u(3_800).toString(),
      premiumReached: true,
    });
    // 49 staked on option 0 of a 200 pool where option 0 holds 80: pays 49 × 200 / 80 if it wins.
    expect(d.positions).toMatchObject({
      account,
      invested: u(50).toString(),
      pendingPayoff: ((u(49) * u(200)) / u(80)).toString(),
      received: "0",
      profit: null,
    });
    expect(d.challenges).toEqual([]);
    expect(d.vote).toBeNull();
  });

  test("a settled market: what a claim pays, and the profit", async () => {
    const won = await detail({ id: 9, account });
    expect(won.market).toMatchObject({
      state: "Finished",
      label: { key: "confirmedByGovernanceOption", option: 2 },
      overturned: true,
    });
    // 49 of a 50 winning stake share a net pool of 150.
    const payoff = (u(49) * u(150)) / u(50);
    expect(won.positions).toMatchObject({
      pendingPayoff: payoff.toString(),
      profit: (payoff - u(50)).toString(),
      claimed: false,
    });
    const voided = await detail({ id: 4, account });
    expect(voided.market).toMatchObject({ state: "Void", label: { key: "void" } });
    expect(voided.positions).toMatchObject({ pendingPayoff: u(10).toString(), profit: "0" }); // refunded in full, fee included
  });

  test("challenges with their evidence, and the compensation state", async () => {
    const d = await detail({ id: 6 });
    expect(d.market).toMatchObject({
      state: "Challenging",
      label: { key: "challengingNotOccurred", option: 1 },
      challengeCount: 1,
    });
    expect(d.challenges).toEqual([
      expect.objectContaining({
        index: 0,
        challenger: account,
        option: 0,
        stake: u(1000).toString(),
        status: "Open",
        compensationState: "none",
        evidence: {
          hash: txHash("evidence 6"),
          imageHash: txHash("image 6"),
          imageUrl: `/api/evidence/${txHash("image 6")}`,
          text: "The jury said so",
        },
      }),
    ]);
  });

  test("the vote: choices, tallies and voters", async () => {
    const d = await detail({ id: 7 });
    expect(d.market).toMatchObject({ state: "Appealing", label: { key: "appealing", option: 0 } });
    expect(d.vote?.choices).toEqual([
      { choice: 0, kind: "invalid", option: null, challengeIndex: null, tally: "0" },
      { choice: 1, kind: "issuer", option: 0, challengeIndex: null, tally: u(350).toString() },
      { choice: 2, kind: "challenge", option: 1, challengeIndex: 0, tally: u(100).toString() },
    ]);
    expect(d.vote).toMatchObject({ totalWeight: u(450).toString(), voterCount: 3 });
    expect(d.challenges[0]?.evidence).toBeNull(); // no evidence stored under that hash
  });

  test("the issuer's track record is embedded and served alone", async () => {
    const d = await detail({ id: 2 });
    const expected = { account: address(0xabc), issued: 15, finished: 2, cancelled: 1, overturned: 1, challenged: 1 };
    expect(d.issuerRecord).toMatchObject(expected);
    const alone = await h.post("/api/issuer/track-record", { account: address(0xabc) });
    expect(alone.body).toMatchObject({ code: 0, data: expected });
    expect((await h.post("/api/issuer/track-record", { account: address(0x1234) })).body.data).toMatchObject({
      issued: 0,
      volume: "0",
    });
  });

  test("a market whose metadata is not approved shows no text", async () => {
    for (const [id, status] of [
      [11, "rejected"],
      [12, "missing"],
      [13, "rejected"],
    ] as const) {
      const d = await detail({ id });
      expect(d.market).toMatchObject({ metadataStatus: status, event: null, description: null, category: null });
      expect((d.market.options as { label: string | null }[]).every((o) => o.label === null)).toBe(true);
    }
  });

  test("an unknown market → 404 marketNotFound", async () => {
    const r = await h.post("/api/market/detail", { id: 999 });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: ERRORS.marketNotFound.code, msg: "api.error.marketNotFound", data: null });
  });
});
