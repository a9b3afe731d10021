#!/usr/bin/env node
// A team's dev loop (README "Develop a remote"): the whole site, with the named apps live.
//
//   pnpm dev <app>… [--api URL --rpc URL] [--base-port 3000] [--no-rebuild]
//
//   pnpm dev mfe-claim           the claim remote on webpack-dev-server with React Refresh, inside the site
//   pnpm dev host mfe-market     the shell and the market remote, both live
//
// 1. The back end: with --api/--rpc, that one (another devnet, the BSC testnet's); else the local one
//    on 127.0.0.1:8787 and :8545 if it answers (a running `npm start`), else it starts one
//    (scripts/stack.cjs: devnet, contracts, demo data, api on SQLite; stopped with this command).
// 2. The site from builds: the host's development build (it honours the `?remote-dev=` override and
//    hooks React Refresh in before react-dom loads) and every remote not named from its production
//    build, built first where missing or older than its sources. Builds for the local back end are
//    each app's dist/ (shared with `npm start` and the tests; the host's development build goes to
//    .run/dev/); builds for another back end bake its URLs, so they go to .run/dev/<back end>/.
//    --no-rebuild builds only what is missing (the e2e suite: the builds under test are served
//    beside it and must not be rebuilt underneath it).
// 3. The named apps on webpack-dev-server with React Refresh: a remote on base port + 100 + its
//    offset, loaded into the site by the loader's dev override (the printed URL sets it, the page
//    shows a badge naming it); the host, if named, on the base port itself.
//
// One line says where the site is and which apps are live. Ctrl-C stops everything it started.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOSTNAME = '127.0.0.1';
const LOCAL_API = `http://${HOSTNAME}:8787`;
const LOCAL_RPC = `http://${HOSTNAME}:8545`;
/** A named remote's dev server listens on base port + DEV_PORT_OFFSET + its offset. */
export const DEV_PORT_OFFSET = 100;
const DEV_DIR = path.join(ROOT, '.run', 'dev');

const REGISTRY = JSON.parse(fs.readFileSync(path.join(ROOT, 'apps.json'), 'utf8'));
const REMOTES = REGISTRY.remotes;
/** name (folder) → container and port offset; the host first. */
export const APPS = [
  { name: REGISTRY.host.folder, container: null, offset: REGISTRY.host.portOffset },
  ...Object.entries(REMOTES)
    .map(([container, { folder, portOffset }]) => ({ name: folder, container, offset: portOffset }))
    .sort((a, b) => a.offset - b.offset),
];

/** What a build of an app is made from: when any of it is newer than the build, the build is stale. */
const SHARED_SOURCES = ['apps.json', 'shared/src', 'shared/webpack', 'shared/package.json', 'locales', 'contracts/generated'];
const APP_SOURCES = ['src', 'public', 'webpack.config.cjs', 'package.json'];

/**
 * The chains a dev loop may point at, by chain id: the local devnet and BSC testnet. Mainnet is
 * refused: its pages refuse unpinned builds, and a dev loop has no business spending real funds.
 */
const CHAINS = {
  31337: { appEnv: 'devnet', rpcEnv: 'PRDS_DEVNET_RPC_URL', label: 'the local devnet' },
  97: { appEnv: 'testnet', rpcEnv: 'PRDS_BSC_TESTNET_RPC_URL', label: 'BSC testnet', deployment: true },
};

export class UsageError extends Error {}

const USAGE =
  'usage: pnpm dev <app>… [--api URL --rpc URL] [--base-port 3000] [--no-rebuild]\n' +
  `  apps: ${APPS.map((app) => app.name).join(', ')} (or a remote's container name, e.g. mfe_claim)`;

function httpUrl(text, flag) {
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`${flag}: not a URL: ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${flag}: not an http(s) URL: ${text}`);
  return url.href.replace(/\/+$/, '');
}

/** The command line: the apps to run live, the back end and the site's base port. */
export function parseArgs(argv) {
  const named = [];
  let api = null;
  let rpc = null;
  let basePort = REGISTRY.basePort;
  let rebuild = true;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const [flag, inline] = arg.split('=', 2);
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    if (flag === '--api') api = httpUrl(value(), '--api');
    else if (flag === '--rpc') rpc = httpUrl(value(), '--rpc');
    else if (flag === '--base-port') {
      basePort = Number(value());
      if (!Number.isInteger(basePort) || basePort < 1 || basePort + DEV_PORT_OFFSET + 5 > 65535) {
        throw new UsageError('--base-port must be a port number');
      }
    } else if (flag === '--no-rebuild') rebuild = false;
    else if (flag === '--help' || flag === '-h') throw new UsageError(USAGE);
    else if (flag.startsWith('-')) throw new UsageError(`unknown option ${flag}\n${USAGE}`);
    else {
      const app = APPS.find((a) => a.name === arg || a.container === arg);
      if (!app) throw new UsageError(`unknown app ${arg}\n${USAGE}`);
      if (!named.includes(app)) named.push(app);
    }
  }
  if (named.length === 0) throw new UsageError(`name the app(s) to develop\n${USAGE}`);
  if ((api === null) !== (rpc === null))
    throw new UsageError('--api and --rpc go together: the back end is an api and its chain');
  return { named, api, rpc, basePort, rebuild };
}

