import type { Query, QueryCache } from '@tanstack/react-query';
import type { MarketSummary } from '@prds/shared/markets';
import { queryKeys } from '@prds/shared/query';

/** What one page's stream asks for: the markets it shows and the connected account. */
export interface LiveSubscription {
  /** Decimal market ids, in the order the page shows them (details first), at most MAX_STREAM_MARKETS. */
  readonly markets: readonly string[];
  /** Lowercase 0x address, or null without a connected wallet. */
  readonly account: string | null;
}

/** The api's cap on `markets` (LIVE contract): a page showing more streams the first ones. */
export const MAX_STREAM_MARKETS = 100;

const MARKETS = queryKeys.markets[0];

/**
 * The market rows an answer in the cache holds, whatever its shape: an infinite list's pages
 * (`{ pages: [{ list }] }`, the market list), one page (`{ list }`) or the home shelves (`{ markets }`).
 */
export function marketRowsOf(data: unknown): readonly MarketSummary[] {
  if (typeof data !== 'object' || data === null) return [];
  const holder = data as { pages?: unknown; list?: unknown; markets?: unknown };
  if (Array.isArray(holder.pages)) return holder.pages.flatMap((page: unknown) => marketRowsOf(page));
  if (Array.isArray(holder.list)) return holder.list as MarketSummary[];
  if (Array.isArray(holder.markets)) return holder.markets as MarketSummary[];
  return [];
}

/** A query the page shows: one with a mounted reader (a prefetched or left-behind entry is not shown). */
const isShown = (query: Query) => query.getObserversCount() > 0;

/**
 * The market ids the page shows, from the one data cache: a detail page's market (any query under
 * `queryKeys.market(id)`: detail, history, trades) first, then the rows of every shown list
 * (`marketQueryKeys.list`, the home shelves) in their order. Unique, at most MAX_STREAM_MARKETS.
 */
export function shownMarketIds(cache: QueryCache): string[] {
  const details = new Set<string>();
  const rows = new Set<string>();
  for (const query of cache.getAll()) {
    const [domain, kind, id] = query.queryKey;
    if (domain !== MARKETS || !isShown(query)) continue;
    if (kind === 'detail') {
      if (typeof id === 'string') details.add(id);
    } else {
      for (const market of marketRowsOf(query.state.data)) rows.add(market.id);
    }
  }
  return [...new Set([...details, ...rows])].slice(0, MAX_STREAM_MARKETS);
}

/** Equal subscriptions have equal keys: the stream reopens only when this changes. */
export function subscriptionKey(subscription: LiveSubscription): string {
  return `${[...subscription.markets].sort((a, b) => Number(a) - Number(b)).join(',')}|${subscription.account ?? ''}`;
}

export function isEmptySubscription(subscription: LiveSubscription): boolean {
  return subscription.markets.length === 0 && subscription.account === null;
}

/** `GET {apiBase}/api/stream?markets=…&account=…&since=…` (LIVE contract). */
export function liveStreamUrl(baseURL: string, subscription: LiveSubscription, since: string | null): string {
  const params = new URLSearchParams();
  if (subscription.markets.length > 0) params.set('markets', subscription.markets.join(','));
  if (subscription.account !== null) params.set('account', subscription.account.toLowerCase());
  if (since !== null && since !== '') params.set('since', since);
  const query = params.toString();
  return `${baseURL.replace(/\/+$/, '')}/api/stream${query === '' ? '' : `?${query}`}`;
}
