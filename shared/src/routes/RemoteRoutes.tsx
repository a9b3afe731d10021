import { Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { SharedProbe } from '../probe/SharedProbe';
import { NotFoundPage } from '@prds/shared/ui';
import { Spinner } from '@prds/shared/ui';
import type { RemoteName } from '@prds/shared/routes';

/**
 * The body of a remote's `./App`: its `<Route>`s on the spec's full paths (ROUTES), the shared
 * not-found page for any other path under its prefix, a spinner while a lazily loaded page (spec §2)
 * arrives, and the probe that shows it shares the host's one @prds/shared.
 */
export function RemoteRoutes({ remote, children }: { readonly remote: RemoteName; readonly children: ReactNode }) {
  return (
    <>
      <SharedProbe remote={remote} />
      <Suspense fallback={<Spinner />}>
        <Routes>
          {children}
          {/* A path under this remote's prefix that it has no page for. */}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </>
  );
}
