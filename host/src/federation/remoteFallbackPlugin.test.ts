import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import remoteFallbackPlugin from './remoteFallbackPlugin';
import { isRemoteLoadFailure } from './remoteLoadFailure';
import { clearPins, pinRelease } from './rollout/releasePins';
import { NO_ROUTE_PREFETCH, routePrefetchOf } from './routePrefetch';

type ErrorArgs = Parameters<NonNullable<ReturnType<typeof remoteFallbackPlugin>['errorLoadRemote']>>[0];

function errorArgs(lifecycle: ErrorArgs['lifecycle'], from: ErrorArgs['from'] = 'runtime'): ErrorArgs {
  return { id: 'mfe_market/App', error: new Error('down'), from, lifecycle, origin: {} as ModuleFederation };
}

describe('remoteFallbackPlugin', () => {
  const plugin = remoteFallbackPlugin();

  it('bounds remote entry scripts by the spec chunk-load time-out', () => {
    expect(plugin.createScript?.({ url: 'http://127.0.0.1:3001/remoteEntry.js' })).toEqual({ timeout: 120000 });
  });

  it("loads a pinned release's entry with its integrity (CORS), and a script of its folder without a pin with none that matches", () => {
    clearPins();
    const pin = { manifest: `sha384-${'M'.repeat(64)}`, entry: `sha384-${'E'.repeat(64)}` };
    pinRelease('http://cdn.test/r/mfe_claim/1/mf-manifest.json', pin);
    const answer = plugin.createScript?.({ url: 'http://cdn.test/r/mfe_claim/1/remoteEntry.js' });
    const script = answer && 'script' in answer ? answer.script : null;
    expect(script?.integrity).toBe(pin.entry);
    expect(script?.crossOrigin).toBe('anonymous');
    const other = plugin.createScript?.({ url: 'http://cdn.test/r/mfe_claim/1/elsewhere.js' });
    expect(other && 'script' in other ? other.script?.integrity : null).toBe('sha384-unpinned');
    clearPins();
  });

  it('offers no backup manifest, so the failure reaches onLoad', async () => {
    await expect(plugin.errorLoadRemote?.(errorArgs('afterResolve'))).resolves.toBeUndefined();
  });

  it('answers a failed runtime load with the fallback module', async () => {
    const result = await plugin.errorLoadRemote?.(errorArgs('onLoad'));
    expect(isRemoteLoadFailure(result)).toBe(true);
    if (!isRemoteLoadFailure(result)) return;
    expect(result.prdsRemoteLoadFailure).toEqual({ id: 'mfe_market/App', error: new Error('down') });
    expect(typeof result.default).toBe('function');
  });

  it("answers a remote's route prefetch that cannot be loaded with 'no prefetch', never the fallback", async () => {
    const missing = { ...errorArgs('onLoad'), id: 'mfe_claim/prefetch', expose: './prefetch' };
    const result = await plugin.errorLoadRemote?.(missing);
    expect(result).toBe(NO_ROUTE_PREFETCH);
    expect(routePrefetchOf(result)).toBeNull();
    expect(isRemoteLoadFailure(result)).toBe(false);
  });

  it('answers a failed build-time import with a factory of that module', async () => {
    const result = await plugin.errorLoadRemote?.(errorArgs('onLoad', 'build'));
    expect(typeof result).toBe('function');
    expect(isRemoteLoadFailure(typeof result === 'function' ? result() : null)).toBe(true);
  });
});
