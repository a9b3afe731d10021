import SQLite from "better-sqlite3";
import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import { STATUS_TABS, type MarketListSort, type MarketListStatus, type TabTotalsBody } from "@prds/api-schema";
import type { Db } from "../db/connect";
import { ROLLBACK_STATE_KEY } from "../indexer/reorg";
import { CLOSING_SOON_SECONDS } from "./marketState";
import { tsQuery } from "./search";

/**
 * The market list's searches answered in process (issue 20): at 100k markets a search seen for the
 * first time cost SQLite one pass over all its hits sorted by volume (~3 ms of CPU each, 275
 * different searches a second). Here every listed market is a slot in arrays; each search term maps
 * to the slots whose text holds it; a search intersects its words' slots, counts them per tab and
 * sorts only the tab's hits by a rank kept per slot.
 *
 * The answers are the SQL path's (routes/markets.ts searchPass/pageIds, kept as the reference and
 * as the fallback; test/search-index.test.ts compares the two on thousands of searches):
 * - a document's terms are the database's own: FTS5's tokens of search_text on SQLite (an in-memory
 *   FTS5 table with the same tokenizer as market_search), the tsvector's lexemes on PostgreSQL;
 * - a search word is turned into a term by the same database code (FTS5 / to_tsquery): a word that
 *   does not become exactly one term there falls back to SQL;
 * - every word matches as a prefix of some term of the document, all words required;
 * - approved metadata, the category, the tabs (tabBits = routes/markets.ts tabCondition on the
 *   same columns), the order (volume desc then id desc, or id desc) as SQL has them.
 *
 * Freshness: the index is brought up to date before a search whenever the data version (Head.version)
 * has moved, reading only what changed — markets whose updated_block is above the highest seen,
 * metadata submitted or reviewed since the last look (005_change_indexes) — and read again in
 * full when the indexer has rolled back (indexer_state ROLLBACK_STATE_KEY). Until the first build is
 * done, and whenever a step fails, searches run their SQL.
 */

export interface SearchRequest {
  tokens: readonly string[];
  category: string | null;
  tab: MarketListStatus;
  sort: MarketListSort;
  page: number;
  pageSize: number;
}

export interface SearchAnswer {
  tabs: TabTotalsBody;
  ids: number[];
}

/** The tokenizer of market_search (db/migrations/001_initial.ts), for the in-memory FTS5 table. */
const FTS5_TOKENIZE = "unicode61 remove_diacritics 2";
const PHASES = ["Trading", "Confirmed", "Challenging", "Voting", "Final", "Cancelled", "Void", "Invalid"] as const;
const TRADING = 0;
const CONFIRMED = 1;
const CHALLENGING = 2;
const VOTING = 3;
/** Bit i: STATUS_TABS[i]. */
const OPEN = 1;
const CLOSING_SOON = 2;
const WAITING_RESULT = 4;
const CHALLENGING_TAB = 8;
const FINISHED = 16;
const TAB_BIT: Record<MarketListStatus, number> = {
  all: 31,
  open: OPEN,
  closingSoon: CLOSING_SOON,
  waitingResult: WAITING_RESULT,
  challenging: CHALLENGING_TAB,
  finished: FINISHED,
};
const CHUNK = 5_000;
const MAX_CACHED_WORDS = 50_000;
/** Seconds of metadata re-read at each look, for writers whose clock is a little behind ours. */
const CLOCK_SLACK_SECONDS = 5;

/** routes/markets.ts tabCondition for one market: which tabs it is in (bits of STATUS_TABS). */
function tabBits(phase: number, ltt: number, windowEnd: number, premiumMet: boolean, now: number): number {
  switch (phase) {
    case TRADING:
      if (ltt > now) return ltt <= now + CLOSING_SOON_SECONDS ? OPEN | CLOSING_SOON : OPEN;
      return premiumMet ? WAITING_RESULT : FINISHED;
    case CONFIRMED:
      return windowEnd > now ? WAITING_RESULT : FINISHED;
    case CHALLENGING:
    case VOTING:
      return CHALLENGING_TAB;
    default:
      return FINISHED;
  }
}

