import type { ServerResponse } from "node:http";
import type { ApiConfig } from "../config";
import { readHead, type AppContext } from "../http/context";
import { loadMarkets, summariesFor, visibleMetadata } from "../http/marketRows";
import { tradeItem } from "../http/routes/market";
import { accountAlerts, type AccountAlerts } from "./alerts";
import { marketDiff, newAlerts, serialOf, sharedMarketEvents, sseText, type StreamEvent } from "./events";
import { changeKept, lastChangeId, pruneChanges, readChanges, type StoredChange, type StreamChange } from "./changes";
import { listenForChanges, type ChangeSignal } from "./signal";

/** The heartbeat event with the last id (sseText: the id line before the event). */
const HEARTBEAT = (last: number): string => sseText([{ name: "heartbeat", data: {} }], last);

/** The stream's bounds and timings (config.ts `stream`). */
export type HubSettings = ApiConfig["stream"];

export interface Subscription {
  markets: readonly number[];
  account: string | null;
  visitor: string;
}

interface Client extends Subscription {
  res: ServerResponse;
  marketSet: Set<number>;
  /** Events waiting to be written at the end of the batch being fanned out. */
  queue: StreamEvent[];
  closed: boolean;
}

/** Most changes read per pass; a resume further back than this is told to resync. */
const READ_LIMIT = 500;
const MAX_REPLAY = 2_000;
/** Markets read per query (SQLite and PostgreSQL both bound a statement's parameters). */
const CHUNK = 500;

/**
 * The live stream of one api process (issue 28). It follows `stream_changes` (the indexer's
 * committed change log: stream/changes.ts), woken by the indexer in this process or a PostgreSQL
 * NOTIFY from another (signal.ts), and by a clock tick for what moves with chain time. For each new
 * change it reads the current state of what its own clients follow (markets, accounts), derives
 * events from the difference with what it last saw, and writes each client the events of its
 * subscription. A client that does not read is dropped, never buffered without bound.
 */
export class StreamHub {
  private readonly clients = new Set<Client>();
  private readonly perVisitor = new Map<string, number>();
  private readonly seenMarkets = new Map<number, string>();
  private readonly accounts = new Map<
    string,
    { alerts: Set<string>; claimable: string; nextAt: number | null; markets: Set<number> }
  >();
  private last = 0;
  private lastNow = -1;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private signal: ChangeSignal | null = null;
  private timers: NodeJS.Timeout[] = [];
  readonly metrics = { sent: 0, dropped: 0, refused: 0 };

  private readonly ctx: AppContext;

  constructor(
    shared: AppContext,
    private readonly settings: HubSettings,
  ) {
    // The stream reads the head afresh each time, outside the calls' shared head cache: its clock
    // tick would otherwise keep that cache filled with a head read just before the indexer's next
    // commit, and a call right after the commit would answer the older "now".
    this.ctx = { ...shared, head: () => readHead(shared.db, shared.localVersion.value), refreshHead: () => undefined };
    this.shared = shared;
  }

  /** The calls' context: its head cache is dropped whenever the stream is about to tell of something new. */
  private readonly shared: AppContext;

