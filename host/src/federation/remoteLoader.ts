import { REMOTE_NAMES, type RemoteName } from '@prds/shared/routes';
import { CHUNK_LOAD_TIMEOUT_MS } from '@prds/shared/chunkLoadTimeout';
import { browserClassifyTools } from './browserClassifyTools';
import { applyRemoteDev, NO_DEV_OVERRIDES, type DevOverride, type DevOverrideState } from './devOverride';
import { fetchJson, ROLLOUT_MANIFEST_URL } from './earlyFetch';
import { loadRemoteApp } from './loadRemoteApp';
import { remoteModuleId } from './remotes';
import type { FederationRuntime, RemoteLoaderOptions, RemoteLoadResult } from './remoteLoaderTypes';
import { ROUTE_PREFETCH_EXPOSE, routePrefetchOf, type RouteLocation } from './routePrefetch';
import { classifyLoadFailure, type ClassifyTools } from './rollout/classifyFailure';
import { pinRelease } from './rollout/releasePins';
import { newLoadId, type RolloutReport, type RolloutReporter } from './rollout/rolloutReporter';
import { parseRolloutManifest, type RolloutManifest } from './rollout/rolloutManifest';
import { planVersions, type Candidate, type PageVersions, type VersionPlan } from './rollout/selectVersion';
import { readRolloutQuery, VisitorStore } from './rollout/visitorStore';

export type { FederationRuntime, RemoteFailureReason, RemoteLoaderOptions, RemoteLoadResult } from './remoteLoaderTypes';

/** The version `load` answers, and `loadedVersion` says, for a remote loaded from a local dev server. */
export const DEV_VERSION = 'dev';

/** The manifest answered but said something this host will not act on. */
export class ManifestRefusedError extends Error {
  override readonly name = 'ManifestRefusedError';
}

/** One remote's versions for this page: the plan, how far down it the page has gone, what it loaded. */
interface RemoteState {
  plan: VersionPlan;
  index: number;
  /** The version whose module the page holds, once one loaded. */
  loaded: string | null;
}

/**
 * Reads the rollout manifest, picks each remote's version for this visitor and loads its `./App`.
 *
 * Versions: the visitor's bucket (install id, or the wallet last connected, with the manifest's
 * salt) or cohort picks the canary or stable (a QA override outside production); one plan per remote
 * per page, walked on failures only, so a page never mixes two versions of a remote.
 *
 * Fallback in layers: a failed load is retried once (not after a time-out); then the version is
 * marked bad for this visitor for a while, the failure reported, and the next version of the plan
 * (stable, then the last good ones) loaded; a release built for another @prds/shared major is never
 * loaded. The manifest is fetched twice before the last good one this browser kept is used. Nothing
 * that failed stays cached: the remote is re-registered with `force` before the next attempt, which
 * drops the runtime's cached manifest, entry promise and container.
 *
 * A development build may load a remote from a local dev server instead (`?remote-dev=`,
 * devOverride.ts): that remote skips all of the above and shows its failures as they are.
 */
export class RemoteLoader {
  private readonly runtime: FederationRuntime;
  private readonly manifestUrl: string;
  private readonly fetchManifest: (url: string) => Promise<unknown>;
  private readonly store: VisitorStore;
  private readonly production: boolean;
  private readonly page: PageVersions;
  private readonly reporter: RolloutReporter | null;
  private readonly classify: ClassifyTools;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly overrides: Record<string, string>;
  /** Remotes this development page loads from a local dev server instead of a release. */
  private readonly dev: DevOverrideState;
  private manifest: Promise<RolloutManifest<RemoteName>> | null = null;
  private current: RolloutManifest<RemoteName> | null = null;
  /** This page load's id, minted when the manifest's versions are chosen: every report names it. */
  private loadId: string | null = null;
  private readonly mintLoadId: () => string;
  private readonly states = new Map<RemoteName, RemoteState>();
  private readonly registered = new Map<RemoteName, string>();
  private readonly stale = new Set<RemoteName>();
  private readonly reported = new Set<string>();
  /** Loads started at boot for the route's remote, handed to the first `load` of that remote. */
  private readonly preloaded = new Map<RemoteName, Promise<RemoteLoadResult>>();
  /** The last load of each remote that ended, for a first render that must not wait (peek). */
  private readonly settled = new Map<RemoteName, RemoteLoadResult>();
  /** Route prefetches asked for, started once the remote's version is chosen and registered. */
  private readonly routePrefetches = new Map<RemoteName, RouteLocation>();
  /** Remotes whose dev server's `./App` this page holds. */
  private readonly devLoaded = new Set<RemoteName>();

