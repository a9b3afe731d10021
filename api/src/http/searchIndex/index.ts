import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/connect";
import { DatabaseTerms } from "./databaseTerms";
import { PageRows, type PageRow } from "./pageRows";
import { answer, type SearchAnswer, type SearchRequest } from "./query";
import { SlotRefresh } from "./refresh";
import { SlotStore } from "./slots";

export type { PageRow } from "./pageRows";
export type { SearchAnswer, SearchRequest } from "./query";

/**
 * The market list's searches answered in process (issue 20): at 100k markets a search seen for the
 * first time cost SQLite one pass over all its hits sorted by volume (~3 ms of CPU each, 275
 * different searches a second). Here every listed market is a slot in arrays (slots.ts); each
 * search term maps to the slots whose text holds it (terms.ts); a search intersects its words'
 * slots, counts them per tab and sorts only the tab's hits by a rank kept per slot (query.ts).
 *
 * The answers are the SQL path's (routes/markets.ts searchPass/pageIds, kept as the reference and
 * as the fallback; test/search-index.test.ts compares the two on thousands of searches):
 * - a document's terms are the database's own (databaseTerms.ts);
 * - a search word is turned into a term by the same database code: a word that does not become
 *   exactly one term there falls back to SQL;
 * - every word matches as a prefix of some term of the document, all words required;
 * - approved metadata, the category, the tabs (listTabs.ts, the SQL condition's own rules), the
 *   order (volume desc then id desc, or id desc) as SQL has them.
 *
 * Freshness (refresh.ts): the index is brought up to date before a search whenever the data version
 * has moved, reading only what changed. Until the first build is done, and whenever a step fails,
 * searches run their SQL.
 */
export class SearchIndex {
  private readonly rows: PageRows;
  private readonly store: SlotStore;
  private readonly terms: DatabaseTerms;
  private readonly refresh: SlotRefresh;

  constructor(
    db: Db,
    private readonly log: FastifyBaseLogger,
  ) {
    this.rows = new PageRows(db);
    this.store = new SlotStore((ids) => this.rows.forget(ids));
    this.terms = new DatabaseTerms(db);
    this.refresh = new SlotRefresh(db, this.store, this.terms, log);
  }

  close(): void {
    this.terms.close();
  }

  /** Builds the index if it is not built (what the first search starts in the background). */
  async ready(): Promise<void> {
    if (this.refresh.built) return;
    this.refresh.startBuild();
    await this.refresh.waitForBuild();
    if (!this.refresh.built) throw new Error("search index: build failed");
  }

  /**
   * The search's totals and page ids as of data version `version`, or null when SQL must answer
   * (the index is still being built, a step failed, or a word is not one term for the database).
   */
  async search(q: SearchRequest, version: string, now: number, minPremium: bigint): Promise<SearchAnswer | null> {
    if (!this.refresh.built) {
      this.refresh.startBuild();
      return null;
    }
    try {
      await this.refresh.upTo(version);
    } catch (error) {
      this.log.warn({ err: error }, "search index: refresh failed, reading everything again");
      this.refresh.rebuild();
      return null;
    }
    const terms: string[] = [];
    for (const token of q.tokens) {
      const term = await this.terms.termOf(token);
      if (term === null) return null;
      terms.push(term);
    }
    return answer(this.store, terms, q, now, minPremium);
  }

  /** The page rows of `ids`, kept while they do not change (pageRows.ts). */
  rowsOf(ids: readonly number[]): Promise<Map<number, PageRow>> {
    return this.rows.of(ids);
  }
}
