// The rollout spec's world: a releases folder of its own (e2e/test-results/rollout/releases) with two
// real releases of the claim remote — v1, and v2 built with a visible QA note — made by `pnpm
// release`'s own code, plus broken variants derived from them the way a bad release would look
// (no entry, an ./App that throws, a chunk changed after release, built for another @prds/shared
// major, no server container, a server container whose ./App throws); a host of its own on ROLLOUT_HOST_PORT serving that folder (serve.mjs --releases); and the
// `pnpm rollout` CLI run as a person would run it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { publishRelease } from '../../scripts/release/release';
import {
  ENTRY_FILE,
  SERVER_FOLDER,
  readReleaseInfo,
  releaseDir,
  writeReleaseInfo,
  type ReleaseInfo,
} from '../../scripts/release/releaseFiles';
import { ROLLOUT_HOST_PORT } from './apps';
import { REPO_ROOT, SERVE_ENV, SERVE_SCRIPT, isPortOpen } from './serverProcess';

export const ROLLOUT_DIR = path.join(REPO_ROOT, 'e2e', 'test-results', 'rollout');
export const RELEASES_DIR = path.join(ROLLOUT_DIR, 'releases');
export const ROLLOUT_HOST_URL = `http://127.0.0.1:${ROLLOUT_HOST_PORT}`;
export const API_URL = 'http://127.0.0.1:8787';
export const REMOTE = 'mfe_claim';
const SWC_REGISTER = path.join(REPO_ROOT, 'contracts', 'scripts', 'swc-register.cjs');
const ROLLOUT_CLI = path.join(REPO_ROOT, 'scripts', 'release', 'rollout.ts');

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The index a prepared releases folder carries: which of its releases is v1 and which v2. */
const PREPARED_INDEX = 'e2e-releases.json';

/**
 * Builds v1 and v2 (with a visible note) of the claim remote into `releasesDir`, and writes which is
 * which beside them: the test command prepares them once before the browser suites
 * (`node -r ./contracts/scripts/swc-register.cjs e2e/support/prepareRolloutReleases.ts DIR`), because
 * two production builds inside the spec's beforeAll share the cores with two browser workers.
 */
export function buildTwoReleases(releasesDir: string, log: (line: string) => void): { v1: ReleaseInfo; v2: ReleaseInfo } {
  fs.mkdirSync(releasesDir, { recursive: true });
  const v1 = publishRelease({ remote: REMOTE, releasesDir, log });
  const v2 = publishRelease({ remote: REMOTE, releasesDir, note: 'v2 preview', log });
  fs.writeFileSync(path.join(releasesDir, PREPARED_INDEX), JSON.stringify({ v1: v1.version, v2: v2.version }));
  return { v1, v2 };
}

/**
 * v1 and v2 in a fresh releases folder of the spec's own: copied from PRDS_E2E_ROLLOUT_RELEASES (a
 * folder buildTwoReleases prepared from this tree), else built here.
 */
export function publishTwoReleases(log: (line: string) => void): { v1: ReleaseInfo; v2: ReleaseInfo } {
  fs.rmSync(ROLLOUT_DIR, { recursive: true, force: true });
  const prepared = process.env.PRDS_E2E_ROLLOUT_RELEASES?.trim();
  if (!prepared) return buildTwoReleases(RELEASES_DIR, log);
  const index = JSON.parse(fs.readFileSync(path.join(prepared, PREPARED_INDEX), 'utf8')) as { v1: string; v2: string };
  fs.cpSync(prepared, RELEASES_DIR, { recursive: true });
  fs.rmSync(path.join(RELEASES_DIR, PREPARED_INDEX));
  log(`v1 ${index.v1} and v2 ${index.v2} copied from ${prepared}`);
  return { v1: releaseInfo(index.v1), v2: releaseInfo(index.v2) };
}

export type Breakage = 'entry404' | 'throws' | 'tampered' | 'otherShared' | 'noServer' | 'serverThrows';

/**
 * A broken release derived from a good one: its files copied under a new version and, where the
 * breakage lives in the files (`throws`), release.json written anew by the release code, as a team
 * shipping that bug would publish it. `entry404` and `tampered` are broken after the canary starts
 * (see breakAfterCanary): `pnpm rollout canary` refuses a release whose files changed.
 */
