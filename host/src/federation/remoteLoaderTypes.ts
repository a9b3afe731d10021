import type { ComponentType } from 'react';
import type { RolloutReporter } from './rollout/rolloutReporter';
import type { ClassifyTools } from './rollout/classifyFailure';
import type { PageVersions } from './rollout/selectVersion';
import type { VisitorStore } from './rollout/visitorStore';

/** The part of the Module Federation runtime the loader uses (the real one, or a test double). */
export interface FederationRuntime {
  registerRemotes(remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }): void;
  loadRemote(id: string): Promise<unknown>;
}

export type RemoteFailureReason = 'manifest' | 'not-configured' | 'incompatible' | 'load';

export type RemoteLoadResult =
  | { readonly status: 'ready'; readonly Component: ComponentType; readonly version: string }
  | { readonly status: 'failed'; readonly reason: RemoteFailureReason; readonly error?: unknown };

export interface RemoteLoaderOptions {
  readonly runtime: FederationRuntime;
  /** The versions already in the page (host build, its @prds/shared), checked against each release. */
  readonly page: PageVersions;
  /** Where the rollout manifest lives (served beside the host). */
  readonly manifestUrl?: string;
  readonly fetchManifest?: (url: string) => Promise<unknown>;
  /** The visitor's rollout memory (install id, failed versions, last good manifest). */
  readonly store?: VisitorStore;
  /** Production pages refuse unpinned releases and ignore QA overrides. */
  readonly production?: boolean;
  /**
   * A development build (remoteLoaderInstance: webpack's mode): honours `?remote-dev=` (devOverride.ts),
   * remotes from a local dev server. Without it the query and the kept overrides are not even read.
   */
  readonly development?: boolean;
  /** The page's query string at boot (QA overrides, cohort). */
  readonly search?: string;
  /** Where reports go (the api); none when the manifest does not ask for them. */
  readonly reporter?: RolloutReporter | null;
  readonly classify?: ClassifyTools;
  readonly timeoutMs?: number;
  readonly now?: () => number;
  /** Mints the page load's id that every report carries (tests pass a fixed one). */
  readonly newLoadId?: () => string;
}
