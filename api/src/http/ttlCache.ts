/**
 * A small in-process cache of computed answers: each entry lives `ttlMs`, at most `maxEntries` are
 * kept (oldest dropped first), and concurrent misses on one key share one computation. Keys carry
 * the data version, so a cache never outlives the data it was computed from by more than the TTL;
 * nothing here is state the api needs (a restart or another process just computes again).
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { expires: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (hit) this.entries.delete(key);
    const value = compute();
    this.entries.set(key, { expires: now + this.ttlMs, value });
    // A failed computation is not kept: the next caller tries again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    dropOldest(this.entries, this.maxEntries);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * A cache that answers from a stale entry while it recomputes it in the background: an entry is
 * fresh for `freshMs`; after that the next reader gets the old value at once and starts one
 * recomputation; past `maxAgeMs` readers wait for a new value. For figures that may lag a few
 * seconds (the market list's tab totals) but are too costly to compute on every request.
 */
export class RefreshingCache<T> {
  private readonly entries = new Map<string, { at: number; value: T; refreshing: Promise<T> | null }>();
  private readonly pending = new Map<string, Promise<T>>();

  constructor(
    private readonly freshMs: number,
    private readonly maxAgeMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && now - entry.at < this.freshMs) return Promise.resolve(entry.value);
    if (entry && now - entry.at < this.maxAgeMs) {
      entry.refreshing ??= this.load(key, compute).finally(() => {
        entry.refreshing = null;
      });
      // The refresh's failure is logged by nobody and retried by the next reader; the stale value stands.
      entry.refreshing.catch(() => undefined);
      return Promise.resolve(entry.value);
    }
    return this.load(key, compute);
  }

  /** Whether `key` holds a value a reader would be answered from (fresh, or stale but not too old). */
  has(key: string): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && Date.now() - entry.at < this.maxAgeMs;
  }

  /** Stores a value computed elsewhere (alongside another answer) as fresh. */
  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { at: Date.now(), value, refreshing: null });
    dropOldest(this.entries, this.maxEntries);
  }

  private load(key: string, compute: () => Promise<T>): Promise<T> {
    const running = this.pending.get(key);
    if (running) return running;
    const promise = compute().then((value) => {
      this.set(key, value);
      return value;
    });
    this.pending.set(key, promise);
    const clear = () => {
      if (this.pending.get(key) === promise) this.pending.delete(key);
    };
    promise.then(clear, clear);
    return promise;
  }
}

/** Drops a map's oldest entries (first inserted) until it holds at most `max`. */
function dropOldest(entries: Map<string, unknown>, max: number): void {
  while (entries.size > max) {
    const oldest = entries.keys().next();
    if (oldest.done) break;
    entries.delete(oldest.value);
  }
}
