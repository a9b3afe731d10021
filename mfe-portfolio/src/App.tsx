import { NotFoundPage, ROUTES, SharedProbe } from '@prds/shared';
import { Route, Routes } from 'react-router-dom';
import { BridgePage } from './pages/bridge/BridgePage';
import { DepositPage } from './pages/deposit/DepositPage';
import { PortfolioPage } from './pages/portfolio/PortfolioPage';

/**
 * The portfolio remote's one exposed module: `/portfolio`, `/deposit` and `/bridge`, on the spec's full paths
 * (the host mounts it at the root of the URL space, under a `*` route).
 */
export default function App() {
  return (
    <>
      <SharedProbe remote="mfe_portfolio" />
      <Routes>
        <Route path={ROUTES.portfolio} element={<PortfolioPage />} />
        <Route path={ROUTES.deposit} element={<DepositPage />} />
        <Route path={ROUTES.bridge} element={<BridgePage />} />
        {/* A path under this remote's prefix that it has no page for. */}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </>
  );
}
