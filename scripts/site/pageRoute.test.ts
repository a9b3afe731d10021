import { remoteForPath } from '../../host/src/routes/routeTable';
import { detailIdOf, isPagePath, remoteOfPath } from './pageRoute';

describe('remoteOfPath: the remote the host mounts for a page', () => {
  it.each([
    '/',
    '/market',
    '/market/',
    '/MARKET',
    '/market/anything/else',
    '/marketplace',
    '/detail/7',
    '/detail/7/',
    '/detail/abc',
    '/detail/7/extra',
    '/detail',
    '/claim',
    '/claim/x',
    '/portfolio',
    '/bridge',
    '/deposit',
    '/issue',
    '/nft',
    '/nft/mine',
    '/nft/packet',
    '/license',
    '/nope',
  ])('%s: the same as the host’s route table', (pathname) => {
    expect(remoteOfPath(pathname)).toBe(remoteForPath(pathname));
  });
});

describe('detailIdOf', () => {
  it.each([
    ['/detail/7', '7'],
    ['/detail/1234567890123456/', '1234567890123456'],
    ['/detail/0', null],
    ['/detail/007', null],
    ['/detail/12345678901234567', null],
    ['/detail/7x', null],
    ['/market', null],
  ])('%s → %s', (pathname, id) => {
    expect(detailIdOf(pathname)).toBe(id);
  });
});

describe('isPagePath: a route renders the path, or the page is the not-found page (404)', () => {
  it.each([
    '/',
    '/license',
    '/license/',
    '/market',
    '/market?x',
    '/detail/7',
    '/claim',
    '/portfolio',
    '/bridge',
    '/deposit',
    '/issue',
    '/nft',
    '/nft/mine',
  ])('%s is a page', (pathname) => {
    expect(isPagePath(pathname.split('?')[0] ?? '')).toBe(true);
  });

  it.each(['/nope', '/detail/unknown', '/detail/07', '/detail/', '/marketplace', '/claim/x', '/license/x'])(
    '%s is not found',
    (pathname) => {
      expect(isPagePath(pathname)).toBe(false);
    },
  );
});
