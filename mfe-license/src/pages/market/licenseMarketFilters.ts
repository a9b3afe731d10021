/**
 * The License market's filters live in the URL (`/nft?kind=rent&type=common&sort=priceAsc`), like the
 * market list's: a filtered market can be bookmarked, shared and restored by Back. Defaults are left
 * out, so the plain `/nft` means "every listing, newest first".
 */
import type { MessageDescriptor } from '@prds/shared/i18n';
import type { LicenseMarketKind, LicenseMarketQuery, LicenseMarketSort, LicenseType } from '@prds/shared/licenses';
import type { LicenseMarketParams } from '@prds/shared/routes';
import { keysOf } from '../common/keysOf';
import { LICENSE_TYPES } from '../licenseTypes';

/** The listing kinds the api answers, with their names (a kind without a name does not compile). */
export const KIND_LABEL = {
  all: { id: 'license.market.kind.all' },
  sale: { id: 'license.market.kind.sale' },
  rent: { id: 'license.market.kind.rent' },
} as const satisfies Record<LicenseMarketKind, MessageDescriptor>;

/** The api's sorts, with their names. */
export const SORT_LABEL = {
  newest: { id: 'license.market.sort.newest' },
  priceAsc: { id: 'license.market.sort.priceAsc' },
  priceDesc: { id: 'license.market.sort.priceDesc' },
  availableTimesAsc: { id: 'license.market.sort.availableTimesAsc' },
  availableTimesDesc: { id: 'license.market.sort.availableTimesDesc' },
} as const satisfies Record<LicenseMarketSort, MessageDescriptor>;

export const LICENSE_MARKET_KINDS = keysOf(KIND_LABEL);
export const LICENSE_MARKET_SORTS = keysOf(SORT_LABEL);

export const LICENSE_TYPE_FILTERS: readonly LicenseTypeFilter[] = ['all', ...LICENSE_TYPES];
export type LicenseTypeFilter = LicenseType | 'all';

export interface LicenseMarketFilters {
  readonly kind: LicenseMarketKind;
  readonly type: LicenseTypeFilter;
  readonly sort: LicenseMarketSort;
}

export const DEFAULT_LICENSE_MARKET_FILTERS: LicenseMarketFilters = { kind: 'all', type: 'all', sort: 'newest' };

// The URL's parameter names are paths.nft's, so a link built elsewhere opens the market filtered.
const PARAM = { kind: 'kind', type: 'type', sort: 'sort' } as const satisfies Record<
  keyof LicenseMarketFilters,
  keyof LicenseMarketParams
>;

function pick<T extends string>(allowed: readonly T[], value: string | null, fallback: T): T {
  return allowed.find((candidate) => candidate === value) ?? fallback;
}

/** Reads the filters from the URL; an unknown or malformed value falls back to its default. */
export function parseLicenseMarketFilters(params: URLSearchParams): LicenseMarketFilters {
  return {
    kind: pick(LICENSE_MARKET_KINDS, params.get(PARAM.kind), DEFAULT_LICENSE_MARKET_FILTERS.kind),
    type: pick(LICENSE_TYPE_FILTERS, params.get(PARAM.type), DEFAULT_LICENSE_MARKET_FILTERS.type),
    sort: pick(LICENSE_MARKET_SORTS, params.get(PARAM.sort), DEFAULT_LICENSE_MARKET_FILTERS.sort),
  };
}

/** Writes the filters into a copy of `base` (other parameters kept); a default value is removed. */
export function writeLicenseMarketFilters(
  filters: LicenseMarketFilters,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const field of ['kind', 'type', 'sort'] as const) {
    if (filters[field] === DEFAULT_LICENSE_MARKET_FILTERS[field]) next.delete(PARAM[field]);
    else next.set(PARAM[field], filters[field]);
  }
  return next;
}

/** The api's body for the filters (without the page). */
export function toLicenseMarketQuery(filters: LicenseMarketFilters): LicenseMarketQuery {
  return { kind: filters.kind, type: filters.type, sort: filters.sort };
}
