import { paths } from '@prds/shared/routes';
import {
  DEFAULT_MARKET_FILTERS,
  MAX_SEARCH_LENGTH,
  parseMarketFilters,
  writeMarketFilters,
  type MarketFilters,
} from './marketFilters';

describe('parseMarketFilters', () => {
  it('gives the defaults for an empty query string', () => {
    expect(parseMarketFilters(new URLSearchParams())).toEqual(DEFAULT_MARKET_FILTERS);
  });

  it('reads every filter from its param', () => {
    const filters = parseMarketFilters(new URLSearchParams('q=bitcoin%20100k&category=crypto&sort=newest&status=closingSoon'));
    expect(filters).toEqual({ search: 'bitcoin 100k', category: 'crypto', sort: 'newest', status: 'closingSoon' });
  });

  it.each([
    ['sort=cheapest', { sort: 'volume' }],
    ['status=OPEN', { status: 'all' }],
    ['category=gambling', { category: 'all' }],
    ['status=', { status: 'all' }],
  ])('falls back to the default for an unknown value (%s)', (query, expected) => {
    expect(parseMarketFilters(new URLSearchParams(query))).toEqual({ ...DEFAULT_MARKET_FILTERS, ...expected });
  });

  it('cuts an over-long search to the maximum length', () => {
    const long = 'x'.repeat(MAX_SEARCH_LENGTH + 50);
    expect(parseMarketFilters(new URLSearchParams({ q: long })).search).toHaveLength(MAX_SEARCH_LENGTH);
  });
});

describe('writeMarketFilters', () => {
  it('writes nothing for the defaults', () => {
    expect(writeMarketFilters(DEFAULT_MARKET_FILTERS).toString()).toBe('');
  });

  it('writes only the values that differ from the defaults', () => {
    const params = writeMarketFilters({ ...DEFAULT_MARKET_FILTERS, sort: 'newest', status: 'finished' });
    expect(params.toString()).toBe('sort=newest&status=finished');
  });

  it('removes a param when its filter goes back to the default, and keeps unrelated params', () => {
    const base = new URLSearchParams('ref=abc&sort=newest&q=eth');
    const params = writeMarketFilters({ ...DEFAULT_MARKET_FILTERS, search: 'eth' }, base);
    expect(params.get('sort')).toBeNull();
    expect(params.get('q')).toBe('eth');
    expect(params.get('ref')).toBe('abc');
    expect(base.get('sort')).toBe('newest');
  });

  it('drops a search made only of spaces', () => {
    expect(writeMarketFilters({ ...DEFAULT_MARKET_FILTERS, search: '   ' }).has('q')).toBe(false);
  });

  it.each<MarketFilters>([
    { search: 'rain in Paris?', category: 'science', sort: 'newest', status: 'waitingResult' },
    { search: '', category: 'politics', sort: 'volume', status: 'challenging' },
    { search: 'a&b=c', category: 'all', sort: 'volume', status: 'open' },
  ])('round-trips q="$search" $category $sort $status through the URL', (filters) => {
    const url = `/market?${writeMarketFilters(filters).toString()}`;
    expect(parseMarketFilters(new URL(url, 'http://localhost').searchParams)).toEqual(filters);
  });
});

describe('a link built with paths.market', () => {
  it('opens the list with its filters', () => {
    const url = new URL(paths.market({ q: 'btc', category: 'crypto', sort: 'newest', status: 'open' }), 'http://localhost');
    expect(parseMarketFilters(url.searchParams)).toEqual({ search: 'btc', category: 'crypto', sort: 'newest', status: 'open' });
    expect(writeMarketFilters(parseMarketFilters(url.searchParams)).toString()).toBe(url.searchParams.toString());
  });
});