  constructor(options: RemoteLoaderOptions) {
    this.runtime = options.runtime;
    this.manifestUrl = options.manifestUrl ?? ROLLOUT_MANIFEST_URL;
    this.fetchManifest = options.fetchManifest ?? fetchJson;
    this.store = options.store ?? new VisitorStore(null);
    this.production = options.production ?? false;
    this.page = options.page;
    this.reporter = options.reporter ?? null;
    this.classify = options.classify ?? browserClassifyTools;
    this.timeoutMs = options.timeoutMs ?? CHUNK_LOAD_TIMEOUT_MS;
    this.now = options.now ?? (() => Date.now());
    this.mintLoadId = options.newLoadId ?? newLoadId;
    const query = readRolloutQuery(options.search ?? '');
    if (query.cohort !== null) this.store.joinCohort(query.cohort);
    // The server picks this visitor's releases from the cookie: keep it saying what the page uses.
    this.store.mirrorToCookie();
    // QA overrides (query, then storage) outside production only.
    this.overrides = this.production ? {} : { ...this.store.storedOverrides(), ...query.overrides };
    // A production build folds this to false (webpack defines NODE_ENV by mode) and drops the override
    // code, whatever it is told; a development build honours it when asked to.
    this.dev =
      process.env.NODE_ENV !== 'production' && options.development === true
        ? applyRemoteDev(options.search ?? '', this.store)
        : NO_DEV_OVERRIDES;
    for (const { value, reason } of this.dev.refused) {
      console.warn(`?remote-dev=${value} is ignored (${reason}): write <container>@<loopback URL of its mf-manifest.json>`);
    }
  }

  /** The dev overrides in force on this page, and the values it refused (the badge shows both). */
  devOverrides(): DevOverrideState {
    return this.dev;
  }

  /** The local dev server this page loads a remote from, if it does. */
  devOverrideOf(remote: RemoteName): DevOverride | null {
    return this.dev.active.find((override) => override.remote === remote) ?? null;
  }

  /** Forgets every dev override kept in storage (the page then reloads without `remote-dev`). */
  clearDevOverrides(): void {
    this.store.keepDevOverrides({});
  }

  private parse(raw: unknown) {
    const base = typeof location === 'undefined' ? 'http://localhost/' : new URL(this.manifestUrl, location.href).href;
    return parseRolloutManifest(raw, { remoteNames: REMOTE_NAMES, base });
  }

  private async fetchFresh(): Promise<RolloutManifest<RemoteName>> {
    let raw: unknown;
    try {
      raw = await this.fetchManifest(this.manifestUrl);
    } catch {
      // Layer one: one more try before anything kept is used.
      raw = await this.fetchManifest(this.manifestUrl);
    }
    const parsed = this.parse(raw);
    if (!parsed.ok) throw new ManifestRefusedError(parsed.reason);
    this.store.keepManifest(raw);
    return parsed.manifest;
  }

  /** Loads the rollout manifest once (or the last good one), plans and registers every remote in it. */
  private loadManifest(): Promise<RolloutManifest<RemoteName>> {
    if (!this.manifest) {
      this.manifest = this.fetchFresh()
        .catch((error: unknown) => {
          const kept = this.store.lastGoodManifest();
          const parsed = kept === null ? null : this.parse(kept);
          if (!parsed?.ok) throw error;
          console.warn('The rollout manifest could not be used; the last good one this browser kept is', error);
          return parsed.manifest;
        })
        .then((manifest) => {
          this.current = manifest;
          // One id per page load: the versions are chosen once (later plans only walk on failures).
          this.loadId ??= this.mintLoadId();
          for (const name of REMOTE_NAMES) {
            if (manifest.remotes[name]) this.replan(name);
          }
          return manifest;
        });
      // A failed manifest must not poison later attempts.
      this.manifest.catch(() => {
        this.manifest = null;
      });
    }
    return this.manifest;
  }

  /** (Re)computes a remote's plan from the current manifest and this visitor's failures so far. */
  private replan(remote: RemoteName): RemoteState | null {
    const manifest = this.current;
    const rollout = manifest?.remotes[remote];
    // A remote from a dev server is never registered at a release: that would replace its entry.
    if (!manifest || !rollout || this.devOverrideOf(remote)) return null;
    const plan = planVersions(
      rollout,
      manifest.salt,
      {
        installId: this.store.installId(),
        account: this.store.account(),
        cohorts: this.store.cohorts(),
        override: this.overrides[remote] ?? null,
        isBad: (version) => this.store.isBad(remote, version),
      },
      this.page,
    );
    const state: RemoteState = { plan, index: 0, loaded: null };
    this.states.set(remote, state);
    const first = plan.candidates[0];
    if (first) this.register(remote, first);
    return state;
  }

