import { toBigNumber } from '@prds/shared/format';
import { type OddsHistory } from '@prds/shared/markets';

export interface OddsPoint {
  /** Unix seconds of chain time. */
  readonly time: number;
  /** Implied probability in percent. */
  readonly value: number;
}

export interface OddsLine {
  readonly option: number;
  readonly points: readonly OddsPoint[];
}

/**
 * One line per option of implied probability (%) over time. The chart needs strictly increasing
 * times, and several trades can share a second: the last one of a second stands for it. A point
 * where the option has no probability yet (empty pool) is left out.
 */
export function oddsLines(history: Pick<OddsHistory, 'options' | 'points'>): OddsLine[] {
  return history.options.map((_, option) => {
    const bySecond = new Map<number, number>();
    for (const point of history.points) {
      const probability = toBigNumber(point.probabilities[option] ?? null);
      if (probability === null) continue;
      bySecond.set(point.time, probability.shiftedBy(2).toNumber());
    }
    const points = [...bySecond.entries()].sort(([a], [b]) => a - b).map(([time, value]) => ({ time, value }));
    return { option, points };
  });
}

/** Each option's latest probability (0..1 string) from the history, for the legend. */
export function latestProbabilities(history: Pick<OddsHistory, 'options' | 'points'>): (string | null)[] {
  const last = history.points.at(-1);
  return history.options.map((_, option) => last?.probabilities[option] ?? null);
}