  async start(): Promise<void> {
    this.last = await lastChangeId(this.ctx.db);
    this.signal = listenForChanges(
      this.ctx.db,
      () => this.wake(),
      (line) => this.ctx.log.warn(line),
    );
    const every = (ms: number, work: () => void): void => {
      const timer = setInterval(work, ms);
      timer.unref();
      this.timers.push(timer);
    };
    // A NOTIFY lost while the LISTEN connection was away, and the chain's clock: looked at each tick.
    every(this.settings.tickMs, () => this.wake());
    every(this.settings.heartbeatMs, () => this.heartbeat());
    every(60_000, () => {
      pruneChanges(this.ctx.db, this.settings.retentionMs).catch((error: unknown) =>
        this.ctx.log.warn({ err: error }, "stream: prune failed"),
      );
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    await this.signal?.close();
    for (const client of this.clients) client.res.end();
    await this.running;
  }

  get open(): number {
    return this.clients.size;
  }

  get lastChange(): number {
    return this.last;
  }

  /** Whether this address may open another stream (the per-address and total caps). */
  admits(visitor: string): boolean {
    const ok = this.clients.size < this.settings.max && (this.perVisitor.get(visitor) ?? 0) < this.settings.perAddress;
    if (!ok) this.metrics.refused += 1;
    return ok;
  }

  /**
   * Takes a client whose response headers are sent: says hello, replays what it missed after
   * `since` (or tells it to resync), then follows the changes with everyone else.
   */
  async attach(res: ServerResponse, subscription: Subscription, since: number | null): Promise<void> {
    const client: Client = {
      ...subscription,
      res,
      marketSet: new Set(subscription.markets),
      queue: [],
      closed: false,
    };
    this.perVisitor.set(client.visitor, (this.perVisitor.get(client.visitor) ?? 0) + 1);
    this.clients.add(client);
    res.on("close", () => this.detach(client));
    // Replay and the first look at the account run inside the fan-out's turn, so no change is
    // announced twice or missed between them.
    await this.exclusive(async () => {
      const head = await this.ctx.head();
      this.write(
        client,
        [
          {
            name: "hello",
            data: {
              last: String(this.last),
              now: head.now,
              retentionSeconds: Math.round(this.settings.retentionMs / 1000),
              heartbeatSeconds: this.settings.heartbeatMs / 1000,
            },
          },
        ],
        null,
      );
      if (client.account) await this.rememberAccount(client.account);
      if (since !== null && since !== this.last) await this.replay(client, since);
    });
  }

  private detach(client: Client): void {
    if (client.closed) return;
    client.closed = true;
    this.clients.delete(client);
    const left = (this.perVisitor.get(client.visitor) ?? 1) - 1;
    if (left <= 0) this.perVisitor.delete(client.visitor);
    else this.perVisitor.set(client.visitor, left);
    if (client.account && ![...this.clients].some((c) => c.account === client.account)) this.accounts.delete(client.account);
    for (const id of client.marketSet) if (![...this.clients].some((c) => c.marketSet.has(id))) this.seenMarkets.delete(id);
  }

  /** Something may have changed: read it now, or once more after the pass in progress. */
  wake(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    void this.exclusive(() => this.pass());
  }

  private async exclusive(work: () => Promise<void>): Promise<void> {
    while (this.running) await this.running;
    const run = work().catch((error: unknown) => this.ctx.log.warn({ err: error }, "stream: a pass failed"));
    this.running = run;
    try {
      await run;
    } finally {
      this.running = null;
      if (this.again && !this.closed) {
        this.again = false;
        this.wake();
      }
    }
  }

  /** One pass: every change after the last one fanned out, then what the clock moved. */
  private async pass(): Promise<void> {
    for (;;) {
      const changes = await readChanges(this.ctx.db, this.last, READ_LIMIT);
      if (changes.length === 0) break;
      // A page that refetches on an event must get what the event is about, not the head the
      // calls cached a moment before the commit (get-trans-status does the same for its caller).
      this.shared.refreshHead();
      await this.fanOut(changes);
      this.last = changes[changes.length - 1]!.id;
      if (changes.length < READ_LIMIT) break;
    }
    const head = await this.ctx.head();
    if (head.now !== this.lastNow) {
      const first = this.lastNow < 0;
      this.lastNow = head.now;
      this.shared.refreshHead();
      if (!first) await this.clockMoved(head.now);
    }
  }

  private followedMarkets(): Set<number> {
    const ids = new Set<number>();
    for (const client of this.clients) for (const id of client.marketSet) ids.add(id);
    return ids;
  }

  private followedAccounts(): Set<string> {
    const out = new Set<string>();
    for (const client of this.clients) if (client.account) out.add(client.account);
    return out;
  }

  /** The events of a run of changes, to each client those of its subscription. */
  private async fanOut(changes: readonly StoredChange[]): Promise<void> {
    if (this.clients.size === 0) return;
    const everything = changes.some((c) => c.change.reorg || c.change.overflow);
    const followed = this.followedMarkets();
    const named = new Set<number>();
    const changedMarkets = new Set<number>();
    const accounts = new Set<string>();
    const positions: [string, number][] = [];
    const tradeKeys: [string, number][] = [];
    for (const { change } of changes) {
      for (const id of change.markets) {
        changedMarkets.add(id);
        if (followed.has(id)) named.add(id);
      }
      for (const a of change.accounts) accounts.add(a);
      positions.push(...change.positions);
      tradeKeys.push(...change.trades);
    }
    const markets = await this.marketEvents(everything ? followed : named, everything ? "all" : named);
    const trades = await this.tradeEvents(tradeKeys, followed);
    const followedAccounts = this.followedAccounts();
    // An account is touched by its own rows, and by a change of a market it holds, issued or voted on.
    const touched = new Set<string>();
    for (const account of followedAccounts) {
      const known = this.accounts.get(account);
      if (everything || accounts.has(account) || (known && [...changedMarkets].some((id) => known.markets.has(id))))
        touched.add(account);
    }
    const accountEvents = await this.accountEvents(touched);

    const id = changes[changes.length - 1]!.id;
    const texts = new Map<string, Buffer>();
    // One event object per market and trade, shared by every client that follows it: serialized once.
    const marketEvents = sharedMarketEvents(markets);
    const tradeEvents = trades.map((trade) => ({
      market: Number(trade.marketId),
      event: { name: "trade" as const, data: { marketId: trade.marketId, trade } },
    }));
    for (const client of this.clients) {
      for (const [marketId, event] of marketEvents) if (client.marketSet.has(marketId)) client.queue.push(event);
      for (const { market, event } of tradeEvents) if (client.marketSet.has(market)) client.queue.push(event);
      if (client.account) {
        const mine = new Set<number>();
        for (const [account, marketId] of positions) if (account === client.account) mine.add(marketId);
        if (everything) for (const marketId of client.marketSet) mine.add(marketId);
        for (const marketId of mine)
          client.queue.push({ name: "position", data: { account: client.account, marketId: String(marketId) } });
        client.queue.push(...(accountEvents.get(client.account) ?? []));
      }
      this.flush(client, id, texts);
    }
  }

  /** What the chain's clock moved: states of followed markets, and alerts that fell due. */
  private async clockMoved(now: number): Promise<void> {
    if (this.clients.size === 0) return;
    const markets = await this.marketEvents(this.followedMarkets(), "all");
    const due = new Set<string>();
    for (const [account, known] of this.accounts) if (known.nextAt !== null && known.nextAt <= now) due.add(account);
    const accountEvents = await this.accountEvents(due);
    const texts = new Map<string, Buffer>();
    const marketEvents = sharedMarketEvents(markets);
    for (const client of this.clients) {
      for (const [marketId, event] of marketEvents) if (client.marketSet.has(marketId)) client.queue.push(event);
      if (client.account) client.queue.push(...(accountEvents.get(client.account) ?? []));
      this.flush(client, null, texts);
    }
  }

  private async marketEvents(ids: ReadonlySet<number>, named: ReadonlySet<number> | "all"): Promise<Map<number, unknown>> {
    if (ids.size === 0) return new Map();
    const [head, params] = await Promise.all([this.ctx.head(), this.ctx.params()]);
    const all = [...ids];
    const summaries = new Map<number, unknown>();
    for (let i = 0; i < all.length; i += CHUNK) {
      for (const [id, summary] of await summariesFor(this.ctx.db, all.slice(i, i + CHUNK), head.now, params))
        summaries.set(id, summary);
    }
    return marketDiff(this.seenMarkets, summaries, named);
  }

  private async tradeEvents(
    keys: readonly [string, number][],
    followed: ReadonlySet<number>,
  ): Promise<ReturnType<typeof tradeItem>[]> {
    if (keys.length === 0 || followed.size === 0) return [];
    const wanted = new Set(keys.map(([tx, index]) => `${tx}:${index}`));
    const rows = await this.ctx.db.kysely
      .selectFrom("trades")
      .selectAll()
      .where("tx_hash", "in", [...new Set(keys.map(([tx]) => tx))])
      .where("market_id", "in", [...followed])
      .orderBy("block_number")
      .orderBy("log_index")
      .execute();
    const mine = rows.filter((t) => wanted.has(`${t.tx_hash}:${t.log_index}`));
    if (mine.length === 0) return [];
    const params = await this.ctx.params();
    const labels = new Map<number, readonly string[]>();
    const markets = await loadMarkets(this.ctx.db, [...new Set(mine.map((t) => Number(t.market_id)))]);
    for (const [id, market] of markets) labels.set(id, visibleMetadata(market).options);
    return mine.map((t) => tradeItem(t, labels, params.feeBps));
  }

  /** First look at an account: what it can claim and which alerts it has, so later ones are news. */
  private async rememberAccount(account: string): Promise<void> {
    if (this.accounts.has(account)) return;
    const alerts = await accountAlerts(this.ctx, account);
    this.accounts.set(account, {
      alerts: new Set(alerts.list.map((a) => a.key)),
      claimable: JSON.stringify(alerts.claimable),
      nextAt: alerts.nextAt,
      markets: new Set(alerts.markets),
    });
  }

  /** `claimable` and `alert` events of accounts whose figures may have changed. */
  private async accountEvents(accounts: ReadonlySet<string>): Promise<Map<string, StreamEvent[]>> {
    const out = new Map<string, StreamEvent[]>();
    for (const account of accounts) {
      const known = this.accounts.get(account);
      if (!known) continue;
      const alerts: AccountAlerts = await accountAlerts(this.ctx, account);
      const events: StreamEvent[] = [];
      const claimable = JSON.stringify(alerts.claimable);
      if (claimable !== known.claimable) {
        known.claimable = claimable;
        events.push({ name: "claimable", data: { account, ...alerts.claimable } });
      }
      for (const alert of newAlerts(known.alerts, alerts.list)) events.push({ name: "alert", data: { account, alert } });
      known.nextAt = alerts.nextAt;
      known.markets = new Set(alerts.markets);
      if (events.length > 0) out.set(account, events);
    }
    return out;
  }

  /** A resuming client: the changes after `since` if they are all kept, else a resync. */
  private async replay(client: Client, since: number): Promise<void> {
    const newest = Math.max(this.last, await lastChangeId(this.ctx.db));
    if (since > newest) {
      this.write(client, [{ name: "resync", data: { reason: "unknown" } }], this.last);
      return;
    }
    // Ids start at 1: a client that saw none (0) resumes while the first change is still kept.
    const kept = since === 0 ? (await readChanges(this.ctx.db, 0, 1))[0]?.id === 1 : await changeKept(this.ctx.db, since);
    const missed = kept ? await readChanges(this.ctx.db, since, MAX_REPLAY + 1) : [];
    const upTo = missed.filter((c) => c.id <= this.last);
    if (!kept || missed.length > MAX_REPLAY) {
      this.write(client, [{ name: "resync", data: { reason: "expired" } }], this.last);
      return;
    }
    if (upTo.length === 0) return;
    const everything = upTo.some((c) => c.change.reorg || c.change.overflow);
    const named = new Set<number>();
    const positions = new Set<number>();
    const trades: [string, number][] = [];
    let accountTouched = everything;
    for (const { change } of upTo) {
      for (const id of change.markets) if (client.marketSet.has(id)) named.add(id);
      for (const [account, marketId] of change.positions) if (account === client.account) positions.add(marketId);
      if (client.account && change.accounts.includes(client.account)) accountTouched = true;
      trades.push(...change.trades);
    }
    const ids = everything ? client.marketSet : named;
    const events: StreamEvent[] = [];
    if (ids.size > 0) {
      const [head, params] = await Promise.all([this.ctx.head(), this.ctx.params()]);
      const summaries = await summariesFor(this.ctx.db, [...ids], head.now, params);
      for (const market of summaries.values()) events.push({ name: "market", data: { market } });
    }
    for (const trade of await this.tradeEvents(trades, client.marketSet))
      events.push({ name: "trade", data: { marketId: trade.marketId, trade } });
    if (client.account) {
      if (everything) for (const id of client.marketSet) positions.add(id);
      for (const id of positions) events.push({ name: "position", data: { account: client.account, marketId: String(id) } });
      if (accountTouched) {
        const alerts = await accountAlerts(this.ctx, client.account);
        events.push({ name: "claimable", data: { account: client.account, ...alerts.claimable } });
      }
    }
    this.write(client, events, this.last);
  }

  /**
   * Writes a client's queued events. Clients that follow the same things get the same events in the
   * same order: `texts` (one per fan-out) builds each distinct batch's bytes once for all of them.
   */
  private flush(client: Client, id: number | null, texts: Map<string, Buffer>): void {
    const events = client.queue;
    client.queue = [];
    if (events.length === 0) return;
    const key = `${id}|${events.map(serialOf).join(",")}`;
    let bytes = texts.get(key);
    if (!bytes) {
      bytes = Buffer.from(sseText(events, id));
      texts.set(key, bytes);
    }
    this.write(client, events, id, bytes);
  }

  private write(client: Client, events: readonly StreamEvent[], id: number | null, bytes?: Buffer): void {
    if (client.closed || events.length === 0) return;
    const { res } = client;
    if (res.writableLength > this.settings.maxBufferedBytes) {
      // A client that does not read is dropped; its browser reconnects and resumes from its last id.
      this.metrics.dropped += 1;
      this.detach(client);
      res.destroy();
      return;
    }
    res.write(bytes ?? sseText(events, id));
    this.metrics.sent += events.length;
  }

  /**
   * An event every client sees (a comment line would reach no page script): it keeps proxies from
   * closing an idle stream, carries the last id, and lets the page tell a quiet stream from a
   * connection that died without closing (a half-open socket, a proxy that kept it).
   */
  private heartbeat(): void {
    for (const client of this.clients) {
      if (client.closed) continue;
      if (client.res.writableLength > this.settings.maxBufferedBytes) {
        this.metrics.dropped += 1;
        this.detach(client);
        client.res.destroy();
        continue;
      }
      client.res.write(HEARTBEAT(this.last));
    }
  }
}

export type { StreamChange };
