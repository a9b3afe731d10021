import { Worker } from "node:worker_threads";

/**
 * The SQLite write phase of a range, run on a worker thread with its own connection.
 *
 * better-sqlite3 is synchronous: writing a range's rows and committing them (the WAL written, now
 * and then copied back into the database with an fsync) held the main thread for tens to hundreds
 * of milliseconds at a time, during which the api beside the indexer answered nothing. The main
 * thread now prepares the range (reads, handlers, the rows as statement parameters: batch.ts,
 * bulk.ts) and hands the statements to this worker, which runs them in one transaction and commits;
 * the main thread serves requests meanwhile. A kill at any moment still leaves all of the range or
 * none of it.
 *
 * The worker's transaction starts by checking that the cursors are still what the range was
 * prepared from (another writer, a rollback): if not, nothing is written and the range is read
 * again (StaleRangeError), as when the check ran in the main thread's transaction.
 */
export type SqlValue = string | number | null;

/** One statement text and the parameters of each of its runs, `width` values per run, flat. */
export interface WriteStatement {
  text: string;
  width: number;
  params: SqlValue[];
}

/** The statements of one range's write phase, in order. */
export class StatementSink {
  readonly statements: WriteStatement[] = [];

  /** The parameter list the next runs of `text` append to (one entry per consecutive text). */
  params(text: string, width: number): SqlValue[] {
    const last = this.statements[this.statements.length - 1];
    if (last && last.text === text && last.width === width) return last.params;
    const statement: WriteStatement = { text, width, params: [] };
    this.statements.push(statement);
    return statement.params;
  }

  /** A statement run once (compiled by Kysely). */
  push(text: string, params: readonly unknown[]): void {
    this.params(text, params.length).push(...(params as SqlValue[]));
  }
}

/** Cursors as the range read them: contract → next block (contracts without a row are absent). */
export type CursorRows = Record<string, number>;

export class CursorsMovedError extends Error {}

const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = NORMAL");
db.pragma("busy_timeout = 5000");
db.pragma("cache_size = -65536");
const statements = new Map();
const prepared = (text) => {
  let statement = statements.get(text);
  if (!statement) {
    statement = db.prepare(text);
    statements.set(text, statement);
  }
  return statement;
};
const readCursors = db.prepare("select contract, next_block from indexer_cursors");

parentPort.on("message", ({ id, cursors, statements: batch }) => {
  try {
    db.exec("begin immediate");
    try {
      const now = {};
      for (const row of readCursors.all()) now[row.contract] = Number(row.next_block);
      const same = Object.keys(now).length === Object.keys(cursors).length &&
        Object.keys(now).every((contract) => now[contract] === cursors[contract]);
      if (!same) {
        db.exec("rollback");
        parentPort.postMessage({ id, moved: JSON.stringify(now) });
        return;
      }
      for (const { text, width, params } of batch) {
        const statement = prepared(text);
        if (width === 0) statement.run();
        else for (let at = 0; at < params.length; at += width) statement.run(...params.slice(at, at + width));
      }
      db.exec("commit");
    } catch (error) {
      if (db.inTransaction) db.exec("rollback");
      throw error;
    }
    parentPort.postMessage({ id });
  } catch (error) {
    parentPort.postMessage({ id, error: error && error.message ? error.message : String(error) });
  }
});
parentPort.on("close", () => db.close());
`;

interface Reply {
  id: number;
  error?: string;
  moved?: string;
}

export class SqliteWriter {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private failure: Error | null = null;

  constructor(file: string) {
    this.worker = new Worker(WORKER, {
      eval: true,
      workerData: { file, driver: require.resolve("better-sqlite3") },
    });
    // Idle, the worker does not keep the process alive; a commit in flight does (see commit).
    this.worker.unref();
    this.worker.on("message", (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if (reply.moved !== undefined) waiting.reject(new CursorsMovedError(`the cursors moved to ${reply.moved}`));
      else if (reply.error !== undefined) waiting.reject(new Error(`indexer write: ${reply.error}`));
      else waiting.resolve();
    });
    this.worker.on("error", (error) => this.fail(error));
    this.worker.on("exit", (code) => this.fail(new Error(`indexer writer thread exited (${code})`)));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  /** Runs the statements in one transaction when the cursors are still `cursors`; resolves once committed. */
  commit(cursors: CursorRows, sink: StatementSink): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ id, cursors, statements: sink.statements });
    });
  }

  async close(): Promise<void> {
    this.failure ??= new Error("indexer writer closed");
    await this.worker.terminate();
  }
}
