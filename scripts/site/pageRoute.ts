// Which remote renders a page path, as the host's route table (host/src/routes/routeTable.ts) says,
// for the web server: it hints that remote's release before the page asks for it. The table is
// repeated here as plain patterns because the host's own matcher is react-router's (a browser
// module); pageRoute.test.ts checks both answer the same for every route of the path table.

/** The remotes' container names (apps.json, the registry of apps). */
export type RemoteContainer = 'mfe_market' | 'mfe_issue' | 'mfe_license' | 'mfe_portfolio' | 'mfe_claim';

/** Patterns as react-router matches them: whole segments, case-insensitive, a trailing slash allowed. */
const ROUTES: readonly (readonly [RegExp, RemoteContainer])[] = [
  [/^\/market(?:\/.*)?$/i, 'mfe_market'],
  [/^\/detail\/[^/]+\/?$/i, 'mfe_market'],
  [/^\/claim\/?$/i, 'mfe_claim'],
  [/^\/(?:portfolio|bridge|deposit)\/?$/i, 'mfe_portfolio'],
  [/^\/issue\/?$/i, 'mfe_issue'],
  [/^\/nft(?:\/.*)?$/i, 'mfe_license'],
];

/** The remote that renders `pathname`, or null (home, the /license redirect, a page not found). */
export function remoteOfPath(pathname: string): RemoteContainer | null {
  return ROUTES.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}

/** The market id of a /detail/:id page the api could know (its id rule: 1 to 16 digits, no leading 0), else null. */
export function detailIdOf(pathname: string): string | null {
  const match = /^\/detail\/([1-9][0-9]{0,15})\/?$/i.exec(pathname);
  return match?.[1] ?? null;
}

/** The shell's own pages: home and the /license redirect (host/src/routes/AppRoutes.tsx). */
const SHELL_PAGES = /^\/(?:license\/?)?$/i;

/** True when a route renders `pathname` (a remote's or the shell's); false for the not-found page (a 404). */
export function isPagePath(pathname: string): boolean {
  // A market page whose id no market can have shows the not-found view.
  if (/^\/detail\/[^/]+\/?$/i.test(pathname) && detailIdOf(pathname) === null) return false;
  return SHELL_PAGES.test(pathname) || remoteOfPath(pathname) !== null;
}
