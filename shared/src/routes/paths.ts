import type { MarketCategory } from '@prds/contracts/metadata';
import type { LicenseMarketKind, LicenseMarketSort, LicenseType } from '@prds/shared/licenses';
import type { MarketListSort, MarketListStatus } from '@prds/shared/markets';

/**
 * Every route of spec §2 (and the License area's /nft/mine tab), once. `ROUTES` are the patterns
 * that `<Route path>` and the host's route table match; `paths` builds the URL of each, so a link
 * never spells a path or a query parameter by hand.
 */
export const ROUTES = {
  home: '/',
  market: '/market',
  detail: '/detail/:id',
  claim: '/claim',
  portfolio: '/portfolio',
  bridge: '/bridge',
  deposit: '/deposit',
  issue: '/issue',
  nft: '/nft',
  nftMine: '/nft/mine',
  nftPacket: '/nft/packet',
  /** Spec §2: redirects to /nft. */
  license: '/license',
} as const satisfies Record<string, `/${string}`>;

export type RouteName = keyof typeof ROUTES;

/** The portfolio's sections, in tab order (`/portfolio?tab=`); the first is the default. */
export const PORTFOLIO_TABS = ['positions', 'history', 'bought', 'invested', 'issued'] as const;
export type PortfolioTab = (typeof PORTFOLIO_TABS)[number];

/** The market list's filters as its URL carries them (`/market?q=btc&status=open`); absent means the default. */
export interface MarketListParams {
  readonly q?: string;
  readonly category?: MarketCategory;
  readonly sort?: MarketListSort;
  readonly status?: MarketListStatus;
}

/** The License market's filters as /nft carries them (`/nft?kind=rent&type=common&sort=priceAsc`); absent means the default. */
export interface LicenseMarketParams {
  readonly kind?: LicenseMarketKind;
  readonly type?: LicenseType | 'all';
  readonly sort?: LicenseMarketSort;
}

/** What can name a market or a License in a URL: the api's decimal string, or the chain's integer. */
export type PathId = string | number | bigint;

type QueryValue = string | number | bigint | undefined;

/** `path` with the given parameters in a stable order; undefined and empty values are left out. */
function withQuery(path: string, query: Readonly<Record<string, QueryValue>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}

function segment(id: PathId): string {
  return encodeURIComponent(String(id));
}

/** The URL of every route; a route with parameters takes them typed. */
export const paths = {
  home: () => ROUTES.home,
  market: (params: MarketListParams = {}) => withQuery(ROUTES.market, { ...params }),
  detail: (id: PathId) => ROUTES.detail.replace(':id', segment(id)),
  claim: () => ROUTES.claim,
  portfolio: (params: { readonly tab?: PortfolioTab } = {}) => withQuery(ROUTES.portfolio, params),
  bridge: () => ROUTES.bridge,
  deposit: () => ROUTES.deposit,
  /** `license`: the License to issue with, chosen in the form when it arrives. */
  issue: (params: { readonly license?: PathId } = {}) => withQuery(ROUTES.issue, params),
  nft: (params: LicenseMarketParams = {}) => withQuery(ROUTES.nft, { ...params }),
  nftMine: () => ROUTES.nftMine,
  nftPacket: () => ROUTES.nftPacket,
  license: () => ROUTES.license,
} as const satisfies Record<RouteName, (...args: never[]) => string>;
