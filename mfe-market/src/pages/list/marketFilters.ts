/**
 * The market list's filter state lives in the URL (`/market?q=btc&status=open`), so a filtered list
 * can be bookmarked, shared and restored by the back button. Defaults are left out of the URL.
 */

import {
  MARKET_CATEGORIES,
  MARKET_LIST_SORTS,
  MARKET_LIST_STATUSES,
  type MarketListSort,
  type MarketListStatus,
} from '@prds/shared/markets';
import { type MarketListParams } from '@prds/shared/routes';

// The api's own lists (one source): a sort or tab it adds shows up here without a second copy.
export const MARKET_SORTS = MARKET_LIST_SORTS;
export type MarketSort = MarketListSort;

/** 'all' plus the status tabs of the list, in the api's order. */
export const MARKET_STATUS_TABS = MARKET_LIST_STATUSES;
export type MarketStatusTab = MarketListStatus;

/** 'all' plus the categories an issuer can file a market under (one list, shared with the api). */
export const MARKET_CATEGORY_FILTERS = ['all', ...MARKET_CATEGORIES] as const;
export type MarketCategoryFilter = (typeof MARKET_CATEGORY_FILTERS)[number];

export interface MarketFilters {
  readonly search: string;
  readonly category: MarketCategoryFilter;
  readonly sort: MarketSort;
  readonly status: MarketStatusTab;
}

export const DEFAULT_MARKET_FILTERS: MarketFilters = {
  search: '',
  category: 'all',
  sort: 'volume',
  status: 'all',
};

/** Longest search text kept from a URL, so a pasted link cannot carry an unbounded query. */
export const MAX_SEARCH_LENGTH = 200;

// The URL's parameter names are paths.market's (MarketListParams), so a link built elsewhere opens this list filtered.
const PARAM = { search: 'q', category: 'category', sort: 'sort', status: 'status' } as const satisfies Record<
  keyof MarketFilters,
  keyof MarketListParams
>;

function pick<T extends string>(allowed: readonly T[], value: string | null, fallback: T): T {
  return allowed.find((candidate) => candidate === value) ?? fallback;
}

/** Reads filters from URL search params; unknown or malformed values fall back to the defaults. */
export function parseMarketFilters(params: URLSearchParams): MarketFilters {
  return {
    search: (params.get(PARAM.search) ?? '').slice(0, MAX_SEARCH_LENGTH),
    category: pick(MARKET_CATEGORY_FILTERS, params.get(PARAM.category), DEFAULT_MARKET_FILTERS.category),
    sort: pick(MARKET_SORTS, params.get(PARAM.sort), DEFAULT_MARKET_FILTERS.sort),
    status: pick(MARKET_STATUS_TABS, params.get(PARAM.status), DEFAULT_MARKET_FILTERS.status),
  };
}

/**
 * Writes filters into `base` (other params on the page are kept) and returns a new object.
 * A value equal to its default is removed, so the plain `/market` URL means "no filters".
 */
export function writeMarketFilters(filters: MarketFilters, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  const entries: ReadonlyArray<readonly [keyof MarketFilters, string]> = [
    ['search', filters.search.trim() === '' ? '' : filters.search],
    ['category', filters.category],
    ['sort', filters.sort],
    ['status', filters.status],
  ];
  for (const [field, value] of entries) {
    if (value === DEFAULT_MARKET_FILTERS[field]) next.delete(PARAM[field]);
    else next.set(PARAM[field], value);
  }
  return next;
}
