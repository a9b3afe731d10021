import type { ComponentType } from 'react';
import { REMOTE_NAMES, type RemoteName } from '@prds/shared';
import { CHUNK_LOAD_TIMEOUT_MS } from '@prds/shared/chunkLoadTimeout';
import { fetchWithTimeout } from './fetchWithTimeout';
import { parseRemotesManifest, type RemotesManifest } from './remotesManifest';
import { remoteModuleId } from './remotes';
import { isRemoteLoadFailure } from './remoteLoadFailure';

/** The part of the Module Federation runtime the loader uses (the real one, or a test double). */
export interface FederationRuntime {
  registerRemotes(remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }): void;
  loadRemote(id: string): Promise<unknown>;
}

export type RemoteFailureReason = 'manifest' | 'not-configured' | 'load' | 'bad-module';

export type RemoteLoadResult =
  | { readonly status: 'ready'; readonly Component: ComponentType }
  | { readonly status: 'failed'; readonly reason: RemoteFailureReason; readonly error?: unknown };

export interface RemoteLoaderOptions {
  readonly runtime: FederationRuntime;
  /** Where the shell's remotes manifest lives (served beside the host). */
  readonly manifestUrl?: string;
  readonly fetchManifest?: (url: string) => Promise<unknown>;
}

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetchWithTimeout(url, {}, CHUNK_LOAD_TIMEOUT_MS);
  return response.json();
}

function hasDefaultComponent(value: unknown): value is { default: ComponentType } {
  if (typeof value !== 'object' || value === null || !('default' in value)) return false;
  const candidate = value.default;
  // Function components, classes, and React.memo/forwardRef objects are all renderable.
  return typeof candidate === 'function' || (typeof candidate === 'object' && candidate !== null && '$$typeof' in candidate);
}

/**
 * Reads remotes.json, registers the remotes with the federation runtime and loads their `./App`.
 * Nothing that failed stays cached: a failed manifest is fetched again, and a remote that failed (to
 * load or to render) is re-registered with `force` before the next attempt, which drops the runtime's
 * cached manifest, entry promise and container so the retry really goes back to the network.
 */
export class RemoteLoader {
  private readonly runtime: FederationRuntime;
  private readonly manifestUrl: string;
  private readonly fetchManifest: (url: string) => Promise<unknown>;
  private manifest: Promise<RemotesManifest> | null = null;
  private readonly stale = new Set<RemoteName>();

  constructor({ runtime, manifestUrl = '/remotes.json', fetchManifest = fetchJson }: RemoteLoaderOptions) {
    this.runtime = runtime;
    this.manifestUrl = manifestUrl;
    this.fetchManifest = fetchManifest;
  }

  /** Loads the remotes manifest once and registers every remote it names. */
  private loadManifest(): Promise<RemotesManifest> {
    if (!this.manifest) {
      const base = typeof location === 'undefined' ? 'http://localhost/' : location.href;
      this.manifest = this.fetchManifest(this.manifestUrl).then((raw) => {
        const parsed = parseRemotesManifest(raw, base);
        if (!parsed.ok) throw new Error(parsed.reason);
        const remotes = REMOTE_NAMES.flatMap((name) => {
          const entry = parsed.manifest[name];
          return entry ? [{ name, entry }] : [];
        });
        this.runtime.registerRemotes(remotes);
        return parsed.manifest;
      });
      // A failed manifest must not poison later attempts.
      this.manifest.catch(() => {
        this.manifest = null;
      });
    }
    return this.manifest;
  }

  /**
   * Starts reading remotes.json at boot, beside the first render, so the first remote route does not
   * wait for it. A failure here is not shown: the route that needs the manifest fetches it again and
   * shows the fallback if that fails too.
   */
  prefetch(): void {
    this.loadManifest().catch(() => undefined);
  }

  /** Makes the next load of a remote start from scratch (the user asked to retry after a failure). */
  invalidate(remote: RemoteName): void {
    this.stale.add(remote);
  }

  async load(remote: RemoteName): Promise<RemoteLoadResult> {
    let manifest: RemotesManifest;
    try {
      manifest = await this.loadManifest();
    } catch (error) {
      return { status: 'failed', reason: 'manifest', error };
    }
    const entry = manifest[remote];
    if (!entry) return { status: 'failed', reason: 'not-configured' };

    if (this.stale.has(remote)) {
      this.runtime.registerRemotes([{ name: remote, entry }], { force: true });
      this.stale.delete(remote);
    }

    let module: unknown;
    try {
      module = await this.runtime.loadRemote(remoteModuleId(remote));
    } catch (error) {
      this.stale.add(remote);
      return { status: 'failed', reason: 'load', error };
    }
    if (isRemoteLoadFailure(module)) {
      this.stale.add(remote);
      return { status: 'failed', reason: 'load', error: module.prdsRemoteLoadFailure.error };
    }
    if (!hasDefaultComponent(module)) {
      this.stale.add(remote);
      return { status: 'failed', reason: 'bad-module' };
    }
    return { status: 'ready', Component: module.default };
  }
}
