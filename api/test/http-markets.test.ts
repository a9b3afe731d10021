import type { MarketSummaryBody } from "@prds/api-schema";
import { ERRORS } from "../src/http/errors";
import { startHttpHarness, type HttpHarness } from "./helpers/http";
import { address, amount, DAY, insertMarket, moveHead, setHead, txHash, u } from "./helpers/httpRows";

/**
 * /api/markets, /api/market/detail, /api/market/history, /api/market/trades and
 * /api/issuer/track-record on rows written straight into the tables, with the devnet's real
 * Markets.params() (fee 2%, minimum premium 50 USDT, confirmation period 3 days).
 */
const NOW = 1_800_000_000;
let h: HttpHarness;
let block = 1_000;

interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}
interface ListExtra {
  totals: Record<"all" | "open" | "closingSoon" | "waitingResult" | "challenging" | "finished", number>;
  now: number;
}

/** Moves the indexer's head one block on: what the indexer does after writing, so caches refresh. */
async function bump(): Promise<void> {
  block += 1;
  await moveHead(h.db, h.post, NOW, block);
}

async function list(body: Record<string, unknown>) {
  const r = await h.post<Paged<MarketSummaryBody>, ListExtra>("/api/markets", body);
  expect([r.status, r.body.code]).toEqual([200, 0]);
  return { ...r.body.data, extra: r.body.extra };
}

const ids = (page: Paged<MarketSummaryBody>) => page.list.map((m) => Number(m.id));

beforeAll(async () => {
  h = await startHttpHarness("markets");
  const db = h.db;
  await setHead(db, NOW, block);
  const m = (patch: Parameters<typeof insertMarket>[1]) => insertMarket(db, patch);
  await m({ id: 1, now: NOW, event: "Will Bitcoin close above $100,000?", volume: 500, stakes: [80, 120] });
  await m({
    id: 2,
    now: NOW,
    event: "Ethereum ETF approved this week?",
    volume: 900,
    market: { last_trading_time: NOW + 3 * 3600 },
  });
  // closed, 60 USDT of buyers' stakes (≥ 50): waiting for the issuer
  await m({
    id: 3,
    now: NOW,
    event: "Will the central bank cut rates?",
    category: "finance",
    stakes: [90, 70],
    volume: 62,
    market: { last_trading_time: NOW - 3600, expiration_time: NOW + DAY },
  });
  // closed with 10 USDT of buyers' stakes: void
  await m({
    id: 4,
    now: NOW,
    event: "Will the index fall?",
    category: "finance",
    stakes: [55, 55],
    market: { last_trading_time: NOW - 3600 },
  });
  await m({
    id: 5,
    now: NOW,
    event: "Will the bill pass?",
    category: "politics",
    volume: 300,
    market: { phase: "Confirmed", result: 0, window_end: NOW + 2 * DAY },
  });
  await m({
    id: 6,
    now: NOW,
    event: "Will the film win?",
    category: "culture",
    market: { phase: "Challenging", result: 1, response_end: NOW + DAY, challenge_count: 1 },
  });
  await m({
    id: 7,
    now: NOW,
    event: "Will the probe land?",
    category: "science",
    market: { phase: "Voting", vote_kind: "Appeal", vote_end: NOW + DAY, result: 0 },
  });
  await m({
    id: 8,
    now: NOW,
    event: "Will it snow?",
    category: "other",
    market: { phase: "Final", result: 0, tally_outcome: "IssuerWins" },
  });
  await m({
    id: 9,
    now: NOW,
    event: "Who will win the cup?",
    category: "other",
    options: ["Red", "Blue", "Green"],
    stakes: [50, 50, 50],
    market: { phase: "Final", result: 2, tally_outcome: "ChallengerWins", vote_kind: "TwoChallenges", overturned: 1 },
  });
  await m({ id: 10, now: NOW, event: "Will the launch slip?", category: "technology", market: { phase: "Cancelled" } });
  await m({ id: 11, now: NOW, event: "Held for review bitcoin?", status: "audit", volume: 10_000 });
  await m({ id: 12, now: NOW, event: "Never submitted bitcoin?", status: "none", volume: 10_000 });
  await m({ id: 13, now: NOW, event: "Rejected bitcoin?", status: "rejected", volume: 10_000 });
  await m({ id: 14, now: NOW, event: "比特币会涨吗", options: ["会", "不会"], volume: 1 });
  await m({ id: 15, now: NOW, event: "Giá vàng tăng trong tháng này?", category: "finance", volume: 2 });
});
afterAll(async () => h?.close());