interface MarketColumns {
  id: number | string;
  metadata_hash: string;
  volume: string;
  phase: string;
  last_trading_time: number | string;
  window_end: number | string | null;
  buyers_stake: string;
  updated_block: number | string;
}

interface MetadataColumns {
  hash: string;
  status: string;
  category: string;
}

interface Doc {
  status: string;
  category: string;
  /** Its terms once read (only for metadata some market uses). */
  terms: string[] | null;
  slots: number[];
}

/** FTS5's tokens of texts, from an in-memory FTS5 table with market_search's tokenizer. */
class Fts5Tokens {
  private readonly mem = new SQLite(":memory:");
  private readonly insert: SQLite.Statement;
  private readonly read: SQLite.Statement;
  private readonly clear: SQLite.Statement;

  constructor() {
    this.mem.exec(`create virtual table tok using fts5(t, content='', tokenize='${FTS5_TOKENIZE}');
      create virtual table tok_terms using fts5vocab('tok', 'instance');`);
    this.insert = this.mem.prepare("insert into tok(rowid, t) values (?, ?)");
    this.read = this.mem.prepare("select term, doc from tok_terms order by doc, offset").raw();
    this.clear = this.mem.prepare("insert into tok(tok) values ('delete-all')");
  }

  /** Each text's tokens in order (repeats kept). */
  of(texts: readonly string[]): string[][] {
    const out: string[][] = texts.map(() => []);
    this.mem.transaction(() => {
      texts.forEach((text, i) => this.insert.run(i + 1, text));
      for (const [term, doc] of this.read.all() as [string, number][]) out[doc - 1]?.push(term);
      this.clear.run();
    })();
    return out;
  }

