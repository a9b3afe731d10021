import type { MarketSummaryBody } from "@prds/api-schema";
import { startHttpHarness, type HttpHarness } from "./http";
import { amount, DAY, insertMarket, moveHead, setHead, u } from "./httpRows";

/**
 * The markets the http-markets*.test.ts files list and show: rows written straight into the tables,
 * with the devnet's real Markets.params() (fee 2%, minimum premium 50 USDT, confirmation period 3
 * days). Each file starts its own harness (its own devnet and database) with these rows.
 */
export const NOW = 1_800_000_000;
const FIRST_BLOCK = 1_000;
const blocks = new WeakMap<HttpHarness, number>();

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}
export interface ListExtra {
  totals: Record<"all" | "open" | "closingSoon" | "waitingResult" | "challenging" | "finished", number>;
  now: number;
}

/** Moves the indexer's head one block on: what the indexer does after writing, so caches refresh. */
export async function bump(h: HttpHarness): Promise<void> {
  const block = (blocks.get(h) ?? FIRST_BLOCK) + 1;
  blocks.set(h, block);
  await moveHead(h.db, h.post, NOW, block);
}

export async function list(h: HttpHarness, body: Record<string, unknown>) {
  const r = await h.post<Paged<MarketSummaryBody>, ListExtra>("/api/markets", body);
  expect([r.status, r.body.code]).toEqual([200, 0]);
  return { ...r.body.data, extra: r.body.extra };
}

export const ids = (page: Paged<MarketSummaryBody>) => page.list.map((m) => Number(m.id));

/** A harness with the fifteen markets of every tab, state and language. */
export async function startMarketsHarness(name: string): Promise<HttpHarness> {
  const h = await startHttpHarness(name);
  const db = h.db;
  blocks.set(h, FIRST_BLOCK);
  await setHead(db, NOW, FIRST_BLOCK);
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
  return h;
}

/**
 * What the /api/markets tests (http-markets.test.ts) leave behind, which the detail tests were
 * written after: market 1's volume raised, and market 11's metadata rejected by the reviewer.
 */
export async function applyListChanges(h: HttpHarness): Promise<void> {
  await h.db.kysely
    .updateTable("markets")
    .set({ volume: amount(h.db, u(5_000)) })
    .where("id", "=", 1)
    .execute();
  await bump(h);
  const hash11 = (await h.db.kysely.selectFrom("markets").select("metadata_hash").where("id", "=", 11).executeTakeFirstOrThrow())
    .metadata_hash;
  const review = await h.post(
    "/api/admin/audit/review",
    { hash: hash11, decision: "reject" },
    { "x-admin-token": h.config.adminToken ?? "" },
  );
  expect(review.body.code).toBe(0);
}
