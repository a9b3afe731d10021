import { parseRange, parseVersion } from './semver';

/**
 * The rollout manifest (`/remotes.json`): per remote, which released versions exist and where, which
 * one every visitor gets (stable), which one some get (canary), what to fall back to (last good),
 * and which host and @prds/shared versions the remote needs. Written by `pnpm rollout`, read by the
 * page, the static server (its CSP) and the rollout CLI; all three validate it with this module.
 * It imports nothing, so Node scripts can load it too.
 */
export const ROLLOUT_SCHEMA_VERSION = 1;

/** Where one released version of a remote lives, and what pins it. */
export interface ReleaseRecord {
  /** Absolute URL of the release's mf-manifest.json (relative ones are resolved when read). */
  readonly url: string;
  /**
   * sha384 SRI of the release's mf-manifest.json and remoteEntry.js (the entry's runtime pins every
   * chunk it loads). Null only for an unreleased local build (`serve.mjs` without `--releases`).
   */
  readonly integrity: { readonly manifest: string; readonly entry: string } | null;
  /** The @prds/shared version the release was built against. */
  readonly shared: string | null;
  readonly publishedAt: string | null;
}

export interface Canary {
  readonly version: string;
  /** Share of visitors (by bucket, 0–99) who get it: 0–100. */
  readonly percent: number;
  /** Visitors who always get it: wallet addresses (lowercase) and named cohorts such as 'internal'. */
  readonly cohorts: readonly string[];
  readonly startedAt: string | null;
}

export interface RemoteRollout {
  readonly stable: string;
  readonly canary: Canary | null;
  /** Versions that ran well before, newest first: the fallbacks when the chosen one fails. */
  readonly lastGood: readonly string[];
  /** Semver ranges of the host and the @prds/shared versions this remote needs. */
  readonly requires: { readonly host: string; readonly shared: string };
  readonly versions: Readonly<Record<string, ReleaseRecord>>;
}

export interface AutoRollback {
  /** A canary whose failures / loads passes this (0–1) is rolled back by `pnpm rollout guard`. */
  readonly maxFailureRate: number;
  /** …once it has at least this many page loads (each counted once), so one early failure is not a rate… */
  readonly minLoads: number;
  /**
   * …and the same failure came from at least this many distinct visitors (client addresses as the
   * api sees them), so one client cannot roll a canary back. Absent in older manifests: the default.
   */
  readonly minVisitors: number;
}

/** `autoRollback.minVisitors` when a manifest does not say. */
export const DEFAULT_MIN_VISITORS = 5;

export interface RolloutManifest<N extends string = string> {
  readonly schemaVersion: typeof ROLLOUT_SCHEMA_VERSION;
  /** Mixed into every visitor's bucket; a new salt reshuffles who gets canaries. */
  readonly salt: string;
  /** Whether pages report each remote's load and failures to the api (`/api/rollout/report`). */
  readonly reports: boolean;
  readonly autoRollback: AutoRollback | null;
  readonly updatedAt: string | null;
  readonly remotes: Partial<Record<N, RemoteRollout>>;
}

export type RolloutParseResult<N extends string> =
  | { readonly ok: true; readonly manifest: RolloutManifest<N>; readonly ignored: readonly string[] }
  | { readonly ok: false; readonly reason: string };

export interface ParseOptions<N extends string> {
  /** The remotes this reader knows; others are ignored so an older host keeps working. */
  readonly remoteNames: readonly N[];
  /** What relative URLs are resolved against (the manifest's own URL). */
  readonly base: string;
}

export const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;
export const SRI_PATTERN = /^sha384-[A-Za-z0-9+/]{64}$/;
const COHORT_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._:-]{0,63}$/;
const MAX_VERSIONS = 50;
const MAX_COHORTS = 200;
const MAX_LAST_GOOD = 20;

class Invalid extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function field(record: Record<string, unknown>, key: string, where: string): unknown {
  if (!(key in record)) throw new Invalid(`${where}.${key} is missing`);
  return record[key];
}

function text(value: unknown, where: string, pattern?: RegExp): string {
  if (typeof value !== 'string' || value === '' || (pattern && !pattern.test(value))) {
    throw new Invalid(`${where} must be ${pattern ? `a string matching ${String(pattern)}` : 'a non-empty string'}`);
  }
  return value;
}

