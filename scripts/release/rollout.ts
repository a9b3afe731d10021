// pnpm rollout status | canary <remote> <version> <percent> | promote <remote> | rollback <remote> | guard
//
// Changes the rollout manifest (<DIR>/rollout.json, what the host reads at /remotes.json) and nothing
// else: no build, no host change. Every change is validated with the page's own validator and
// written atomically (a temporary file renamed over the old one, under a lock file), so a page or
// the static server never reads half a manifest; a manifest that does not validate is refused with
// its reason and left as it is.
//
//   status                      per remote and version: planned share, loads and failures the pages
//                               reported (api /api/rollout/stats), failure rate
//   canary R V P [--cohort C]…  release V of remote R (published by pnpm release) goes to P % of
//                               visitors (0–100) and to the cohorts (wallet addresses, 'internal');
//                               --max-failure-rate F --min-loads N --min-visitors V set the automatic
//                               rollback's threshold
//   promote R                   the canary becomes stable; the old stable heads the last good versions
//   rollback R                  drops the canary; without one, stable goes back to the last good version
//   guard [--watch S]           rolls back every canary whose failure rate passed the manifest's
//                               threshold over enough loads and visitors (once, or every S seconds),
//                               and says which evidence it used
//   csp --rpc URL… [--site URL] the Content-Security-Policy a deployment's site must send for this
//                               manifest (serve.mjs's own policy: script-src 'self' + the release origins;
//                               --site: the site's origin, which relative release URLs resolve to)
//
// Options: --dir DIR (PRDS_RELEASES_DIR, <repo>/releases), --api URL (PRDS_API_URL, http://127.0.0.1:8787),
// --base-url URL (where DIR is published, PRDS_RELEASES_URL, /releases/).
import path from 'node:path';
import {
  DEFAULT_MIN_VISITORS,
  manifestOrigins,
  parseRolloutManifest,
  type RemoteRollout,
} from '../../host/src/federation/rollout/rolloutManifest';
import { parseVersion } from '../../host/src/federation/rollout/semver';
import { sitePolicy } from '../site/sitePolicy';
import { MANIFEST_FILE, changedFiles, ENTRY_FILE, packageVersion, readReleaseInfo, resolveRemote } from './releaseFiles';
import { defaultReleasesDir } from './release';
import {
  RolloutError,
  changeManifest,
  readManifest,
  remoteNames,
  type Manifest,
  type Mutable,
  type RolloutContext,
} from './rolloutManifestFile';
import { fetchStats, figuresOf, percent, status } from './rolloutStatus';

export { ROLLOUT_FILE, RolloutError, readManifest, writeManifest, type RolloutContext } from './rolloutManifestFile';
export { fetchStats, figuresOf, status, type StatsRow, type VersionFigures } from './rolloutStatus';

function caret(version: string): string {
  const parsed = parseVersion(version);
  return parsed ? `^${parsed.major}.${parsed.minor}.${parsed.patch}` : '*';
}

function rolloutOf(manifest: Mutable<Manifest>, container: string): Mutable<RemoteRollout> {
  const rollout = manifest.remotes[container] as Mutable<RemoteRollout> | undefined;
  if (!rollout)
    throw new RolloutError(`${container} has no rollout yet: start with pnpm rollout canary ${container} <version> 100`);
  return rollout;
}

export interface CanaryOptions {
  readonly cohorts?: readonly string[];
  readonly maxFailureRate?: number;
  readonly minLoads?: number;
  readonly minVisitors?: number;
}

