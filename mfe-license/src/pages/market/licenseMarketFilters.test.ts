import { paths } from '@prds/shared/routes';
import {
  DEFAULT_LICENSE_MARKET_FILTERS,
  parseLicenseMarketFilters,
  toLicenseMarketQuery,
  writeLicenseMarketFilters,
} from './licenseMarketFilters';

const read = (url: string) => parseLicenseMarketFilters(new URL(url, 'http://x').searchParams);

describe('the License market filters in the URL', () => {
  it('reads a link built with paths.nft', () => {
    expect(read(paths.nft({ kind: 'rent', type: 'scarcity', sort: 'availableTimesDesc' }))).toEqual({
      kind: 'rent',
      type: 'scarcity',
      sort: 'availableTimesDesc',
    });
  });

  it('falls back to the defaults for what is missing, unknown or malformed', () => {
    expect(read('/nft')).toEqual(DEFAULT_LICENSE_MARKET_FILTERS);
    expect(read('/nft?kind=lease&type=gold&sort=cheapest')).toEqual(DEFAULT_LICENSE_MARKET_FILTERS);
    expect(read('/nft?kind=SALE&type=&sort=priceAsc')).toEqual({ kind: 'all', type: 'all', sort: 'priceAsc' });
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const base = new URLSearchParams('kind=sale&utm=mail');
    expect(writeLicenseMarketFilters({ ...DEFAULT_LICENSE_MARKET_FILTERS, sort: 'priceDesc' }, base).toString()).toBe(
      'utm=mail&sort=priceDesc',
    );
    expect(writeLicenseMarketFilters(DEFAULT_LICENSE_MARKET_FILTERS).toString()).toBe('');
  });

  it('round-trips every choice', () => {
    const filters = { kind: 'sale', type: 'attributive', sort: 'priceAsc' } as const;
    expect(parseLicenseMarketFilters(writeLicenseMarketFilters(filters))).toEqual(filters);
    expect(toLicenseMarketQuery(filters)).toEqual(filters);
  });
});