function nullableText(value: unknown, where: string): string | null {
  return value === null || value === undefined ? null : text(value, where);
}

function httpUrl(value: unknown, base: string, where: string): string {
  const raw = text(value, where);
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new Invalid(`${where} is not a URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Invalid(`${where} must be an http(s) URL`);
  return url.href;
}

function release(value: unknown, base: string, where: string): ReleaseRecord {
  if (!isRecord(value)) throw new Invalid(`${where} must be an object`);
  const integrityValue = value.integrity ?? null;
  let integrity: ReleaseRecord['integrity'] = null;
  if (integrityValue !== null) {
    if (!isRecord(integrityValue)) throw new Invalid(`${where}.integrity must be an object or null`);
    integrity = {
      manifest: text(integrityValue.manifest, `${where}.integrity.manifest`, SRI_PATTERN),
      entry: text(integrityValue.entry, `${where}.integrity.entry`, SRI_PATTERN),
    };
  }
  const shared = nullableText(value.shared, `${where}.shared`);
  if (shared !== null && !parseVersion(shared)) throw new Invalid(`${where}.shared is not a version: ${shared}`);
  return {
    url: httpUrl(field(value, 'url', where), base, `${where}.url`),
    integrity,
    shared,
    publishedAt: nullableText(value.publishedAt, `${where}.publishedAt`),
  };
}

function knownVersion(value: unknown, versions: Record<string, ReleaseRecord>, where: string): string {
  const version = text(value, where, VERSION_PATTERN);
  if (!(version in versions)) throw new Invalid(`${where} names ${version}, which is not in versions`);
  return version;
}

function range(value: unknown, where: string): string {
  const raw = text(value, where);
  if (!parseRange(raw)) throw new Invalid(`${where} is not a version range: ${raw}`);
  return raw;
}

function remote(value: unknown, base: string, where: string): RemoteRollout {
  if (!isRecord(value)) throw new Invalid(`${where} must be an object`);
  const versionsValue = field(value, 'versions', where);
  if (!isRecord(versionsValue)) throw new Invalid(`${where}.versions must be an object of version → release`);
  const entries = Object.entries(versionsValue);
  if (entries.length === 0 || entries.length > MAX_VERSIONS) {
    throw new Invalid(`${where}.versions must list 1 to ${MAX_VERSIONS} releases`);
  }
  const versions: Record<string, ReleaseRecord> = {};
  for (const [version, record] of entries) {
    text(version, `${where}.versions key`, VERSION_PATTERN);
    versions[version] = release(record, base, `${where}.versions["${version}"]`);
  }
  const stable = knownVersion(field(value, 'stable', where), versions, `${where}.stable`);

  let canary: Canary | null = null;
  const canaryValue = value.canary ?? null;
  if (canaryValue !== null) {
    if (!isRecord(canaryValue)) throw new Invalid(`${where}.canary must be an object or null`);
    const version = knownVersion(canaryValue.version, versions, `${where}.canary.version`);
    if (version === stable) throw new Invalid(`${where}.canary.version is the stable version`);
    const percent = canaryValue.percent;
    if (typeof percent !== 'number' || !Number.isInteger(percent) || percent < 0 || percent > 100) {
      throw new Invalid(`${where}.canary.percent must be an integer from 0 to 100`);
    }
    const cohortsValue = canaryValue.cohorts ?? [];
    if (!Array.isArray(cohortsValue) || cohortsValue.length > MAX_COHORTS) {
      throw new Invalid(`${where}.canary.cohorts must be a list of at most ${MAX_COHORTS} names or addresses`);
    }
    const cohorts = cohortsValue.map((c, i) => text(c, `${where}.canary.cohorts[${i}]`, COHORT_PATTERN).toLowerCase());
    canary = { version, percent, cohorts, startedAt: nullableText(canaryValue.startedAt, `${where}.canary.startedAt`) };
  }

  const lastGoodValue = value.lastGood ?? [];
  if (!Array.isArray(lastGoodValue) || lastGoodValue.length > MAX_LAST_GOOD) {
    throw new Invalid(`${where}.lastGood must be a list of at most ${MAX_LAST_GOOD} versions`);
  }
  const lastGood = lastGoodValue.map((v, i) => knownVersion(v, versions, `${where}.lastGood[${i}]`));
  if (new Set(lastGood).size !== lastGood.length) throw new Invalid(`${where}.lastGood lists a version twice`);

  const requiresValue = field(value, 'requires', where);
  if (!isRecord(requiresValue)) throw new Invalid(`${where}.requires must be { host, shared } version ranges`);
  const requires = {
    host: range(requiresValue.host, `${where}.requires.host`),
    shared: range(requiresValue.shared, `${where}.requires.shared`),
  };
  return { stable, canary, lastGood, requires, versions };
}

/**
 * Validates a rollout manifest. Anything wrong refuses the whole file with a reason naming the field
 * (a half-trusted manifest is worse than the last good one); remotes this reader does not know are
 * ignored and listed in `ignored`.
 */
export function parseRolloutManifest<N extends string>(raw: unknown, options: ParseOptions<N>): RolloutParseResult<N> {
  try {
    if (!isRecord(raw)) throw new Invalid('the rollout manifest must be a JSON object');
    const schemaVersion = raw.schemaVersion;
    if (schemaVersion !== ROLLOUT_SCHEMA_VERSION) {
      throw new Invalid(
        `schemaVersion ${JSON.stringify(schemaVersion ?? null)} is not one this reader knows (it reads ${ROLLOUT_SCHEMA_VERSION})`,
      );
    }
    const salt = text(field(raw, 'salt', 'manifest'), 'manifest.salt', /^[0-9A-Za-z_-]{1,64}$/);
    const reports = raw.reports ?? false;
    if (typeof reports !== 'boolean') throw new Invalid('manifest.reports must be true or false');
    let autoRollback: AutoRollback | null = null;
    const autoValue = raw.autoRollback ?? null;
    if (autoValue !== null) {
      if (!isRecord(autoValue)) throw new Invalid('manifest.autoRollback must be an object or null');
      const { maxFailureRate, minLoads, minVisitors = DEFAULT_MIN_VISITORS } = autoValue;
      if (typeof maxFailureRate !== 'number' || !(maxFailureRate > 0 && maxFailureRate <= 1)) {
        throw new Invalid('manifest.autoRollback.maxFailureRate must be a number above 0 and at most 1');
      }
      if (typeof minLoads !== 'number' || !Number.isInteger(minLoads) || minLoads < 1) {
        throw new Invalid('manifest.autoRollback.minLoads must be a positive integer');
      }
      if (typeof minVisitors !== 'number' || !Number.isInteger(minVisitors) || minVisitors < 1) {
        throw new Invalid('manifest.autoRollback.minVisitors must be a positive integer');
      }
      autoRollback = { maxFailureRate, minLoads, minVisitors };
    }
    const remotesValue = field(raw, 'remotes', 'manifest');
    if (!isRecord(remotesValue)) throw new Invalid('manifest.remotes must be an object of remote name → rollout');
    const remotes: Partial<Record<N, RemoteRollout>> = {};
    const ignored: string[] = [];
    for (const [name, value] of Object.entries(remotesValue)) {
      const known = options.remoteNames.find((n) => n === name);
      if (known === undefined) {
        ignored.push(name);
        continue;
      }
      remotes[known] = remote(value, options.base, `remotes.${name}`);
    }
    const manifest: RolloutManifest<N> = {
      schemaVersion: ROLLOUT_SCHEMA_VERSION,
      salt,
      reports,
      autoRollback,
      updatedAt: nullableText(raw.updatedAt, 'manifest.updatedAt'),
      remotes,
    };
    return { ok: true, manifest, ignored };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, reason: `rollout manifest refused: ${error.message}` };
    throw error;
  }
}

/**
 * Every origin the manifest loads scripts from: the site's Content-Security-Policy allows exactly
 * these (and the host's own origin) in script-src.
 */
export function manifestOrigins(manifest: RolloutManifest): string[] {
  const origins = new Set<string>();
  for (const rollout of Object.values<RemoteRollout | undefined>(manifest.remotes)) {
    for (const record of Object.values(rollout?.versions ?? {})) origins.add(new URL(record.url).origin);
  }
  return [...origins].sort();
}
