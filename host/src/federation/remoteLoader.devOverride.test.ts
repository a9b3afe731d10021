// The RemoteLoader in a development build: a remote from a local dev server (?remote-dev).
import { integrityFor } from './rollout/releasePins';
import { V1, urlOf, MarketApp, MemoryStorage, setup, quietLoaderTests } from './testing/remoteLoaderHarness';

quietLoaderTests();

describe('RemoteLoader: dev override (?remote-dev)', () => {
  const DEV = 'http://127.0.0.1:3001/mf-manifest.json';
  const search = `?remote-dev=mfe_market@${DEV}`;

  it('loads the remote from the dev server in a development build: version dev, unpinned, unreported, nothing else changed', async () => {
    const { runtime, loader, reporter, storage } = setup({ development: true, search });
    expect(loader.devOverrides()).toEqual({
      active: [{ remote: 'mfe_market', url: DEV, origin: 'http://127.0.0.1:3001' }],
      refused: [],
    });
    await expect(loader.load('mfe_market')).resolves.toEqual({ status: 'ready', Component: MarketApp, version: 'dev' });
    expect(loader.loadedVersion('mfe_market')).toBe('dev');
    expect(integrityFor(DEV)).toBeNull();
    // The other remotes keep their releases; the manifest never re-registers the dev remote.
    await loader.load('mfe_claim');
    expect(runtime.registerCalls).toEqual([
      { entries: [DEV], force: false },
      { entries: [urlOf('mfe_claim', V1)], force: false },
    ]);
    expect(reporter.reports).toEqual([`mfe_claim ${V1} loaded`]);
    // Kept for the next page load of this browser.
    expect(JSON.parse(storage.items.get('prds.rollout.dev') ?? '')).toEqual({ mfe_market: DEV });
    expect(setup({ development: true, storage }).loader.devOverrideOf('mfe_market')).toMatchObject({ url: DEV });
  });

  it('needs neither the rollout manifest nor a release of the remote', async () => {
    const { loader } = setup({ development: true, search, manifests: [new Error('down')] });
    await expect(loader.load('mfe_market')).resolves.toMatchObject({ status: 'ready', version: 'dev' });
  });

  it('shows a dev server that fails as a failure: no release instead, no report, nothing marked bad; a retry asks it again', async () => {
    const { runtime, loader, reporter, storage } = setup({ development: true, search });
    runtime.fail(DEV, 'fallback');
    await expect(loader.load('mfe_market')).resolves.toMatchObject({ status: 'failed', reason: 'load' });
    expect(runtime.loads).toEqual([DEV]);
    loader.invalidate('mfe_market');
    await expect(loader.load('mfe_market')).resolves.toMatchObject({ status: 'ready', version: 'dev' });
    expect(runtime.loads).toEqual([DEV, DEV]);
    expect(runtime.registerCalls.at(-1)).toEqual({ entries: [DEV], force: true });
    // A render crash of the developer's code: the fallback, not another version.
    expect(loader.renderFailed('mfe_market', 'dev')).toBe(false);
    loader.serverRenderFailed('mfe_market', V1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reporter.reports).toEqual([]);
    expect(storage.items.has('prds.rollout.bad')).toBe(false);
  });

  it('says which values it refused, on the console and to the badge', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { loader } = setup({ development: true, search: '?remote-dev=mfe_market@https://cdn.test/mf-manifest.json' });
    expect(loader.devOverrides()).toEqual({
      active: [],
      refused: [{ value: 'mfe_market@https://cdn.test/mf-manifest.json', reason: 'not-loopback' }],
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('not-loopback'));
  });

  it('is ignored entirely by a loader not made for development (a production build): query and storage', async () => {
    const storage = new MemoryStorage();
    storage.setItem('prds.rollout.dev', JSON.stringify({ mfe_claim: 'http://127.0.0.1:3005/mf-manifest.json' }));
    for (const production of [false, true]) {
      const { loader, runtime } = setup({ storage, search, production });
      expect(loader.devOverrides()).toEqual({ active: [], refused: [] });
      expect(loader.devOverrideOf('mfe_market')).toBeNull();
      await expect(loader.load('mfe_market')).resolves.toMatchObject({ status: 'ready', version: V1 });
      await expect(loader.load('mfe_claim')).resolves.toMatchObject({ status: 'ready', version: V1 });
      expect(runtime.loads).toEqual([urlOf('mfe_market', V1), urlOf('mfe_claim', V1)]);
    }
    // Not even written or cleared.
    setup({ storage, search: '?remote-dev=off' });
    expect(JSON.parse(storage.items.get('prds.rollout.dev') ?? '')).toEqual({
      mfe_claim: 'http://127.0.0.1:3005/mf-manifest.json',
    });
  });

  it('clears every kept override when asked (the badge)', () => {
    const { loader, storage } = setup({ development: true, search });
    loader.clearDevOverrides();
    expect(storage.items.has('prds.rollout.dev')).toBe(false);
    expect(setup({ development: true, storage }).loader.devOverrides().active).toEqual([]);
  });
});
