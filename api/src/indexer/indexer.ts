import type { Chain } from "../chain/chain";
import type { ApiConfig } from "../config";
import type { Db } from "../db/connect";
import { indexerConnection, type IndexerConnection } from "./connection";
import { ReorgDetectedError, StaleRangeError, type BatchSettings } from "./batch";
import { LogDecoder, WATCHED_CONTRACTS } from "./decode";
import { ChainMovedError, commitParts, fetchRange, FIRST_RANGE, nextRangeBlocks, type FetchedRange } from "./fetch";
import { createLeadership, type Leadership } from "./leader";
import type { IndexerLog } from "./log";
import { findForkPoint, rebuildFrom, rollbackTo } from "./reorg";
import { Rpc, type BlockHeader } from "./rpc";
import { nextBlock, readCursors, writeHead } from "./state";
import { PartPipeline } from "./pipeline";
import { yieldToEventLoop } from "./yield";
import { changeCommitted } from "../stream/signal";

export type { IndexerLog } from "./log";

export interface IndexerHandle {
  /** Stops the loop (the batch in flight finishes) and releases the leader lock. */
  stop(): Promise<void>;
  isLeader(): boolean;
  /** Resolves when every block ≤ n is applied (by this process or the current leader). */
  waitForBlock(n: number, timeoutMs?: number): Promise<void>;
  /** For tests: applies everything up to head − confirmations; returns the next block to read. */
  syncOnce(): Promise<number>;
}

export interface IndexerOptions {
  db: Db;
  chain: Chain;
  config: ApiConfig;
  log: IndexerLog;
  /** Run the polling loop (default). Tests that drive the indexer step by step pass false and call syncOnce. */
  background?: boolean;
}

const MAX_BACKOFF_MS = 30_000;

/**
 * Follows the protocol's events into the database. Each poll reads the head, then walks from the
 * cursor to head − confirmations in ranges of batchBlocks: the next range's logs are fetched while
 * the current one is written, each range in transactions of at most about COMMIT_EVENTS events
 * (whole blocks; fetch.ts commitParts, batch.ts); on SQLite the next part is prepared while the
 * writer thread commits one (pipeline.ts). On PostgreSQL only the
 * leader (leader.ts) indexes; the others keep trying to take over.
 */
export async function startIndexer(options: IndexerOptions): Promise<IndexerHandle> {
  const indexer = new Indexer(options);
  await indexer.init();
  if (options.background !== false) indexer.start();
  return indexer.handle();
}

class Indexer {
  /** The connection the indexer reads and writes on (connection.ts: its own on a SQLite file). */
  private readonly db: Db;
  private readonly connection: IndexerConnection;
  private readonly chain: Chain;
  private readonly config: ApiConfig;
  private readonly log: IndexerLog;
  private readonly rpc: Rpc;
  private readonly decoder: LogDecoder;
  private readonly leadership: Leadership;
  private settings: BatchSettings | null = null;
  private stopped = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** Blocks per eth_getLogs, adapted to the log density (fetch.ts nextRangeBlocks). */
  private rangeBlocks: number;
  /** The database as the api was given it: the live stream listens for commits on it (not on the indexer's own connection). */
  private readonly shared: Db;
  /** Serializes polls: the loop and syncOnce never run one at the same time. */
  private exclusive: Promise<unknown> = Promise.resolve();

  constructor(options: IndexerOptions) {
    this.shared = options.db;
    this.connection = indexerConnection(options.db);
    this.db = this.connection.db;
    this.chain = options.chain;
    this.config = options.config;
    this.log = options.log;
    // The chain's own endpoint (its provider's URL), read with a lighter client (rpc.ts).
    this.rpc = new Rpc(options.chain.provider._getConnection().url);
    this.decoder = new LogDecoder(options.chain.addresses);
    this.leadership = createLeadership(options.db, options.log);
    this.rangeBlocks = Math.min(FIRST_RANGE, options.config.batchBlocks);
  }

  async init(): Promise<void> {
    // Deployment constants; read once (a failure here is retried by the loop).
    await this.loadSettings().catch((error: unknown) => {
      this.log.warn(`indexer: cannot read Markets.params() yet: ${message(error)}`);
    });
  }

  private async loadSettings(): Promise<BatchSettings> {
    if (this.settings) return this.settings;
    const params = await this.chain.params();
    this.settings = {
      params,
      addresses: {
        markets: this.chain.addresses.markets.toLowerCase(),
        marketplace: this.chain.addresses.licenseMarketplace.toLowerCase(),
      },
      reorgDepth: this.config.reorgDepth,
      firstBlock: this.chain.deploymentBlock,
    };
    return this.settings;
  }

  start(): void {
    this.loop = this.run();
  }

  handle(): IndexerHandle {
    return {
      stop: () => this.stop(),
      isLeader: () => !this.stopped && this.leadership.isLeader(),
      waitForBlock: (n, timeoutMs) => this.waitForBlock(n, timeoutMs),
      syncOnce: () => this.syncOnce(),
    };
  }