describe("/api/markets", () => {
  test("lists only approved markets, by volume, with totals per tab", async () => {
    const page = await list({});
    expect(ids(page)).toEqual([2, 1, 5, 3, 15, 14, 10, 9, 8, 7, 6, 4]);
    expect(page.total).toBe(12);
    expect(page.extra.totals).toEqual({ all: 12, open: 4, closingSoon: 1, waitingResult: 2, challenging: 2, finished: 4 });
    expect(page.extra.now).toBe(NOW);
  });

  test("each tab lists what its total counts", async () => {
    const expected: Record<string, number[]> = {
      open: [2, 1, 15, 14],
      closingSoon: [2],
      waitingResult: [5, 3],
      challenging: [7, 6],
      finished: [10, 9, 8, 4],
    };
    for (const [status, want] of Object.entries(expected)) {
      const page = await list({ status });
      expect([status, ids(page)]).toEqual([status, want]);
      expect(page.total).toBe(want.length);
    }
  });

  test("a card carries options with odds, probability, the state and its label", async () => {
    const page = await list({ search: "bitcoin" });
    expect(ids(page)).toEqual([1]);
    const m = page.list[0];
    expect(m).toMatchObject({
      id: "1",
      event: "Will Bitcoin close above $100,000?",
      category: "crypto",
      metadataStatus: "approved",
      state: "Open",
      label: { key: "guaranteeing", option: null },
      volume: u(500).toString(),
      pool: u(200).toString(),
      issuer: address(0xabc),
    });
    expect(m?.options).toEqual([
      expect.objectContaining({ index: 0, label: "Yes", stake: u(80).toString(), odds: "2.5", probability: "0.4" }),
      expect.objectContaining({ index: 1, label: "No", stake: u(120).toString(), odds: "1.666666", probability: "0.6" }),
    ]);
    const labels = Object.fromEntries((await list({ pageSize: 100 })).list.map((x) => [x.id, x.label]));
    expect(labels).toMatchObject({
      "3": { key: "marketClosed" },
      "4": { key: "void" },
      "5": { key: "confirmedOccurred", option: 0 },
      "6": { key: "challengingNotOccurred", option: 1 },
      "7": { key: "appealing", option: 0 },
      "8": { key: "challengeFailedOccurred", option: 0 },
      "9": { key: "confirmedByGovernanceOption", option: 2 },
      "10": { key: "eventCancelled" },
    });
  });

  test("search: words as prefixes, any case, across event and options, through the full-text index", async () => {
    expect(ids(await list({ search: "BITC" }))).toEqual([1]);
    expect(ids(await list({ search: "will the" }))).toEqual([5, 3, 10, 9, 7, 6, 4]);
    expect(ids(await list({ search: "cup green" }))).toEqual([9]); // option text
    expect(ids(await list({ search: "blue bitcoin" }))).toEqual([]); // every word must match
    expect(ids(await list({ search: "比特币" }))).toEqual([14]);
    expect(ids(await list({ search: "gia vang" }))).toEqual([15]); // diacritics folded
    expect(ids(await list({ search: "GIÁ" }))).toEqual([15]);
    expect(ids(await list({ search: "ｂｉｔｃｏｉｎ" }))).toEqual([1]); // full-width folded
  });

  test("search text is never query syntax", async () => {
    for (const search of [
      'bitcoin" OR "',
      "bitcoin*",
      "NEAR(bitcoin ethereum)",
      "-bitcoin",
      "^bitcoin",
      "bitcoin' or 1=1 --",
      "bitcoin:*|ethereum",
    ]) {
      const page = await list({ search });
      expect(page.list.length).toBeLessThanOrEqual(1);
      expect(page.list.every((m) => /bitcoin/i.test(`${m.event} ${m.options.map((o) => o.label).join(" ")}`))).toBe(true);
    }
    expect((await list({ search: "!!! ??? *** \\' \"" })).total).toBe(12); // no words: no search
  });

  test("category and sort", async () => {
    expect(ids(await list({ category: "finance" }))).toEqual([3, 15, 4]);
    expect(ids(await list({ category: "finance", sort: "newest" }))).toEqual([15, 4, 3]);
    const totals = (await list({ category: "finance" })).extra.totals;
    expect(totals).toEqual({ all: 3, open: 1, closingSoon: 0, waitingResult: 1, challenging: 0, finished: 1 });
  });

  test("a search's first answer (its page and totals from one pass) agrees with its later pages", async () => {
    const totals = { all: 9, open: 1, closingSoon: 0, waitingResult: 2, challenging: 2, finished: 4 };
    const first = await list({ search: "will", status: "finished", pageSize: 2 });
    expect([ids(first), first.total, first.extra.totals]).toEqual([[10, 9], 4, totals]);
    const second = await list({ search: "will", status: "finished", pageSize: 2, page: 2 });
    expect([ids(second), second.total, second.extra.totals]).toEqual([[8, 4], 4, totals]);
    expect(ids(await list({ search: "will", pageSize: 100 }))).toEqual([1, 5, 3, 10, 9, 8, 7, 6, 4]);
    expect(ids(await list({ search: "will", sort: "newest", pageSize: 3, page: 2 }))).toEqual([7, 6, 5]);
    const finance = await list({ search: "will", category: "finance", status: "waitingResult" });
    expect([ids(finance), finance.extra.totals]).toEqual([
      [3],
      { all: 2, open: 0, closingSoon: 0, waitingResult: 1, challenging: 0, finished: 1 },
    ]);
  });

  test("pages", async () => {
    const first = await list({ pageSize: 5, page: 1 });
    const third = await list({ pageSize: 5, page: 3 });
    expect(ids(first)).toEqual([2, 1, 5, 3, 15]);
    expect(ids(third)).toEqual([6, 4]);
    expect([third.total, third.page, third.pageSize]).toEqual([12, 3, 5]);
    expect((await list({ pageSize: 5, page: 4 })).list).toEqual([]);
  });

  test("an indexed change shows once the head moves; approval and rejection show at once", async () => {
    await h.db.kysely
      .updateTable("markets")
      .set({ volume: amount(h.db, u(5_000)) })
      .where("id", "=", 1)
      .execute();
    await bump();
    expect(ids(await list({}))[0]).toBe(1);
    // Metadata reviewed through the api drops out of / comes into the list without waiting.
    const hash11 = (
      await h.db.kysely.selectFrom("markets").select("metadata_hash").where("id", "=", 11).executeTakeFirstOrThrow()
    ).metadata_hash;
    const review = await h.post(
      "/api/admin/audit/review",
      { hash: hash11, decision: "approve" },
      { "x-admin-token": h.config.adminToken ?? "" },
    );
    expect(review.body.code).toBe(0);
    expect(ids(await list({}))[0]).toBe(11);
    await h.post("/api/admin/audit/review", { hash: hash11, decision: "reject" }, { "x-admin-token": h.config.adminToken ?? "" });
    expect(ids(await list({}))).not.toContain(11);
  });
});

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