  close(): void {
    this.mem.close();
  }
}

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class SearchIndex {
  // One slot per market, in the order they were read.
  private ids: number[] = [];
  private readonly slotOf = new Map<number, number>();
  private docOf: Doc[] = [];
  private phase: number[] = [];
  private ltt: number[] = [];
  private windowEnd: number[] = [];
  private buyers: bigint[] = [];
  private volume: bigint[] = [];
  /** The category's number when the market's metadata is approved, else -1 (not listed). */
  private listed: number[] = [];
  private readonly docs = new Map<string, Doc>();
  private readonly categories = new Map<string, number>();
  private readonly postings = new Map<string, number[]>();
  private sortedTerms: string[] | null = null;
  private orderVolume: Int32Array = new Int32Array(0);
  private rankVolume: Int32Array = new Int32Array(0);
  private orderNewest: Int32Array = new Int32Array(0);
  private rankNewest: Int32Array = new Int32Array(0);
  private stamp = new Uint32Array(0);
  private stampBase = 0;

  private built = false;
  private building: Promise<void> | null = null;
  private refreshing: Promise<void> | null = null;
  private version: string | null = null;
  private rollbackMark: string | null = null;
  private maxUpdated = -1;
  private metadataSince = 0;
  private readonly words = new Map<string, string | null>();
  private readonly fts5: Fts5Tokens | null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {
    this.fts5 = db.dialect === "sqlite" ? new Fts5Tokens() : null;
  }

  close(): void {
    this.fts5?.close();
  }

  /** Builds the index if it is not built (what the first search starts in the background). */
  async ready(): Promise<void> {
    if (this.built) return;
    this.startBuild();
    await this.building;
    if (!this.built) throw new Error("search index: build failed");
  }

  /**
   * The search's totals and page ids as of data version `version`, or null when SQL must answer
   * (the index is still being built, a step failed, or a word is not one term for the database).
   */
  async search(q: SearchRequest, version: string, now: number, minPremium: bigint): Promise<SearchAnswer | null> {
    if (!this.built) {
      this.startBuild();
      return null;
    }
    try {
      await this.upTo(version);
    } catch (error) {
      this.log.warn({ err: error }, "search index: refresh failed, reading everything again");
      this.built = false;
      this.version = null;
      this.startBuild();
      return null;
    }
    const terms: string[] = [];
    for (const token of q.tokens) {
      const term = await this.termOf(token);
      if (term === null) return null;
      terms.push(term);
    }
    return this.answer(terms, q, now, minPremium);
  }

  // ---------------------------------------------------------------- answering

  private answer(terms: readonly string[], q: SearchRequest, now: number, minPremium: bigint): SearchAnswer {
    const tabs: TabTotalsBody = { all: 0, open: 0, closingSoon: 0, waitingResult: 0, challenging: 0, finished: 0 };
    const category = q.category === null ? -1 : (this.categories.get(q.category) ?? -2);
    if (category === -2) return { tabs, ids: [] };
    const lists = terms.map((term) => this.listsOf(term));
    // The rarest word first: later words only confirm what the earlier ones found.
    lists.sort((a, b) => sizeOf(a) - sizeOf(b));
    const hits = this.intersect(lists);
    const wanted = TAB_BIT[q.tab];
    const inTab: number[] = [];
    for (const slot of hits) {
      const listed = this.listed[slot] ?? -1;
      if (listed < 0 || (category >= 0 && listed !== category)) continue;
      const bits = this.bitsOf(slot, now, minPremium);
      tabs.all++;
      for (let t = 0; t < STATUS_TABS.length; t++) if (bits & (1 << t)) tabs[STATUS_TABS[t] as keyof TabTotalsBody]++;
      if (bits & wanted) inTab.push(slot);
    }
    const offset = (q.page - 1) * q.pageSize;
    const end = offset + q.pageSize;
    if (offset >= inTab.length) return { tabs, ids: [] };
    const rank = q.sort === "newest" ? this.rankNewest : this.rankVolume;
    const order = q.sort === "newest" ? this.orderNewest : this.orderVolume;
    const ranks = new Int32Array(inTab.length);
    for (let i = 0; i < inTab.length; i++) ranks[i] = rank[inTab[i] as number] as number;
    ranks.sort();
    const ids: number[] = [];
    for (let i = offset; i < Math.min(end, ranks.length); i++) ids.push(this.ids[order[ranks[i] as number] as number] as number);
    return { tabs, ids };
  }

  private bitsOf(slot: number, now: number, minPremium: bigint): number {
    const phase = this.phase[slot] as number;
    const ltt = this.ltt[slot] as number;
    const premiumMet = phase === TRADING && ltt <= now ? (this.buyers[slot] as bigint) >= minPremium : false;
    return tabBits(phase, ltt, this.windowEnd[slot] as number, premiumMet, now);
  }

  /** The posting lists of every term the word is a prefix of. */
  private listsOf(prefix: string): number[][] {
    const terms = this.terms();
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((terms[mid] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    const lists: number[][] = [];
    for (let i = lo; i < terms.length && (terms[i] as string).startsWith(prefix); i++) {
      lists.push(this.postings.get(terms[i] as string) as number[]);
    }
    return lists;
  }

  /** Slots in every word's lists (each slot once). */
  private intersect(words: readonly (readonly number[][])[]): number[] {
    const hits: number[] = [];
    if (words.length === 0) return hits;
    if (this.stampBase > 0xf0000000) {
      this.stamp.fill(0);
      this.stampBase = 0;
    }
    const base = this.stampBase;
    this.stampBase += words.length + 1;
    const stamp = this.stamp;
    const last = words.length - 1;
    words.forEach((lists, w) => {
      const before = base + w;
      const after = before + 1;
      for (const list of lists) {
        for (const slot of list) {
          const seen = stamp[slot] as number;
          if (w === 0 ? seen <= base : seen === before) {
            stamp[slot] = after;
            if (w === last) hits.push(slot);
          }
        }
      }
    });
    return hits;
  }

  private terms(): string[] {
    if (this.sortedTerms === null) this.sortedTerms = [...this.postings.keys()].sort();
    return this.sortedTerms;
  }

  /** The database's term for a search word, or null when it is not exactly one term there. */
  private async termOf(word: string): Promise<string | null> {
    const known = this.words.get(word);
    if (known !== undefined) return known;
    let term: string | null;
    if (this.fts5) {
      const tokens = this.fts5.of([word])[0] ?? [];
      term = tokens.length === 1 ? (tokens[0] as string) : null;
    } else {
      const row = await sql<{
        nodes: number;
        lexemes: string[];
      }>`select numnode(to_tsquery('simple', ${tsQuery([word])})) as nodes,
        tsvector_to_array(to_tsvector('simple', ${word})) as lexemes`.execute(this.db.kysely);
      const found = row.rows[0];
      term = found && Number(found.nodes) === 1 && found.lexemes.length === 1 ? (found.lexemes[0] as string) : null;
    }
    if (this.words.size >= MAX_CACHED_WORDS) this.words.clear();
    this.words.set(word, term);
    return term;
  }

  // ---------------------------------------------------------------- keeping up

  private startBuild(): void {
    if (this.building) return;
    this.building = this.build()
      .then(() => {
        this.built = true;
      })
      .catch((error: unknown) => {
        this.log.warn({ err: error }, "search index: build failed; searches run their SQL");
      })
      .finally(() => {
        this.building = null;
      });
  }

  /** Brings the index to (at least) data version `version`; concurrent callers share one look. */
  private async upTo(version: string): Promise<void> {
    while (this.version !== version) {
      this.refreshing ??= this.refresh(version).finally(() => {
        this.refreshing = null;
      });
      await this.refreshing;
    }
  }

  private async readRollbackMark(): Promise<string | null> {
    const row = await this.db.kysely
      .selectFrom("indexer_state")
      .select("value")
      .where("key", "=", ROLLBACK_STATE_KEY)
      .executeTakeFirst();
    return row?.value ?? null;
  }

  /** Everything read again, in chunks between which requests are served. */
  private async build(): Promise<void> {
    const since = Math.floor(Date.now() / 1000) - CLOCK_SLACK_SECONDS;
    const mark = await this.readRollbackMark();
    const top = await this.db.kysely
      .selectFrom("markets")
      .select((eb) => eb.fn.max("updated_block").as("top"))
      .executeTakeFirst();
    this.reset();
    let after = Number.MIN_SAFE_INTEGER;
    for (;;) {
      const rows: MarketColumns[] = await this.marketQuery().where("id", ">", after).orderBy("id").limit(CHUNK).execute();
      if (rows.length === 0) break;
      this.applyMarkets(rows);
      after = Number(rows[rows.length - 1]?.id);
      await yieldToEventLoop();
    }
    // Metadata (status, category, terms) of every document a market uses, by hash.
    await this.loadTerms();
    this.rollbackMark = mark;
    this.maxUpdated = top?.top === null || top?.top === undefined ? -1 : Number(top.top);
    this.metadataSince = since;
    this.reorder();
    // What changed while it was read comes in with the next look (version null: one is due).
    this.version = null;
  }

  private reset(): void {
    this.ids = [];
    this.slotOf.clear();
    this.docOf = [];
    this.phase = [];
    this.ltt = [];
    this.windowEnd = [];
    this.buyers = [];
    this.volume = [];
    this.listed = [];
    this.docs.clear();
    this.categories.clear();
    this.postings.clear();
    this.sortedTerms = null;
    this.changedVolume.clear();
    // Slots are numbered anew: the orders are made again from nothing.
    this.orderVolume = new Int32Array(0);
    this.rankVolume = new Int32Array(0);
    this.orderNewest = new Int32Array(0);
    this.rankNewest = new Int32Array(0);
  }

  private marketQuery() {
    return this.db.kysely
      .selectFrom("markets")
      .select(["id", "metadata_hash", "volume", "phase", "last_trading_time", "window_end", "buyers_stake", "updated_block"]);
  }

  /** What changed since the last look; everything again after a rollback. */
  private async refresh(version: string): Promise<void> {
    const since = Math.floor(Date.now() / 1000) - CLOCK_SLACK_SECONDS;
    const mark = await this.readRollbackMark();
    if (mark !== this.rollbackMark) {
      await this.build();
    } else {
      const markets: MarketColumns[] = await this.marketQuery()
        .where("updated_block", ">", this.maxUpdated)
        .orderBy("updated_block")
        .execute();
      this.applyMarkets(markets);
      for (const row of markets) this.maxUpdated = Math.max(this.maxUpdated, Number(row.updated_block));
      const metadata: MetadataColumns[] = await this.db.kysely
        .selectFrom("market_metadata")
        .select(["hash", "status", "category"])
        .where((eb) => eb.or([eb("created_at", ">=", this.metadataSince), eb("reviewed_at", ">=", this.metadataSince)]))
        .execute();
      this.applyMetadata(metadata);
      await this.loadTerms();
      this.metadataSince = since;
      this.reorder();
    }
    this.version = version;
  }

  /** Slots whose volume or existence changed since the orders were last made. */
  private readonly changedVolume = new Set<number>();

  private applyMarkets(rows: readonly MarketColumns[]): void {
    for (const row of rows) {
      const id = Number(row.id);
      let slot = this.slotOf.get(id);
      const volume = BigInt(row.volume);
      if (slot === undefined) {
        slot = this.ids.length;
        this.slotOf.set(id, slot);
        this.ids.push(id);
        this.volume.push(volume);
        this.changedVolume.add(slot);
        const doc = this.docFor(row.metadata_hash);
        this.docOf.push(doc);
        doc.slots.push(slot);
        this.listed.push(this.listedOf(doc));
        if (doc.terms) this.post(doc.terms, slot);
      } else if (this.volume[slot] !== volume) {
        this.volume[slot] = volume;
        this.changedVolume.add(slot);
      }
      this.phase[slot] = PHASES.indexOf(row.phase as (typeof PHASES)[number]);
      this.ltt[slot] = Number(row.last_trading_time);
      this.windowEnd[slot] = row.window_end === null ? 0 : Number(row.window_end);
      this.buyers[slot] = BigInt(row.buyers_stake);
    }
  }

  private docFor(hash: string): Doc {
    let doc = this.docs.get(hash);
    if (!doc) {
      // Not read yet (or no metadata at all: then never listed).
      doc = { status: "missing", category: "", terms: null, slots: [] };
      this.docs.set(hash, doc);
    }
    return doc;
  }

  private listedOf(doc: Doc): number {
    if (doc.status !== "approved") return -1;
    let n = this.categories.get(doc.category);
    if (n === undefined) {
      n = this.categories.size;
      this.categories.set(doc.category, n);
    }
    return n;
  }

  private applyMetadata(rows: readonly MetadataColumns[]): void {
    for (const row of rows) {
      const doc = this.docs.get(row.hash);
      // Metadata no market uses is read when a market comes to use it.
      if (!doc) continue;
      doc.status = row.status;
      doc.category = row.category;
      const listed = this.listedOf(doc);
      for (const slot of doc.slots) this.listed[slot] = listed;
    }
  }

  /** Reads the terms of every document some market uses that has none yet. */
  private async loadTerms(): Promise<void> {
    const missing: string[] = [];
    for (const [hash, doc] of this.docs) if (doc.terms === null && doc.status !== "absent") missing.push(hash);
    for (let i = 0; i < missing.length; i += 500) {
      const hashes = missing.slice(i, i + 500);
      const found = new Map<string, { status: string; category: string; terms: string[] }>();
      if (this.fts5) {
        const rows = await this.db.kysely
          .selectFrom("market_metadata")
          .select(["hash", "status", "category", "search_text"])
          .where("hash", "in", hashes)
          .execute();
        const tokens = this.fts5.of(rows.map((r) => r.search_text));
        rows.forEach((r, k) => found.set(r.hash, { status: r.status, category: r.category, terms: [...new Set(tokens[k])] }));
      } else {
        const rows = await sql<{ hash: string; status: string; category: string; lexemes: string[] }>`
          select hash, status, category, tsvector_to_array(search) as lexemes from market_metadata
          where hash in (${sql.join(hashes)})`.execute(this.db.kysely);
        for (const r of rows.rows) found.set(r.hash, { status: r.status, category: r.category, terms: r.lexemes });
      }
      for (const hash of hashes) {
        const doc = this.docs.get(hash) as Doc;
        const row = found.get(hash);
        if (!row) {
          // No metadata yet: 'absent' until a later look finds it submitted (applyMetadata).
          doc.status = "absent";
          continue;
        }
        doc.status = row.status;
        doc.category = row.category;
        doc.terms = row.terms;
        const listed = this.listedOf(doc);
        for (const slot of doc.slots) {
          this.listed[slot] = listed;
          this.post(row.terms, slot);
        }
      }
      await yieldToEventLoop();
    }
  }

  private post(terms: readonly string[], slot: number): void {
    for (const term of terms) {
      const list = this.postings.get(term);
      if (list) list.push(slot);
      else {
        this.postings.set(term, [slot]);
        this.sortedTerms = null;
      }
    }
  }

  /** The volume and newest orders (and their ranks) with the changed slots moved to their places. */
  private reorder(): void {
    const n = this.ids.length;
    if (this.stamp.length < n) {
      const grown = new Uint32Array(Math.max(n, this.stamp.length * 2, 1024));
      grown.set(this.stamp);
      this.stamp = grown;
    }
    if (this.changedVolume.size === 0 && this.orderVolume.length === n) return;
    const byVolume = (a: number, b: number): number => {
      const va = this.volume[a] as bigint;
      const vb = this.volume[b] as bigint;
      if (va !== vb) return va > vb ? -1 : 1;
      return (this.ids[b] as number) - (this.ids[a] as number);
    };
    const byNewest = (a: number, b: number): number => (this.ids[b] as number) - (this.ids[a] as number);
    const grownBy = n - this.orderNewest.length;
    this.orderVolume = merged(this.orderVolume, this.changedVolume, n, byVolume);
    this.rankVolume = ranksOf(this.orderVolume);
    if (grownBy > 0) {
      const added = new Set<number>();
      for (let slot = n - grownBy; slot < n; slot++) added.add(slot);
      this.orderNewest = merged(this.orderNewest, added, n, byNewest);
      this.rankNewest = ranksOf(this.orderNewest);
    }
    this.changedVolume.clear();
  }
}

function sizeOf(lists: readonly number[][]): number {
  let n = 0;
  for (const list of lists) n += list.length;
  return n;
}

/** `order` without the `moved` slots, merged with them sorted: the new order of `n` slots. */
function merged(order: Int32Array, moved: ReadonlySet<number>, n: number, compare: (a: number, b: number) => number): Int32Array {
  const moving = [...moved].sort(compare);
  const out = new Int32Array(n);
  let i = 0;
  let j = 0;
  let k = 0;
  const next = (): number => {
    while (i < order.length && moved.has(order[i] as number)) i++;
    return i < order.length ? (order[i] as number) : -1;
  };
  let a = next();
  while (a >= 0 || j < moving.length) {
    const b = j < moving.length ? (moving[j] as number) : -1;
    if (b < 0 || (a >= 0 && compare(a, b) <= 0)) {
      out[k++] = a;
      i++;
      a = next();
    } else {
      out[k++] = b;
      j++;
    }
  }
  return out;
}

function ranksOf(order: Int32Array): Int32Array {
  const ranks = new Int32Array(order.length);
  for (let r = 0; r < order.length; r++) ranks[order[r] as number] = r;
  return ranks;
}
