import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ROUTES } from '@prds/shared/routes';
import { RouteLoading } from './RouteLoading';
import { RemoteSwitch } from './RemoteSwitch';
import { LICENSE_REDIRECT } from './routeTable';

const HomePage = lazy(() => import(/* webpackChunkName: "page-home" */ '../pages/HomePage'));

/**
 * The shell's routes. Every remote path goes through one splat route, whose base is '/', because a
 * descendant <Routes> matches only what its parent route left over: under '/market/*' the remote's
 * '/market' route would never match.
 */
export function AppRoutes() {
  return (
    <Suspense fallback={<RouteLoading />}>
      <Routes>
        <Route path={ROUTES.home} element={<HomePage />} />
        <Route path={LICENSE_REDIRECT.from} element={<Navigate to={LICENSE_REDIRECT.to} replace />} />
        <Route path="*" element={<RemoteSwitch />} />
      </Routes>
    </Suspense>
  );
}
