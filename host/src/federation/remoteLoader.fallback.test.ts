// The RemoteLoader's fallback in layers: a retry, then the next version of the plan, reported and
// avoided for a while; releases the page must refuse are never loaded.
import {
  V0,
  V1,
  V2,
  urlOf,
  release,
  manifest,
  MemoryStorage,
  classifyTools,
  setup,
  quietLoaderTests,
} from './testing/remoteLoaderHarness';

quietLoaderTests();

describe('RemoteLoader: fallback', () => {
  it('retries a failed canary once, then loads stable, reports why and avoids the canary on the next load', async () => {
    const storage = new MemoryStorage();
    const first = setup({ storage, manifests: [manifest({ canary: { version: V2, percent: 100 } })] });
    first.runtime.fail(urlOf('mfe_market', V2), 'fallback', 'reject');
    expect(await first.loader.load('mfe_market')).toMatchObject({ status: 'ready', version: V1 });
    expect(first.runtime.loads).toEqual([urlOf('mfe_market', V2), urlOf('mfe_market', V2), urlOf('mfe_market', V1)]);
    // Each try starts from scratch: the retry and the switch re-register with force.
    expect(first.runtime.registerCalls.filter((c) => c.entries[0]?.includes('mfe_market'))).toEqual([
      { entries: [urlOf('mfe_market', V2)], force: false },
      { entries: [urlOf('mfe_market', V2)], force: true },
      { entries: [urlOf('mfe_market', V1)], force: true },
    ]);
    expect(first.reporter.reports).toEqual([`mfe_market ${V2} missing`, `mfe_market ${V1} loaded`]);

    // The next page of the same visitor goes to stable straight away.
    const next = setup({ storage, manifests: [manifest({ canary: { version: V2, percent: 100 } })] });
    expect(await next.loader.load('mfe_market')).toMatchObject({ version: V1 });
    expect(next.runtime.loads).toEqual([urlOf('mfe_market', V1)]);
    // A while later it is offered the canary again.
    next.clock.now += 7 * 3600 * 1000;
    const later = setup({ storage, manifests: [manifest({ canary: { version: V2, percent: 100 } })] });
    later.clock.now = next.clock.now;
    expect(await later.loader.load('mfe_market')).toMatchObject({ version: V2 });
  });

  it('tells a file that does not match its pin (integrity) from one that is missing', async () => {
    const { runtime, loader, reporter } = setup({
      manifests: [manifest({ canary: { version: V2, percent: 100 } })],
      tools: classifyTools('tampered'),
    });
    runtime.fail(urlOf('mfe_market', V2), 'reject', 'reject');
    expect(await loader.load('mfe_market')).toMatchObject({ version: V1 });
    expect(reporter.reports[0]).toBe(`mfe_market ${V2} integrity`);
  });

  it('does not retry a load that ran into the time-out, and reports it as one', async () => {
    const { runtime, loader, reporter } = setup({ manifests: [manifest({ canary: { version: V2, percent: 100 } })] });
    runtime.fail(urlOf('mfe_market', V2), 'fallback');
    runtime.delayMs = 120_000;
    expect(await loader.load('mfe_market')).toMatchObject({ version: V1 });
    expect(runtime.loads).toEqual([urlOf('mfe_market', V2), urlOf('mfe_market', V1)]);
    expect(reporter.reports[0]).toBe(`mfe_market ${V2} timeout`);
  });

  it('never loads a release built for another @prds/shared major, and says so', async () => {
    const { runtime, loader, reporter } = setup({
      manifests: [manifest({ canary: { version: V2, percent: 100 }, shared2: '1.0.0' })],
    });
    expect(await loader.load('mfe_market')).toMatchObject({ version: V1 });
    expect(runtime.loads).toEqual([urlOf('mfe_market', V1)]);
    expect(reporter.reports).toEqual([`mfe_market ${V2} shared`, `mfe_market ${V1} loaded`]);
  });

  it('walks stable and the last good versions, and shows the fallback only when all failed', async () => {
    const { runtime, loader, reporter } = setup();
    runtime.fail(urlOf('mfe_market', V1), 'reject', 'reject');
    runtime.fail(urlOf('mfe_market', V0), 'not-a-module', 'not-a-module');
    const result = await loader.load('mfe_market');
    expect(result).toMatchObject({ status: 'failed', reason: 'load' });
    expect(reporter.reports).toEqual([`mfe_market ${V1} missing`, `mfe_market ${V0} missing`]);
    // Coming back to the route (or Retry) starts again from the top: the remote may be back.
    expect(await loader.load('mfe_market')).toMatchObject({ status: 'ready', version: V1 });
  });

  it('refuses an unpinned release in production', async () => {
    const unpinned = manifest();
    unpinned.remotes.mfe_claim.versions[V1] = { ...release('mfe_claim', V1), integrity: null as never };
    const { runtime, loader, reporter } = setup({ manifests: [unpinned], production: true });
    expect(await loader.load('mfe_claim')).toMatchObject({ status: 'failed', reason: 'load' });
    expect(runtime.loads).toEqual([]);
    expect(reporter.reports).toEqual([`mfe_claim ${V1} integrity`]);
    expect(await setup({ manifests: [unpinned] }).loader.load('mfe_claim')).toMatchObject({ status: 'ready' });
  });

  it('loads no version of a remote that needs another host, and reports it', async () => {
    const { runtime, loader, reporter } = setup({ manifests: [manifest({ requires: { host: '>=0.2.0', shared: '*' } })] });
    expect(await loader.load('mfe_market')).toMatchObject({ status: 'failed', reason: 'incompatible' });
    expect(runtime.loads).toEqual([]);
    expect(reporter.reports).toEqual([`mfe_market ${V1} incompatible`]);
  });

  it('after a render crash offers stable at once when the canary crashed, and nothing more when stable did', async () => {
    const { loader, reporter } = setup({ manifests: [manifest({ canary: { version: V2, percent: 100 } })] });
    expect(await loader.load('mfe_market')).toMatchObject({ version: V2 });
    expect(loader.renderFailed('mfe_market', V2)).toBe(true);
    expect(await loader.load('mfe_market')).toMatchObject({ version: V1 });
    expect(loader.renderFailed('mfe_market', V1)).toBe(true); // V0 is left
    expect(await loader.load('mfe_market')).toMatchObject({ version: V0 });
    expect(loader.renderFailed('mfe_market', V0)).toBe(false);
    expect(reporter.reports.filter((r) => r.endsWith('render'))).toEqual([
      `mfe_market ${V2} render`,
      `mfe_market ${V1} render`,
      `mfe_market ${V0} render`,
    ]);
  });

  it('sends no reports when the manifest does not ask for them', async () => {
    const { loader, reporter } = setup({ manifests: [manifest({ reports: false })] });
    await loader.load('mfe_market');
    expect(reporter.reports).toEqual([]);
  });
});
