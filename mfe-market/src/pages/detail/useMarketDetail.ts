import { useEffect, useRef } from 'react';
import { type HttpClient } from '@prds/shared/http';
import { fetchMarketDetail, marketQueryKeys, type MarketDetail, type MarketDetailView } from '@prds/shared/markets';
import { queryKeys, useQuery, useQueryClient } from '@prds/shared/query';
import { useWallet } from '@prds/shared/wallet';
import { isMarketMissing } from './detailErrors';

/**
 * How often the page asks again, so the state, odds and countdown targets follow the chain. The
 * detail is the page's one clock: the trades and the odds history refresh when it changes
 * (useRefreshWithDetail), so no figure on the page runs ahead of the data it is derived from.
 */
export const DETAIL_REFRESH_MS = 15_000;

/**
 * The detail's query in the page's data cache: the page and the route prefetch (src/prefetch.ts,
 * which asks before the page has rendered) use this one definition, so they share one entry.
 */
export function marketDetailQueryOptions(id: string, viewer: string | null, client?: HttpClient) {
  return {
    queryKey: marketQueryKeys.detail(id, viewer),
    queryFn: () => fetchMarketDetail(id, viewer, client),
    // A market that does not exist will not appear on a second ask; anything else is asked once more.
    retry: (failures: number, error: Error) => !isMarketMissing(error) && failures < 1,
  };
}

/** `/api/market/detail` for the page, with the connected account's positions. */
export function useMarketDetail(id: string, client?: HttpClient) {
  const { account, isConnected } = useWallet();
  const viewer = isConnected ? account : null;
  return useQuery({
    ...marketDetailQueryOptions(id, viewer, client),
    refetchInterval: DETAIL_REFRESH_MS,
    // Connecting or switching accounts changes the key: keep the market on screen meanwhile, without
    // the previous account's positions.
    placeholderData: (previous: MarketDetailView | undefined) =>
      previous !== undefined && previous.market.id === id ? { ...previous, positions: null } : undefined,
  });
}

/** What changes when the market is traded or moves on: its volume, pool stakes and state. */
export function marketDataVersion(market: MarketDetail): string {
  return [market.volume, market.buyersStake, market.state, ...market.options.map((o) => o.stake)].join('/');
}

/**
 * Refetches the market's trades and odds history whenever the detail's data changes (another
 * account's buy seen by the detail's poll): the Volume and the Trades list, the options' odds and
 * the chart then tell one story. The account's positions come with the detail itself.
 */
export function useRefreshWithDetail(market: MarketDetail) {
  const queryClient = useQueryClient();
  const version = marketDataVersion(market);
  const seen = useRef({ id: market.id, version });
  useEffect(() => {
    const last = seen.current;
    seen.current = { id: market.id, version };
    if (last.id !== market.id || last.version === version) return;
    void queryClient.invalidateQueries({ queryKey: [...queryKeys.market(market.id), 'trades'] });
    void queryClient.invalidateQueries({ queryKey: marketQueryKeys.history(market.id) });
  }, [queryClient, market.id, version]);
}
