import { NotFoundPage, SharedProbe } from '@prds/shared';
import { Route, Routes } from 'react-router-dom';
import { MarketLayout } from './pages/MarketLayout';
import { MarketDetailPage } from './pages/detail/MarketDetailPage';
import { MarketListPage } from './pages/list/MarketListPage';

/**
 * The market remote's one exposed module: `/market` (list) and `/detail/:id`, on the spec's full paths
 * (the host mounts it at the root of the URL space, under a `*` route).
 */
export default function App() {
  return (
    <>
      <SharedProbe remote="market" />
      <Routes>
        <Route path="/market" element={<MarketLayout />}>
          <Route index element={<MarketListPage />} />
        </Route>
        <Route path="/detail/:id" element={<MarketDetailPage />} />
        {/* A path under this remote's prefix that it has no page for. */}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </>
  );
}
