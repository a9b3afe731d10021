// pnpm release <remote> [--dir DIR] [--note TEXT]
//
// Builds one remote for production and publishes it as an immutable, versioned folder
// <DIR>/<container>/<version>/ (version = package version + build id): its mf-manifest.json,
// remoteEntry.js and chunks, and release.json with the sha384 of every script and the
// @prds/shared version it was built against. The build pins every chunk its runtime loads and has
// its own chunk-loading global (shared/webpack createConfig with PRDS_RELEASE_VERSION). Publishing
// touches nothing else: not the host, not another remote, not the rollout manifest (that is
// `pnpm rollout canary`). DIR: --dir, else PRDS_RELEASES_DIR, else <repo>/releases.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  REPO_ROOT,
  newVersion,
  packageVersion,
  releaseDir,
  resolveRemote,
  writeReleaseInfo,
  type ReleaseInfo,
} from './releaseFiles';

export function defaultReleasesDir(): string {
  return path.resolve(process.env.PRDS_RELEASES_DIR || path.join(REPO_ROOT, 'releases'));
}

export interface PublishOptions {
  readonly remote: string;
  readonly releasesDir: string;
  readonly note?: string;
  readonly log?: (line: string) => void;
}

export function publishRelease({ remote, releasesDir, note = '', log = console.log }: PublishOptions): ReleaseInfo {
  const { container, folder } = resolveRemote(remote);
  const pkgVersion = packageVersion(folder);
  const version = newVersion(pkgVersion);
  const target = releaseDir(releasesDir, container, version);
  if (fs.existsSync(target)) throw new Error(`${target} exists already: a release is never overwritten`);
  const staging = path.join(releasesDir, '.staging', `${container}-${process.pid}-${Date.now()}`);
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(staging), { recursive: true });
  log(`== building ${folder} ${version} (production) into ${path.relative(REPO_ROOT, staging)}`);
  const started = Date.now();
  // Both builds: the browser's into the staging folder, the server container into its server/.
  const build = spawnSync('pnpm', ['exec', 'webpack', '--mode', 'production'], {
    cwd: path.join(REPO_ROOT, folder),
    env: { ...process.env, PRDS_RELEASE_VERSION: version, PRDS_RELEASE_NOTE: note, PRDS_OUTPUT_DIR: staging },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (build.status !== 0) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new Error(`the build of ${folder} failed (exit ${build.status ?? build.signal})`);
  }
  // The harness page is the remote's standalone dev page, not part of what a host loads.
  fs.rmSync(path.join(staging, 'index.html'), { force: true });
  const info = writeReleaseInfo(staging, {
    container,
    folder,
    version,
    packageVersion: pkgVersion,
    buildId: version.slice(pkgVersion.length + 1),
    shared: packageVersion('shared'),
    builtAt: new Date().toISOString(),
    note,
  });
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // Appears whole or not at all: a rename within one file system.
  fs.renameSync(staging, target);
  log(`   built in ${((Date.now() - started) / 1000).toFixed(1)} s; ${Object.keys(info.integrity).length} files pinned (sha384)`);
  return info;
}

function usage(): never {
  console.error('usage: pnpm release <remote> [--dir DIR] [--note TEXT]   (remote: mfe-claim or mfe_claim)');
  process.exit(2);
}

function main(argv: string[]): void {
  let remote: string | null = null;
  let releasesDir = defaultReleasesDir();
  let note = '';
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const value = () => argv[++i] ?? usage();
    if (arg === '--dir') releasesDir = path.resolve(value());
    else if (arg === '--note') note = value();
    else if (arg === '--help' || arg === '-h') usage();
    else if (!arg.startsWith('-') && remote === null) remote = arg;
    else usage();
  }
  if (remote === null) usage();
  try {
    const info = publishRelease({ remote, releasesDir, note });
    const dir = releaseDir(releasesDir, info.container, info.version);
    console.log(`RELEASED ${info.container} ${info.version} ${dir}`);
    console.log(`   built against @prds/shared ${info.shared}; next: pnpm rollout canary ${info.container} ${info.version} 10`);
  } catch (error) {
    console.error(`release: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

if (require.main === module) main(process.argv.slice(2));
