import type { Row } from "../db/schema";
import {
  APPEND_TABLES,
  MUTABLE_TABLES,
  keyString,
  keyValues,
  type AppendTable,
  type KeyValues,
  type MutableTable,
} from "./tables";

/** A before-image: what a row looked like before `block` first changed it (null: it did not exist). */
export interface UndoRecord<T extends MutableTable = MutableTable> {
  block: number;
  table: T;
  key: KeyValues;
  before: Row<T> | null;
}

/** The slice of a trade the cutoff rules read (stakes placed before an early confirmation's checkpoint). */
export interface TradeStake {
  account: string;
  option: number;
  stake: string;
  amount: string;
  time: number;
}

type Cache = { [T in MutableTable]: Map<string, Row<T> | null> };
type KeySets = { [T in MutableTable]: Set<string> };
type Appended = { [T in AppendTable]: Row<T>[] };

function byTable<V>(make: () => V): { [T in MutableTable]: V } {
  return Object.fromEntries(MUTABLE_TABLES.map((table) => [table, make()])) as { [T in MutableTable]: V };
}

/**
 * One batch's working set. Prefetch (prefetch.ts) loads every row the batch's events will read;
 * handlers then run synchronously against this cache, and the batch writes what changed in a few
 * multi-row statements. Reading a row that was not loaded throws: it would be a prefetch bug, and
 * guessing "absent" would silently corrupt a table.
 *
 * Rows are never mutated in place (handlers put new objects), so a before-image taken for the undo
 * log stays what it was.
 */
export class BatchStore {
  private readonly cache: Cache = byTable(() => new Map()) as Cache;
  private readonly dirty: KeySets = byTable(() => new Set<string>()) as KeySets;
  private readonly appended: Appended = Object.fromEntries(APPEND_TABLES.map((t) => [t, []])) as unknown as Appended;
  /** table → first key value (a market id) → keys, for tables read "all rows of a market". */
  private readonly groups = new Map<MutableTable, Map<string | number, Set<string>>>();
  private readonly loadedGroups = new Set<string>();
  private readonly trades = new Map<number, TradeStake[]>();
  /** Keys per table given a before-image in block undoBlock. */
  private readonly undoSeen: KeySets = byTable(() => new Set<string>()) as KeySets;
  private undoBlock = -1;
  /** Keys per table whose row came from the part before (carry): newer than the database's. */
  private readonly carriedKeys: KeySets = byTable(() => new Set<string>()) as KeySets;
  readonly undo: UndoRecord[] = [];
  /** The block of the event being applied (handlers' changes are undone per block). */
  block = 0;

  /** @param undoFloor blocks above it are recent: changes they make get before-images. */
  constructor(private readonly undoFloor: number) {}

  // ------------------------------------------------------------ loading (prefetch)

  /**
   * Records rows read from the database, and that the other requested keys do not exist. A row
   * carried from the part before (carry) is newer than the database's copy and stays.
   */
  load<T extends MutableTable>(table: T, rows: readonly Row<T>[], requested: readonly KeyValues[] = []): void {
    const cache = this.cache[table] as Map<string, Row<T> | null>;
    for (const key of requested) {
      const k = keyString(key);
      if (!cache.has(k)) cache.set(k, null);
    }
    const carried = this.carriedKeys[table];
    for (const row of rows) {
      const k = keyString(keyValues(table, row));
      if (carried.size > 0 && carried.has(k)) continue;
      cache.set(k, row);
      this.index(table, row, k);
    }
  }

  /**
   * Starts from the rows the part before wrote, for a part prepared while that one is still being
   * committed (batch.ts prepareRange): its database reads do not see them yet. Only the rows it
   * changed: the ones it merely read are the same in the database.
   */
  carry(before: BatchStore): void {
    for (const table of MUTABLE_TABLES) this.carryRows(table, before.changed(table));
  }

  private carryRows<T extends MutableTable>(table: T, rows: readonly Row<T>[]): void {
    const cache = this.cache[table] as Map<string, Row<T> | null>;
    for (const row of rows) {
      const k = keyString(keyValues(table, row));
      this.carriedKeys[table].add(k);
      cache.set(k, row);
      this.index(table, row, k);
    }
  }

  isLoaded<T extends MutableTable>(table: T, key: KeyValues): boolean {
    return this.cache[table].has(keyString(key));
  }

  /** Marks every row of `group` (a market id) in `table` as loaded. */
  loadedGroup(table: MutableTable, group: number): void {
    this.loadedGroups.add(`${table}\u0001${group}`);
  }

  isGroupLoaded(table: MutableTable, group: number): boolean {
    return this.loadedGroups.has(`${table}\u0001${group}`);
  }

