import type { HttpHarness } from "./helpers/http";
import { NOW, startMarketsHarness, bump as bumpHead, list as listMarkets, ids } from "./helpers/httpMarkets";
import { address, amount, u } from "./helpers/httpRows";

/**
 * /api/markets: listed markets, tabs and their totals, search, category, sort and pages.
 * On the markets of helpers/httpMarkets.ts (rows written straight into the tables, with the
 * devnet's real Markets.params(): fee 2%, minimum premium 50 USDT, confirmation period 3 days).
 */
let h: HttpHarness;

beforeAll(async () => {
  h = await startMarketsHarness("markets");
});
afterAll(async () => h?.close());

const bump = () => bumpHead(h);
const list = (body: Record<string, unknown>) => listMarkets(h, body);

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