export function brokenRelease(from: ReleaseInfo, breakage: Breakage): ReleaseInfo {
  const version = `${from.packageVersion}+${breakage}.${Date.now().toString(36)}`;
  const source = releaseDir(RELEASES_DIR, from.container, from.version);
  const target = releaseDir(RELEASES_DIR, from.container, version);
  fs.cpSync(source, target, { recursive: true });
  if (breakage === 'throws') {
    // The container's ./App renders a component that throws.
    fs.appendFileSync(
      path.join(target, ENTRY_FILE),
      `\n;${from.container} = (function (c) { return new Proxy(c, { get: function (t, k) { if (k !== 'get') return Reflect.get(t, k);` +
        ` return function (m, s) { return t.get(m, s).then(function (f) { return m !== './App' ? f : function () {` +
        ` return { __esModule: true, default: function BrokenRelease() { throw new Error('this release throws while rendering'); } }; }; }); }; } }); })(${from.container});\n`,
    );
  }
  if (breakage === 'noServer') {
    // Published without a server container (as an older `pnpm release` did): the browser's files only.
    fs.rmSync(path.join(target, SERVER_FOLDER), { recursive: true });
  }
  if (breakage === 'serverThrows') {
    // The server container's ./App renders a component that throws (the browser's container is the
    // good one): the server's render fails, the page's does not.
    fs.appendFileSync(
      path.join(target, SERVER_FOLDER, ENTRY_FILE),
      `\n;module.exports = (function (c) { return new Proxy(c, { get: function (t, k) { if (k !== 'get') return Reflect.get(t, k);` +
        ` return function (m, s) { return t.get(m, s).then(function (f) { return m !== './App' ? f : function () {` +
        ` return { __esModule: true, default: function BrokenServerRelease() { throw new Error('this release throws while rendering on the server'); } }; }; }); }; } }); })(module.exports);\n`,
    );
  }
  // release.json pinned anew (browser and server files), as the operator publishing these files would.
  const { integrity: _old, ...info } = from;
  return writeReleaseInfo(target, {
    ...info,
    version,
    buildId: version.slice(from.packageVersion.length + 1),
    // A release made against a @prds/shared major the page does not have.
    shared: breakage === 'otherShared' ? '1.0.0' : from.shared,
  });
}

/** The breakage that happens to a release's files once it is live: its entry gone, or a chunk changed. */
export function breakAfterCanary(info: ReleaseInfo, breakage: Breakage): void {
  const dir = releaseDir(RELEASES_DIR, info.container, info.version);
  if (breakage === 'entry404') fs.rmSync(path.join(dir, ENTRY_FILE));
  if (breakage === 'tampered') {
    const chunk = fs.readdirSync(dir).find((file) => file.startsWith('__federation_expose_App.') && file.endsWith('.js'));
    if (!chunk) throw new Error(`no expose chunk in ${dir}`);
    fs.appendFileSync(path.join(dir, chunk), '\n;window.__tampered = true;\n');
  }
}

export function releaseInfo(version: string): ReleaseInfo {
  return readReleaseInfo(RELEASES_DIR, REMOTE, version);
}

/** `pnpm rollout …` against the spec's folder and the suite's api; throws with its output on failure. */
export function rollout(...args: string[]): string {
  const run = spawnSync(process.execPath, ['-r', SWC_REGISTER, ROLLOUT_CLI, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, PRDS_RELEASES_DIR: RELEASES_DIR, PRDS_API_URL: API_URL, PRDS_RELEASES_URL: '/releases/' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  const output = `${run.stdout}${run.stderr}`;
  if (run.status !== 0) throw new RolloutCliError(run.status ?? -1, output);
  return output;
}

export class RolloutCliError extends Error {
  constructor(
    readonly status: number,
    readonly output: string,
  ) {
    super(`pnpm rollout exited ${status}:\n${output}`);
  }
}

export interface RolloutHost {
  readonly log: () => string;
  stop(): Promise<void>;
}

/** The spec's own host: serve.mjs --only host --releases RELEASES_DIR on ROLLOUT_HOST_PORT. */
export async function startRolloutHost(): Promise<RolloutHost> {
  if (await isPortOpen(ROLLOUT_HOST_PORT)) throw new Error(`port ${ROLLOUT_HOST_PORT} is busy`);
  const logFile = path.join(ROLLOUT_DIR, 'serve.log');
  const out = fs.openSync(logFile, 'w');
  const child: ChildProcess = spawn(
    process.execPath,
    [SERVE_SCRIPT, '--base-port', String(ROLLOUT_HOST_PORT), '--only', 'host', '--releases', RELEASES_DIR],
    // SERVE_ENV: the server render's budget the suite runs with (see serverProcess.ts).
    { cwd: REPO_ROOT, env: SERVE_ENV, stdio: ['ignore', out, out] },
  );
  fs.closeSync(out);
  const log = () => fs.readFileSync(logFile, 'utf8');
  const deadline = Date.now() + 20_000;
  while (!log().includes(`READY host ${ROLLOUT_HOST_URL}`)) {
    if (child.exitCode !== null) throw new Error(`serve.mjs exited ${child.exitCode}:\n${log()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`serve.mjs did not get ready:\n${log()}`);
    }
    await sleep(100);
  }
  return {
    log,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
