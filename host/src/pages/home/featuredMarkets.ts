import { getApiClient, type HttpClient } from '@prds/shared/http';
import { fetchMarkets, type MarketSummary } from '@prds/shared/markets';
import { queryKeys, type QueryClient } from '@prds/shared/query';

export interface FeaturedPage {
  readonly markets: readonly MarketSummary[];
  /** The api's "now" (chain time, unix seconds): countdowns count from it, not the browser clock. */
  readonly now: number;
}

/** The three shelves of the home page (ARCHITECTURE "Front-end conventions", Home). */
export const FEATURED_SHELVES = [
  {
    id: 'top-volume',
    body: { sort: 'volume' },
    titleId: 'host.home.featured.topVolume',
    hintId: 'host.home.featured.topVolumeHint',
  },
  {
    // The api's closingSoon tab: still open, last trading within 24 hours.
    id: 'closing-soon',
    body: { status: 'closingSoon' },
    titleId: 'host.home.featured.closingSoon',
    hintId: 'host.home.featured.closingSoonHint',
  },
  {
    id: 'newest',
    body: { sort: 'newest' },
    titleId: 'host.home.featured.newest',
    hintId: 'host.home.featured.newestHint',
  },
] as const;

export type FeaturedShelf = (typeof FEATURED_SHELVES)[number];
export type FeaturedShelfId = FeaturedShelf['id'];

export const FEATURED_PAGE_SIZE = 3;

/** Under `queryKeys.markets`, so a transaction that invalidates markets refreshes the shelves too. */
export function featuredQueryKey(shelf: FeaturedShelfId) {
  return [...queryKeys.markets, 'featured', shelf] as const;
}

/** One shelf's markets from `/api/markets`. */
export async function fetchFeaturedMarkets(shelf: FeaturedShelf, client: HttpClient = getApiClient()): Promise<FeaturedPage> {
  const page = await fetchMarkets({ page: 1, pageSize: FEATURED_PAGE_SIZE, ...shelf.body }, client);
  return { markets: page.list, now: page.now };
}

/** Every shelf's markets into `cache` under the keys the shelves read (the server render of the home page). */
export async function prefetchFeaturedMarkets(cache: QueryClient, client: HttpClient): Promise<void> {
  await Promise.all(
    FEATURED_SHELVES.map((shelf) =>
      cache.prefetchQuery({ queryKey: featuredQueryKey(shelf.id), queryFn: () => fetchFeaturedMarkets(shelf, client) }),
    ),
  );
}
