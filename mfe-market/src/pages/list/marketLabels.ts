import { type MessageDescriptor } from '@prds/shared/i18n';
import { MARKET_CATEGORY_LABELS } from '@prds/shared/markets';
import type { MarketCategoryFilter, MarketSort, MarketStatusTab } from './marketFilters';

// One literal descriptor per value, so the locale check finds every key in the source.
export const CATEGORY_LABEL = {
  all: { id: 'market.category.all' },
  ...MARKET_CATEGORY_LABELS,
} as const satisfies Record<MarketCategoryFilter, MessageDescriptor>;

export const SORT_LABEL = {
  volume: { id: 'market.sort.volume' },
  newest: { id: 'market.sort.newest' },
} as const satisfies Record<MarketSort, MessageDescriptor>;

export const STATUS_TAB_LABEL = {
  all: { id: 'market.status.all' },
  open: { id: 'market.status.open' },
  closingSoon: { id: 'market.status.closingSoon' },
  waitingResult: { id: 'market.status.waitingResult' },
  challenging: { id: 'market.status.challenging' },
  finished: { id: 'market.status.finished' },
} as const satisfies Record<MarketStatusTab, MessageDescriptor>;
