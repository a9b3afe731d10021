// The RemoteLoader picks each remote's version for this visitor from the rollout manifest, which it
// reads once (or the last good one kept).
import { integrityFor } from './rollout/releasePins';
import {
  V0,
  V1,
  V2,
  PIN,
  urlOf,
  manifest,
  MarketApp,
  MemoryStorage,
  setup,
  quietLoaderTests,
} from './testing/remoteLoaderHarness';

quietLoaderTests();

describe('RemoteLoader: versions', () => {
  it('reports a release the server could not render with (kind ssr) once the page load has its id, even when told at boot', async () => {
    const { loader, reporter } = setup();
    // At boot, before the manifest is read: the report waits for the page load's id.
    loader.serverRenderFailed('mfe_market', V1);
    loader.serverRenderFailed('mfe_market', V1);
    await loader.load('mfe_market');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reporter.reports).toEqual(expect.arrayContaining([`mfe_market ${V1} ssr`, `mfe_market ${V1} loaded`]));
    expect(reporter.reports.filter((r) => r.endsWith(' ssr'))).toHaveLength(1);
    expect(new Set(reporter.loads).size).toBe(1);
  });

  it('reads the manifest once, registers each remote it knows at its stable version, and reports the load', async () => {
    const { runtime, loader, fetched, reporter } = setup();
    await expect(loader.load('mfe_market')).resolves.toEqual({ status: 'ready', Component: MarketApp, version: V1 });
    await loader.load('mfe_claim');
    expect(fetched).toEqual(['http://site.test/remotes.json']);
    expect(runtime.registerCalls).toEqual([
      { entries: [urlOf('mfe_market', V1)], force: false },
      { entries: [urlOf('mfe_claim', V1)], force: false },
    ]);
    expect(reporter.reports).toEqual([`mfe_market ${V1} loaded`, `mfe_claim ${V1} loaded`]);
    // Every report of the page names one page load, minted when the versions were chosen.
    expect(new Set(reporter.loads).size).toBe(1);
    expect(reporter.loads[0]).toMatch(/^[0-9a-f]{32}$/);
    // The next page load is another one.
    const next = setup();
    await next.loader.load('mfe_market');
    expect(next.reporter.loads).toHaveLength(1);
    expect(next.reporter.loads[0]).not.toBe(reporter.loads[0]);
    // The release is pinned for the runtime plugin: its manifest, its entry, nothing else in its folder.
    expect(integrityFor(urlOf('mfe_market', V1))).toBe(PIN('m'));
    expect(integrityFor(urlOf('mfe_market', V1).replace('mf-manifest.json', 'remoteEntry.js?x=1'))).toBe(PIN('e'));
    expect(integrityFor(urlOf('mfe_market', V1).replace('mf-manifest.json', 'other.js'))).toBe('sha384-unpinned');
  });

  it('gives the canary to every visitor at 100 %, to none at 0 %, and always to its cohorts', async () => {
    const all = setup({ manifests: [manifest({ canary: { version: V2, percent: 100 } })] });
    expect(await all.loader.load('mfe_market')).toMatchObject({ version: V2 });
    const none = setup({ manifests: [manifest({ canary: { version: V2, percent: 0 } })] });
    expect(await none.loader.load('mfe_market')).toMatchObject({ version: V1 });

    const storage = new MemoryStorage();
    storage.setItem('prds.rollout.account', '0x00000000000000000000000000000000000000aa');
    const wallet = setup({
      storage,
      manifests: [manifest({ canary: { version: V2, percent: 0, cohorts: ['0x00000000000000000000000000000000000000aa'] } })],
    });
    expect(await wallet.loader.load('mfe_market')).toMatchObject({ version: V2 });
    const internal = setup({
      search: '?rollout-cohort=internal',
      manifests: [manifest({ canary: { version: V2, percent: 0, cohorts: ['internal'] } })],
    });
    expect(await internal.loader.load('mfe_market')).toMatchObject({ version: V2 });
  });

  it('honours a QA override outside production only', async () => {
    const search = `?remote-version=mfe_market@${V0}`;
    expect(await setup({ search }).loader.load('mfe_market')).toMatchObject({ version: V0 });
    expect(await setup({ search, production: true }).loader.load('mfe_market')).toMatchObject({ version: V1 });
    const storage = new MemoryStorage();
    storage.setItem('prds.rollout.override', JSON.stringify({ mfe_market: V2 }));
    expect(await setup({ storage }).loader.load('mfe_market')).toMatchObject({ version: V2 });
    // An override naming a version the manifest does not have is ignored.
    expect(await setup({ search: '?remote-version=mfe_market@9.9.9' }).loader.load('mfe_market')).toMatchObject({ version: V1 });
  });
});

describe('RemoteLoader: the manifest', () => {
  it('tries the manifest twice, then the last good one this browser kept', async () => {
    const storage = new MemoryStorage();
    await setup({ storage }).loader.load('mfe_market');
    const down = setup({ storage, manifests: [new Error('offline')] });
    expect(await down.loader.load('mfe_market')).toMatchObject({ status: 'ready', version: V1 });
    expect(down.fetched).toHaveLength(2);
    const flaky = setup({ manifests: [new Error('blip'), manifest()] });
    expect(await flaky.loader.load('mfe_market')).toMatchObject({ status: 'ready' });
    expect(flaky.fetched).toHaveLength(2);
  });

  it('refuses a bad manifest and uses the last good one; with none kept, the remote falls back', async () => {
    const storage = new MemoryStorage();
    await setup({ storage, manifests: [manifest({ canary: { version: V2, percent: 100 } })] }).loader.load('mfe_market');
    const bad = { ...manifest(), schemaVersion: 2 };
    const kept = setup({ storage, manifests: [bad] });
    expect(await kept.loader.load('mfe_market')).toMatchObject({ status: 'ready', version: V2 });
    expect(console.warn).toHaveBeenCalledWith(
      expect.stringContaining('last good'),
      expect.objectContaining({ message: expect.stringContaining('schemaVersion 2') }),
    );
    const fresh = setup({ manifests: [bad] });
    expect(await fresh.loader.load('mfe_market')).toMatchObject({ status: 'failed', reason: 'manifest' });
  });

  it('fetches the manifest again after it failed with nothing kept', async () => {
    const { loader, fetched } = setup({ manifests: [new Error('down'), new Error('down'), manifest()] });
    expect(await loader.load('mfe_market')).toMatchObject({ status: 'failed', reason: 'manifest' });
    expect(await loader.load('mfe_market')).toMatchObject({ status: 'ready' });
    expect(fetched).toHaveLength(3);
  });

  it('prefetches the manifest at boot and the first load reuses it', async () => {
    const { loader, fetched } = setup();
    loader.prefetch();
    await loader.load('mfe_market');
    expect(fetched).toHaveLength(1);
  });

  it('answers not-configured for a remote the manifest leaves out, without asking the runtime', async () => {
    const { runtime, loader } = setup();
    expect(await loader.load('mfe_issue')).toEqual({ status: 'failed', reason: 'not-configured' });
    expect(runtime.loads).toEqual([]);
  });
});
