import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Db } from "../../db/connect";
import type { Database } from "../../db/schema";
import { ROLLBACK_STATE_KEY } from "../../indexer/reorg";
import type { DatabaseTerms } from "./databaseTerms";
import type { MarketColumns, MetadataRow, SlotStore } from "./slots";

/**
 * Keeps the slot store up to date: it is brought up to date before a search whenever the data
 * version (Head.version) has moved, reading only what changed — markets whose updated_block is above
 * the highest seen, metadata submitted or reviewed since the last look (005_change_indexes) — and
 * read again in full when the indexer has rolled back (indexer_state ROLLBACK_STATE_KEY).
 */

const CHUNK = 5_000;
/** Seconds of metadata re-read at each look, for writers whose clock is a little behind ours. */
const CLOCK_SLACK_SECONDS = 5;

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class SlotRefresh {
  /** Whether a build finished (searches run their SQL until then). */
  built = false;
  private building: Promise<void> | null = null;
  private refreshing: Promise<void> | null = null;
  private version: string | null = null;
  private rollbackMark: string | null = null;
  private maxUpdated = -1;
  private metadataSince = 0;

  constructor(
    private readonly db: Db,
    private readonly store: SlotStore,
    private readonly terms: DatabaseTerms,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Waits for the build in progress, if any. */
  async waitForBuild(): Promise<void> {
    await this.building;
  }

  startBuild(): void {
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

  /** After a failed step: everything is read again (searches run their SQL until then). */
  rebuild(): void {
    this.built = false;
    this.version = null;
    this.startBuild();
  }

  /** Brings the index to (at least) data version `version`; concurrent callers share one look. */
  async upTo(version: string): Promise<void> {
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
    this.store.reset();
    let after = Number.MIN_SAFE_INTEGER;
    for (;;) {
      const rows: MarketColumns[] = await this.marketQuery().where("id", ">", after).orderBy("id").limit(CHUNK).execute();
      if (rows.length === 0) break;
      this.store.applyMarkets(rows);
      after = Number(rows[rows.length - 1]?.id);
      await yieldToEventLoop();
    }
    // Metadata (status, category, terms) of every document a market uses, by hash.
    await this.loadTerms();
    this.rollbackMark = mark;
    this.maxUpdated = top?.top === null || top?.top === undefined ? -1 : Number(top.top);
    this.metadataSince = since;
    this.store.reorder();
    // What changed while it was read comes in with the next look (version null: one is due).
    this.version = null;
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
      this.store.applyMarkets(markets);
      for (const row of markets) this.maxUpdated = Math.max(this.maxUpdated, Number(row.updated_block));
      this.store.applyMetadata(metadata);
      if (this.store.needsTerms) await this.loadTerms();
      this.metadataSince = since;
      this.store.reorder();
    }
    this.version = version;
  }

  /** Reads the terms of every document some market uses that has none yet. */
  private async loadTerms(): Promise<void> {
    const missing = this.store.takeNeededTerms();
    for (let i = 0; i < missing.length; i += 500) {
      const hashes = missing.slice(i, i + 500);
      const found = await this.terms.documents(hashes);
      for (const hash of hashes) this.store.applyTerms(hash, found.get(hash) ?? null);
      await yieldToEventLoop();
    }
  }
}
