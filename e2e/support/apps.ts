// The deployed shape the suite runs against: which app listens where, and which page each route shows.
import apps from '../../apps.json';

export const BASE_PORT = 4100;

/** A workspace folder of the host or a remote, as the registry of apps (apps.json) lists them. */
export type AppName = string;
const APPS: readonly { readonly folder: AppName; readonly portOffset: number }[] = [apps.host, ...Object.values(apps.remotes)];
export const APP_NAMES: readonly AppName[] = APPS.map((app) => app.folder);

/** Where an app listens when the host is on `basePort` (scripts/serve.mjs: base + the registry's offset). */
export function portOf(app: AppName, basePort: number = BASE_PORT): number {
  return basePort + (APPS.find((entry) => entry.folder === app)?.portOffset ?? 0);
}

export const HOST_URL = `http://127.0.0.1:${portOf('host')}`;

/**
 * The WalletConnect relay the e2e build names (scripts/test.sh builds with PRDS_WALLETCONNECT_PROJECT_ID
 * and PRDS_WALLETCONNECT_RELAY_URL=ws://127.0.0.1:8797): walletconnect.spec.ts's stand-in listens there,
 * and the suite's host server lets the page reach it (serve.mjs --walletconnect-relay).
 */
export const E2E_WALLETCONNECT_RELAY_PORT = 8797;
export const E2E_WALLETCONNECT_RELAY_URL = `ws://127.0.0.1:${E2E_WALLETCONNECT_RELAY_PORT}`;

/**
 * The rollout spec's own host (scripts/serve.mjs --only host --releases <its folder>): its own
 * rollout manifest, so canaries and rollbacks never reach the other specs' site on 4100–4105.
 */
export const ROLLOUT_HOST_PORT = 4110;

/**
 * The dev loop spec's site (`pnpm dev mfe-claim --base-port 4500`, scripts/dev.mjs): the host's
 * development build on 4500, the remotes' builds beside it, the claim remote's dev server on 4605
 * (base + 100 + its offset). The suite's api lets these origins call it.
 */
export const DEV_BASE_PORT = 4500;
export const DEV_SERVER_PORT_OFFSET = 100;

export type RemoteKey = 'market' | 'issue' | 'license' | 'portfolio' | 'claim';

export interface RemoteRoute {
  readonly app: Exclude<AppName, 'host'>;
  /** Its container name (@prds/shared's RemoteName), which its shared probe carries as data-remote. */
  readonly container: string;
  readonly path: string;
  readonly pageTestId: string;
}

/** One representative route per remote (the remote whose `./App` renders it). */
export const REMOTES = {
  market: { app: 'mfe-market', container: 'mfe_market', path: '/market', pageTestId: 'page-market-list' },
  issue: { app: 'mfe-issue', container: 'mfe_issue', path: '/issue', pageTestId: 'page-issue' },
  license: { app: 'mfe-license', container: 'mfe_license', path: '/nft', pageTestId: 'page-nft-sale' },
  portfolio: { app: 'mfe-portfolio', container: 'mfe_portfolio', path: '/portfolio', pageTestId: 'page-portfolio' },
  claim: { app: 'mfe-claim', container: 'mfe_claim', path: '/claim', pageTestId: 'page-claim' },
} as const satisfies Record<RemoteKey, RemoteRoute>;

export const REMOTE_KEYS = Object.keys(REMOTES) as RemoteKey[];

export interface PageRoute {
  /** Short name, used for screenshot files and test titles. */
  readonly name: string;
  readonly path: string;
  readonly pageTestId: string;
}

/** Every route of spec §2 that renders a page of its own (/license is a redirect, checked separately). */
export const PAGE_ROUTES: readonly PageRoute[] = [
  { name: 'home', path: '/', pageTestId: 'page-home' },
  { name: 'market-list', path: '/market', pageTestId: 'page-market-list' },
  { name: 'detail', path: '/detail/1', pageTestId: 'page-detail' },
  { name: 'claim', path: '/claim', pageTestId: 'page-claim' },
  { name: 'portfolio', path: '/portfolio', pageTestId: 'page-portfolio' },
  { name: 'bridge', path: '/bridge', pageTestId: 'page-bridge' },
  { name: 'deposit', path: '/deposit', pageTestId: 'page-deposit' },
  { name: 'issue', path: '/issue', pageTestId: 'page-issue' },
  { name: 'nft-sale', path: '/nft', pageTestId: 'page-nft-sale' },
  { name: 'nft-packet', path: '/nft/packet', pageTestId: 'page-nft-packet' },
  { name: 'not-found', path: '/no-such-page', pageTestId: 'page-not-found' },
];

export const LANG_CODES = ['en', 'zh', 'ko', 'fr', 'ru', 'de', 'es', 'ar', 'ja', 'th', 'ms', 'vi'] as const;
export type LangCode = (typeof LANG_CODES)[number];
