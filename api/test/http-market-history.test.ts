import { ERRORS } from "../src/http/errors";
import type { HttpHarness } from "./helpers/http";
import { NOW, startMarketsHarness, bump as bumpHead, type Paged } from "./helpers/httpMarkets";
import { address, amount, txHash, u } from "./helpers/httpRows";

/**
 * /api/market/history and /api/market/trades: odds over time and trades.
 * On the markets of helpers/httpMarkets.ts (rows written straight into the tables, with the
 * devnet's real Markets.params(): fee 2%, minimum premium 50 USDT, confirmation period 3 days).
 */
let h: HttpHarness;

beforeAll(async () => {
  h = await startMarketsHarness("markets_history");
});
afterAll(async () => h?.close());

const bump = () => bumpHead(h);

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