export function canary(
  ctx: RolloutContext,
  remote: string,
  version: string,
  percent: number,
  options: CanaryOptions = {},
): string {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new RolloutError(`percent must be an integer from 0 to 100, not ${percent}`);
  const { container } = resolveRemote(remote);
  const info = readReleaseInfo(ctx.releasesDir, container, version);
  const changed = changedFiles(ctx.releasesDir, info);
  if (changed.length > 0)
    throw new RolloutError(`${container} ${version} changed since it was released (${changed.join(', ')}): publish it again`);
  const integrity = info.integrity;
  const manifestPin = integrity[MANIFEST_FILE];
  const entryPin = integrity[ENTRY_FILE];
  if (!manifestPin || !entryPin)
    throw new RolloutError(`${container} ${version}: release.json pins no ${MANIFEST_FILE} or ${ENTRY_FILE}`);
  const shared = packageVersion('shared');
  const warnings: string[] = [];
  if (caret(info.shared) !== caret(shared)) {
    warnings.push(
      `warning: ${version} was built against @prds/shared ${info.shared}, the workspace has ${shared}; pages on another major will not load it`,
    );
  }
  const record = {
    url: `${ctx.baseUrl.replace(/\/?$/, '/')}${container}/${version}/${MANIFEST_FILE}`,
    integrity: { manifest: manifestPin, entry: entryPin },
    shared: info.shared,
    publishedAt: info.builtAt,
  };
  const said = changeManifest(ctx, (manifest) => {
    if (options.maxFailureRate !== undefined || options.minLoads !== undefined || options.minVisitors !== undefined) {
      manifest.autoRollback = {
        maxFailureRate: options.maxFailureRate ?? manifest.autoRollback?.maxFailureRate ?? 0.1,
        minLoads: options.minLoads ?? manifest.autoRollback?.minLoads ?? 20,
        minVisitors: options.minVisitors ?? manifest.autoRollback?.minVisitors ?? DEFAULT_MIN_VISITORS,
      };
    }
    const existing = manifest.remotes[container] as Mutable<RemoteRollout> | undefined;
    if (!existing) {
      // Nothing served yet: the first release is what everyone gets.
      manifest.remotes[container] = {
        stable: version,
        canary: null,
        lastGood: [],
        requires: { host: caret(packageVersion('host')), shared: caret(shared) },
        versions: { [version]: record },
      };
      return `${container}: ${version} is the first release, so it is stable for everyone`;
    }
    if (existing.stable === version) throw new RolloutError(`${version} is ${container}'s stable version already`);
    existing.versions[version] = record;
    existing.canary = {
      version,
      percent,
      cohorts: [...(options.cohorts ?? [])].map((c) => c.toLowerCase()),
      startedAt: new Date().toISOString(),
    };
    return `${container}: canary ${version} for ${percent} % of visitors${options.cohorts?.length ? ` and ${options.cohorts.join(', ')}` : ''}; stable ${existing.stable}`;
  });
  return [...warnings, said].join('\n');
}

/** Keeps the versions a manifest still names (stable, canary, last good), so it does not grow forever. */
function prune(rollout: Mutable<RemoteRollout>): void {
  const named = new Set([rollout.stable, ...(rollout.canary ? [rollout.canary.version] : []), ...rollout.lastGood]);
  for (const version of Object.keys(rollout.versions)) if (!named.has(version)) delete rollout.versions[version];
}

export function promote(ctx: RolloutContext, remote: string): string {
  const { container } = resolveRemote(remote);
  return changeManifest(ctx, (manifest) => {
    const rollout = rolloutOf(manifest, container);
    if (!rollout.canary) throw new RolloutError(`${container} has no canary to promote`);
    const previous = rollout.stable;
    rollout.stable = rollout.canary.version;
    rollout.lastGood = [previous, ...rollout.lastGood.filter((v) => v !== previous && v !== rollout.stable)].slice(0, 5);
    rollout.canary = null;
    prune(rollout);
    return `${container}: ${rollout.stable} is stable for everyone (was ${previous}, now the first fallback)`;
  });
}

export function rollback(ctx: RolloutContext, remote: string, why = ''): string {
  const { container } = resolveRemote(remote);
  return changeManifest(ctx, (manifest) => {
    const rollout = rolloutOf(manifest, container);
    if (rollout.canary) {
      const dropped = rollout.canary.version;
      rollout.canary = null;
      prune(rollout);
      return `${container}: canary ${dropped} rolled back${why}; everyone gets ${rollout.stable}`;
    }
    const [previous, ...rest] = rollout.lastGood;
    if (!previous) throw new RolloutError(`${container} has no canary and no last good version to roll back to`);
    const dropped = rollout.stable;
    rollout.stable = previous;
    rollout.lastGood = rest;
    prune(rollout);
    return `${container}: stable ${dropped} rolled back${why}; everyone gets ${previous}`;
  });
}

/**
 * Rolls back every canary past the manifest's threshold; says what it did and on which evidence.
 * It acts only on what the api counted (loads of releases the manifest names, each page load once, a
 * bounded share per visitor) and only when the failures came from at least `minVisitors` visitors,
 * so no single client can roll a canary back or keep a failing one.
 */
export async function guard(ctx: RolloutContext): Promise<string[]> {
  const manifest = readManifest(ctx);
  const threshold = manifest?.autoRollback;
  if (!manifest || !threshold) return ['automatic rollback is off (no manifest, or no autoRollback in it)'];
  const rows = await fetchStats(ctx);
  const said: string[] = [];
  for (const [container, rollout] of Object.entries(manifest.remotes)) {
    if (!rollout?.canary) continue;
    const figures = figuresOf(rows, container, rollout.canary.version);
    const attempts = figures.loads + figures.failed;
    const kinds = Object.entries(figures.failures)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    const evidence =
      `evidence: ${attempts} page loads counted once each (${figures.loads} loaded${kinds ? `, ${kinds}` : ''}) ` +
      `from at least ${figures.visitors} visitors, the failures from at least ${figures.failingVisitors}; ` +
      `needs ${threshold.minLoads} loads and failures from ${threshold.minVisitors} visitors`;
    const failing = figures.rate !== null && figures.rate > threshold.maxFailureRate;
    if (attempts >= threshold.minLoads && failing && figures.failingVisitors >= threshold.minVisitors) {
      said.push(
        `ROLLED BACK ${rollback(ctx, container, ` automatically: ${figures.failed} of ${attempts} loads failed (${percent(figures.rate)} > ${percent(threshold.maxFailureRate)}) from ${figures.failingVisitors} visitors`)}`,
        `  ${evidence}`,
      );
    } else {
      const why =
        attempts < threshold.minLoads
          ? 'too few loads to judge'
          : !failing
            ? 'under the threshold'
            : 'too few visitors behind the failures to judge';
      said.push(
        `${container}: canary ${rollout.canary.version} at ${percent(figures.rate)} failures over ${attempts} loads: kept (${why})`,
        `  ${evidence}`,
      );
    }
  }
  return said;
}

