import type { Signer } from "ethers";
import { LicenseType } from "@prds/contracts/actions";
import { buildServer } from "../src/http/server";
import { pruneChanges } from "../src/stream/changes";
import { marketDiff, newAlerts, sseText } from "../src/stream/events";
import { DAY, HOUR, startStack, u, type ProtocolDriver, type Stack } from "./helpers/protocol";
import { SseClient } from "./helpers/sse";

/**
 * The live stream (issue 28): GET /api/stream derives events from what the indexer committed
 * (stream_changes), replays what a resuming client missed within the retention window or tells it
 * to resync, caps streams per address, and answers errors in the envelope; /api/user/alerts follows
 * the chain's clock. On SQLite and on PostgreSQL (PRDS_TEST_DB).
 */

jest.setTimeout(300_000);

let s: Stack;
let d: ProtocolDriver;
let market: bigint;
let buyer: Signer;
let lastTradingTime: number;
const open: SseClient[] = [];

async function stream(query: string, headers: Record<string, string> = {}, base = s.api.baseUrl): Promise<SseClient> {
  const client = await SseClient.open(`${base}/api/stream?${query}`, headers);
  open.push(client);
  return client;
}

beforeAll(async () => {
  s = await startStack("stream");
  d = s.driver;
  buyer = d.buyer(0);
  const t0 = await d.now();
  lastTradingTime = t0 + DAY;
  const { tokenId } = await d.buyLicense(d.alice, LicenseType.Common);
  ({ id: market } = await d.issue(d.alice, {
    licenseId: tokenId,
    metadata: { event: "Will the live stream carry this trade?", category: "other", options: ["Yes", "No"] },
    lastTradingTime,
    expirationTime: t0 + 2 * DAY,
    liquidity: u(200),
    margin: u(300),
  }));
  await s.settle();
});

afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});

afterAll(async () => s?.close());

describe("event derivation", () => {
  test("a market is an event when what is read differs from what was last seen; a first look named by no change is not", () => {
    const seen = new Map<number, string>();
    const a = { id: "1", volume: "10" };
    expect([...marketDiff(seen, new Map([[1, a]]), new Set()).keys()]).toEqual([]);
    expect([...marketDiff(seen, new Map([[1, a]]), new Set([1])).keys()]).toEqual([]);
    expect([...marketDiff(seen, new Map([[1, { ...a, volume: "11" }]]), new Set([1])).keys()]).toEqual([1]);
    expect([...marketDiff(seen, new Map([[2, a]]), new Set([2])).keys()]).toEqual([2]);
    expect([...marketDiff(seen, new Map([[3, a]]), "all").keys()]).toEqual([]);
    expect([...marketDiff(seen, new Map([[3, { ...a, volume: "12" }]]), "all").keys()]).toEqual([3]);
  });

  test("alerts are news once, by key", () => {
    const known = new Set(["closingSoon:1:100"]);
    const alert = (key: string) => ({ key, kind: "closingSoon" as const, marketId: "1", event: null, at: 1, deadline: null });
    expect(newAlerts(known, [alert("closingSoon:1:100"), alert("resultConfirmed:1:5")]).map((a) => a.key)).toEqual([
      "resultConfirmed:1:5",
    ]);
    expect(newAlerts(known, [alert("resultConfirmed:1:5")])).toEqual([]);
  });

  test("a batch's last event carries its id", () => {
    expect(
      sseText(
        [
          { name: "trade", data: { a: 1 } },
          { name: "market", data: { b: 2 } },
        ],
        7,
      ),
    ).toBe('event: trade\ndata: {"a":1}\n\nid: 7\nevent: market\ndata: {"b":2}\n\n');
  });
});

