import { EventEmitter } from "node:events";
import type { PoolClient } from "pg";
import type { Db } from "../db/connect";
import { STREAM_CHANNEL } from "./changes";

/**
 * How an api process learns that the indexer committed a change (issue 28). In the indexing process
 * the indexer says so itself, after its transaction committed (`changeCommitted`); on PostgreSQL
 * every other process hears the NOTIFY the transaction sent at its commit, on a connection of its
 * own that LISTENs. Either way the reader then reads `stream_changes` after the last id it had: the
 * one code path on SQLite (one process) and on PostgreSQL (many).
 */
const local = new WeakMap<Db, EventEmitter>();

function emitterOf(db: Db): EventEmitter {
  let emitter = local.get(db);
  if (!emitter) {
    emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    local.set(db, emitter);
  }
  return emitter;
}

/** Called by the indexer once a transaction that recorded a change has committed. */
export function changeCommitted(db: Db): void {
  emitterOf(db).emit("change");
}

export interface ChangeSignal {
  close(): Promise<void>;
}

/** Calls `wake` whenever a change may have been committed, by this process or (PostgreSQL) another. */
export function listenForChanges(db: Db, wake: () => void, log: (line: string) => void): ChangeSignal {
  const emitter = emitterOf(db);
  emitter.on("change", wake);
  let closed = false;
  let client: PoolClient | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    if (!db.pool || closed) return;
    try {
      const c = await db.pool.connect();
      if (closed) {
        c.release();
        return;
      }
      client = c;
      c.on("notification", (message) => {
        if (message.channel === STREAM_CHANNEL) wake();
      });
      // A broken connection may report more than one error, and may report one after it went back to
      // the pool (close, or an earlier error): it is released once (a second release throws), and the
      // listener stays so a later error is never an unhandled one.
      c.on("error", (error: Error) => {
        if (client !== c) return;
        log(`stream: the LISTEN connection failed (${error.message}); reconnecting`);
        drop(c, error);
      });
      await c.query(`LISTEN ${STREAM_CHANNEL}`);
      // Whatever was committed while this connection was away is read now.
      wake();
    } catch (error) {
      log(`stream: cannot LISTEN (${error instanceof Error ? error.message : String(error)}); retrying`);
      scheduleRetry();
    }
  };
  const drop = (c: PoolClient, error?: Error): void => {
    if (client === c) client = null;
    c.removeAllListeners("notification");
    c.release(error ?? true);
    scheduleRetry();
  };
  const scheduleRetry = (): void => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, 1_000);
    retry.unref();
  };
  void connect();

  return {
    close: async () => {
      closed = true;
      emitter.off("change", wake);
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners("notification");
        await c.query(`UNLISTEN ${STREAM_CHANNEL}`).catch(() => undefined);
        c.release();
      }
    },
  };
}
