import { earlyHintLinks } from './earlyHints';
import type { HostAsset } from './pageDocument';

const PAGE = 'http://127.0.0.1:3000';
const API = 'http://127.0.0.1:8787';
const HOST_ASSETS: HostAsset[] = [
  { href: '/theme.42327c5e.js', as: 'script', crossorigin: false },
  { href: '/main.js', as: 'script', crossorigin: false },
];

describe('earlyHintLinks', () => {
  it('a local build: host scripts, the remote’s manifest (fetch, CORS) and classic entry, then connections', () => {
    expect(
      earlyHintLinks({
        hostAssets: HOST_ASSETS,
        release: { url: 'http://127.0.0.1:3001/mf-manifest.json', integrity: null },
        pageOrigin: PAGE,
        apiOrigin: API,
        releaseOrigins: ['http://127.0.0.1:3001', 'http://127.0.0.1:3005'],
      }),
    ).toEqual([
      '</theme.42327c5e.js>; rel=preload; as=script',
      '</main.js>; rel=preload; as=script',
      '<http://127.0.0.1:3001/mf-manifest.json>; rel=preload; as=fetch; crossorigin',
      '<http://127.0.0.1:3001/remoteEntry.js>; rel=preload; as=script',
      '<http://127.0.0.1:8787>; rel=preconnect; crossorigin',
      '<http://127.0.0.1:3001>; rel=preconnect; crossorigin',
      '<http://127.0.0.1:3005>; rel=preconnect; crossorigin',
    ]);
  });

  it('a pinned release on the page’s origin: paths, and the pin its CORS script carries (a fetch preload ignores one)', () => {
    const links = earlyHintLinks({
      hostAssets: [],
      release: {
        url: `${PAGE}/releases/mfe_market/0.1.0+b1/mf-manifest.json`,
        integrity: { manifest: 'sha384-M', entry: 'sha384-E' },
      },
      pageOrigin: PAGE,
      apiOrigin: API,
      releaseOrigins: [PAGE],
    });
    expect(links).toEqual([
      '</releases/mfe_market/0.1.0+b1/mf-manifest.json>; rel=preload; as=fetch; crossorigin',
      '</releases/mfe_market/0.1.0+b1/remoteEntry.js>; rel=preload; as=script; crossorigin; integrity="sha384-E"',
      '<http://127.0.0.1:8787>; rel=preconnect; crossorigin',
    ]);
  });

  it('a page no remote renders: the host’s files and connections only; URLs stay encoded', () => {
    const links = earlyHintLinks({
      hostAssets: [{ href: '/a b>.js', as: 'script', crossorigin: false }],
      release: null,
      pageOrigin: PAGE,
      apiOrigin: API,
      releaseOrigins: [],
    });
    expect(links).toEqual(['</a%20b%3E.js>; rel=preload; as=script', '<http://127.0.0.1:8787>; rel=preconnect; crossorigin']);
  });
});
