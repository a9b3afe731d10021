import type { Db } from "../db/connect";
import { applyRange, commitPrepared, prepareRange, type BatchResult, type BatchSettings, type PreparedRange } from "./batch";
import type { FetchedRange } from "./fetch";
import type { SqliteWriter } from "./writer";

/**
 * Applies the parts of a poll in order (indexer.ts). With a writer thread (SQLite) the main thread
 * prepares part N + 1 while the writer commits part N (batch.ts prepareRange): the catch-up then
 * costs about the larger of preparing and writing, not their sum. At most one part is in flight;
 * the next is sent only once it has committed, so a part whose predecessor failed is never written.
 * Without a writer (PostgreSQL, an in-memory database) each part is applied in its own transaction
 * before the next starts.
 */
export class PartPipeline {
  private inFlight: { prepared: PreparedRange; done: Promise<BatchResult> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly settings: BatchSettings,
    private readonly writer: SqliteWriter | null,
    /** Called after each commit that changed what pages show (the live stream reads it). */
    private readonly committed: () => void,
  ) {}

  /**
   * Applies `part` (with a writer: prepares it and hands it over once the part before is
   * committed). Returns the next block to read after what is committed by now, null when nothing
   * new is. When it throws, the part in flight may still be running: drain before anything else.
   */
  async apply(part: FetchedRange): Promise<number | null> {
    if (!this.writer) return this.done(await applyRange(this.db, this.settings, part));
    const prepared = await prepareRange(this.db, this.settings, part, this.inFlight?.prepared ?? null);
    const next = await this.drain();
    const done = commitPrepared(this.writer, prepared).then((result) => {
      this.done(result);
      return result;
    });
    // Awaited by drain; a failure meanwhile is not an unhandled rejection.
    done.catch(() => undefined);
    this.inFlight = { prepared, done };
    return next;
  }

  /** Waits for the part in flight; returns the next block to read after it (null: none was in flight). */
  async drain(): Promise<number | null> {
    const flight = this.inFlight;
    if (!flight) return null;
    this.inFlight = null;
    return (await flight.done).next;
  }

  private done(result: BatchResult): number {
    if (result.changed) this.committed();
    return result.next;
  }
}
