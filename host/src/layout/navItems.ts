import { paths } from '@prds/shared/routes';

/** Every route of spec §2 reachable from the navigation; the order is the header's. */
export const NAV_ITEMS = [
  { to: paths.home(), labelId: 'host.nav.home', testId: 'nav-home', end: true },
  { to: paths.market(), labelId: 'host.nav.markets', testId: 'nav-market', end: false },
  { to: paths.issue(), labelId: 'host.nav.issue', testId: 'nav-issue', end: false },
  { to: paths.nft(), labelId: 'host.nav.license', testId: 'nav-license', end: false },
  { to: paths.portfolio(), labelId: 'host.nav.portfolio', testId: 'nav-portfolio', end: false },
  { to: paths.claim(), labelId: 'host.nav.claim', testId: 'nav-claim', end: false },
  { to: paths.bridge(), labelId: 'host.nav.bridge', testId: 'nav-bridge', end: false },
  { to: paths.deposit(), labelId: 'host.nav.deposit', testId: 'nav-deposit', end: false },
] as const;

export type NavItem = (typeof NAV_ITEMS)[number];
