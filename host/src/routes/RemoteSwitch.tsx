import { useLocation } from 'react-router-dom';
import { NotFoundPage } from '@prds/shared/ui';
import { RemoteApp } from '../federation/RemoteApp';
import { remoteForPath } from './routeTable';

/** Picks the remote that owns the current path; keyed by remote so moving within one keeps it mounted. */
export function RemoteSwitch() {
  const { pathname } = useLocation();
  const remote = remoteForPath(pathname);
  if (!remote) return <NotFoundPage />;
  return <RemoteApp key={remote} remote={remote} />;
}
