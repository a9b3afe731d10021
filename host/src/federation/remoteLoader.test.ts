import type { ComponentType } from 'react';
import { RemoteLoader, type FederationRuntime } from './remoteLoader';
import type { RemoteLoadFailureModule } from './remoteLoadFailure';

const MANIFEST = {
  mfe_market: 'http://127.0.0.1:3001/mf-manifest.json',
  mfe_issue: 'http://127.0.0.1:3002/mf-manifest.json',
  mfe_license: 'http://127.0.0.1:3003/mf-manifest.json',
  mfe_portfolio: 'http://127.0.0.1:3004/mf-manifest.json',
};

const MarketApp: ComponentType = () => null;
const Fallback: ComponentType = () => null;

type Answer = 'ok' | 'reject' | 'fallback' | 'not-a-module';

/**
 * Behaves like the MF runtime where it matters here: registering an already registered remote is a
 * no-op unless forced, and a forced registration is what clears a remote's cached failure.
 */
class RecordingRuntime implements FederationRuntime {
  readonly registered = new Map<string, string>();
  readonly registerCalls: Array<{ names: string[]; force: boolean }> = [];
  readonly loadCalls: string[] = [];
  answers: Answer[] = [];

  registerRemotes(remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }): void {
    this.registerCalls.push({ names: remotes.map((r) => r.name), force: options?.force ?? false });
    for (const remote of remotes) {
      if (!this.registered.has(remote.name) || options?.force) this.registered.set(remote.name, remote.entry);
    }
  }

  async loadRemote(id: string): Promise<unknown> {
    this.loadCalls.push(id);
    if (!this.registered.has(id.split('/')[0] ?? '')) throw new Error(`remote of ${id} not registered`);
    const answer = this.answers.shift() ?? 'ok';
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
}

function setup(manifests: Array<unknown | Error> = [MANIFEST]) {
  const runtime = new RecordingRuntime();
  const fetched: string[] = [];
  const loader = new RemoteLoader({
    runtime,
    manifestUrl: '/remotes.json',
    fetchManifest: async (url) => {
      fetched.push(url);
      const next = manifests.length > 1 ? manifests.shift() : manifests[0];
      if (next instanceof Error) throw next;
      return next;
    },
  });
  return { runtime, loader, fetched };
}

describe('RemoteLoader', () => {
  it('reads remotes.json once and registers every remote it names', async () => {
    const { runtime, loader, fetched } = setup();
    await expect(loader.load('mfe_market')).resolves.toEqual({ status: 'ready', Component: MarketApp });
    await loader.load('mfe_issue');
    expect(fetched).toEqual(['/remotes.json']);
    expect(runtime.registerCalls).toEqual([{ names: ['mfe_market', 'mfe_issue', 'mfe_license', 'mfe_portfolio'], force: false }]);
    expect(runtime.loadCalls).toEqual(['mfe_market/App', 'mfe_issue/App']);
  });

  it('fetches remotes.json again after it failed', async () => {
    const { loader, fetched } = setup([new Error('offline'), MANIFEST]);
    await expect(loader.load('mfe_market')).resolves.toMatchObject({ status: 'failed', reason: 'manifest' });
    await expect(loader.load('mfe_market')).resolves.toMatchObject({ status: 'ready' });
    expect(fetched).toHaveLength(2);
  });

  it('treats an invalid remotes.json as a failed manifest and tries again later', async () => {
    const { loader, fetched } = setup([{ mfe_market: 42 }, MANIFEST]);
    await expect(loader.load('mfe_market')).resolves.toMatchObject({ status: 'failed', reason: 'manifest' });
    await expect(loader.load('mfe_market')).resolves.toMatchObject({ status: 'ready' });
    expect(fetched).toHaveLength(2);
  });

  it('reports a remote the manifest leaves out without asking the runtime', async () => {
    const { runtime, loader } = setup();
    await expect(loader.load('mfe_claim')).resolves.toEqual({ status: 'failed', reason: 'not-configured' });
    expect(runtime.loadCalls).toEqual([]);
  });

  it('re-registers a remote with force before retrying a load that threw', async () => {
    const { runtime, loader } = setup();
    runtime.answers = ['reject'];
    await expect(loader.load('mfe_market')).resolves.toMatchObject({ status: 'failed', reason: 'load' });
    await expect(loader.load('mfe_market')).resolves.toEqual({ status: 'ready', Component: MarketApp });
    expect(runtime.registerCalls.at(-1)).toEqual({ names: ['mfe_market'], force: true });
    expect(runtime.loadCalls).toEqual(['mfe_market/App', 'mfe_market/App']);
  });

  it("treats the runtime plugin's fallback module as a failure and retries from scratch", async () => {
    const { runtime, loader } = setup();
    runtime.answers = ['fallback', 'fallback'];
    const first = await loader.load('mfe_market');
    expect(first).toMatchObject({ status: 'failed', reason: 'load' });
    expect(first.status === 'failed' && first.error).toEqual(new Error('ScriptNetworkError'));
    await expect(loader.load('mfe_market')).resolves.toMatchObject({ status: 'failed' });
    await expect(loader.load('mfe_market')).resolves.toMatchObject({ status: 'ready' });
    expect(runtime.registerCalls.filter((call) => call.force)).toHaveLength(2);
  });

  it('rejects a module without a component as its default export', async () => {
    const { runtime, loader } = setup();
    runtime.answers = ['not-a-module'];
    await expect(loader.load('mfe_market')).resolves.toEqual({ status: 'failed', reason: 'bad-module' });
    await expect(loader.load('mfe_market')).resolves.toMatchObject({ status: 'ready' });
  });

  it('keeps a loaded remote registered as it is', async () => {
    const { runtime, loader } = setup();
    await loader.load('mfe_market');
    await loader.load('mfe_market');
    expect(runtime.registerCalls.filter((call) => call.force)).toEqual([]);
  });

  it('starts a remote from scratch after it crashed while rendering', async () => {
    const { runtime, loader } = setup();
    await loader.load('mfe_market');
    loader.invalidate('mfe_market');
    await loader.load('mfe_market');
    expect(runtime.registerCalls.at(-1)).toEqual({ names: ['mfe_market'], force: true });
    // Only once: the fresh load succeeded.
    await loader.load('mfe_market');
    expect(runtime.registerCalls.filter((call) => call.force)).toHaveLength(1);
  });

  it('prefetches remotes.json at boot and the first remote load reuses it', async () => {
    const { runtime, loader, fetched } = setup();
    loader.prefetch();
    expect(fetched).toEqual(['/remotes.json']);
    await expect(loader.load('mfe_market')).resolves.toEqual({ status: 'ready', Component: MarketApp });
    expect(fetched).toEqual(['/remotes.json']);
    expect(runtime.registerCalls).toHaveLength(1);
  });

  it('fetches remotes.json again on the first load when the boot prefetch failed', async () => {
    const { loader, fetched } = setup([new Error('offline'), MANIFEST]);
    loader.prefetch();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(loader.load('mfe_market')).resolves.toEqual({ status: 'ready', Component: MarketApp });
    expect(fetched).toEqual(['/remotes.json', '/remotes.json']);
  });
});
