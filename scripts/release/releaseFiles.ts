// A published release of one remote: an immutable folder `<releases>/<container>/<version>/` with
// the remote's production build (mf-manifest.json, remoteEntry.js, chunks) and release.json, which
// records what the rollout needs: the sha384 of every file a page loads and the @prds/shared version
// the build was made against. Shared by `pnpm release`, `pnpm rollout` and the e2e rollout spec.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const RELEASE_FILE = 'release.json';
export const ENTRY_FILE = 'remoteEntry.js';
export const MANIFEST_FILE = 'mf-manifest.json';

export interface ReleaseInfo {
  readonly container: string;
  readonly folder: string;
  readonly version: string;
  readonly packageVersion: string;
  readonly buildId: string;
  /** The @prds/shared version the build was made against. */
  readonly shared: string;
  readonly builtAt: string;
  readonly note: string;
  /** sha384 SRI of every script and manifest in the folder, by file name. */
  readonly integrity: Readonly<Record<string, string>>;
}

/** Remotes by container name (apps.json: the registry of apps). */
export function remoteTable(): Record<string, { folder: string; portOffset: number }> {
  return (
    JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'apps.json'), 'utf8')) as {
      remotes: Record<string, { folder: string; portOffset: number }>;
    }
  ).remotes;
}

/** A remote named by its folder (mfe-claim) or its container (mfe_claim). */
export function resolveRemote(name: string): { container: string; folder: string } {
  for (const [container, { folder }] of Object.entries(remoteTable())) {
    if (name === container || name === folder) return { container, folder };
  }
  throw new Error(`unknown remote "${name}"; known: ${Object.keys(remoteTable()).join(', ')}`);
}

export function packageVersion(folder: string): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, folder, 'package.json'), 'utf8')) as { version?: unknown };
  if (typeof pkg.version !== 'string') throw new Error(`${folder}/package.json has no version`);
  return pkg.version;
}

export function sha384(content: Buffer): string {
  return `sha384-${createHash('sha384').update(content).digest('base64')}`;
}

/** The folder of a build holding its server container (the web server renders pages with it). */
export const SERVER_FOLDER = 'server';

/**
 * The sha384 of every .js file and the mf-manifest.json of a build folder, and of every .js file of
 * its server container (`server/remoteEntry.js`, …), which the web server checks before it runs one.
 */
export function integrityOf(dir: string): Record<string, string> {
  const table: Record<string, string> = {};
  for (const file of fs.readdirSync(dir).sort()) {
    if (file.endsWith('.js') || file === MANIFEST_FILE) table[file] = sha384(fs.readFileSync(path.join(dir, file)));
  }
  const server = path.join(dir, SERVER_FOLDER);
  if (fs.existsSync(server)) {
    for (const file of fs.readdirSync(server).sort()) {
      if (file.endsWith('.js')) table[`${SERVER_FOLDER}/${file}`] = sha384(fs.readFileSync(path.join(server, file)));
    }
  }
  if (!table[ENTRY_FILE] || !table[MANIFEST_FILE])
    throw new Error(`${dir} has no ${ENTRY_FILE} or ${MANIFEST_FILE}: not a remote's build`);
  return table;
}

export function writeReleaseInfo(dir: string, info: Omit<ReleaseInfo, 'integrity'>): ReleaseInfo {
  const full: ReleaseInfo = { ...info, integrity: integrityOf(dir) };
  fs.writeFileSync(path.join(dir, RELEASE_FILE), `${JSON.stringify(full, null, 2)}\n`);
  return full;
}

export function releaseDir(releasesDir: string, container: string, version: string): string {
  return path.join(releasesDir, container, version);
}

/** A published release's release.json, checked for shape. */
export function readReleaseInfo(releasesDir: string, container: string, version: string): ReleaseInfo {
  const file = path.join(releaseDir(releasesDir, container, version), RELEASE_FILE);
  if (!fs.existsSync(file))
    throw new Error(`${container} ${version} is not published (no ${file}); publish it with pnpm release`);
  const info = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<ReleaseInfo>;
  if (
    info.container !== container ||
    info.version !== version ||
    typeof info.shared !== 'string' ||
    typeof info.integrity !== 'object'
  ) {
    throw new Error(`${file} does not describe ${container} ${version}`);
  }
  return info as ReleaseInfo;
}

/** Files of a published release whose content no longer matches release.json (empty: intact). */
export function changedFiles(releasesDir: string, info: ReleaseInfo): string[] {
  const dir = releaseDir(releasesDir, info.container, info.version);
  return Object.entries(info.integrity)
    .filter(([file, pin]) => !fs.existsSync(path.join(dir, file)) || sha384(fs.readFileSync(path.join(dir, file))) !== pin)
    .map(([file]) => file);
}

/** Builds are named `<package version>+<UTC yyyymmddHHMMss>.<4 hex>`: sortable, never reused. */
export function newVersion(pkgVersion: string, now = new Date(), random = Math.random): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const suffix = Math.floor(random() * 0x10000)
    .toString(16)
    .padStart(4, '0');
  return `${pkgVersion}+${stamp}.${suffix}`;
}
