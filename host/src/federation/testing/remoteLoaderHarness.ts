// What the RemoteLoader's tests share (remoteLoader.*.test.ts): a rollout manifest with a stable, a
// canary and a last good version, a federation runtime that answers as each test scripts it, the
// visitor's storage, a reporter that records, and `setup` wiring a loader to them on a test clock.
import type { ComponentType } from 'react';
import { RemoteLoader, type FederationRuntime } from '../remoteLoader';
import type { RemoteLoadFailureModule } from '../remoteLoadFailure';
import { NO_ROUTE_PREFETCH } from '../routePrefetch';
import type { ClassifyTools } from '../rollout/classifyFailure';
import { clearPins } from '../rollout/releasePins';
import type { RolloutReport, RolloutReporter } from '../rollout/rolloutReporter';
import { VisitorStore, type KeyValueStore } from '../rollout/visitorStore';

export const V1 = '0.1.0+20250101000000.aaaa';
export const V2 = '0.1.0+20250102000000.bbbb';
export const V0 = '0.0.9+20241201000000.cccc';
export const PIN = (c: string) => `sha384-${c.repeat(64)}`;
export const urlOf = (remote: string, version: string) => `http://cdn.test/releases/${remote}/${version}/mf-manifest.json`;
export const release = (remote: string, version: string, shared = '0.1.0') => ({
  url: urlOf(remote, version),
  integrity: { manifest: PIN('m'), entry: PIN('e') },
  shared,
});

export interface ManifestOptions {
  canary?: { version: string; percent: number; cohorts?: string[] } | null;
  shared2?: string;
  requires?: { host: string; shared: string };
  reports?: boolean;
}

export function manifest({ canary = null, shared2 = '0.1.0', requires, reports = true }: ManifestOptions = {}) {
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

export const MarketApp: ComponentType = () => null;
export const Fallback: ComponentType = () => null;
export type Answer = 'ok' | 'reject' | 'fallback' | 'not-a-module';

/**
 * Behaves like the MF runtime where it matters here: registering an already registered remote is a
 * no-op unless forced, and each entry URL answers as the test scripted it.
 */
export class RecordingRuntime implements FederationRuntime {
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

export class MemoryStorage implements KeyValueStore {
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

export class RecordingReporter implements RolloutReporter {
  readonly reports: string[] = [];
  readonly loads: string[] = [];
  report(r: RolloutReport) {
    this.reports.push(`${r.remote} ${r.version} ${r.kind}`);
    this.loads.push(r.load);
  }
  async flush() {}
}

/** The files answer as `missing` (404) unless told otherwise. */
export function classifyTools(answer: 'missing' | 'tampered' = 'missing'): ClassifyTools {
  return {
    fetchFile: async () => (answer === 'missing' ? { status: 404, body: null } : { status: 200, body: new ArrayBuffer(1) }),
    sha384: async () => PIN('x'),
  };
}

export interface Setup {
  manifests?: Array<unknown>;
  storage?: MemoryStorage;
  production?: boolean;
  development?: boolean;
  search?: string;
  tools?: ClassifyTools;
  host?: string;
}

export function setup({
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

/** Each test starts with no release pinned and a quiet console (the loader logs every failure). */
export function quietLoaderTests(): void {
  beforeEach(() => {
    clearPins();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());
}
