import { fetchMarketDetail, marketQueryKeys, useQuery, useWallet, type HttpClient, type MarketDetailView } from '@prds/shared';
import { isMarketMissing } from './detailErrors';

/** How often the page asks again, so the state, odds and countdown targets follow the chain. */
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
