import type pg from "pg";
import type { Db } from "../db/connect";
import type { IndexerLog } from "./log";

/** Advisory lock keys ('prds' as an int4, then the lock's number). */
const PRDS = 0x70726473;
/** Held for a leader's whole term, on a connection of its own. */
export const LEADER_LOCK: readonly [number, number] = [PRDS, 1];
/** Taken by every batch transaction (transaction-scoped), so two writers can never interleave. */
export const WRITER_LOCK: readonly [number, number] = [PRDS, 2];

/**
 * Who indexes. On PostgreSQL, the process holding a session advisory lock on a dedicated pooled
 * client: when that process dies its session ends, the lock is released, and another process's
 * next attempt (every poll interval) takes over. On SQLite the process is always the leader (an
 * embedded file has one api process).
 */
export interface Leadership {
  isLeader(): boolean;
  /** Tries to become the leader; true when this process leads (already or now). */
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

export function createLeadership(db: Db, log: IndexerLog): Leadership {
  const pool = db.pool;
  if (db.dialect === "sqlite" || !pool) {
    return { isLeader: () => true, acquire: async () => true, release: async () => {} };
  }
  return new PgLeadership(pool, log);
}

class PgLeadership implements Leadership {
  private client: pg.PoolClient | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: IndexerLog,
  ) {}

  isLeader(): boolean {
    return this.client !== null;
  }

  async acquire(): Promise<boolean> {
    if (this.client) {
      // A session that died quietly (a network cut) has dropped the lock: check it is alive.
      try {
        await this.client.query("select 1");
        return true;
      } catch (error) {
        this.drop(error);
        return false;
      }
    }
    const client = await this.pool.connect();
    let held = false;
    try {
      const result = await client.query<{ held: boolean }>("select pg_try_advisory_lock($1, $2) as held", [...LEADER_LOCK]);
      held = result.rows[0]?.held === true;
    } catch (error) {
      client.release(error instanceof Error ? error : true);
      throw error;
    }
    if (!held) {
      client.release();
      return false;
    }
    // The lock lives as long as this session: losing the connection is losing the lead.
    client.on("error", this.onError);
    client.on("end", this.onEnd);
    this.client = client;
    return true;
  }

  private readonly onError = (error: Error): void => this.drop(error);
  private readonly onEnd = (): void => this.drop(new Error("connection ended"));

  /** Stops listening to a client about to go back to the pool (destroyed when `error` is given). */
  private giveBack(client: pg.PoolClient, error?: unknown): void {
    client.off("error", this.onError);
    client.off("end", this.onEnd);
    // release() first re-attaches the pool's own error listener, so the client is never without one.
    client.release(error === undefined ? undefined : error instanceof Error ? error : true);
  }

  private drop(error: unknown): void {
    const client = this.client;
    if (!client) return;
    this.client = null;
    this.log.error(`indexer: lost the leader lock's session (${error instanceof Error ? error.message : String(error)})`);
    this.giveBack(client, error);
  }

  async release(): Promise<void> {
    const client = this.client;
    if (!client) return;
    this.client = null;
    try {
      await client.query("select pg_advisory_unlock($1, $2)", [...LEADER_LOCK]);
      this.giveBack(client);
    } catch (error) {
      this.giveBack(client, error);
    }
  }
}
