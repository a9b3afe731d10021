import { matchPath } from 'react-router-dom';
import { PORTFOLIO_TABS, ROUTES, paths, type RouteName } from './paths';

describe('paths', () => {
  // One example argument per route; a route that takes none is called without.
  const built: Record<RouteName, string> = {
    home: paths.home(),
    market: paths.market(),
    detail: paths.detail(7),
    claim: paths.claim(),
    portfolio: paths.portfolio(),
    bridge: paths.bridge(),
    deposit: paths.deposit(),
    issue: paths.issue(),
    nft: paths.nft(),
    nftMine: paths.nftMine(),
    nftPacket: paths.nftPacket(),
    license: paths.license(),
  };

  it.each(Object.keys(ROUTES) as RouteName[])("%s builds a URL its own pattern matches, and no other route's", (name) => {
    const url = built[name];
    expect(matchPath(ROUTES[name], url)).not.toBeNull();
    const others = (Object.keys(ROUTES) as RouteName[]).filter((other) => other !== name);
    expect(others.filter((other) => matchPath(ROUTES[other], url) !== null)).toEqual([]);
  });

  it('puts a market id in the detail path, whatever its type, and escapes what could break out of it', () => {
    expect(paths.detail('42')).toBe('/detail/42');
    expect(paths.detail(42)).toBe('/detail/42');
    expect(paths.detail(9007199254740993n)).toBe('/detail/9007199254740993');
    expect(paths.detail('a/b?c')).toBe('/detail/a%2Fb%3Fc');
  });

  it('writes query parameters given, leaves out the ones not given, and escapes values', () => {
    expect(paths.market({ q: 'btc 100k & more', status: 'open' })).toBe('/market?q=btc+100k+%26+more&status=open');
    expect(paths.market({ q: '', category: undefined })).toBe('/market');
    expect(paths.market({ sort: 'newest', category: 'crypto' })).toBe('/market?sort=newest&category=crypto');
    expect(paths.issue({ license: 12n })).toBe('/issue?license=12');
    expect(paths.issue({})).toBe('/issue');
    expect(paths.nft({ kind: 'rent', type: 'common', sort: 'availableTimesDesc' })).toBe(
      '/nft?kind=rent&type=common&sort=availableTimesDesc',
    );
    expect(paths.nft({})).toBe('/nft');
  });

  it.each(PORTFOLIO_TABS)('links to the portfolio tab %s', (tab) => {
    const url = new URL(paths.portfolio({ tab }), 'http://x');
    expect(url.pathname).toBe(ROUTES.portfolio);
    expect(url.searchParams.get('tab')).toBe(tab);
  });
});