/** Where each app is served: a remote on dev servers at base + 100 + offset, the host live on the base port. */
export function devPort(app, basePort) {
  return app.container ? basePort + DEV_PORT_OFFSET + app.offset : basePort;
}

/** The site's URL, with the loader's dev override for every live remote. */
export function siteUrl(named, basePort) {
  const live = named.filter((app) => app.container);
  const query = live.map((app) => `${app.container}@http://${HOSTNAME}:${devPort(app, basePort)}/mf-manifest.json`);
  return `http://${HOSTNAME}:${basePort}/${query.length ? `?remote-dev=${query.join(',')}` : ''}`;
}

// ------------------------------------------------------------------ the back end

async function post(url, body, timeoutMs = 3000) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: response.status, body: await response.json() };
}

/** The chain id the RPC answers, or null when it does not. */
async function chainIdOf(rpc) {
  try {
    const { body } = await post(rpc, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] });
    return typeof body.result === 'string' ? Number(BigInt(body.result)) : null;
  } catch {
    return null;
  }
}

/** Whether the api answers a market list. */
async function apiAnswers(api) {
  try {
    const { body } = await post(`${api}/api/markets`, { page: 1, pageSize: 1 });
    return body?.code === 0;
  } catch {
    return false;
  }
}

function siteOrigins(basePort) {
  const ports = APPS.flatMap((app) => [basePort + app.offset, ...(app.container ? [devPort(app, basePort)] : [])]);
  return ports.flatMap((port) => [`http://${HOSTNAME}:${port}`, `http://localhost:${port}`]);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

/** Waits until `ready(log)` answers, or the child stops or `failed` matches (an error with the log's end). */
async function waitForLog(child, logFile, ready, failed, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
    const match = ready(text);
    if (match) return match;
    if ((failed && failed.test(text)) || child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`${path.relative(ROOT, logFile)} says:\n${text.split('\n').slice(-25).join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The back end to use: the one given, the local one if it answers, else a new local one (started
 * here, `stop` ends it).
 */
async function backEnd(options, children) {
  if (options.api !== null) {
    const [answers, chainId] = await Promise.all([apiAnswers(options.api), chainIdOf(options.rpc)]);
    if (!answers) throw new UsageError(`--api ${options.api} does not answer POST /api/markets`);
    if (chainId === null) throw new UsageError(`--rpc ${options.rpc} does not answer eth_chainId`);
    return { api: options.api, rpc: options.rpc, chainId, started: false };
  }
  const [answers, chainId] = await Promise.all([apiAnswers(LOCAL_API), chainIdOf(LOCAL_RPC)]);
  if (answers && chainId !== null) {
    if (options.basePort !== REGISTRY.basePort) {
      console.log(
        `   note: a back end started elsewhere allows the pages of its own site's origins; on --base-port ${options.basePort} its CORS may refuse them`,
      );
    }
    return { api: LOCAL_API, rpc: LOCAL_RPC, chainId, started: false };
  }
  if (answers || chainId !== null) {
    throw new UsageError(
      `${answers ? LOCAL_API : LOCAL_RPC} answers but ${answers ? LOCAL_RPC : LOCAL_API} does not: stop what holds the port, or pass --api and --rpc`,
    );
  }
  console.log('== no back end answers on 127.0.0.1:8787/8545: starting one (devnet, contracts, demo data, api on SQLite)');
  run('pnpm', ['--filter', '@prds/contracts', 'run', 'compile'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const runDir = path.join(DEV_DIR, 'stack');
  fs.mkdirSync(runDir, { recursive: true });
  spawnSync(process.execPath, ['scripts/stack.cjs', 'stop', '--run-dir', runDir], { cwd: ROOT, stdio: 'ignore' });
  const log = path.join(runDir, 'stack.log');
  const out = fs.openSync(log, 'w');
  const stack = spawn(
    process.execPath,
    ['scripts/stack.cjs', '--run-dir', runDir, '--cors-origins', siteOrigins(options.basePort).join(',')],
    { cwd: ROOT, stdio: ['ignore', out, out], detached: true },
  );
  children.push({ name: 'back end', child: stack });
  const [, api, rpc] = await waitForLog(stack, log, (text) => /^STACK READY (\S+) (\S+)/m.exec(text), /^STACK FAILED/m, 300_000);
  return { api, rpc, chainId: 31337, started: true };
}

// ------------------------------------------------------------------ builds

function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** The file whose time stamps a build of the app: its manifest (remotes) or page (host). */
const buildMarker = (app, out) => path.join(out, app.container ? 'mf-manifest.json' : 'index.html');

/**
 * Why an app's build in `out` must be made (again), or null when it is there and newer than its
 * sources (or just there, without `rebuild`).
 */
export function buildStaleness(app, out, rebuild = true) {
  const marker = buildMarker(app, out);
  if (!fs.existsSync(marker)) return 'no build yet';
  if (!rebuild) return null;
  const sources = [...APP_SOURCES.map((s) => path.join(ROOT, app.name, s)), ...SHARED_SOURCES.map((s) => path.join(ROOT, s))];
  const newest = Math.max(...sources.map(newestMtime));
  return newest > fs.statSync(marker).mtimeMs ? 'its sources changed since' : null;
}

/** The environment every build and dev server of this run gets: the back end's URLs and chain. */
function buildEnv(back, generatedDir) {
  const chain = CHAINS[back.chainId];
  return {
    ...process.env,
    PRDS_ENV: chain.appEnv,
    PRDS_API_URL: back.api,
    [chain.rpcEnv]: back.rpc,
    ...(generatedDir ? { PRDS_CONTRACTS_GENERATED_DIR: generatedDir } : {}),
  };
}

/** Runs the builds two at a time (the machine's cores), each with its output in the log on failure. */
async function runBuilds(builds) {
  const queue = [...builds];
  const worker = async () => {
    for (let build = queue.shift(); build; build = queue.shift()) {
      const started = Date.now();
      console.log(`== building ${build.app.name} (${build.mode}; ${build.reason})`);
      const log = path.join(DEV_DIR, `build-${build.app.name}.log`);
      const out = fs.openSync(log, 'w');
      const child = spawn('pnpm', ['exec', 'webpack', '--mode', build.mode], {
        cwd: path.join(ROOT, build.app.name),
        env: { ...build.env, ...(build.outDir ? { PRDS_OUTPUT_DIR: build.outDir } : {}) },
        stdio: ['ignore', out, out],
      });
      const code = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
      fs.closeSync(out);
      if (code !== 0)
        throw new Error(
          `the build of ${build.app.name} failed; ${path.relative(ROOT, log)}:\n${fs.readFileSync(log, 'utf8').slice(-3000)}`,
        );
      // webpack leaves a file it would write unchanged as it was: stamp the build as made now.
      const now = new Date();
      fs.utimesSync(buildMarker(build.app, build.outDir ?? path.join(ROOT, build.app.name, 'dist')), now, now);
      console.log(`   ${build.app.name} built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
  };
  await Promise.all([worker(), worker()]);
}

// ------------------------------------------------------------------ the run

function prefixLines(name, stream) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      // webpack-dev-server is chatty: keep what a person acts on (each compile's outcome, errors).
      if (/compiled|error|warning|failed/i.test(line) && !/DeprecationWarning|trace-deprecation/.test(line)) {
        console.log(`[${name}] ${line.trim()}`);
      }
    }
  });
}

async function waitForUrl(url, child, what, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not yet
    }
    if (child.exitCode !== null) throw new Error(`${what} stopped (exit ${child.exitCode}); see its log above`);
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

async function main() {
  const T0 = Date.now();
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  fs.mkdirSync(DEV_DIR, { recursive: true });
  const children = [];
  let stopping = false;
  const stop = (code) => {
    if (stopping) return;
    stopping = true;
    for (const { child } of children.reverse()) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
    }
    // The back end stops its devnet and api on SIGTERM; give it a moment before leaving.
    setTimeout(() => process.exit(code), 1500);
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));

  try {
    const back = await backEnd(options, children);
    const chain = CHAINS[back.chainId];
    if (!chain) {
      throw new UsageError(
        `${back.rpc} is chain ${back.chainId}: pnpm dev points the site at the local devnet (31337) or BSC testnet (97)`,
      );
    }
    const local = back.api === LOCAL_API && back.rpc === LOCAL_RPC && back.chainId === 31337;
    // Builds for another back end bake its URLs: they live apart from the apps' own dist/.
    const key = local
      ? null
      : crypto.createHash('sha256').update(`${back.api}|${back.rpc}|${back.chainId}`).digest('hex').slice(0, 10);
    const buildsDir = key ? path.join(DEV_DIR, key) : null;
    let generatedDir = null;
    if (chain.deployment) {
      // The contract registry with the chain's deployment (as scripts/build-network.mjs makes it).
      generatedDir = path.join(buildsDir, 'contracts-generated');
      run(process.execPath, ['-r', './scripts/swc-register.cjs', 'scripts/generate.ts', '--out', generatedDir], {
        cwd: path.join(ROOT, 'contracts'),
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const chains = fs.readFileSync(path.join(generatedDir, 'chains.ts'), 'utf8');
      const deployed = JSON.parse(/DEPLOYED_CHAIN_IDS: readonly number\[\] = (\[[^\]]*\])/.exec(chains)?.[1] ?? '[]');
      if (!deployed.includes(back.chainId)) {
        throw new UsageError(
          `the protocol has no deployment on chain ${back.chainId} in contracts/deployments/ (README "Deploying to BSC")`,
        );
      }
    }
    const env = buildEnv(back, generatedDir);

    const liveHost = options.named.some((app) => !app.container);
    const hostOut = path.join(buildsDir ?? DEV_DIR, 'host');
    const remoteOut = (app) => (buildsDir ? path.join(buildsDir, app.name) : path.join(ROOT, app.name, 'dist'));
    const builds = [];
    if (!liveHost) {
      const reason = buildStaleness(APPS[0], hostOut, options.rebuild);
      if (reason) builds.push({ app: APPS[0], mode: 'development', outDir: hostOut, env, reason });
    }
    for (const app of APPS.filter((a) => a.container && !options.named.includes(a))) {
      const reason = buildStaleness(app, remoteOut(app), options.rebuild);
      if (reason) builds.push({ app, mode: 'production', outDir: buildsDir ? remoteOut(app) : null, env, reason });
    }
    await runBuilds(builds);

    // The named apps, live.
    for (const app of options.named) {
      const port = devPort(app, options.basePort);
      const child = spawn('pnpm', ['exec', 'webpack', 'serve', '--mode', 'development'], {
        cwd: path.join(ROOT, app.name),
        env: { ...env, PRDS_DEV_SERVER_PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      prefixLines(app.name, child.stdout);
      prefixLines(app.name, child.stderr);
      children.push({ name: app.name, child });
    }

    // The rest of the site, from its builds: the host's development build unless the host is live,
    // each remote not named, and a named remote's own build where it has one (the badge's way back).
    const served = APPS.filter((app) =>
      app.container ? fs.existsSync(path.join(remoteOut(app), 'mf-manifest.json')) : !liveHost,
    );
    const serveLog = path.join(DEV_DIR, 'serve.log');
    const serveOut = fs.openSync(serveLog, 'w');
    const serve = spawn(
      process.execPath,
      [
        'scripts/serve.mjs',
        '--dev',
        '--base-port',
        String(options.basePort),
        '--only',
        served.map((app) => app.name).join(','),
        '--api-url',
        back.api,
        '--rpc-url',
        back.rpc,
        ...(liveHost ? [] : ['--host-dist', hostOut]),
        ...(buildsDir ? ['--dist', buildsDir] : []),
      ],
      { cwd: ROOT, stdio: ['ignore', serveOut, serveOut], detached: true },
    );
    children.push({ name: 'site', child: serve });
    await waitForLog(serve, serveLog, (text) => (text.match(/^READY /gm) ?? []).length >= served.length, null, 30_000);

    for (const app of options.named) {
      const port = devPort(app, options.basePort);
      const child = children.find((c) => c.name === app.name).child;
      await waitForUrl(
        `http://${HOSTNAME}:${port}/${app.container ? 'mf-manifest.json' : ''}`,
        child,
        `${app.name}'s dev server`,
        300_000,
      );
    }

    const live = options.named.map((app) => `${app.container ?? 'host'} (http://${HOSTNAME}:${devPort(app, options.basePort)})`);
    const fromBuilds = served
      .filter((app) => !options.named.includes(app))
      .map((app) => app.container ?? 'host (development build)');
    console.log(
      `PRDS dev: ${siteUrl(options.named, options.basePort)} · live with React Refresh: ${live.join(', ')} · from builds: ${fromBuilds.join(', ') || 'none'} · ` +
        `api ${back.api}, chain ${back.chainId} at ${back.rpc}${back.started ? ' (started here)' : ''} · ready in ${((Date.now() - T0) / 1000).toFixed(0)} s; Ctrl-C stops it`,
    );
    // Runs until Ctrl-C or until a part stops by itself.
    await Promise.race(
      children.map(
        ({ name, child }) =>
          new Promise((resolve) =>
            child.on('exit', (code) => {
              if (!stopping) console.error(`${name} stopped (exit ${code ?? 'signal'})`);
              resolve(undefined);
            }),
          ),
      ),
    );
    stop(1);
  } catch (error) {
    console.error(
      error instanceof UsageError ? error.message : `pnpm dev: ${error instanceof Error ? error.message : String(error)}`,
    );
    stop(error instanceof UsageError ? 2 : 1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
