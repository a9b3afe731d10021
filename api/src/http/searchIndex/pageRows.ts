import type { OptionItemBody } from "@prds/api-schema";
import type { Db } from "../../db/connect";
import {
  loadMarkets,
  loadOptions,
  type MarketRow,
  type MetadataColumns,
  type OptionRow,
  type VisibleMetadata,
} from "../marketRows";

/** What a list card is made of: the market with its metadata columns, and its options. */
export interface PageRow {
  market: MarketRow & MetadataColumns;
  options: OptionRow[];
  /** What the card shows of them, made at the first card (kept with the row, as fresh as it). */
  visible?: VisibleMetadata;
  items?: { feeBps: number; list: OptionItemBody[] };
}

/** Page rows kept (~2 KB each). */
const MAX_ROWS = 30_000;

/**
 * The page rows of markets recently shown: the same few thousand high-volume markets head the pages
 * of most searches, so they are kept, each until a look sees it changed (its updated_block, its
 * metadata) or the index is read again.
 */
export class PageRows {
  /** By id, least recently used first. */
  private readonly rows = new Map<number, PageRow>();
  /** Moves on whenever rows may have been dropped: a read started before is not kept. */
  private epoch = 0;

  constructor(private readonly db: Db) {}

  /** The page rows of `ids` (as loadMarkets/loadOptions read them). */
  async of(ids: readonly number[]): Promise<Map<number, PageRow>> {
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
    const epoch = this.epoch;
    const [markets, options] = await Promise.all([loadMarkets(this.db, missing), loadOptions(this.db, missing)]);
    const keep = epoch === this.epoch;
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

  /** Drops the rows of `ids` (or all of them) that may have changed. */
  forget(ids: Iterable<number> | "all"): void {
    this.epoch++;
    if (ids === "all") this.rows.clear();
    else for (const id of ids) this.rows.delete(id);
  }
}
