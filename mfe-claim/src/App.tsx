import { NotFoundPage, ROUTES, SharedProbe } from '@prds/shared';
import { Route, Routes } from 'react-router-dom';
import { ClaimPage } from './pages/claim/ClaimPage';

/**
 * The claim remote's one exposed module: `/claim`, on the spec's full path
 * (the host mounts it at the root of the URL space, under a `*` route).
 */
export default function App() {
  return (
    <>
      <SharedProbe remote="mfe_claim" />
      <Routes>
        <Route path={ROUTES.claim} element={<ClaimPage />} />
        {/* A path under this remote's prefix that it has no page for. */}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </>
  );
}
