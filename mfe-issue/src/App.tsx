import { NotFoundPage, ROUTES, SharedProbe } from '@prds/shared';
import { Route, Routes } from 'react-router-dom';
import { IssuePage } from './pages/issue/IssuePage';

/**
 * The issue remote's one exposed module: `/issue`, on the spec's full path
 * (the host mounts it at the root of the URL space, under a `*` route).
 */
export default function App() {
  return (
    <>
      <SharedProbe remote="mfe_issue" />
      <Routes>
        <Route path={ROUTES.issue} element={<IssuePage />} />
        {/* A path under this remote's prefix that it has no page for. */}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </>
  );
}
