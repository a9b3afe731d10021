import { matchPath } from 'react-router-dom';
import { type HttpClient } from '@prds/shared/http';
import { queryClient as pageQueryClient } from '@prds/shared/query';
import { ROUTES } from '@prds/shared/routes';
import { readWalletChoice } from '@prds/shared/wallet';
import { isMarketIdText } from './pages/detail/detailErrors';
import { marketDetailQueryOptions } from './pages/detail/useMarketDetail';
import { parseMarketFilters } from './pages/list/marketFilters';
import { marketListQueryOptions, toMarketListQuery } from './pages/list/marketListQuery';

/** The location the shell calls a route prefetch with (host/src/federation/routePrefetch.ts). */
export interface RouteLocation {
  readonly pathname: string;
  readonly search: string;
}

/**
 * The market remote's route prefetch (exposed as `./prefetch`): the shell calls it with the page's
 * location as soon as it knows this remote owns the route, beside loading `./App`. It starts what
 * the route shows first, which would otherwise wait for `./App` to render and its lazy page to load:
 *
 * - `/market`: the list page's chunk, and the first `/api/markets` page for the URL's filters, into
 *   the page's data cache under the key the list reads (marketListQueryOptions). Not the virtualized
 *   rows' chunk: the page shows its first screen of rows without it (FirstMarketRows) and asks for it
 *   as it mounts;
 * - `/detail/:id`: the detail page's chunk, and `/api/market/detail` when no wallet will reconnect
 *   (the page asks with the connected account, unknown before the wallet is back).
 *
 * Nothing here may fail the page (a prefetch that fails is simply not there; the page asks again).
 * Resolves once all of it has settled. `client` and `cache` are for tests: the page's api client and
 * data cache otherwise.
 */
export default async function prefetchRoute(
  { pathname, search }: RouteLocation,
  { client, cache = pageQueryClient }: { readonly client?: HttpClient; readonly cache?: typeof pageQueryClient } = {},
): Promise<void> {
  const started: Array<Promise<unknown>> = [];
  if (matchPath(ROUTES.market, pathname)) {
    const query = toMarketListQuery(parseMarketFilters(new URLSearchParams(search)));
    started.push(
      import(/* webpackChunkName: "market-list-page" */ './pages/list/MarketListPage'),
      cache.prefetchInfiniteQuery(marketListQueryOptions(query, client)),
    );
  }
  const id = matchPath(ROUTES.detail, pathname)?.params.id;
  if (id !== undefined) {
    started.push(import(/* webpackChunkName: "market-detail-page" */ './pages/detail/MarketDetailPage'));
    if (isMarketIdText(id) && readWalletChoice() === null) {
      started.push(cache.prefetchQuery(marketDetailQueryOptions(id, null, client)));
    }
  }
  await Promise.allSettled(started);
}