describe("GET /api/stream", () => {
  test("a buy reaches a follower of its market as market, trade and position events, with an id", async () => {
    const account = d.addr(buyer).toLowerCase();
    const follower = await stream(`markets=${market}&account=${account}`);
    expect(follower.status).toBe(200);
    expect(follower.contentType).toMatch(/^text\/event-stream/);
    await follower.waitFor((e) => e.name === "hello");
    const bystander = await stream(`markets=${market + 1000n}`);
    await bystander.waitFor((e) => e.name === "hello");

    const listedBefore = await s.api.ok<{ list: { id: string; options: { odds: string }[] }[] }>("/api/markets", {
      pageSize: 50,
    });
    const before = listedBefore.list.find((m) => m.id === String(market))!;
    const tx = await d.buy(buyer, market, 0, u(50));
    const changed = await follower.waitFor((e) => e.name === "market");
    const summary = changed.data.market as { id: string; volume: string; options: { odds: string }[]; tradeCount: number };
    expect(summary.id).toBe(String(market));
    expect(summary.tradeCount).toBe(1);
    expect(summary.options[0]!.odds).not.toBe(before.options[0]!.odds);
    // What the list call answers now is what the event said.
    const listed = await s.api.ok<{ list: { id: string }[] }>("/api/markets", { pageSize: 50 });
    expect(listed.list.find((m) => m.id === String(market))).toEqual(summary);

    const trade = await follower.waitFor((e) => e.name === "trade");
    expect(trade.data).toMatchObject({ marketId: String(market), trade: { txHash: tx.hash.toLowerCase(), account, option: 0 } });
    await follower.waitFor((e) => e.name === "position" && e.data.marketId === String(market) && e.data.account === account);
    expect(follower.lastId).toMatch(/^[0-9]+$/);
    // Nothing of it for a page that follows another market.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bystander.events.map((e) => e.name)).toEqual(["hello"]);
  });

  test("the indexer in this process wakes the stream at its commit: no clock tick needed", async () => {
    const untimed = await buildServer({
      db: s.database.db,
      chain: s.chain,
      config: { ...s.config, stream: { ...s.config.stream, tickMs: 600_000 } },
      logger: false,
    });
    const base = await untimed.listen({ host: "127.0.0.1", port: 0 });
    try {
      const follower = await stream(`markets=${market}`, {}, base);
      await follower.waitFor((e) => e.name === "hello");
      const tx = await d.buy(d.buyer(2), market, 1, u(5));
      const trade = await follower.waitFor((e) => e.name === "trade", 5_000);
      expect((trade.data.trade as { txHash: string }).txHash).toBe(tx.hash.toLowerCase());
    } finally {
      for (const client of open.splice(0)) await client.close();
      await untimed.close();
    }
  });

  test("hello says how often a heartbeat comes; heartbeats are events a page sees, with the last id", async () => {
    const beating = await buildServer({
      db: s.database.db,
      chain: s.chain,
      config: { ...s.config, stream: { ...s.config.stream, heartbeatMs: 200 } },
      logger: false,
    });
    const base = await beating.listen({ host: "127.0.0.1", port: 0 });
    try {
      const follower = await stream(`markets=${market}`, {}, base);
      const hello = await follower.waitFor((e) => e.name === "hello");
      expect(hello.data).toMatchObject({ heartbeatSeconds: 0.2 });
      const beat = await follower.waitFor((e) => e.name === "heartbeat", 2_000);
      expect(beat.data).toEqual({});
      expect(follower.lastId).toBe(hello.data.last);
    } finally {
      for (const client of open.splice(0)) await client.close();
      await beating.close();
    }
  });

  test("a client that resumes with Last-Event-ID gets what it missed; too far back or unknown, a resync", async () => {
    const first = await stream(`markets=${market}`);
    await first.waitFor((e) => e.name === "hello");
    await d.buy(buyer, market, 1, u(20));
    await first.waitFor((e) => e.name === "trade");
    const resumeAt = first.lastId!;
    await first.close();

    const missed = await d.buy(d.buyer(1), market, 1, u(30));
    await s.settle();
    const resumed = await stream(`markets=${market}`, { "last-event-id": resumeAt });
    const trade = await resumed.waitFor((e) => e.name === "trade");
    expect((trade.data.trade as { txHash: string }).txHash).toBe(missed.hash.toLowerCase());
    expect(resumed.named("trade")).toHaveLength(1); // not the one it had seen
    await resumed.waitFor((e) => e.name === "market");

    // ?since= does the same for a page that opens a new stream (its subscription changed).
    const viaQuery = await stream(`markets=${market}&since=${resumeAt}`);
    await viaQuery.waitFor((e) => e.name === "trade");

    const unknown = await stream(`markets=${market}`, { "last-event-id": "999999999" });
    expect((await unknown.waitFor((e) => e.name === "resync")).data).toEqual({ reason: "unknown" });

    // Past the retention window the change is gone: the client must refetch.
    await d.buy(buyer, market, 0, u(10));
    await s.settle();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await pruneChanges(s.database.db, 0, Date.now() + 1_000);
    const expired = await stream(`markets=${market}`, { "last-event-id": resumeAt });
    expect((await expired.waitFor((e) => e.name === "resync")).data).toEqual({ reason: "expired" });
  });

  test("a reorganisation sends the corrected state: the abandoned trade's figures are taken back", async () => {
    const follower = await stream(`markets=${market}`);
    await follower.waitFor((e) => e.name === "hello");
    await s.settle();
    const listed = await s.api.ok<{ list: { id: string; volume: string; tradeCount: number }[] }>("/api/markets", {
      pageSize: 50,
    });
    const before = listed.list.find((m) => m.id === String(market))!;
    const snapshot = await s.devnet.snapshot();
    await d.buy(buyer, market, 0, u(40));
    const abandoned = await follower.waitFor(
      (e) => e.name === "market" && (e.data.market as { volume: string }).volume !== before.volume,
    );
    const abandonedVolume = (abandoned.data.market as { volume: string }).volume;

    await s.devnet.revert(snapshot);
    await s.devnet.mine(3); // a longer chain without that buy
    const corrected = await follower.waitFor(
      (e) => e.name === "market" && e.id !== abandoned.id && (e.data.market as { volume: string }).volume === before.volume,
      20_000,
    );
    expect((corrected.data.market as { volume: string }).volume).not.toBe(abandonedVolume);
    expect((corrected.data.market as { tradeCount: number }).tradeCount).toBe(before.tradeCount);
  });

  test("refuses what is not a subscription, and a fourth stream from one address, in the envelope", async () => {
    for (const query of [
      "markets=abc",
      "account=0x123",
      "since=-1",
      "markets=1,2&extra=1",
      `markets=${Array.from({ length: 101 }, (_, i) => i + 1).join(",")}`,
    ]) {
      const answer = await fetch(`${s.api.baseUrl}/api/stream?${query}`);
      const body = (await answer.json()) as { code: number; msg: string };
      expect([query, answer.status, body.msg]).toEqual([query, 400, "api.error.invalidBody"]);
    }
    const capped = await buildServer({
      db: s.database.db,
      chain: s.chain,
      config: { ...s.config, stream: { ...s.config.stream, perAddress: 3 } },
      logger: false,
    });
    const base = await capped.listen({ host: "127.0.0.1", port: 0 });
    try {
      const streams = [];
      for (let i = 0; i < 3; i += 1) streams.push(await stream(`markets=${market}`, {}, base));
      expect(streams.map((c) => c.status)).toEqual([200, 200, 200]);
      const refused = await stream(`markets=${market}`, {}, base);
      expect([refused.status, (JSON.parse(refused.body) as { msg: string }).msg]).toEqual([429, "api.error.streamLimit"]);
      const status = await fetch(`${base}/api/stream/status`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(((await status.json()) as { data: unknown }).data).toMatchObject({ open: 3, refused: 1, dropped: 0 });
      // A closed stream frees its place.
      await streams[0]!.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await stream(`markets=${market}`, {}, base)).status).toBe(200);
    } finally {
      for (const client of open.splice(0)) await client.close();
      await capped.close();
    }
  });

  test("is in the OpenAPI document, with the site's CORS", async () => {
    const doc = (await (await fetch(`${s.api.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths["/api/stream"] ?? {})).toEqual(["get"]);
    expect(doc.paths["/api/user/alerts"]).toBeDefined();
    const answer = await fetch(`${s.api.baseUrl}/api/stream?markets=${market}`, {
      headers: { origin: s.config.corsOrigins[0]! },
    });
    expect(answer.headers.get("access-control-allow-origin")).toBe(s.config.corsOrigins[0]);
    await answer.body?.cancel();
  });
});

describe("alerts follow the chain's clock", () => {
  test("an hour before trading stops a holder is told, by /api/user/alerts and the stream; then the confirmed result", async () => {
    const account = d.addr(buyer).toLowerCase();
    const alertsOf = () =>
      s.api.ok<{ list: { key: string; kind: string; marketId: string; deadline: number | null }[] }>("/api/user/alerts", {
        account,
      });
    expect((await alertsOf()).list.filter((a) => a.kind === "closingSoon")).toEqual([]);
    const follower = await stream(`markets=${market}&account=${account}`);
    await follower.waitFor((e) => e.name === "hello");

    await d.setTime(lastTradingTime - HOUR + 10);
    await s.settle();
    const alert = await follower.waitFor((e) => e.name === "alert");
    expect(alert.data).toMatchObject({
      account,
      alert: { kind: "closingSoon", marketId: String(market), deadline: lastTradingTime },
    });
    expect((await alertsOf()).list.map((a) => a.kind)).toContain("closingSoon");
    // The market's state moved with the clock too: a market event, no transaction needed.
    await d.setTime(lastTradingTime + 10);
    await s.settle();
    await follower.waitFor((e) => e.name === "market" && (e.data.market as { state: string }).state === "Closed");

    const onChain = await d.market(market);
    await d.setTime(onChain.expirationTime + 60);
    await d.confirm(d.alice, market, 0);
    await s.settle();
    await follower.waitFor((e) => e.name === "alert" && (e.data.alert as { kind: string }).kind === "resultConfirmed");
    // The issuer is not a holder: no alert of that kind for it.
    const issuer = await s.api.ok<{ list: { kind: string }[] }>("/api/user/alerts", { account: d.addr(d.alice).toLowerCase() });
    expect(issuer.list.map((a) => a.kind)).not.toContain("resultConfirmed");
  });
});
