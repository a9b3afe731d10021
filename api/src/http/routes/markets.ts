import type { FastifyInstance } from "fastify";
import { sql, type RawBuilder } from "kysely";
import { toDbAmount } from "../../db/amount";
import { registerCall, type Serialized, type CallResult } from "../call";
import type { AppContext, Head } from "../context";
import { loadMarkets, loadOptions, marketSummary, optionItems, visibleMetadata } from "../marketRows";
import { tabCondition } from "../listTabs";
import { RefreshingCache, TtlCache } from "../ttlCache";
import { searchCondition, searchTokens } from "../search";
import { SearchIndex, type PageRow, type SearchAnswer } from "../searchIndex";
import {
  MarketsBody,
  MarketsData,
  MarketsExtra,
  STATUS_TABS,
  type MarketListSort,
  type MarketListStatus,
  type MarketsBodyType,
  type StatusTab,
  type TabTotalsBody,
} from "@prds/api-schema";
import type { MarketParams } from "../../chain/chain";

/** 1 when the market (alias m) is in the tab, else 0: what the tab totals add up. */
function tabFlag(tab: StatusTab, now: number, minPremium: string): RawBuilder<number> {
  return sql<number>`case when ${tabCondition(tab, now, minPremium)} then 1 else 0 end`;
}

type ListResult = CallResult<typeof MarketsData, typeof MarketsExtra>;

/** A list request reduced to what decides its answer (the cache key's parts). */
interface ListQuery {
  page: number;
  pageSize: number;
  tab: MarketListStatus;
  category: string | null;
  tokens: string[];
  sort: MarketListSort;
}

function listQuery(body: MarketsBodyType): ListQuery {
  return {
    page: body.page ?? 1,
    pageSize: body.pageSize ?? 20,
    tab: body.status ?? "all",
    category: body.category && body.category !== "all" ? body.category : null,
    tokens: searchTokens(body.search ?? ""),
    sort: body.sort ?? "volume",
  };
}

interface Totals {
  tabs: TabTotalsBody;
  /** Every market indexed (listed or not): the universe an ordered scan walks through. */
  markets: number;
}

/** The search index of a server (for tests: to wait until it is built). */
export const searchIndexes = new WeakMap<FastifyInstance, SearchIndex>();

