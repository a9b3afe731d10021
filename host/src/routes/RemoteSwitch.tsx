import { lazy } from 'react';
import { useLocation } from 'react-router-dom';
import { RemoteApp } from '../federation/RemoteApp';
import { remoteForPath } from './routeTable';

const NotFoundPage = lazy(() => import(/* webpackChunkName: "page-not-found" */ '../pages/NotFoundPage'));

/** Picks the remote that owns the current path; keyed by remote so moving within one keeps it mounted. */
export function RemoteSwitch() {
  const { pathname } = useLocation();
  const remote = remoteForPath(pathname);
  if (!remote) return <NotFoundPage />;
  return <RemoteApp key={remote} remote={remote} />;
}
