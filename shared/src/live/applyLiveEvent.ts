import type { QueryClient } from '@tanstack/react-query';
import { marketQueryKeys, type MarketSummary } from '@prds/shared/markets';
import { queryKeys } from '@prds/shared/query';
import { alertsQueryKey } from './alertsApi';
import type { LiveEvent } from './liveEvents';

/** Where market rows live in the cache: the market list's pages and the home page's shelves. */
const ROW_HOLDERS = [
  [...queryKeys.markets, 'list'],
  [...queryKeys.markets, 'featured'],
] as const;

/**
 * `data` with the row of `market.id` replaced by `market`, in the same place (no list jump, no
 * refetch), or undefined when it holds no such row (the cache then leaves the entry as it is).
 */
export function replaceMarketRow(data: unknown, market: MarketSummary): unknown {
  if (typeof data !== 'object' || data === null) return undefined;
  const holder = data as { pages?: unknown[]; list?: MarketSummary[]; markets?: MarketSummary[] };
  if (Array.isArray(holder.pages)) {
    let changed = false;
    const pages = holder.pages.map((page) => {
      const next = replaceMarketRow(page, market);
      if (next === undefined) return page;
      changed = true;
      return next;
    });
    return changed ? { ...holder, pages } : undefined;
  }
  for (const field of ['list', 'markets'] as const) {
    const rows = holder[field];
    if (!Array.isArray(rows)) continue;
    const at = rows.findIndex((row) => row.id === market.id);
    if (at < 0) return undefined;
    const next = rows.slice();
    next[at] = market;
    return { ...holder, [field]: next };
  }
  return undefined;
}

/**
 * Applies one stream event to the page's data cache, under the same keys the pages read, so the one
 * fetch path and the one push path meet here. `account`: the connected account the stream follows.
 * Invalidating refetches only what is shown; the rest is marked stale for its next reader.
 */
export function applyLiveEvent(client: QueryClient, event: LiveEvent, account: string | null): void {
  switch (event.type) {
    case 'hello':
    case 'heartbeat':
      return;
    case 'market': {
      for (const queryKey of ROW_HOLDERS) {
        client.setQueriesData({ queryKey }, (data: unknown) => replaceMarketRow(data, event.market));
      }
      void client.invalidateQueries({ queryKey: queryKeys.market(event.market.id) });
      return;
    }
    case 'trade':
      void client.invalidateQueries({ queryKey: [...queryKeys.market(event.marketId), 'trades'] });
      void client.invalidateQueries({ queryKey: marketQueryKeys.history(event.marketId) });
      return;
    case 'position':
      void client.invalidateQueries({ queryKey: queryKeys.account(event.account) });
      void client.invalidateQueries({ queryKey: queryKeys.market(event.marketId) });
      return;
    case 'claimable':
      void client.invalidateQueries({ queryKey: queryKeys.account(event.account) });
      return;
    case 'alert':
      void client.invalidateQueries({ queryKey: alertsQueryKey(event.account) });
      return;
    case 'resync':
      // Missed more than the api keeps: everything shown about markets and the account is asked again.
      void client.invalidateQueries({ queryKey: queryKeys.markets });
      if (account !== null) void client.invalidateQueries({ queryKey: queryKeys.account(account) });
      return;
  }
}