describe("/api/market/history and /api/market/trades", () => {
  beforeAll(async () => {
    const db = h.db;
    const rows = Array.from({ length: 10 }, (_, i) => {
      const yes = u(50 + 10 * i);
      return {
        market_id: 2,
        seq: i + 1,
        block_number: 100 + i,
        time: NOW - 1000 + i * 10,
        stakes_json: JSON.stringify([yes.toString(), u(50).toString()]),
        pool: amount(db, yes + u(50)),
      };
    });
    await db.kysely.insertInto("market_odds").values(rows).execute();
    await db.kysely
      .insertInto("trades")
      .values(
        [0, 1, 2].map((i) => ({
          tx_hash: txHash(`trade ${i}`),
          log_index: i,
          market_id: 2,
          account: address(0xbeef),
          option: i % 2,
          amount: amount(db, u(10)),
          stake: amount(db, u(9.8)),
          fee: amount(db, u(0.2)),
          referrer: null,
          option_stake: amount(db, u(60)),
          pool: amount(db, u(120)),
          time: NOW - 100 + i,
          block_number: 200 + i,
        })),
      )
      .execute();
    await bump();
  });

  test("odds over time, downsampled with the last point kept", async () => {
    const all = await h.post<{
      points: { time: number; odds: (string | null)[]; probabilities: (string | null)[] }[];
      total: number;
      options: string[];
    }>("/api/market/history", { id: 2 });
    expect(all.body.code).toBe(0);
    expect(all.body.data.total).toBe(10);
    expect(all.body.data.options).toEqual(["Yes", "No"]);
    expect(all.body.data.points[0]).toMatchObject({ time: NOW - 1000, odds: ["2", "2"], probabilities: ["0.5", "0.5"] });
    const few = await h.post<{ points: { time: number }[] }>("/api/market/history", { id: "2", points: 4 });
    expect(few.body.data.points.map((p) => p.time)).toEqual([NOW - 1000, NOW - 970, NOW - 940, NOW - 910]);
    const window = await h.post<{ points: { time: number }[]; total: number }>("/api/market/history", {
      id: 2,
      from: NOW - 960,
      to: NOW - 940,
    });
    expect(window.body.data.points.map((p) => p.time)).toEqual([NOW - 960, NOW - 950, NOW - 940]);
  });

  test("trades, newest first, paged", async () => {
    const r = await h.post<
      Paged<{ txHash: string; optionLabel: string; odds: string; payoutMultiplier: string; amount: string }>
    >("/api/market/trades", { id: 2, pageSize: 2 });
    expect(r.body.code).toBe(0);
    expect(r.body.data.total).toBe(3);
    expect(r.body.data.list.map((t) => t.txHash)).toEqual([txHash("trade 2"), txHash("trade 1")]);
    // The one payout figure the pages show (Pays ×): the odds net of the 2% fee, as the market's options carry it.
    expect(r.body.data.list[0]).toMatchObject({
      optionLabel: "Yes",
      odds: "2",
      payoutMultiplier: "1.96",
      amount: u(10).toString(),
    });
    const next = await h.post<Paged<{ txHash: string }>>("/api/market/trades", { id: 2, pageSize: 2, page: 2 });
    expect(next.body.data.list.map((t) => t.txHash)).toEqual([txHash("trade 0")]);
  });

  test("an unknown market → 404", async () => {
    for (const path of ["/api/market/history", "/api/market/trades"]) {
      const r = await h.post(path, { id: 4242 });
      expect([r.status, r.body.code]).toEqual([404, ERRORS.marketNotFound.code]);
    }
  });
});
