import SQLite from "better-sqlite3";
import type { FastifyBaseLogger } from "fastify";
import { sql, type Kysely } from "kysely";
import { type MarketListSort, type MarketListStatus, type OptionItemBody, type TabTotalsBody } from "@prds/api-schema";
import type { Db } from "../db/connect";
import type { Database } from "../db/schema";
import {
  loadMarkets,
  loadOptions,
  type MarketRow,
  type MetadataColumns,
  type OptionRow,
  type VisibleMetadata,
} from "./marketRows";
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

/** What a list card is made of: the market with its metadata columns, and its options. */
export interface PageRow {
  market: MarketRow & MetadataColumns;
  options: OptionRow[];
  /** What the card shows of them, made at the first card (kept with the row, as fresh as it). */
  visible?: VisibleMetadata;
  items?: { feeBps: number; list: OptionItemBody[] };
}

/** The tokenizer of market_search (db/migrations/001_initial.ts), for the in-memory FTS5 table. */
const FTS5_TOKENIZE = "unicode61 remove_diacritics 2";
const PHASES = ["Trading", "Confirmed", "Challenging", "Voting", "Final", "Cancelled", "Void", "Invalid"] as const;
const TRADING = 0;
const CONFIRMED = 1;
const CHALLENGING = 2;
const VOTING = 3;
const FINAL = 4;
const CANCELLED = 5;
const VOID = 6;
const INVALID = 7;
/** Bit i: STATUS_TABS[i]. */
const OPEN = 1;
const CLOSING_SOON = 2;
const WAITING_RESULT = 4;
const CHALLENGING_TAB = 8;
const FINISHED = 16;
/** Approved metadata: the market is listed (with no tab bit when its phase is in no tab). */
const LISTED = 32;
const TAB_BIT: Record<MarketListStatus, number> = {
  all: 31,
  open: OPEN,
  closingSoon: CLOSING_SOON,
  waitingResult: WAITING_RESULT,
  challenging: CHALLENGING_TAB,
  finished: FINISHED,
};
const CHUNK = 5_000;
/** Page rows kept (~2 KB each). */
const MAX_ROWS = 30_000;
const MAX_CACHED_WORDS = 50_000;
/** A term with this many markets keeps them as a bit set too (n / 8 bytes). */
const BIT_SET_MIN = 256;
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
    case FINAL:
    case CANCELLED:
    case VOID:
    case INVALID:
      return FINISHED;
    default:
      return 0;
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

interface MetadataRow {
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
  private buyers: bigint[] = [];
  private volume: bigint[] = [];
  // Per slot, typed (what every search reads for each hit); grown by doubling.
  private phase = new Uint8Array(0);
  private ltt = new Float64Array(0);
  private windowEnd = new Float64Array(0);
  /** The category's number when the market's metadata is approved, else -1 (not listed). */
  private listed = new Int32Array(0);
  /** 1 when buyers_stake >= premiumFor (the minimum premium the flags were set for). */
  private premiumMet = new Uint8Array(0);
  private premiumFor: bigint | null = null;
  /** classesAt's answer, for the time it was made at (stale once a slot changes). */
  private classes = new Uint8Array(0);
  private classesNow = Number.NaN;
  private classesStale = true;
  private readonly scratchCount = new Int32Array(64);
  private readonly docs = new Map<string, Doc>();
  private readonly categories = new Map<string, number>();
  private readonly postings = new Map<string, number[]>();
  private sortedTerms: string[] | null = null;
  private orderVolume: Int32Array = new Int32Array(0);
  private rankVolume: Int32Array = new Int32Array(0);
  private orderNewest: Int32Array = new Int32Array(0);
  private rankNewest: Int32Array = new Int32Array(0);
  // Bit sets over the slots: per common term, and scratch space for one search at a time.
  private readonly bitsets = new Map<string, Uint32Array>();
  private scratchWord = new Uint32Array(0);
  private scratchSlots = new Int32Array(0);
  private scratchTab = new Int32Array(0);