const SAME_SITE = 'https://site.invalid';

/**
 * The Content-Security-Policy a site serving this manifest sends: scripts from its own origin and the
 * origins the manifest's releases live on (a relative release URL is the site's own, 'self'), nothing
 * else; the api and the chain RPC for connect-src.
 */
export async function csp(ctx: RolloutContext, rpcUrls: readonly string[], site: string | null = null): Promise<string> {
  const originOf = (url: string, what: string) => {
    try {
      return new URL(url).origin;
    } catch {
      throw new RolloutError(`${what} ${url} is not a URL`);
    }
  };
  const raw = readManifest(ctx);
  if (!raw)
    throw new RolloutError(`no rollout manifest in ${ctx.releasesDir} yet (pnpm release <remote>, then pnpm rollout canary)`);
  const base = `${site === null ? SAME_SITE : originOf(site, '--site')}/remotes.json`;
  const parsed = parseRolloutManifest(raw, { remoteNames: remoteNames(), base });
  if (!parsed.ok) throw new RolloutError(parsed.reason);
  return sitePolicy({
    apiOrigin: originOf(ctx.apiUrl, '--api'),
    rpcOrigins: rpcUrls.map((url) => originOf(url, '--rpc')),
    remoteOrigins: manifestOrigins(parsed.manifest).filter((origin) => origin !== SAME_SITE),
  });
}

function usage(): never {
  console.error(
    'usage: pnpm rollout status | canary <remote> <version> <percent> [--cohort C]... [--max-failure-rate F] [--min-loads N] [--min-visitors V]\n' +
      '                    | promote <remote> | rollback <remote> | guard [--watch SECONDS] | csp --rpc URL... [--site URL]\n' +
      '       options: --dir DIR  --api URL  --base-url URL',
  );
  process.exit(2);
}

async function main(argv: string[]): Promise<void> {
  const positional: string[] = [];
  const cohorts: string[] = [];
  let releasesDir = defaultReleasesDir();
  let apiUrl = process.env.PRDS_API_URL || 'http://127.0.0.1:8787';
  let baseUrl = process.env.PRDS_RELEASES_URL || '/releases/';
  let maxFailureRate: number | undefined;
  let minLoads: number | undefined;
  let minVisitors: number | undefined;
  let watch: number | null = null;
  const rpcUrls: string[] = [];
  let site: string | null = null;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const value = () => argv[++i] ?? usage();
    if (arg === '--dir') releasesDir = path.resolve(value());
    else if (arg === '--api') apiUrl = value();
    else if (arg === '--base-url') baseUrl = value();
    else if (arg === '--cohort') cohorts.push(value());
    else if (arg === '--max-failure-rate') maxFailureRate = Number(value());
    else if (arg === '--min-loads') minLoads = Number(value());
    else if (arg === '--min-visitors') minVisitors = Number(value());
    else if (arg === '--watch') watch = Number(value());
    else if (arg === '--rpc') rpcUrls.push(value());
    else if (arg === '--site') site = value();
    else if (arg.startsWith('-')) usage();
    else positional.push(arg);
  }
  const ctx: RolloutContext = { releasesDir, apiUrl, baseUrl, log: console.log };
  const [command, remote, version, share] = positional;
  if (command === 'status') console.log(await status(ctx));
  else if (command === 'canary' && remote && version && share !== undefined)
    console.log(canary(ctx, remote, version, Number(share), { cohorts, maxFailureRate, minLoads, minVisitors }));
  else if (command === 'promote' && remote) console.log(promote(ctx, remote));
  else if (command === 'rollback' && remote) console.log(rollback(ctx, remote));
  else if (command === 'csp' && rpcUrls.length > 0) console.log(`Content-Security-Policy: ${await csp(ctx, rpcUrls, site)}`);
  else if (command === 'guard') {
    for (;;) {
      for (const line of await guard(ctx)) console.log(line);
      if (watch === null || !(watch > 0)) break;
      await new Promise((resolve) => setTimeout(resolve, watch * 1000));
    }
  } else usage();
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`rollout: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(error instanceof RolloutError ? 2 : 1);
  });
}
