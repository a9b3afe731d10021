// The production builds as deployed, for the browser benchmarks: checks every app's dist/ exists and
// serves them with scripts/serve.mjs on a base port of the benchmark's own (host there, remotes +1…+5).
// Shared by bench:list and (once it imports them) bench:bundle, which has its own copy today.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** The registry of apps (apps.json): folder and port offset of the host and each remote. */
const REGISTRY = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'apps.json'), 'utf8'));
const OFFSETS = Object.fromEntries(
  [REGISTRY.host, ...Object.values(REGISTRY.remotes)].map(({ folder, portOffset }) => [folder, portOffset]),
);
export const APPS = Object.keys(OFFSETS);

/** http://127.0.0.1:<port> of `app` when the host is served on `basePort`. */
export const appOrigin = (basePort, app) => `http://127.0.0.1:${basePort + OFFSETS[app]}`;

/** The apps whose production build is missing (host: dist/index.html, remotes: dist/mf-manifest.json). */
export function missingBuilds() {
  return APPS.filter(
    (app) => !fs.existsSync(path.join(REPO_ROOT, app, 'dist', app === 'host' ? 'index.html' : 'mf-manifest.json')),
  );
}

/**
 * Starts `apps` (all by default) in one serve.mjs process, with `args` added to its command line;
 * resolves once each of them printed READY. The child is returned so the caller stops it (SIGTERM);
 * it is killed here when it does not get ready in 20 s. `ssrApiUrl`: the bench's own api, which the
 * server renders pages from (the pages' requests to the builds' api are redirected to it in the browser).
 */
export function startServers(basePort, { apps = APPS, args = [], ssrApiUrl } = {}) {
  const only = apps.length === APPS.length ? [] : ['--only', apps.join(',')];
  const ssr = ssrApiUrl ? ['--ssr-api-url', ssrApiUrl] : [];
  const child = spawn(process.execPath, ['scripts/serve.mjs', '--base-port', String(basePort), ...only, ...ssr, ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`serve.mjs not ready within 20 s:\n${output}`));
    }, 20_000);
    const onData = (chunk) => {
      output += chunk;
      if (apps.every((app) => output.includes(`READY ${app} `))) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve.mjs exited with ${code}:\n${output}`));
    });
  });
}

const COMPILE_COMMAND = 'pnpm --filter @prds/contracts run compile';
/** What the bench back end's devnet deploys from (api/bench/devnet.ts): git-ignored, absent on a fresh clone. */
const CONTRACT_ARTIFACTS = ['PRDS', 'DevUSDT', 'License', 'LicenseMarketplace', 'Claim', 'Markets', 'MarketsDisputes'].map(
  (name) => path.join(REPO_ROOT, 'contracts', 'artifacts', 'contracts', `${name}.sol`, `${name}.json`),
);

/**
 * Compiles the contracts when their artifacts are missing (a fresh clone), before the back end starts
 * (its start-up has a time limit a first compile would eat into). Throws a one-line message naming
 * the command to run when the compile fails.
 */
export function ensureContractArtifacts(log = console.log) {
  if (CONTRACT_ARTIFACTS.every((file) => fs.existsSync(file))) return;
  log(`the contracts are not compiled: compiling them first (${COMPILE_COMMAND}, about a minute)`);
  const pnpm = process.env.npm_execpath?.includes('pnpm') ? process.env.npm_execpath : null;
  const [command, args] =
    pnpm && /\.c?js$/.test(pnpm)
      ? [process.execPath, [pnpm, '--filter', '@prds/contracts', 'run', 'compile']]
      : ['pnpm', ['--filter', '@prds/contracts', 'run', 'compile']];
  const run = spawnSync(command, args, { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0 || !CONTRACT_ARTIFACTS.every((file) => fs.existsSync(file))) {
    throw new Error(`the contracts are not compiled: run \`${COMPILE_COMMAND}\` first, then this benchmark again`);
  }
}
