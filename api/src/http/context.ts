import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import type { Chain, MarketParams } from "../chain/chain";
import type { ApiConfig } from "../config";
import type { Db } from "../db/connect";
import { createModerator, type Moderator } from "../content/moderation";
import { apiError } from "./errors";

/** The indexer's view of the chain: its "now" and how far it has read. */
export interface Head {
  /** indexer_state 'head_time': the chain's time as the api sees it (wall clock until indexed). */
  now: number;
  headBlock: number | null;
  /** Changes whenever indexed data may have changed (head, cursors); keys short-lived caches. */
  version: string;
}

/** What every route reads: the database, the chain's constants, the configuration. */
export interface AppContext {
  db: Db;
  chain: Chain;
  config: ApiConfig;
  log: FastifyBaseLogger;
  /** The head, re-read at most every HEAD_TTL_MS (one query per request was a fifth of a cached list's cost). */
  head(): Promise<Head>;
  /** Drops the remembered head (a caller has just seen the indexer move, e.g. get-trans-status). */
  refreshHead(): void;
  /** Markets.params(); a chain node that cannot be reached answers 503, not 500. */
  params(): Promise<MarketParams>;
  /** Bumped by this process's own metadata writes, so its caches never serve what it just changed. */
  localVersion: { value: number };
  /** Word lists and rules, compiled once per server. */
  moderator: Moderator;
}

/** How long a read head is reused: the longest an answer can lag the indexer in one process. */
export const HEAD_TTL_MS = 200;

export function createContext(db: Db, chain: Chain, config: ApiConfig, log: FastifyBaseLogger): AppContext {
  const localVersion = { value: 0 };
  let cached: { at: number; local: number; head: Promise<Head> } | null = null;
  return {
    db,
    chain,
    config,
    log,
    localVersion,
    moderator: createModerator(),
    head: () => {
      const now = Date.now();
      if (cached && now - cached.at < HEAD_TTL_MS && cached.local === localVersion.value) return cached.head;
      const head = readHead(db, localVersion.value);
      const entry = { at: now, local: localVersion.value, head };
      cached = entry;
      head.catch(() => {
        if (cached === entry) cached = null;
      });
      return head;
    },
    refreshHead: () => {
      cached = null;
    },
    params: () => fromChain(log, () => chain.params()),
  };
}

/** Runs a chain read, turning a node failure into the 503 envelope (the client retries those). */
export async function fromChain<T>(log: FastifyBaseLogger, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    log.warn({ err: error }, "chain read failed");
    throw apiError("chainUnavailable");
  }
}

/**
 * One round trip for the head and a data version: the indexer's head block and time plus the sum of
 * its per-contract cursors (which moves on every applied batch and on every rollback).
 */
export async function readHead(db: Db, local: number): Promise<Head> {
  const rows = await sql<{ key: string; value: string | null }>`
    select key, value from indexer_state where key in ('head_block', 'head_time')
    union all
    select 'cursors' as key, cast(sum(next_block) as text) as value from indexer_cursors`.execute(db.kysely);
  let now: number | null = null;
  let headBlock: number | null = null;
  let cursors = "0";
  for (const row of rows.rows) {
    if (row.key === "head_time" && row.value !== null) now = Number.parseInt(row.value, 10);
    else if (row.key === "head_block" && row.value !== null) headBlock = Number.parseInt(row.value, 10);
    else if (row.key === "cursors" && row.value !== null) cursors = row.value;
  }
  const wall = Math.floor(Date.now() / 1000);
  const time = now !== null && Number.isFinite(now) ? now : wall;
  return { now: time, headBlock, version: `${headBlock ?? "-"}:${time}:${cursors}:${local}` };
}
