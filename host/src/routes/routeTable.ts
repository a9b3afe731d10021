import { matchRoutes } from 'react-router-dom';
import type { RemoteName } from '../federation/remotes';

export interface RemoteRoute {
  readonly path: string;
  readonly remote: RemoteName;
}

/**
 * Spec §2 paths owned by remotes. The shell matches these itself and mounts the remote at the root
 * of the URL space, so the remote's own <Routes> use the spec's full paths ('/market', '/detail/:id').
 */
export const REMOTE_ROUTES = [
  { path: '/market/*', remote: 'mfe_market' },
  { path: '/detail/:id', remote: 'mfe_market' },
  { path: '/claim', remote: 'mfe_claim' },
  { path: '/portfolio', remote: 'mfe_portfolio' },
  { path: '/bridge', remote: 'mfe_portfolio' },
  { path: '/deposit', remote: 'mfe_portfolio' },
  { path: '/issue', remote: 'mfe_issue' },
  { path: '/nft/*', remote: 'mfe_license' },
] as const satisfies readonly RemoteRoute[];

/** Paths the shell answers itself. */
export const HOME_PATH = '/';
export const LICENSE_REDIRECT = { from: '/license', to: '/nft' } as const;

/** The remote that owns a pathname, or null when no remote does (home, redirect or not found). */
export function remoteForPath(pathname: string): RemoteName | null {
  const matches = matchRoutes(
    REMOTE_ROUTES.map((route) => ({ path: route.path })),
    pathname,
  );
  const matched = matches?.[0]?.route.path;
  return REMOTE_ROUTES.find((route) => route.path === matched)?.remote ?? null;
}
