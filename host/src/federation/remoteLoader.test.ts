import type { ComponentType } from 'react';
import { RemoteLoader, type FederationRuntime } from './remoteLoader';
import type { RemoteLoadFailureModule } from './remoteLoadFailure';
import { NO_ROUTE_PREFETCH, type RouteLocation } from './routePrefetch';
import type { ClassifyTools } from './rollout/classifyFailure';
import { clearPins, integrityFor } from './rollout/releasePins';
import type { RolloutReport, RolloutReporter } from './rollout/rolloutReporter';
import { VisitorStore, type KeyValueStore } from './rollout/visitorStore';

const V1 = '0.1.0+20250101000000.aaaa';
const V2 = '0.1.0+20250102000000.bbbb';
const V0 = '0.0.9+20241201000000.cccc';
const PIN = (c: string) => `sha384-${c.repeat(64)}`;
const urlOf = (remote: string, version: string) => `http://cdn.test/releases/${remote}/${version}/mf-manifest.json`;
const release = (remote: string, version: string, shared = '0.1.0') => ({
  url: urlOf(remote, version),
  integrity: { manifest: PIN('m'), entry: PIN('e') },
  shared,
});

interface ManifestOptions {
  canary?: { version: string; percent: number; cohorts?: string[] } | null;
  shared2?: string;
  requires?: { host: string; shared: string };
  reports?: boolean;
}

function manifest({ canary = null, shared2 = '0.1.0', requires, reports = true }: ManifestOptions = {}) {
  return {
    schemaVersion: 1,
    salt: 'test-salt',
    reports,
    remotes: {
      mfe_market: {
        stable: V1,
        canary,
        lastGood: [V0],
        requires: requires ?? { host: '>=0.1.0 <1.0.0', shared: '^0.1.0' },
        versions: {
          [V0]: release('mfe_market', V0),
          [V1]: release('mfe_market', V1),
          [V2]: release('mfe_market', V2, shared2),
        },
      },
      mfe_claim: { stable: V1, lastGood: [], requires: { host: '*', shared: '*' }, versions: { [V1]: release('mfe_claim', V1) } },
      mfe_from_the_future: { anything: true },
    },
  };
}

const MarketApp: ComponentType = () => null;
const Fallback: ComponentType = () => null;
type Answer = 'ok' | 'reject' | 'fallback' | 'not-a-module';

/**
 * Behaves like the MF runtime where it matters here: registering an already registered remote is a
 * no-op unless forced, and each entry URL answers as the test scripted it.
 */
class RecordingRuntime implements FederationRuntime {
  readonly registered = new Map<string, string>();
  readonly registerCalls: Array<{ entries: string[]; force: boolean }> = [];
  readonly loads: string[] = [];
  /** Entries asked for their route prefetch, and what each answers. */
  readonly prefetches: string[] = [];
  readonly routePrefetch = new Map<string, unknown>();
  /** Scripted answers per entry URL (consumed in order; 'ok' when none is left). */
  readonly answers = new Map<string, Answer[]>();
  /** Loads that take this long (the loader's clock is advanced by it). */
  delayMs = 0;
  constructor(private readonly clock: { now: number }) {}

  registerRemotes(remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }): void {
    this.registerCalls.push({ entries: remotes.map((r) => r.entry), force: options?.force ?? false });
    for (const remote of remotes) {
      if (!this.registered.has(remote.name) || options?.force) this.registered.set(remote.name, remote.entry);
    }
  }

  async loadRemote(id: string): Promise<unknown> {
    const entry = this.registered.get(id.split('/')[0] ?? '');
    if (!entry) throw new Error(`remote of ${id} not registered`);
    if (id.endsWith('/prefetch')) {
      // A route prefetch: as the runtime plugin answers for a release without one, unless scripted.
      this.prefetches.push(entry);
      return this.routePrefetch.get(entry) ?? NO_ROUTE_PREFETCH;
    }
    this.loads.push(entry);
    this.clock.now += this.delayMs;
    const answer = this.answers.get(entry)?.shift() ?? 'ok';
    if (answer === 'reject') throw new Error('Failed to get manifest');
    if (answer === 'fallback') {
      const failure: RemoteLoadFailureModule = {
        default: Fallback,
        prdsRemoteLoadFailure: { id, error: new Error('ScriptNetworkError') },
      };
      return failure;
    }
    if (answer === 'not-a-module') return { somethingElse: true };
    return { default: MarketApp };
  }

  fail(entry: string, ...answers: Answer[]): void {
    this.answers.set(entry, answers);
  }
}

class MemoryStorage implements KeyValueStore {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

class RecordingReporter implements RolloutReporter {
  readonly reports: string[] = [];
  readonly loads: string[] = [];
  report(r: RolloutReport) {
    this.reports.push(`${r.remote} ${r.version} ${r.kind}`);
    this.loads.push(r.load);
  }
  async flush() {}
}

/** The files answer as `missing` (404) unless told otherwise. */
function classifyTools(answer: 'missing' | 'tampered' = 'missing'): ClassifyTools {
  return {
    fetchFile: async () => (answer === 'missing' ? { status: 404, body: null } : { status: 200, body: new ArrayBuffer(1) }),
    sha384: async () => PIN('x'),
  };
}

interface Setup {
  manifests?: Array<unknown>;
  storage?: MemoryStorage;
  production?: boolean;
  development?: boolean;
  search?: string;
  tools?: ClassifyTools;
  host?: string;
}

function setup({
  manifests = [manifest()],
  storage = new MemoryStorage(),
  production = false,
  development = false,
  search = '',
  tools,
  host = '0.1.0',
}: Setup = {}) {
  const clock = { now: 1_000_000 };
  const runtime = new RecordingRuntime(clock);
  const reporter = new RecordingReporter();
  const fetched: string[] = [];
  const loader = new RemoteLoader({
    runtime,
    page: { host, shared: '0.1.0' },
    manifestUrl: 'http://site.test/remotes.json',
    fetchManifest: async (url) => {
      fetched.push(url);
      const next = manifests.length > 1 ? manifests.shift() : manifests[0];
      if (next instanceof Error) throw next;
      return next;
    },
    store: new VisitorStore(storage, () => clock.now),
    production,
    development,
    search,
    reporter,
    classify: tools ?? classifyTools(),
    timeoutMs: 120_000,
    now: () => clock.now,
  });
  return { runtime, loader, fetched, reporter, storage, clock };
}

beforeEach(() => {
  clearPins();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

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
