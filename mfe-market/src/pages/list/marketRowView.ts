import { MARKET_CATEGORIES, leadingOptions, type MarketCategory, type MarketOptionView } from '@prds/shared/markets';
import { type Device } from '@prds/shared/theme';

/**
 * Options a row has room for: side by side on phones and tablets, the two leading ones; in the
 * desktop's options column, three.
 */
export const OPTIONS_PER_ROW = { mobile: 2, tablet: 2, desktop: 3 } as const satisfies Record<Device, number>;

export interface RowOptions {
  readonly shown: readonly MarketOptionView[];
  /** Options left out of the row ('+2'). */
  readonly more: number;
}

/**
 * The `count` most probable options (options without stake last, lower index first on a tie),
 * shown in the market's own order so 'Yes' stays before 'No' whatever the odds.
 */
export function rowOptions(options: readonly MarketOptionView[], count: number): RowOptions {
  if (options.length <= count) return { shown: options, more: 0 };
  return { shown: leadingOptions(options, count).sort((a, b) => a.index - b.index), more: options.length - count };
}

/** The category as one the list knows (and has a label for), else null. */
export function knownCategory(category: string | null): MarketCategory | null {
  return MARKET_CATEGORIES.find((known) => known === category) ?? null;
}
