// The rollout manifest on disk (<DIR>/rollout.json, what the host reads at /remotes.json) for `pnpm
// rollout`: read and validated with the page's own validator, changed under a lock file and written
// atomically (a temporary file renamed over the old one), so a page or the static server never reads
// half a manifest.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_MIN_VISITORS,
  ROLLOUT_SCHEMA_VERSION,
  parseRolloutManifest,
  type RolloutManifest,
} from '../../host/src/federation/rollout/rolloutManifest';
import { remoteTable } from './releaseFiles';

export const ROLLOUT_FILE = 'rollout.json';
const LOCK_WAIT_MS = 10_000;

/** Thrown for anything the user must fix; printed without a stack. */
export class RolloutError extends Error {}

export type Manifest = RolloutManifest;
export type Mutable<T> = { -readonly [K in keyof T]: T[K] extends object ? Mutable<T[K]> : T[K] };

export interface RolloutContext {
  readonly releasesDir: string;
  readonly apiUrl: string;
  readonly baseUrl: string;
  readonly log: (line: string) => void;
}

export const remoteNames = () => Object.keys(remoteTable());
export const manifestPath = (ctx: RolloutContext) => path.join(ctx.releasesDir, ROLLOUT_FILE);

/** The manifest as it is on disk, validated; null when there is none yet. */
export function readManifest(ctx: RolloutContext): Manifest | null {
  const file = manifestPath(ctx);
  if (!fs.existsSync(file)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new RolloutError(
      `${file} refused: not JSON (${error instanceof Error ? error.message : String(error)}); fix or restore it`,
    );
  }
  const parsed = parseRolloutManifest(raw, { remoteNames: remoteNames(), base: 'http://localhost/remotes.json' });
  if (!parsed.ok) throw new RolloutError(`${file} refused: ${parsed.reason}`);
  // Keep the URLs as written (parse resolves them against a placeholder base).
  return raw as Manifest;
}

function withLock<T>(ctx: RolloutContext, change: () => T): T {
  fs.mkdirSync(ctx.releasesDir, { recursive: true });
  const lock = `${manifestPath(ctx)}.lock`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      const owner = Number(fs.readFileSync(lock, 'utf8'));
      let alive = false;
      try {
        process.kill(owner, 0);
        alive = true;
      } catch {
        alive = false;
      }
      if (!alive) fs.rmSync(lock, { force: true });
      else if (Date.now() > deadline) throw new RolloutError(`${lock} is held by process ${owner}; another rollout is running`);
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  }
  try {
    return change();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** Validates and writes the manifest atomically. */
export function writeManifest(ctx: RolloutContext, manifest: Manifest): void {
  const parsed = parseRolloutManifest(manifest, { remoteNames: remoteNames(), base: 'http://localhost/remotes.json' });
  if (!parsed.ok) throw new RolloutError(`the change was not written: ${parsed.reason}`);
  const file = manifestPath(ctx);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify({ ...manifest, updatedAt: new Date().toISOString() }, null, 2)}\n`);
  fs.renameSync(temporary, file);
}

function newManifest(): Mutable<Manifest> {
  return {
    schemaVersion: ROLLOUT_SCHEMA_VERSION,
    salt: randomBytes(6).toString('hex'),
    reports: true,
    autoRollback: { maxFailureRate: 0.1, minLoads: 20, minVisitors: DEFAULT_MIN_VISITORS },
    updatedAt: null,
    remotes: {},
  };
}

/** Reads (or starts) the manifest, applies `edit` and writes it, under the lock; answers what `edit` said. */
export function changeManifest(ctx: RolloutContext, edit: (manifest: Mutable<Manifest>) => string): string {
  return withLock(ctx, () => {
    const manifest = (readManifest(ctx) ?? newManifest()) as Mutable<Manifest>;
    const said = edit(manifest);
    writeManifest(ctx, manifest);
    return said;
  });
}
