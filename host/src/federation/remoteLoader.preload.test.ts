// The RemoteLoader's preload at boot: the route's remote and its route prefetch start before the
// first render, and the first load takes them over.
import type { RouteLocation } from './routePrefetch';
import { V1, V2, urlOf, release, manifest, MarketApp, setup, quietLoaderTests } from './testing/remoteLoaderHarness';

quietLoaderTests();

describe('RemoteLoader: preload at boot', () => {
  const MARKET = { pathname: '/market', search: '?q=btc' } as const;
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  function prefetchRecorder() {
    const routes: RouteLocation[] = [];
    return { routes, module: { default: (route: RouteLocation) => routes.push(route) } };
  }

  it("starts the route's remote and its route prefetch; the first load takes that load over", async () => {
    const { runtime, loader, fetched, reporter } = setup();
    const prefetch = prefetchRecorder();
    runtime.routePrefetch.set(urlOf('mfe_market', V1), prefetch.module);
    loader.preload('mfe_market', MARKET);
    expect(await loader.load('mfe_market')).toEqual({ status: 'ready', Component: MarketApp, version: V1 });
    await flush();
    expect(prefetch.routes).toEqual([MARKET]);
    expect(runtime.prefetches).toEqual([urlOf('mfe_market', V1)]);
    expect(runtime.loads).toEqual([urlOf('mfe_market', V1)]);
    expect(fetched).toHaveLength(1);
    expect(reporter.reports).toEqual([`mfe_market ${V1} loaded`]);
    // Taken once: a later load (another visit to the route) loads through the runtime, with no prefetch.
    await loader.load('mfe_market');
    expect(runtime.loads).toHaveLength(2);
    expect(runtime.prefetches).toHaveLength(1);
  });

  it('loads a remote without a route prefetch as before', async () => {
    const { runtime, loader } = setup();
    loader.preload('mfe_claim', { pathname: '/claim', search: '' });
    expect(await loader.load('mfe_claim')).toMatchObject({ status: 'ready', version: V1 });
    expect(runtime.prefetches).toEqual([urlOf('mfe_claim', V1)]);
  });

  it("asks the version that loads: a failed canary's prefetch is asked again of stable", async () => {
    const { runtime, loader, reporter } = setup({ manifests: [manifest({ canary: { version: V2, percent: 100 } })] });
    runtime.fail(urlOf('mfe_market', V2), 'fallback', 'reject');
    loader.preload('mfe_market', MARKET);
    expect(await loader.load('mfe_market')).toMatchObject({ status: 'ready', version: V1 });
    expect(runtime.prefetches).toEqual([urlOf('mfe_market', V2), urlOf('mfe_market', V1)]);
    expect(reporter.reports).toEqual([`mfe_market ${V2} missing`, `mfe_market ${V1} loaded`]);
  });

  it('asks nothing of a release the page refuses (another @prds/shared major, unpinned in production)', async () => {
    const major = setup({ manifests: [manifest({ canary: { version: V2, percent: 100 }, shared2: '1.0.0' })] });
    major.loader.preload('mfe_market', MARKET);
    expect(await major.loader.load('mfe_market')).toMatchObject({ version: V1 });
    expect(major.runtime.prefetches).toEqual([urlOf('mfe_market', V1)]);

    const unpinned = manifest();
    unpinned.remotes.mfe_claim.versions[V1] = { ...release('mfe_claim', V1), integrity: null as never };
    const production = setup({ manifests: [unpinned], production: true });
    production.loader.preload('mfe_claim', { pathname: '/claim', search: '' });
    expect(await production.loader.load('mfe_claim')).toMatchObject({ status: 'failed', reason: 'load' });
    expect(production.runtime.prefetches).toEqual([]);
    expect(production.runtime.loads).toEqual([]);
  });

  it('a failing route prefetch changes nothing', async () => {
    const { runtime, loader } = setup();
    runtime.routePrefetch.set(urlOf('mfe_market', V1), {
      default: () => {
        throw new Error('prefetch broke');
      },
    });
    loader.preload('mfe_market', MARKET);
    expect(await loader.load('mfe_market')).toMatchObject({ status: 'ready', version: V1 });
    await flush();
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('route prefetch'), expect.any(Error));
  });

  it("a retry (invalidate) is a load of its own: it does not take the boot's load, nor its route prefetch", async () => {
    const { runtime, loader } = setup();
    loader.preload('mfe_market', MARKET);
    loader.invalidate('mfe_market');
    expect(await loader.load('mfe_market')).toMatchObject({ status: 'ready', version: V1 });
    await flush();
    // Two loads of the runtime (the boot's, still running, and the retry's), no route prefetch.
    expect(runtime.loads).toEqual([urlOf('mfe_market', V1), urlOf('mfe_market', V1)]);
    expect(runtime.prefetches).toEqual([]);
  });
});
