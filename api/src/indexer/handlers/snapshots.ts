import type { BatchStore } from "../store";

/**
 * Daily position snapshots, for "yesterday's profit".
 *
 * A row (day, account) exists for every UTC day on which the account had position activity, and
 * holds the account's running totals as of the end of that day (the latest indexed block of the
 * day; the current day's row keeps changing until the chain's time passes midnight UTC):
 *
 * - invested: every Bought.amount the account paid (stake + fee), plus, for an issuer, the
 *   liquidity it seeded (MarketIssued.liquidity: the seed is a stake like any other);
 * - received: every Markets.Claimed payout + refund, plus an issuer's liquidity given back by
 *   MarketCancelled (its margin is not a position, so it is not counted);
 * - realized_profit (signed): Σ over the markets that have finished, of what the account is
 *   entitled to from each (payout + refunds, as Markets.claim will compute it) − what it invested
 *   in it. A market's profit is realised when it finalizes (MarketFinalized), whether or not the
 *   account has claimed yet; Void, Invalid and Cancelled markets refund everything, so they
 *   realise 0.
 *
 * The profit realised on day D is realized_profit(latest row ≤ D) − realized_profit(latest row
 * ≤ D − 1); an account with no row on D realised nothing that day.
 */
export interface SnapshotDelta {
  invested?: bigint;
  received?: bigint;
  realized?: bigint;
}

export function utcDay(time: number): string {
  return new Date(time * 1000).toISOString().slice(0, 10);
}

const DAY_SECONDS = 86_400;

export class SnapshotLedger {
  /** account → the day of its latest row (null: it has none yet). */
  private readonly latest = new Map<string, string | null>();

  /** The UTC day last computed and the seconds it spans: consecutive events share their day. */
  private day = { start: 0, end: 0, name: "" };

  constructor(private readonly store: BatchStore) {}

  private dayOf(time: number): string {
    if (time < this.day.start || time >= this.day.end) {
      const start = time - (((time % DAY_SECONDS) + DAY_SECONDS) % DAY_SECONDS);
      this.day = { start, end: start + DAY_SECONDS, name: utcDay(time) };
    }
    return this.day.name;
  }

  /** Prefetch: the account's latest row (its day), or that it has none. */
  known(account: string, latestDay: string | null): void {
    this.latest.set(account, latestDay);
  }

  isKnown(account: string): boolean {
    return this.latest.has(account);
  }

  record(account: string, time: number, delta: SnapshotDelta): void {
    const invested = delta.invested ?? 0n;
    const received = delta.received ?? 0n;
    const realized = delta.realized ?? 0n;
    if (invested === 0n && received === 0n && realized === 0n) return;
    const latestDay = this.latest.get(account);
    if (latestDay === undefined) throw new Error(`indexer: snapshot of ${account} was not prefetched`);
    const day = this.dayOf(time);
    const base = latestDay === null ? null : this.store.must("position_snapshots", [latestDay, account]);
    if (latestDay !== day && !this.store.isLoaded("position_snapshots", [day, account])) {
      this.store.load("position_snapshots", [], [[day, account]]);
    }
    this.store.put("position_snapshots", {
      day,
      account,
      invested: (BigInt(base?.invested ?? 0) + invested).toString(),
      received: (BigInt(base?.received ?? 0) + received).toString(),
      realized_profit: (BigInt(base?.realized_profit ?? 0) + realized).toString(),
    });
    this.latest.set(account, day);
  }
}
