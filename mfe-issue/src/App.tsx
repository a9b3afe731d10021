import { RemoteRoutes } from '@prds/shared/federation';
import { ROUTES } from '@prds/shared/routes';
import { Route } from 'react-router-dom';
import { IssuePage } from './pages/issue/IssuePage';

/**
 * The issue remote's one exposed module: `/issue`, on the spec's full path
 * (the host mounts it at the root of the URL space, under a `*` route).
 */
export default function App() {
  return (
    <RemoteRoutes remote="mfe_issue">
      <Route path={ROUTES.issue} element={<IssuePage />} />
    </RemoteRoutes>
  );
}
