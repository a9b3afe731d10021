import { RemoteRoutes } from '@prds/shared/federation';
import { ROUTES } from '@prds/shared/routes';
import { Route } from 'react-router-dom';
import { ClaimPage } from './pages/claim/ClaimPage';

/**
 * The claim remote's one exposed module: `/claim`, on the spec's full path
 * (the host mounts it at the root of the URL space, under a `*` route).
 */
export default function App() {
  return (
    <RemoteRoutes remote="mfe_claim">
      <Route path={ROUTES.claim} element={<ClaimPage />} />
    </RemoteRoutes>
  );
}