  loadTrades(market: number, trades: readonly TradeStake[]): void {
    this.trades.set(market, [...trades]);
  }

  hasTrades(market: number): boolean {
    return this.trades.has(market);
  }

  // ------------------------------------------------------------ handlers

  get<T extends MutableTable>(table: T, key: KeyValues): Row<T> | undefined {
    return this.lookup(table, key, keyString(key)) ?? undefined;
  }

  /** The cached row, null when known absent; throws when neither the row nor its group was loaded. */
  private lookup<T extends MutableTable>(table: T, key: KeyValues, k: string): Row<T> | null {
    const row = (this.cache[table] as Map<string, Row<T> | null>).get(k);
    if (row !== undefined) return row;
    // A row missing from a fully loaded group (all of a market's options, say) does not exist.
    const group = key[0];
    if (typeof group === "number" && this.isGroupLoaded(table, group)) return null;
    throw new Error(`indexer: ${table} [${key.join(", ")}] was not prefetched`);
  }

  /** Like get, for rows that must exist (an event about a market the chain issued). */
  must<T extends MutableTable>(table: T, key: KeyValues): Row<T> {
    const row = this.get(table, key);
    if (!row) throw new Error(`indexer: ${table} [${key.join(", ")}] does not exist`);
    return row;
  }

  put<T extends MutableTable>(table: T, row: Row<T>): void {
    const cache = this.cache[table] as Map<string, Row<T> | null>;
    const key = keyValues(table, row);
    const k = keyString(key);
    // Writing a row never read would overwrite (or duplicate) one the batch did not know about.
    const before = this.lookup(table, key, k);
    if (this.block > this.undoFloor) this.recordUndo(table, key, k, before);
    cache.set(k, row);
    this.dirty[table].add(k);
    // A row that was there already is indexed under its group (its key, hence its group, is the same).
    if (before === null) this.index(table, row, k);
  }

  /** The before-image of the first change of a row in the current block (the one a rollback restores). */
  private recordUndo<T extends MutableTable>(table: T, key: KeyValues, k: string, before: Row<T> | null): void {
    // Events come in block order: the rows already changed start again with each block.
    if (this.undoBlock !== this.block) {
      this.undoBlock = this.block;
      for (const keys of Object.values(this.undoSeen)) keys.clear();
    }
    const seen = this.undoSeen[table];
    if (seen.has(k)) return;
    seen.add(k);
    this.undo.push({ block: this.block, table, key, before } as UndoRecord);
  }

  /** Every cached row of a group (all of a market's positions, say); the group must be loaded. */
  group<T extends MutableTable>(table: T, group: number): Row<T>[] {
    if (!this.isGroupLoaded(table, group)) throw new Error(`indexer: ${table} of ${group} was not prefetched`);
    const cache = this.cache[table] as Map<string, Row<T> | null>;
    const out: Row<T>[] = [];
    for (const k of this.groups.get(table)?.get(group) ?? []) {
      const row = cache.get(k);
      if (row) out.push(row);
    }
    return out;
  }

  /** Every cached (present) row of a table. */
  rows<T extends MutableTable>(table: T): Row<T>[] {
    const out: Row<T>[] = [];
    for (const row of (this.cache[table] as Map<string, Row<T> | null>).values()) if (row) out.push(row);
    return out;
  }

  append<T extends AppendTable>(table: T, row: Row<T>): void {
    (this.appended[table] as Row<T>[]).push(row);
  }

  /** Trades of a market, committed and from this batch, in chain order. */
  tradesOf(market: number): readonly TradeStake[] {
    const trades = this.trades.get(market);
    if (!trades) throw new Error(`indexer: trades of market ${market} were not prefetched`);
    return trades;
  }

  addTrade(market: number, trade: TradeStake): void {
    this.trades.get(market)?.push(trade);
  }

  // ------------------------------------------------------------ writing

  changed<T extends MutableTable>(table: T): Row<T>[] {
    const cache = this.cache[table] as Map<string, Row<T> | null>;
    const out: Row<T>[] = [];
    for (const k of this.dirty[table]) {
      const row = cache.get(k);
      if (row) out.push(row);
    }
    return out;
  }

  appendedRows<T extends AppendTable>(table: T): readonly Row<T>[] {
    return this.appended[table] as Row<T>[];
  }

  private index<T extends MutableTable>(table: T, row: Row<T>, k: string): void {
    const first = keyValues(table, row)[0];
    if (first === undefined) return;
    let byGroup = this.groups.get(table);
    if (!byGroup) {
      byGroup = new Map();
      this.groups.set(table, byGroup);
    }
    let keys = byGroup.get(first);
    if (!keys) {
      keys = new Set();
      byGroup.set(first, keys);
    }
    keys.add(k);
  }
}