  private async run(): Promise<void> {
    let backoff = 0;
    while (!this.stopped) {
      try {
        if (!(await this.leadership.acquire())) {
          await this.sleep(this.config.pollIntervalMs);
          continue;
        }
        const { caughtUp } = await this.serialized(() => this.poll());
        backoff = 0;
        if (caughtUp) await this.sleep(this.config.pollIntervalMs);
      } catch (error) {
        backoff = Math.min(MAX_BACKOFF_MS, Math.max(this.config.pollIntervalMs, backoff * 2 || 500));
        this.log.warn(`indexer: ${message(error)} (retrying in ${backoff} ms)`);
        await this.sleep(backoff);
      }
    }
  }

  private async syncOnce(): Promise<number> {
    if (!(await this.leadership.acquire())) throw new Error("indexer: another process holds the indexer role");
    for (;;) {
      const { caughtUp, next } = await this.serialized(() => this.poll());
      if (caughtUp) return next;
    }
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const run = this.exclusive.then(work, work);
    this.exclusive = run.catch(() => undefined);
    return run;
  }

  /**
   * One poll: everything up to head − confirmations. `caughtUp` is false when it stopped early (a
   * rollback, a range to read again) and the caller should poll again at once.
   */
  private async poll(): Promise<{ caughtUp: boolean; next: number }> {
    const settings = await this.loadSettings();
    const head = await this.rpc.latestHeader();
    const target = head.number - this.config.confirmations;
    let next = nextBlock(await readCursors(this.db.kysely, settings.firstBlock));

    if (next > target) {
      // Nothing new to read, but the chain may have been reorganised under the same height.
      if (!(await this.tipMatches(next - 1, head))) return { caughtUp: false, next: await this.recover(next - 1, head) };
      await writeHead(this.db.kysely, head);
      return { caughtUp: true, next };
    }

    const fetchFrom = (from: number): Promise<FetchedRange> =>
      fetchRange(this.rpc, this.decoder, {
        from,
        to: Math.min(from + this.rangeBlocks - 1, target),
        head,
        firstBlock: settings.firstBlock,
      });
    let pending: Promise<FetchedRange> | null = fetchFrom(next);
    const parts = new PartPipeline(this.db, settings, this.connection.writer, () => changeCommitted(this.shared));
    try {
      while (pending) {
        const range: FetchedRange = await pending;
        this.rangeBlocks = nextRangeBlocks(this.rangeBlocks, range.densestBlock, this.config.batchBlocks);
        // Pipeline: the node prepares the next range while this one is written.
        pending = range.to < target && !this.stopped ? fetchFrom(range.to + 1) : null;
        for (const part of commitParts(range)) {
          // A turn of the event loop between transactions: the api's requests that arrived during
          // one are read, and their queries queue for the connection before the next one starts.
          await yieldToEventLoop();
          if (this.stopped && part.from !== range.from) break;
          next = (await parts.apply(part)) ?? next;
        }
      }
      next = (await parts.drain()) ?? next;
    } catch (thrown) {
      void pending?.catch(() => undefined);
      // A part still being written finishes first (a rollback must not run beside it); its own
      // failure is the one that counts.
      let error = thrown;
      try {
        next = (await parts.drain()) ?? next;
      } catch (failed) {
        error = failed;
      }
      if (error instanceof ReorgDetectedError) return { caughtUp: false, next: await this.recover(error.block, head) };
      if (error instanceof ChainMovedError || error instanceof StaleRangeError) {
        this.log.info(`indexer: ${error instanceof Error ? error.message : String(error)}; reading again`);
        return { caughtUp: false, next };
      }
      throw error;
    }
    return { caughtUp: !this.stopped, next };
  }

  private async tipMatches(block: number, head: BlockHeader): Promise<boolean> {
    if (block < this.chain.deploymentBlock || block < 0) return true;
    const stored = await this.db.kysely
      .selectFrom("indexer_blocks")
      .select("hash")
      .where("number", "=", block)
      .executeTakeFirst();
    if (!stored) return true;
    if (block > head.number) return false;
    return (await this.rpc.header(block)).hash === stored.hash;
  }

  /** Rolls back to the fork point below `mismatch` (or rebuilds when it is too deep); returns the next block. */
  private async recover(mismatch: number, head: BlockHeader): Promise<number> {
    const fork = await findForkPoint(this.db, this.rpc, mismatch + 1);
    if (fork.block === null) {
      this.log.error(
        `indexer: reorganisation below the ${this.config.reorgDepth} blocks kept; rebuilding from block ${this.chain.deploymentBlock}`,
      );
      await rebuildFrom(this.db, this.chain.deploymentBlock, head.timestamp);
      changeCommitted(this.shared);
      return this.chain.deploymentBlock;
    }
    const undone = await rollbackTo(this.db, fork.block, head.timestamp);
    changeCommitted(this.shared);
    this.log.warn(`indexer: reorganisation: rolled back to block ${fork.block} (${undone} rows restored)`);
    return fork.block + 1;
  }

  private async waitForBlock(n: number, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rows = await this.db.kysely.selectFrom("indexer_cursors").select("next_block").execute();
      if (rows.length === WATCHED_CONTRACTS.length && Math.min(...rows.map((r) => Number(r.next_block))) > n) return;
      if (Date.now() > deadline) throw new Error(`indexer: block ${n} not indexed within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
    });
  }

  private async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.wake?.();
    await this.loop;
    await this.exclusive;
    await this.leadership.release();
    await this.connection.close();
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
