import { getApiClient, queryKeys, toBigNumber, type ApiEnvelope, type HttpClient } from '@prds/shared';

/** The fields of the api's market summary (`M`, api/README) the home cards show. */
export interface MarketOption {
  readonly index: number;
  readonly label: string | null;
  /** Implied probability, a decimal string 0..1; null while the option has no stake. */
  readonly probability: string | null;
}

export interface MarketSummary {
  readonly id: string;
  readonly event: string | null;
  readonly options: readonly MarketOption[];
  /** USDT in wei (18 decimals). */
  readonly volume: string;
  /** Unix seconds of chain time. */
  readonly lastTradingTime: number;
  readonly label: { readonly key: string; readonly option: number | null };
}

export interface FeaturedPage {
  readonly markets: readonly MarketSummary[];
  /** The api's "now" (chain time, unix seconds): countdowns count from it, not the browser clock. */
  readonly now: number;
}

interface MarketsData {
  readonly list: readonly MarketSummary[];
}

interface MarketsExtra {
  readonly now?: number;
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
  const answer = await client.post<ApiEnvelope<MarketsData | null, MarketsExtra | null>>('/api/markets', {
    page: 1,
    pageSize: FEATURED_PAGE_SIZE,
    ...shelf.body,
  });
  return {
    markets: answer.data?.list ?? [],
    now: answer.extra?.now ?? Math.floor(Date.now() / 1000),
  };
}

/**
 * The options worth a glance on a small card: the two most probable (a two-option market shows
 * both), in the order of their probability. Options without a stake sort last, in index order.
 */
export function leadingOptions(options: readonly MarketOption[], count = 2): MarketOption[] {
  const weight = (option: MarketOption) => toBigNumber(option.probability)?.toNumber() ?? -1;
  return [...options].sort((a, b) => weight(b) - weight(a) || a.index - b.index).slice(0, count);
}
