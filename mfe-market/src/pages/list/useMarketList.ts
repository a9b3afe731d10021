import { useCallback, useMemo } from 'react';
import { type HttpClient } from '@prds/shared/http';
import { type MarketSummary, type MarketTabTotals } from '@prds/shared/markets';
import { keepPreviousData, useInfiniteQuery } from '@prds/shared/query';
import type { MarketFilters } from './marketFilters';
import { marketListQueryOptions, toMarketListQuery } from './marketListQuery';

export interface MarketListView {
  /** Nothing to show yet (first answer for these filters pending, no earlier list to keep). */
  readonly pending: boolean;
  /** The first page failed and there is nothing to show; `error` says why. */
  readonly failed: boolean;
  readonly error: unknown;
  readonly markets: readonly MarketSummary[];
  /** Markets matching the filters (all pages). */
  readonly total: number;
  /** Markets per tab for the same search and category; null until an answer carried them. */
  readonly totals: MarketTabTotals | null;
  /** The api's chain time at its first page's answer (0 before any answer). */
  readonly now: number;
  /** The list shown is the previous filters' while these filters' first page loads. */
  readonly stale: boolean;
  readonly hasMore: boolean;
  readonly loadingMore: boolean;
  /** The last next-page request failed (the list keeps what it has). */
  readonly moreFailed: boolean;
  /** A refresh of the pages already shown failed (the list keeps what it has). */
  readonly refreshFailed: boolean;
  readonly loadMore: () => void;
  readonly retry: () => void;
}

/**
 * `/api/markets` for the list's filters, page after page as the list scrolls. A filter change keeps
 * showing the previous list until the new first page arrives, so the list never blanks.
 */
export function useMarketList(filters: MarketFilters, client?: HttpClient): MarketListView {
  const query = useMemo(() => toMarketListQuery(filters), [filters]);
  const result = useInfiniteQuery({
    ...marketListQueryOptions(query, client),
    placeholderData: keepPreviousData,
  });
  const { data, fetchNextPage, refetch } = result;

  const loadMore = useCallback(() => {
    // A scroll that asks again while a page is on its way must not cancel and restart it.
    void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage]);
  const retry = useCallback(() => {
    void refetch();
  }, [refetch]);

  const markets = useMemo(() => data?.pages.flatMap((page) => page.list) ?? [], [data]);
  const first = data?.pages[0];

  return {
    pending: result.isPending,
    failed: result.isError && data === undefined,
    error: result.error,
    markets,
    total: first?.total ?? 0,
    totals: first?.totals ?? null,
    now: first?.now ?? 0,
    stale: result.isPlaceholderData,
    hasMore: result.hasNextPage && !result.isPlaceholderData,
    loadingMore: result.isFetchingNextPage,
    moreFailed: result.isFetchNextPageError,
    refreshFailed: result.isRefetchError,
    loadMore,
    retry,
  };
}