  private built = false;
  private building: Promise<void> | null = null;
  private refreshing: Promise<void> | null = null;
  private version: string | null = null;
  private rollbackMark: string | null = null;
  private maxUpdated = -1;
  private metadataSince = 0;
  private readonly words = new Map<string, string | null>();
  /** Metadata hashes some market uses whose terms are not read yet. */
  private readonly needTerms = new Set<string>();
  /** Page rows of markets recently shown, by id (least recently used first). */
  private readonly rows = new Map<number, PageRow>();
  /** Moves on whenever rows may have been dropped: a read started before is not kept. */
  private rowsEpoch = 0;
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

  /**
   * The page rows of `ids` (as loadMarkets/loadOptions read them): the same few thousand
   * high-volume markets head the pages of most searches, so they are kept, each until a look sees
   * it changed (its updated_block, its metadata) or the index is read again.
   */
  async rowsOf(ids: readonly number[]): Promise<Map<number, PageRow>> {
    const out = new Map<number, PageRow>();
    const missing: number[] = [];
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row) {
        this.rows.delete(id);
        this.rows.set(id, row);
        out.set(id, row);
      } else missing.push(id);
    }
    if (missing.length === 0) return out;
    const epoch = this.rowsEpoch;
    const [markets, options] = await Promise.all([loadMarkets(this.db, missing), loadOptions(this.db, missing)]);
    const keep = epoch === this.rowsEpoch;
    for (const id of missing) {
      const market = markets.get(id);
      if (!market) continue;
      const row = { market, options: options.get(id) ?? [] };
      out.set(id, row);
      if (keep) this.rows.set(id, row);
    }
    while (this.rows.size > MAX_ROWS) {
      const oldest = this.rows.keys().next();
      if (oldest.done) break;
      this.rows.delete(oldest.value);
    }
    return out;
  }

  private dropRows(ids: Iterable<number>): void {
    this.rowsEpoch++;
    for (const id of ids) this.rows.delete(id);
  }

  // ---------------------------------------------------------------- answering

  private answer(terms: readonly string[], q: SearchRequest, now: number, minPremium: bigint): SearchAnswer {
    const tabs: TabTotalsBody = { all: 0, open: 0, closingSoon: 0, waitingResult: 0, challenging: 0, finished: 0 };
    const category = q.category === null ? -1 : (this.categories.get(q.category) ?? -2);
    if (category === -2) return { tabs, ids: [] };
    if (this.premiumFor !== minPremium) this.setPremium(minPremium);
    const n = this.ids.length;
    const words = (n + 31) >>> 5;
    const hits = this.scratchSlots;
    const found = this.matching(terms, words);
    const wanted = TAB_BIT[q.tab];
    const classes = this.classesAt(now);
    const listed = this.listed;
    // How many hits have each class (LISTED | tab bits): the totals are sums of these.
    const count = this.scratchCount;
    count.fill(0);
    const tabHits = this.scratchTab;
    let inTab = 0;
    for (let i = 0; i < found; i++) {
      const slot = hits[i] as number;
      const c = classes[slot] as number;
      if (c === 0 || (category >= 0 && listed[slot] !== category)) continue;
      count[c] = (count[c] as number) + 1;
      if (c & wanted) tabHits[inTab++] = slot;
    }
    for (let c = LISTED; c < count.length; c++) {
      const k = count[c] as number;
      if (k === 0) continue;
      tabs.all += k;
      if (c & OPEN) tabs.open += k;
      if (c & CLOSING_SOON) tabs.closingSoon += k;
      if (c & WAITING_RESULT) tabs.waitingResult += k;
      if (c & CHALLENGING_TAB) tabs.challenging += k;
      if (c & FINISHED) tabs.finished += k;
    }
    const offset = (q.page - 1) * q.pageSize;
    const end = Math.min(offset + q.pageSize, inTab);
    if (offset >= inTab) return { tabs, ids: [] };
    const order = q.sort === "newest" ? this.orderNewest : this.orderVolume;
    const ids: number[] = [];
    // Walking the order until the page is full reads about end × n / inTab slots; sorting the
    // tab's hits by rank costs about inTab × log2(inTab): the cheaper of the two.
    if (end * n <= inTab * inTab * Math.log2(inTab + 1) * 4) {
      const member = this.scratchWord;
      member.fill(0, 0, words);
      for (let i = 0; i < inTab; i++) {
        const slot = tabHits[i] as number;
        member[slot >>> 5] = (member[slot >>> 5] as number) | (1 << (slot & 31));
      }
      let seen = 0;
      for (let r = 0; r < order.length && seen < end; r++) {
        const slot = order[r] as number;
        if (((member[slot >>> 5] as number) & (1 << (slot & 31))) === 0) continue;
        if (seen >= offset) ids.push(this.ids[slot] as number);
        seen++;
      }
      return { tabs, ids };
    }
    const rank = q.sort === "newest" ? this.rankNewest : this.rankVolume;
    const ranks = new Int32Array(inTab);
    for (let i = 0; i < inTab; i++) ranks[i] = rank[tabHits[i] as number] as number;
    ranks.sort();
    for (let i = offset; i < end; i++) ids.push(this.ids[order[ranks[i] as number] as number] as number);
    return { tabs, ids };
  }

  /**
   * Each slot's class at `now`: LISTED (approved metadata) with its tab bits, 0 when not listed.
   * Made again when the head's time or a market has changed since (a pass over n slots, once per
   * block), instead of each search testing each hit's phase and times.
   */
  private classesAt(now: number): Uint8Array {
    if (this.classesNow === now && !this.classesStale) return this.classes;
    const n = this.ids.length;
    const { classes, listed, phase, ltt, windowEnd, premiumMet } = this;
    for (let slot = 0; slot < n; slot++) {
      classes[slot] =
        (listed[slot] as number) < 0
          ? 0
          : LISTED | tabBits(phase[slot] as number, ltt[slot] as number, windowEnd[slot] as number, premiumMet[slot] === 1, now);
    }
    this.classesNow = now;
    this.classesStale = false;
    return classes;
  }

  /** The buyers_stake >= minimum premium flags, for another minimum (params are read once: once). */
  private setPremium(minPremium: bigint): void {
    this.premiumFor = minPremium;
    this.classesStale = true;
    for (let slot = 0; slot < this.ids.length; slot++)
      this.premiumMet[slot] = (this.buyers[slot] as bigint) >= minPremium ? 1 : 0;
  }

  /** Room for `n` slots in the typed per-slot arrays and the bit sets. */
  private grow(n: number): void {
    if (this.phase.length >= n) return;
    const size = Math.max(n, this.phase.length * 2, 1024);
    const grown = <A extends Uint8Array | Int32Array | Float64Array>(from: A, to: A): A => {
      to.set(from);
      return to;
    };
    this.phase = grown(this.phase, new Uint8Array(size));
    this.ltt = grown(this.ltt, new Float64Array(size));
    this.windowEnd = grown(this.windowEnd, new Float64Array(size));
    this.listed = grown(this.listed, new Int32Array(size));
    this.premiumMet = grown(this.premiumMet, new Uint8Array(size));
    this.classes = new Uint8Array(size);
    this.classesStale = true;
    const words = (size + 31) >>> 5;
    this.scratchWord = new Uint32Array(words);
    this.scratchSlots = new Int32Array(size);
    this.scratchTab = new Int32Array(size);
    // Sized for the old capacity: made again at their next use.
    this.bitsets.clear();
  }

  /**
   * The slots whose document has, for every search word, a term the word is a prefix of: written
   * to scratchSlots, their number returned. The rarest word's slots are the candidates; each other
   * word keeps those in its bit set (a common term keeps one; a rarer or many-term word's is made
   * in scratch space).
   */
  private matching(prefixes: readonly string[], words: number): number {
    const terms = this.terms();
    const ranges = prefixes.map((prefix) => this.termRange(prefix));
    const size = ([lo, hi]: [number, number]): number => {
      let total = 0;
      for (let i = lo; i < hi; i++) total += (this.postings.get(terms[i] as string) as number[]).length;
      return total;
    };
    ranges.sort((a, b) => size(a) - size(b));
    const out = this.scratchSlots;
    let found = 0;
    const first = ranges[0];
    if (!first || first[0] === first[1]) return 0;
    if (first[1] - first[0] === 1) {
      // One term: its slots, each once.
      for (const slot of this.postings.get(terms[first[0]] as string) as number[]) out[found++] = slot;
    } else {
      const bits = this.wordBits(first[0], first[1], words);
      for (let w = 0; w < words; w++) {
        let bits32 = bits[w] as number;
        while (bits32 !== 0) {
          const low = bits32 & -bits32;
          bits32 ^= low;
          out[found++] = (w << 5) | (31 - Math.clz32(low));
        }
      }
    }
    for (let r = 1; r < ranges.length && found > 0; r++) {
      const [lo, hi] = ranges[r] as [number, number];
      const bits = this.wordBits(lo, hi, words);
      let kept = 0;
      for (let i = 0; i < found; i++) {
        const slot = out[i] as number;
        if (((bits[slot >>> 5] as number) & (1 << (slot & 31))) !== 0) out[kept++] = slot;
      }
      found = kept;
    }
    return found;
  }

  /** The slots of terms[lo..hi) as a bit set: a common term's own, else made in scratchWord. */
  private wordBits(lo: number, hi: number, words: number): Uint32Array {
    const terms = this.terms();
    if (hi - lo === 1 && (this.postings.get(terms[lo] as string) as number[]).length >= BIT_SET_MIN) {
      return this.bitsetOf(terms[lo] as string);
    }
    const bits = this.scratchWord;
    bits.fill(0, 0, words);
    for (let i = lo; i < hi; i++) {
      const term = terms[i] as string;
      const list = this.postings.get(term) as number[];
      if (list.length >= BIT_SET_MIN) {
        const set = this.bitsetOf(term);
        for (let w = 0; w < words; w++) bits[w] = (bits[w] as number) | (set[w] as number);
      } else {
        for (const slot of list) bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
      }
    }
    return bits;
  }

  /** A common term's slots as a bit set, made at its first use and kept up to date by post(). */
  private bitsetOf(term: string): Uint32Array {
    let set = this.bitsets.get(term);
    if (!set) {
      set = new Uint32Array(this.scratchWord.length);
      for (const slot of this.postings.get(term) as number[]) set[slot >>> 5] = (set[slot >>> 5] as number) | (1 << (slot & 31));
      this.bitsets.set(term, set);
    }
    return set;
  }

  /** The range [lo, hi) of sorted terms the word is a prefix of. */
  private termRange(prefix: string): [number, number] {
    const terms = this.terms();
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((terms[mid] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    while (end < terms.length && (terms[end] as string).startsWith(prefix)) end++;
    return [lo, end];
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

  private async readRollbackMark(db: Kysely<Database> = this.db.kysely): Promise<string | null> {
    const row = await db.selectFrom("indexer_state").select("value").where("key", "=", ROLLBACK_STATE_KEY).executeTakeFirst();
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
    this.buyers = [];
    this.volume = [];
    this.phase = new Uint8Array(0);
    this.ltt = new Float64Array(0);
    this.windowEnd = new Float64Array(0);
    this.listed = new Int32Array(0);
    this.premiumMet = new Uint8Array(0);
    this.docs.clear();
    this.needTerms.clear();
    this.categories.clear();
    this.postings.clear();
    this.bitsets.clear();
    this.sortedTerms = null;
    this.changedVolume.clear();
    this.rowsEpoch++;
    this.rows.clear();
    // Slots are numbered anew: the orders are made again from nothing.
    this.orderVolume = new Int32Array(0);
    this.rankVolume = new Int32Array(0);
    this.orderNewest = new Int32Array(0);
    this.rankNewest = new Int32Array(0);
  }

  private marketQuery(db: Kysely<Database> = this.db.kysely) {
    return db
      .selectFrom("markets")
      .select(["id", "metadata_hash", "volume", "phase", "last_trading_time", "window_end", "buyers_stake", "updated_block"]);
  }

  /** What changed since the last look; everything again after a rollback. */
  private async refresh(version: string): Promise<void> {
    const since = Math.floor(Date.now() / 1000) - CLOCK_SLACK_SECONDS;
    // The three reads on one connection: one wait for it (SQLite has one, queued behind the pages).
    const read = await this.db.kysely.connection().execute(async (db) => {
      const mark = await this.readRollbackMark(db);
      if (mark !== this.rollbackMark) return null;
      const markets: MarketColumns[] = await this.marketQuery(db)
        .where("updated_block", ">", this.maxUpdated)
        .orderBy("updated_block")
        .execute();
      const metadata: MetadataRow[] = await db
        .selectFrom("market_metadata")
        .select(["hash", "status", "category"])
        .where((eb) => eb.or([eb("created_at", ">=", this.metadataSince), eb("reviewed_at", ">=", this.metadataSince)]))
        .execute();
      return { markets, metadata };
    });
    if (read === null) {
      await this.build();
    } else {
      const { markets, metadata } = read;
      this.applyMarkets(markets);
      for (const row of markets) this.maxUpdated = Math.max(this.maxUpdated, Number(row.updated_block));
      this.applyMetadata(metadata);
      if (this.needTerms.size > 0) await this.loadTerms();
      this.metadataSince = since;
      this.reorder();
    }
    this.version = version;
  }

  /** Slots whose volume or existence changed since the orders were last made. */
  private readonly changedVolume = new Set<number>();

  private applyMarkets(rows: readonly MarketColumns[]): void {
    if (rows.length === 0) return;
    this.classesStale = true;
    this.dropRows(rows.map((row) => Number(row.id)));
    for (const row of rows) {
      const id = Number(row.id);
      let slot = this.slotOf.get(id);
      const volume = BigInt(row.volume);
      if (slot === undefined) {
        slot = this.ids.length;
        this.grow(slot + 1);
        this.slotOf.set(id, slot);
        this.ids.push(id);
        this.volume.push(volume);
        this.changedVolume.add(slot);
        const doc = this.docFor(row.metadata_hash);
        this.docOf.push(doc);
        doc.slots.push(slot);
        this.listed[slot] = this.listedOf(doc);
        if (doc.terms) this.post(doc.terms, slot);
      } else if (this.volume[slot] !== volume) {
        this.volume[slot] = volume;
        this.changedVolume.add(slot);
      }
      // An unknown phase (none today) is in no tab, as in SQL.
      const phase = PHASES.indexOf(row.phase as (typeof PHASES)[number]);
      this.phase[slot] = phase < 0 ? 255 : phase;
      this.ltt[slot] = Number(row.last_trading_time);
      this.windowEnd[slot] = row.window_end === null ? 0 : Number(row.window_end);
      const buyers = BigInt(row.buyers_stake);
      this.buyers[slot] = buyers;
      if (this.premiumFor !== null) this.premiumMet[slot] = buyers >= this.premiumFor ? 1 : 0;
    }
  }

  private docFor(hash: string): Doc {
    let doc = this.docs.get(hash);
    if (!doc) {
      // Not read yet (or no metadata at all: then never listed).
      doc = { status: "missing", category: "", terms: null, slots: [] };
      this.docs.set(hash, doc);
      this.needTerms.add(hash);
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

  private applyMetadata(rows: readonly MetadataRow[]): void {
    if (rows.length > 0) this.classesStale = true;
    for (const row of rows) {
      const doc = this.docs.get(row.hash);
      // Metadata no market uses is read when a market comes to use it.
      if (!doc) continue;
      doc.status = row.status;
      doc.category = row.category;
      if (doc.terms === null) this.needTerms.add(row.hash);
      const listed = this.listedOf(doc);
      for (const slot of doc.slots) this.listed[slot] = listed;
      this.dropRows(doc.slots.map((slot) => this.ids[slot] as number));
    }
  }

  /** Reads the terms of every document some market uses that has none yet. */
  private async loadTerms(): Promise<void> {
    const missing = [...this.needTerms];
    this.needTerms.clear();
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
        this.classesStale = true;
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
      if (list) {
        list.push(slot);
        const set = this.bitsets.get(term);
        if (set) set[slot >>> 5] = (set[slot >>> 5] as number) | (1 << (slot & 31));
      } else {
        this.postings.set(term, [slot]);
        this.sortedTerms = null;
      }
    }
  }

  /** The volume and newest orders (and their ranks) with the changed slots moved to their places. */
  private reorder(): void {
    const n = this.ids.length;
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