  private register(remote: RemoteName, candidate: Candidate): void {
    if (candidate.record.integrity) pinRelease(candidate.record.url, candidate.record.integrity);
    this.registerEntry(remote, candidate.record.url);
  }

  private registerEntry(remote: RemoteName, entry: string): void {
    const before = this.registered.get(remote);
    if (before === entry && !this.stale.has(remote)) return;
    this.runtime.registerRemotes([{ name: remote, entry }], before === undefined ? undefined : { force: true });
    this.registered.set(remote, entry);
    this.stale.delete(remote);
  }

  private report(report: Omit<RolloutReport, 'load'>): void {
    if (!this.current?.reports || !this.reporter || this.loadId === null) return;
    this.reporter.report({ load: this.loadId, ...report });
  }

  /** Reports once per page per remote, version and kind. */
  private reportOnce(report: Omit<RolloutReport, 'load'>): void {
    const key = `${report.remote}@${report.version}:${report.kind}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.report(report);
  }

  /**
   * Starts reading the manifest at boot, beside the first render, so the first remote route does not
   * wait for it. A failure here is not shown: the route that needs it fetches again and shows the
   * fallback if that fails too.
   */
  prefetch(): void {
    this.loadManifest().catch(() => undefined);
  }

  /**
   * The route is known (at boot, before the first render): starts loading the remote that owns it —
   * the rollout manifest, then the chosen version's mf-manifest, entry and `./App` — and its route
   * prefetch with `route` (routePrefetch.ts), so none of it waits for the shell's first render. The
   * first `load` of the remote takes this load over: versions, fallback, reports and integrity are
   * exactly `load`'s.
   */
  preload(remote: RemoteName, route: RouteLocation): void {
    if (this.preloaded.has(remote)) return;
    this.routePrefetches.set(remote, route);
    const loading = this.loadVersions(remote);
    this.preloaded.set(remote, loading);
  }

  /**
   * Asks the version of a remote `load` is about to load (compatible, pinned where production
   * requires it: nothing is fetched from a release the page would refuse) for its route prefetch,
   * when a `preload` asked for one and until that load has ended. Quiet: a remote without one, or
   * one that fails, changes nothing (the runtime plugin answers NO_ROUTE_PREFETCH).
   */
  private startRoutePrefetch(remote: RemoteName): void {
    const route = this.routePrefetches.get(remote);
    if (!route) return;
    this.runtime
      .loadRemote(remoteModuleId(remote, ROUTE_PREFETCH_EXPOSE))
      .then((module) => routePrefetchOf(module)?.(route))
      .catch((error: unknown) => console.warn(`Remote ${remote}: its route prefetch failed`, error));
  }

  /** Makes the next load of a remote start from scratch (the user asked to retry after a failure). */
  invalidate(remote: RemoteName): void {
    this.settled.delete(remote);
    this.preloaded.delete(remote);
    this.routePrefetches.delete(remote);
    this.stale.add(remote);
    if (this.states.get(remote)?.loaded === null) this.states.delete(remote);
  }

  /**
   * A remote threw while rendering: report it, mark the version bad for this visitor, and say whether
   * another version is there to try (the caller then retries at once instead of showing the fallback).
   */
  renderFailed(remote: RemoteName, version: string): boolean {
    if (this.devOverrideOf(remote)) {
      // The developer's own code: shown as it fails, never reported nor marked bad.
      this.settled.delete(remote);
      this.stale.add(remote);
      return false;
    }
    this.reportOnce({ remote, version, kind: 'render' });
    this.settled.delete(remote);
    this.store.markBad(remote, version);
    this.stale.add(remote);
    this.states.delete(remote);
    const next = this.replan(remote)?.plan.candidates[0];
    return next !== undefined && !next.bad && next.version !== version;
  }

  /** The version of a remote this page holds, once loaded. */
  loadedVersion(remote: RemoteName): string | null {
    if (this.devLoaded.has(remote)) return DEV_VERSION;
    return this.states.get(remote)?.loaded ?? null;
  }

  /** Loads a remote's `./App` (the one a `preload` started, if any), walking its version plan on failures. */
  load(remote: RemoteName): Promise<RemoteLoadResult> {
    const preloaded = this.preloaded.get(remote);
    if (preloaded) {
      this.preloaded.delete(remote);
      return preloaded;
    }
    return this.loadVersions(remote);
  }

  /**
   * The remote's `./App` when a load of it has already ended (a page hydrating server HTML awaits its
   * route's load first, so its first render is the server's), else null.
   */
  peek(remote: RemoteName): RemoteLoadResult | null {
    return this.settled.get(remote) ?? null;
  }

  /**
   * The server rendered this page with a remote's release and that render failed (threw, too slow, no
   * server container): the page renders it itself, and the failure is reported once, kind `ssr`.
   */
  serverRenderFailed(remote: RemoteName, version: string): void {
    if (this.devOverrideOf(remote)) return;
    // Reports name the page load, minted once the manifest is read: at boot it may not be yet.
    this.loadManifest().then(
      () => this.reportOnce({ remote, version, kind: 'ssr' }),
      () => undefined,
    );
  }

  private async loadVersions(remote: RemoteName): Promise<RemoteLoadResult> {
    try {
      const result = await this.walkVersions(remote);
      this.settled.set(remote, result);
      return result;
    } finally {
      // A route prefetch belongs to the load the route's preload started.
      this.routePrefetches.delete(remote);
    }
  }

  private async walkVersions(remote: RemoteName): Promise<RemoteLoadResult> {
    const dev = this.devOverrideOf(remote);
    if (dev) return this.loadFromDevServer(dev);
    try {
      await this.loadManifest();
    } catch (error) {
      return { status: 'failed', reason: 'manifest', error };
    }
    let state = this.states.get(remote) ?? this.replan(remote);
    if (!state) return { status: 'failed', reason: 'not-configured' };
    // Everything was tried already (an earlier visit to this route): start again from the top.
    if (state.index >= state.plan.candidates.length && state.plan.candidates.length > 0) state = this.replan(remote) ?? state;
    const { plan } = state;
    if (plan.incompatible !== null) {
      this.reportOnce({ remote, version: plan.chosen.version, kind: 'incompatible' });
      return { status: 'failed', reason: 'incompatible' };
    }
    if (plan.refused.some((r) => r.version === plan.chosen.version)) {
      this.reportOnce({ remote, version: plan.chosen.version, kind: 'shared' });
    }
    let lastError: unknown = null;
    while (state.index < plan.candidates.length) {
      const candidate = plan.candidates[state.index];
      if (!candidate) break;
      if (this.production && !candidate.record.integrity) {
        this.giveUp(remote, candidate, 'integrity');
        state.index += 1;
        continue;
      }
      this.register(remote, candidate);
      this.startRoutePrefetch(remote);
      const started = this.now();
      let result = await loadRemoteApp(this.runtime, remote);
      if (!result.ok && this.now() - started < this.timeoutMs) {
        // Layer one: a second try, from scratch (not after a time-out: that would double the wait).
        this.stale.add(remote);
        this.register(remote, candidate);
        result = await loadRemoteApp(this.runtime, remote);
      }
      if (result.ok) {
        state.loaded = candidate.version;
        this.reportOnce({ remote, version: candidate.version, kind: 'loaded' });
        return { status: 'ready', Component: result.Component, version: candidate.version };
      }
      lastError = result.error;
      const kind = await classifyLoadFailure(
        { record: candidate.record, error: result.error, elapsedMs: this.now() - started, timeoutMs: this.timeoutMs },
        this.classify,
      );
      console.error(`Remote ${remote} ${candidate.version} failed to load (${kind})`, result.error);
      this.giveUp(remote, candidate, kind);
      state.index += 1;
      const next = plan.candidates[state.index];
      if (next) this.register(remote, next);
    }
    return { status: 'failed', reason: 'load', error: lastError };
  }

  /**
   * A remote from a local dev server: one candidate, version 'dev', no integrity, no compatibility or
   * shared checks, no reports, never marked bad. A failure shows the fallback (with its retry, for a
   * dev server still starting) rather than the release, which would hide that the override failed.
   */
  private async loadFromDevServer({ remote, url }: DevOverride): Promise<RemoteLoadResult> {
    this.registerEntry(remote, url);
    this.startRoutePrefetch(remote);
    const result = await loadRemoteApp(this.runtime, remote);
    if (result.ok) {
      this.devLoaded.add(remote);
      return { status: 'ready', Component: result.Component, version: DEV_VERSION };
    }
    console.error(
      `Remote ${remote} did not load from the dev server ${url} (?remote-dev); its release is not used instead`,
      result.error,
    );
    this.stale.add(remote);
    return { status: 'failed', reason: 'load', error: result.error };
  }

  private giveUp(remote: RemoteName, candidate: Candidate, kind: RolloutReport['kind']): void {
    this.reportOnce({ remote, version: candidate.version, kind });
    this.store.markBad(remote, candidate.version);
    this.stale.add(remote);
  }
}
