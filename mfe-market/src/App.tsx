import { lazy } from 'react';
import { RemoteRoutes } from '@prds/shared/federation';
import { ROUTES } from '@prds/shared/routes';
import { Route } from 'react-router-dom';
import { MarketLayout } from './pages/MarketLayout';

// Spec §2: pages load lazily. The list's first render must not carry the detail page (its chart,
// buy and resolution flows), and a deep link to a detail page must not carry the list.
// The chunk names are the route prefetch's too (src/prefetch.ts): one chunk per page, whichever asks first.
const MarketListPage = lazy(() =>
  import(/* webpackChunkName: "market-list-page" */ './pages/list/MarketListPage').then((m) => ({ default: m.MarketListPage })),
);
const MarketDetailPage = lazy(() =>
  import(/* webpackChunkName: "market-detail-page" */ './pages/detail/MarketDetailPage').then((m) => ({
    default: m.MarketDetailPage,
  })),
);

/**
 * The market remote's one exposed module: `/market` (list) and `/detail/:id`, on the spec's full paths
 * (the host mounts it at the root of the URL space, under a `*` route).
 */
export default function App() {
  return (
    <RemoteRoutes remote="mfe_market">
      <Route path={ROUTES.market} element={<MarketLayout />}>
        <Route index element={<MarketListPage />} />
      </Route>
      <Route path={ROUTES.detail} element={<MarketDetailPage />} />
    </RemoteRoutes>
  );
}