export function registerMarketList(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db;
  // Tab totals count every matching market, the one expensive part of a list (100k markets: tens of
  // milliseconds): they are kept per search and category, refreshed in the background once 5 s
  // old, so a reader never waits for them while the indexer moves on (they lag by seconds at
  // most; this process's own metadata reviews refresh them at once). A search's first request
  // gets them from the same pass that finds its page (searchPass). Whole answers are kept too,
  // since the same few pages (each tab's first page, popular searches) are asked for over and
  // over between two indexed blocks: their keys carry the data version (Head.version).
  const totalsCache = new RefreshingCache<Totals>(5_000, 60_000, 1_000);
  const pageCache = new TtlCache<Serialized>(2_000, 2_000);
  // Searches are answered from the in-process index once it is built (searchIndex/), the same
  // answers as searchPass/pageIds below, which answer until then and whenever it cannot.
  const index = ctx.config.searchIndex ? new SearchIndex(db, ctx.log) : null;
  if (index) {
    searchIndexes.set(app, index);
    app.addHook("onClose", async () => index.close());
  }

  /** Approved markets joined to their metadata, filtered by category and search (alias m, mm). */
  function filtered(q: ListQuery) {
    const match = searchCondition(db.dialect, q.tokens);
    let query = db.kysely
      .selectFrom("markets as m")
      .innerJoin("market_metadata as mm", "mm.hash", "m.metadata_hash")
      .where("mm.status", "=", "approved");
    if (q.category) query = query.where("mm.category", "=", q.category);
    if (match) query = query.where(match);
    return query;
  }

  /** The list's order: newest first, or by volume (ties: newest first). */
  function ordered<Q extends { orderBy: (column: "m.id" | "m.volume", direction: "desc") => Q }>(
    query: Q,
    sort: ListQuery["sort"],
  ): Q {
    return sort === "newest" ? query.orderBy("m.id", "desc") : query.orderBy("m.volume", "desc").orderBy("m.id", "desc");
  }

  /**
   * Every market indexed: the universe an ordered scan walks through. One count per data version
   * (a scan of an index: ~0.4 ms at 100k markets), not one per search.
   */
  const marketCounts = new TtlCache<number>(5_000, 4);
  function countMarkets(version: string): Promise<number> {
    return marketCounts.get(version, async () => {
      const row = await db.kysely
        .selectFrom("markets")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    });
  }

  async function countTabs(q: ListQuery, head: Head, minPremium: string): Promise<Totals> {
    const now = head.now;
    const [row, markets] = await Promise.all([
      filtered(q)
        .select((eb) => [
          eb.fn.countAll<number>().as("all"),
          ...STATUS_TABS.map((t) => eb.fn.sum<number>(tabFlag(t, now, minPremium)).as(t)),
        ])
        .executeTakeFirstOrThrow(),
      countMarkets(head.version),
    ]);
    const count = (value: number | string | null) => Number(value ?? 0);
    return {
      markets,
      tabs: {
        all: count(row.all),
        open: count(row.open),
        closingSoon: count(row.closingSoon),
        waitingResult: count(row.waitingResult),
        challenging: count(row.challenging),
        finished: count(row.finished),
      },
    };
  }

  /**
   * A search seen for the first time: its totals and its page from ONE pass over its hits (each
   * hit's id and tab flags, in the page's order), instead of a count over the hits and then a
   * second query for the page. A search narrows the list to its hits, so the pass is as long as the
   * count would be; the totals it yields are kept for the next pages of the same search.
   */
  async function searchPass(q: ListQuery, head: Head, minPremium: string): Promise<{ totals: Totals; ids: number[] }> {
    const now = head.now;
    const hitsQuery = filtered(q).select(["m.id", ...STATUS_TABS.map((t) => tabFlag(t, now, minPremium).as(t))]);
    const [hits, markets] = await Promise.all([ordered(hitsQuery, q.sort).execute(), countMarkets(head.version)]);
    const tabs: TabTotalsBody = { all: hits.length, open: 0, closingSoon: 0, waitingResult: 0, challenging: 0, finished: 0 };
    const inTab: number[] = [];
    for (const hit of hits) {
      for (const t of STATUS_TABS) if (Number(hit[t]) === 1) tabs[t]++;
      if (q.tab === "all" || Number(hit[q.tab]) === 1) inTab.push(Number(hit.id));
    }
    const offset = (q.page - 1) * q.pageSize;
    return { totals: { tabs, markets }, ids: inTab.slice(offset, offset + q.pageSize) };
  }

  /**
   * The page's market ids. SQLite's planner drives a filtered list from the filter (the search's
   * hits, or the phase index for a tab) and then sorts every hit, which is slow when the filter
   * matches tens of thousands of markets; walking the sort order and testing each market stops
   * after the page instead. Which is cheaper follows from the counts we already have: the walk reads
   * about (offset + limit) × markets / matches rows, the filter-first plan sorts `matches` rows.
   * The counts only choose the plan (they may lag a little); the query always runs. PostgreSQL's
   * planner weighs this itself.
   */
  async function pageIds(q: ListQuery, matches: number, markets: number, now: number, minPremium: string): Promise<number[]> {
    const offset = (q.page - 1) * q.pageSize;
    const walk = db.dialect === "sqlite" && matches > 0 && (offset + q.pageSize) * markets <= matches * matches;
    if (walk) {
      const match = searchCondition(db.dialect, q.tokens);
      const conditions = [
        sql`mm.status = 'approved'`,
        ...(q.category ? [sql`mm.category = ${q.category}`] : []),
        ...(match ? [match] : []),
        ...(q.tab !== "all" ? [tabCondition(q.tab, now, minPremium)] : []),
      ];
      const order = q.sort === "newest" ? sql`markets m not indexed` : sql`markets m indexed by markets_volume`;
      const orderBy = q.sort === "newest" ? sql`m.id desc` : sql`m.volume desc, m.id desc`;
      // CROSS JOIN keeps markets the outer loop, so the walk follows the sort order.
      const rows = await sql<{ id: number }>`select m.id from ${order} cross join market_metadata mm on mm.hash = m.metadata_hash
        where ${sql.join(conditions, sql` and `)} order by ${orderBy} limit ${q.pageSize} offset ${offset}`.execute(db.kysely);
      return rows.rows.map((r) => Number(r.id));
    }
    let query = filtered(q).select("m.id");
    if (q.tab !== "all") query = query.where(tabCondition(q.tab, now, minPremium));
    const rows = await ordered(query, q.sort).limit(q.pageSize).offset(offset).execute();
    return rows.map((r) => Number(r.id));
  }

  async function pageRows(ids: readonly number[]): Promise<Map<number, PageRow>> {
    const [markets, options] = await Promise.all([loadMarkets(db, ids), loadOptions(db, ids)]);
    const rows = new Map<number, PageRow>();
    for (const [id, market] of markets) rows.set(id, { market, options: options.get(id) ?? [] });
    return rows;
  }

  async function listMarkets(q: ListQuery, head: Head, params: MarketParams): Promise<ListResult> {
    const now = head.now;
    const minPremium = toDbAmount(db.dialect, params.minPremium);
    const totalsKey = `${ctx.localVersion.value}|${q.category ?? ""}|${q.tokens.join(" ")}`;
    let totals: Totals;
    let ids: number[];
    const indexed: SearchAnswer | null =
      index && q.tokens.length > 0 ? await index.search(q, head.version, now, params.minPremium) : null;
    if (indexed) {
      totals = { tabs: indexed.tabs, markets: 0 };
      ids = indexed.ids;
    } else if (q.tokens.length > 0 && !totalsCache.has(totalsKey)) {
      ({ totals, ids } = await searchPass(q, head, minPremium));
      totalsCache.set(totalsKey, totals);
    } else {
      totals = await totalsCache.get(totalsKey, () => countTabs(q, head, minPremium));
      ids = await pageIds(q, totals.tabs[q.tab], totals.markets, now, minPremium);
    }
    // The page's rows and options in one query each, not one per market (the index keeps the
    // rows of the markets its pages showed until they change).
    const rows = indexed && index ? await index.rowsOf(ids) : await pageRows(ids);
    const list = ids.flatMap((id) => {
      const row = rows.get(id);
      if (!row) return [];
      // Kept on the row (the index keeps rows until they change): parsed and priced once.
      const visible = (row.visible ??= visibleMetadata(row.market));
      if (row.items?.feeBps !== params.feeBps) {
        row.items = { feeBps: params.feeBps, list: optionItems(row.market, row.options, visible.options, params.feeBps) };
      }
      return [marketSummary(row.market, visible, row.options, now, params, row.items.list)];
    });
    // Totals may lag the page by a refresh: a page that shows markets is never short of what it
    // shows. An empty page (past the last one) proves nothing beyond the totals.
    const offset = (q.page - 1) * q.pageSize;
    const total = list.length > 0 ? Math.max(totals.tabs[q.tab], offset + list.length) : totals.tabs[q.tab];
    return { data: { list, total, page: q.page, pageSize: q.pageSize }, extra: { totals: totals.tabs, now } };
  }

  registerCall(
    app,
    {
      path: "/api/markets",
      cache: "public",
      summary: "Markets, paged: search, category, status tab, sort",
      description:
        "Only markets whose metadata is approved. Search matches every word as a prefix in the event text and option labels " +
        "(full-text index). extra.totals counts each tab for the same search and category.",
      tags: ["markets"],
      body: MarketsBody,
      data: MarketsData,
      extra: MarketsExtra,
    },
    async (body, _request, tools) => {
      const q = listQuery(body);
      const [head, params] = await Promise.all([ctx.head(), ctx.params()]);
      const key = `${head.version}|${q.category ?? ""}|${q.tokens.join(" ")}|${q.tab}|${q.sort}|${q.page}|${q.pageSize}`;
      // Kept serialized: a cached page costs no serialization either.
      return pageCache.get(key, async () => tools.serialize(await listMarkets(q, head, params)));
    },
  );
}
