import { fromUnits } from '@prds/shared/format';

const DAY_MS = 86_400_000;

/** A P&L chart point: a UTC day and the realized profit at its end, in USDT. */
export interface PnlPoint {
  /** UTC day, YYYY-MM-DD. */
  readonly day: string;
  readonly value: number;
}

/** What the series needs of a `/api/user/snapshots` item: its day and realized profit so far (wei). */
export interface RealizedSnapshot {
  readonly day: string;
  readonly realizedProfit: string;
}

/** The UTC day (YYYY-MM-DD) of a unix time in seconds. */
export function utcDayOf(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The chart's points over the `days` UTC days ending `today` (the chain's day): one point a day, so the
 * line is spaced by date, and it runs to today. The api keeps a snapshot only for a day on which the
 * realized profit changed, so a day without one carries the last known figure. The line starts on the
 * range's first day when a figure from before it is known (a quiet 24 h still shows the profit as a flat
 * line), else on the first snapshot's day. Nothing on or before today: no points.
 */
export function pnlSeries(snapshots: readonly RealizedSnapshot[], today: string, days: number): PnlPoint[] {
  const byDay = new Map<string, number>();
  for (const snapshot of snapshots) {
    if (snapshot.day <= today) byDay.set(snapshot.day, Number(fromUnits(snapshot.realizedProfit, 18)));
  }
  if (byDay.size === 0) return [];
  const known = [...byDay.keys()].sort();
  const rangeStart = addDays(today, 1 - days);
  const before = known.filter((day) => day < rangeStart).pop();
  const start = before === undefined ? (known[0] ?? today) : rangeStart;
  let value = before === undefined ? 0 : (byDay.get(before) ?? 0);
  const points: PnlPoint[] = [];
  for (let day = start; day <= today; day = addDays(day, 1)) {
    value = byDay.get(day) ?? value;
    points.push({ day, value });
  }
  return points;
}

/** The latest realized profit on or before today (wei), or null when there is none. */
export function latestRealized(snapshots: readonly RealizedSnapshot[], today: string): string | null {
  let latest: RealizedSnapshot | null = null;
  for (const snapshot of snapshots) {
    if (snapshot.day <= today && (latest === null || snapshot.day > latest.day)) latest = snapshot;
  }
  return latest === null ? null : latest.realizedProfit;
}
