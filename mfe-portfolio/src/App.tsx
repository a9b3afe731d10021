import { RemoteRoutes } from '@prds/shared/federation';
import { ROUTES } from '@prds/shared/routes';
import { Route } from 'react-router-dom';
import { BridgePage } from './pages/bridge/BridgePage';
import { DepositPage } from './pages/deposit/DepositPage';
import { PortfolioPage } from './pages/portfolio/PortfolioPage';

/**
 * The portfolio remote's one exposed module: `/portfolio`, `/deposit` and `/bridge`, on the spec's full paths
 * (the host mounts it at the root of the URL space, under a `*` route).
 */
export default function App() {
  return (
    <RemoteRoutes remote="mfe_portfolio">
      <Route path={ROUTES.portfolio} element={<PortfolioPage />} />
      <Route path={ROUTES.deposit} element={<DepositPage />} />
      <Route path={ROUTES.bridge} element={<BridgePage />} />
    </RemoteRoutes>
  );
}
