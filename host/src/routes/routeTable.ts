import { matchRoutes } from 'react-router-dom';
import { ROUTES, type RemoteName } from '@prds/shared/routes';

export interface RemoteRoute {
  readonly path: string;
  readonly remote: RemoteName;
}

/**
 * Which remote owns each spec §2 path (the paths themselves are @prds/shared's ROUTES). The shell
 * matches these itself and mounts the remote at the root of the URL space, so the remote's own
 * <Routes> use the same full patterns (ROUTES.market, ROUTES.detail).
 */
export const REMOTE_ROUTES = [
  { path: `${ROUTES.market}/*`, remote: 'mfe_market' },
  { path: ROUTES.detail, remote: 'mfe_market' },
  { path: ROUTES.claim, remote: 'mfe_claim' },
  { path: ROUTES.portfolio, remote: 'mfe_portfolio' },
  { path: ROUTES.bridge, remote: 'mfe_portfolio' },
  { path: ROUTES.deposit, remote: 'mfe_portfolio' },
  { path: ROUTES.issue, remote: 'mfe_issue' },
  { path: `${ROUTES.nft}/*`, remote: 'mfe_license' },
] as const satisfies readonly RemoteRoute[];

/** Spec §2: /license redirects to the License layout; the shell answers it (and home) itself. */
export const LICENSE_REDIRECT = { from: ROUTES.license, to: ROUTES.nft } as const;

/** The remote that owns a pathname, or null when no remote does (home, redirect or not found). */
export function remoteForPath(pathname: string): RemoteName | null {
  const matches = matchRoutes(
    REMOTE_ROUTES.map((route) => ({ path: route.path })),
    pathname,
  );
  const matched = matches?.[0]?.route.path;
  return REMOTE_ROUTES.find((route) => route.path === matched)?.remote ?? null;
}

/**
 * The message naming each route in the browser tab (WCAG 2.4.2), most specific pattern first. A page
 * may name itself more precisely (useDocumentTitle: a market's event); the host writes the title.
 */
export const ROUTE_TITLES = [
  { path: ROUTES.home, titleId: 'host.title.home' },
  { path: ROUTES.market, titleId: 'host.title.market' },
  { path: ROUTES.detail, titleId: 'host.title.detail' },
  { path: ROUTES.claim, titleId: 'host.title.claim' },
  { path: ROUTES.portfolio, titleId: 'host.title.portfolio' },
  { path: ROUTES.bridge, titleId: 'host.title.bridge' },
  { path: ROUTES.deposit, titleId: 'host.title.deposit' },
  { path: ROUTES.issue, titleId: 'host.title.issue' },
  { path: ROUTES.nftMine, titleId: 'host.title.nftMine' },
  { path: ROUTES.nftPacket, titleId: 'host.title.nftPacket' },
  { path: ROUTES.nft, titleId: 'host.title.nft' },
  { path: ROUTES.license, titleId: 'host.title.nft' },
] as const;

/** The title message of a pathname's route; 'Page not found' for a path no route has. */
export function routeTitleId(pathname: string): string {
  const matched = ROUTE_TITLES.find((route) => matchRoutes([{ path: route.path }], pathname) !== null);
  return matched?.titleId ?? 'common.notFound.title';
}
