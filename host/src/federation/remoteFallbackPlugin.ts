import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { CHUNK_LOAD_TIMEOUT_MS } from '@prds/shared/chunkLoadTimeout';
import { fetchWithTimeout } from './fetchWithTimeout';
import type { RemoteLoadFailureModule } from './remoteLoadFailure';
import { integrityFor } from './rollout/releasePins';
import { isRoutePrefetchRequest, NO_ROUTE_PREFETCH } from './routePrefetch';

/**
 * Federation runtime plugin of the shell. It runs before any shared module exists, so it must not
 * import React (or anything that does) statically: the fallback component comes in by import().
 *
 * - manifest fetches and remote-entry scripts are bounded by the spec's chunk-load time-out;
 * - a released version's mf-manifest.json and remoteEntry.js are loaded only with the integrity the
 *   rollout manifest pins (releasePins); being immutable, they may come from the HTTP cache;
 * - a remote that cannot be loaded resolves to a fallback module instead of rejecting, so the
 *   shell renders a localized notice with a retry and the rest of the page keeps working;
 * - a remote's route prefetch (routePrefetch.ts) that cannot be loaded — an older release without
 *   one, or a remote that is down, which its `./App` load reports — resolves to "no prefetch".
 */
export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'prds-remote-fallback',
    fetch(url, init) {
      const integrity = integrityFor(url);
      return fetchWithTimeout(url, integrity ? { ...init, integrity, cache: 'default' } : init, CHUNK_LOAD_TIMEOUT_MS);
    },
    createScript({ url }) {
      const integrity = integrityFor(url);
      if (!integrity) return { timeout: CHUNK_LOAD_TIMEOUT_MS };
      const script = document.createElement('script');
      script.src = url;
      script.integrity = integrity;
      // Integrity is checked on a CORS fetch (a release on another origin sends the site's origin back).
      script.crossOrigin = 'anonymous';
      return { script, timeout: CHUNK_LOAD_TIMEOUT_MS };
    },
    beforePreloadRemote({ preloadOps, origin }) {
      // A pinned release's chunks load only through its own runtime, which gives each its pin; the
      // federation runtime's preload of an expose's chunks would fetch them without one (and the
      // browser would refuse them, as it must).
      for (let i = preloadOps.length - 1; i >= 0; i -= 1) {
        const name = preloadOps[i]?.nameOrAlias;
        const remote = origin.options.remotes.find((r) => r.name === name || r.alias === name);
        if (remote && 'entry' in remote && integrityFor(remote.entry) !== null) preloadOps.splice(i, 1);
      }
    },
    async errorLoadRemote({ id, error, lifecycle, from, expose }) {
      // 'afterResolve' could supply a backup manifest; the loader picks the next version itself (it
      // knows the visitor's plan and reports the failure), so let it fail through to 'onLoad', which
      // fires for every failure of loadRemote.
      if (lifecycle !== 'onLoad') return undefined;
      if (isRoutePrefetchRequest(id, expose)) return from === 'build' ? () => NO_ROUTE_PREFETCH : NO_ROUTE_PREFETCH;
      const { RemoteFallback } = await import(/* webpackChunkName: "remote-fallback" */ './RemoteFallback');
      const failure: RemoteLoadFailureModule = { default: RemoteFallback, prdsRemoteLoadFailure: { id, error } };
      // A build-time remote import expects a module factory; runtime loadRemote expects the module.
      return from === 'build' ? () => failure : failure;
    },
  };
}
