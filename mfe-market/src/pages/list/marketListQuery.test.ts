import { DEFAULT_MARKET_FILTERS, parseMarketFilters } from './marketFilters';
import {
  MARKET_LIST_PAGE_SIZE,
  MAX_MARKET_LIST_PAGE,
  narrowsMarketList,
  nextMarketPage,
  toMarketListQuery,
} from './marketListQuery';

describe('toMarketListQuery', () => {
  it('asks for every market by volume with the default filters', () => {
    expect(toMarketListQuery(DEFAULT_MARKET_FILTERS)).toEqual({ category: 'all', status: 'all', sort: 'volume' });
  });

  it('maps each filter of the URL onto its api field', () => {
    const filters = parseMarketFilters(new URLSearchParams('q=rain&category=science&sort=newest&status=closingSoon'));
    expect(toMarketListQuery(filters)).toEqual({ search: 'rain', category: 'science', status: 'closingSoon', sort: 'newest' });
  });

  it('trims the search and leaves out a blank one, so equal questions share one cache entry', () => {
    expect(toMarketListQuery({ ...DEFAULT_MARKET_FILTERS, search: '  btc 100k ' })).toEqual(
      toMarketListQuery({ ...DEFAULT_MARKET_FILTERS, search: 'btc 100k' }),
    );
    expect(toMarketListQuery({ ...DEFAULT_MARKET_FILTERS, search: '   ' })).not.toHaveProperty('search');
  });

  it('carries no page: the list pages through one query', () => {
    expect(toMarketListQuery(DEFAULT_MARKET_FILTERS)).not.toHaveProperty('page');
    expect(MARKET_LIST_PAGE_SIZE).toBeLessThanOrEqual(100); // the api's largest page
  });
});

describe('nextMarketPage', () => {
  it('asks for the following page while markets are left', () => {
    expect(nextMarketPage({ page: 1, pageSize: 50, total: 51 })).toBe(2);
    expect(nextMarketPage({ page: 199, pageSize: 50, total: 10_000 })).toBe(200);
  });

  it('stops at the last page, and for an empty list', () => {
    expect(nextMarketPage({ page: 2, pageSize: 50, total: 100 })).toBeUndefined();
    expect(nextMarketPage({ page: 1, pageSize: 50, total: 0 })).toBeUndefined();
  });

  it('never asks beyond the api’s page limit', () => {
    expect(nextMarketPage({ page: MAX_MARKET_LIST_PAGE, pageSize: 1, total: MAX_MARKET_LIST_PAGE * 2 })).toBeUndefined();
  });
});

describe('narrowsMarketList', () => {
  it.each([
    [{}, false],
    [{ sort: 'newest' as const }, false],
    [{ search: '  ' }, false],
    [{ search: 'eth' }, true],
    [{ category: 'crypto' as const }, true],
    [{ status: 'finished' as const }, true],
  ])('%j → %s', (change, expected) => {
    expect(narrowsMarketList({ ...DEFAULT_MARKET_FILTERS, ...change })).toBe(expected);
  });
});
