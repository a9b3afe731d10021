import { type HttpClient } from '@prds/shared/http';
import { fetchMarkets, marketQueryKeys, type MarketListPage, type MarketListQuery } from '@prds/shared/markets';
import { DEFAULT_MARKET_FILTERS, type MarketFilters } from './marketFilters';

/**
 * Markets per request. Large enough that a fast scroll rarely waits for the next page, small enough
 * that one answer stays quick on the api (it serializes every market with its options).
 */
export const MARKET_LIST_PAGE_SIZE = 50;

/** The api refuses pages above this (api/README "Paging"). */
export const MAX_MARKET_LIST_PAGE = 10_000;

/**
 * The `/api/markets` body for the list's filters, without the page: this object is also the
 * query key, so two filter states that ask the same thing (a search with trailing spaces, an empty
 * search) share one cache entry.
 */
export function toMarketListQuery(filters: MarketFilters): MarketListQuery {
  const search = filters.search.trim();
  return {
    ...(search === '' ? {} : { search }),
    category: filters.category,
    status: filters.status,
    sort: filters.sort,
  };
}

/** The page after `last`, or undefined once every market of the filter is loaded. */
export function nextMarketPage(last: Pick<MarketListPage, 'page' | 'pageSize' | 'total'>): number | undefined {
  const loaded = last.page * last.pageSize;
  return loaded < last.total && last.page < MAX_MARKET_LIST_PAGE ? last.page + 1 : undefined;
}

/** True when the filters narrow the list (search, category or tab); the sort only orders it. */
export function narrowsMarketList(filters: MarketFilters): boolean {
  return (
    filters.search.trim() !== DEFAULT_MARKET_FILTERS.search ||
    filters.category !== DEFAULT_MARKET_FILTERS.category ||
    filters.status !== DEFAULT_MARKET_FILTERS.status
  );
}

/**
 * The list's query in the page's data cache: the page's `useInfiniteQuery` and the route prefetch
 * (src/prefetch.ts, which asks for the first page before the page has rendered) use this one
 * definition, so the page finds the prefetched page under its key.
 */
export function marketListQueryOptions(query: MarketListQuery, client?: HttpClient) {
  return {
    queryKey: marketQueryKeys.list(query),
    queryFn: ({ pageParam }: { readonly pageParam: number }) =>
      fetchMarkets({ ...query, page: pageParam, pageSize: MARKET_LIST_PAGE_SIZE }, client),
    initialPageParam: 1,
    getNextPageParam: nextMarketPage,
  };
}
