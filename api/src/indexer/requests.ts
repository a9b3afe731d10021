import { keyString, type KeyValues, type MutableTable } from "./tables";

/**
 * The rows a batch's handlers will read, collected from its events before any handler runs, so
 * they are loaded with a few `where key in (…)` queries instead of one round trip per event.
 */
export class Requests {
  readonly keys = new Map<MutableTable, Map<string, KeyValues>>();
  /** Every row of these markets in these tables (all of a market's options, positions…). */
  readonly groups = new Map<MutableTable, Set<number>>();
  /** Markets whose trades (time and stake) the cutoff rules read. */
  readonly trades = new Set<number>();
  /** Accounts whose latest position snapshot is read. */
  readonly snapshotAccounts = new Set<string>();
  /** Markets whose every position holder gets a snapshot update (finalization). */
  readonly holdersOf = new Set<number>();

  row(table: MutableTable, key: KeyValues): void {
    let keys = this.keys.get(table);
    if (!keys) {
      keys = new Map();
      this.keys.set(table, keys);
    }
    keys.set(keyString(key), key);
  }

  group(table: MutableTable, market: number): void {
    let markets = this.groups.get(table);
    if (!markets) {
      markets = new Set();
      this.groups.set(table, markets);
    }
    markets.add(market);
  }

  /** A market's row and all its options (almost every market event reads both). */
  market(id: number): void {
    this.row("markets", [id]);
    this.group("market_options", id);
  }

  snapshot(account: string): void {
    this.snapshotAccounts.add(account);
  }
}
