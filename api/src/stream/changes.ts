import { sql } from "kysely";
import type { Db } from "../db/connect";
import type { Executor } from "../indexer/bulk";
import type { BatchStore } from "../indexer/store";

/**
 * What one committed indexer transaction changed that a page shows (issue 28): the markets whose
 * rows changed, the accounts whose positions, payouts, challenges, votes, referral earnings or
 * credits changed, and the trades it added. Written into `stream_changes` inside the indexer's own
 * transaction, so the stream never speaks of anything that was not committed; its id is the events'
 * id. Past the caps a change says `overflow`: readers then look at everything they follow.
 */
export interface StreamChange {
  markets: number[];
  accounts: string[];
  /** [account, market id] of each position that changed (a buy, a payout, a refund). */
  positions: [string, number][];
  /** [tx hash, log index] of each trade added. */
  trades: [string, number][];
  /** A rollback or rebuild: rows went back to an earlier state; readers re-read what they follow. */
  reorg?: true;
  /** More changed than the caps below: readers re-read everything they follow. */
  overflow?: true;
}

/** A rollback's change: everything followed is read again. */
export const EMPTY_CHANGE: StreamChange = { markets: [], accounts: [], positions: [], trades: [] };

export const CHANGE_CAPS = { markets: 1_000, accounts: 1_000, trades: 500 } as const;

/** PostgreSQL channel the indexing process notifies (with the change id) at commit. */
export const STREAM_CHANNEL = "prds_stream";

/** The change a batch made, from the rows it wrote (indexer/batch.ts); null when it touched nothing a page shows. */
export function changeOfStore(store: BatchStore): StreamChange | null {
  const markets = new Set<number>();
  const accounts = new Set<string>();
  const positions = new Map<string, [string, number]>();
  const position = (account: string, market: number): void => {
    positions.set(`${account}:${market}`, [account.toLowerCase(), market]);
  };
  for (const m of store.changed("markets")) {
    markets.add(Number(m.id));
    accounts.add(m.issuer);
  }
  for (const o of store.changed("market_options")) markets.add(Number(o.market_id));
  for (const p of store.changed("positions")) {
    accounts.add(p.account);
    position(p.account, Number(p.market_id));
  }
  for (const c of store.changed("challenges")) accounts.add(c.challenger);
  for (const v of store.changed("votes")) accounts.add(v.voter);
  for (const r of store.changed("referral_earnings")) accounts.add(r.referrer);
  for (const c of store.changed("credits")) accounts.add(c.account);
  for (const p of store.appendedRows("payouts")) {
    accounts.add(p.account);
    markets.add(Number(p.market_id));
    position(p.account, Number(p.market_id));
  }
  const trades = store.appendedRows("trades").map((t): [string, number] => [t.tx_hash, t.log_index]);
  if (markets.size === 0 && accounts.size === 0 && trades.length === 0) return null;
  if (
    markets.size > CHANGE_CAPS.markets ||
    accounts.size > CHANGE_CAPS.accounts ||
    positions.size > CHANGE_CAPS.accounts ||
    trades.length > CHANGE_CAPS.trades
  ) {
    return { ...EMPTY_CHANGE, overflow: true };
  }
  return {
    markets: [...markets],
    accounts: [...accounts].map((a) => a.toLowerCase()),
    positions: [...positions.values()],
    trades,
  };
}

/** Appends a change inside the writer's transaction; on PostgreSQL the notification goes out at its commit. */
export async function recordChange(db: Db, trx: Executor, change: StreamChange, block: number): Promise<void> {
  const row = await trx
    .insertInto("stream_changes")
    .values({ at: Date.now(), block, payload: JSON.stringify(change) })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (db.dialect === "postgres") await sql`select pg_notify(${STREAM_CHANNEL}, ${String(row.id)})`.execute(trx);
}

export interface StoredChange {
  id: number;
  at: number;
  change: StreamChange;
}

/** Changes after `after`, oldest first, at most `limit`. */
export async function readChanges(db: Db, after: number, limit: number): Promise<StoredChange[]> {
  const rows = await db.kysely
    .selectFrom("stream_changes")
    .select(["id", "at", "payload"])
    .where("id", ">", after)
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), at: Number(r.at), change: JSON.parse(r.payload) as StreamChange }));
}

/** The newest change id (0 when none). */
export async function lastChangeId(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom("stream_changes")
    .select((eb) => eb.fn.max<number | string | null>("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Whether change `id` is still kept (a client resuming after it can be replayed exactly). */
export async function changeKept(db: Db, id: number): Promise<boolean> {
  const row = await db.kysely.selectFrom("stream_changes").select("id").where("id", "=", id).executeTakeFirst();
  return row !== undefined;
}

/** Deletes changes older than the retention window, always keeping the newest (resume points stay valid). */
export async function pruneChanges(db: Db, retentionMs: number, now = Date.now()): Promise<void> {
  const last = await lastChangeId(db);
  await db.kysely
    .deleteFrom("stream_changes")
    .where("at", "<", now - retentionMs)
    .where("id", "<", last)
    .execute();
}
