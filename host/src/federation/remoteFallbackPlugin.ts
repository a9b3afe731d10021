import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { CHUNK_LOAD_TIMEOUT_MS } from '@prds/shared/chunkLoadTimeout';
import { fetchWithTimeout } from './fetchWithTimeout';
import type { RemoteLoadFailureModule } from './remoteLoadFailure';

/**
 * Federation runtime plugin of the shell. It runs before any shared module exists, so it must not
 * import React (or anything that does) statically: the fallback component comes in by import().
 *
 * - manifest fetches and remote-entry scripts are bounded by the spec's chunk-load time-out;
 * - a remote that cannot be loaded resolves to a fallback module instead of rejecting, so the
 *   shell renders a localized notice with a retry and the rest of the page keeps working.
 */
export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'prds-remote-fallback',
    fetch(url, init) {
      return fetchWithTimeout(url, init, CHUNK_LOAD_TIMEOUT_MS);
    },
    createScript() {
      return { timeout: CHUNK_LOAD_TIMEOUT_MS };
    },
    async errorLoadRemote({ id, error, lifecycle, from }) {
      // 'afterResolve' could supply a backup manifest; we have none (canaries come later), so let it
      // fail through to 'onLoad', which fires for every failure of loadRemote.
      if (lifecycle !== 'onLoad') return undefined;
      const { RemoteFallback } = await import(/* webpackChunkName: "remote-fallback" */ './RemoteFallback');
      const failure: RemoteLoadFailureModule = { default: RemoteFallback, prdsRemoteLoadFailure: { id, error } };
      // A build-time remote import expects a module factory; runtime loadRemote expects the module.
      return from === 'build' ? () => failure : failure;
    },
  };
}
