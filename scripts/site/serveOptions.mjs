// The site server's settings (scripts/serve.mjs): where the workspace is, the apps it serves (apps.json,
// the one list of remotes) and where each one's build is, its command line, and the origins the
// site's pages are on.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const HOSTNAME = '127.0.0.1';

// The host's remote table (container name → folder, port offset) is the one list of remotes.
const REGISTRY = JSON.parse(fs.readFileSync(path.join(ROOT, 'apps.json'), 'utf8'));
export const REMOTES = REGISTRY.remotes;
export const REMOTE_NAMES = Object.keys(REMOTES);

// The site's TypeScript modules (and the page's own, such as the rollout-manifest validator: no
// imports), compiled by the workspace's swc.
const require = createRequire(import.meta.url);
require(path.join(ROOT, 'contracts/scripts/swc-register.cjs'));
/** A module of the workspace by its path from the root (a .ts one compiled on the way), or a build's file. */
export const requireSource = (file) => require(path.isAbsolute(file) ? file : path.join(ROOT, file));

/** Where a releases folder keeps its rollout manifest. */
export const ROLLOUT_FILE = 'rollout.json';

/** name (= folder) → port offset and, for remotes, the container name the host's remotes.json uses. */
export const APPS = [
  { name: REGISTRY.host.folder, offset: REGISTRY.host.portOffset },
  ...Object.entries(REMOTES)
    .map(([container, { folder, portOffset }]) => ({ name: folder, offset: portOffset, container }))
    .sort((a, b) => a.offset - b.offset),
];

export function fail(message) {
  console.error(`serve: ${message}`);
  process.exit(2);
}

function originOf(url, flag) {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http(s)');
    return parsed.origin;
  } catch {
    return fail(`${flag}: not an http(s) URL: ${url}`);
  }
}

function wsOriginOf(url) {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'ws:' && parsed.protocol !== 'wss:') throw new Error('not ws(s)');
    return parsed.origin;
  } catch {
    return fail(`--walletconnect-relay: not a ws(s) URL: ${url}`);
  }
}

const list = (text) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function parseArgs(argv, env = process.env) {
  let basePort = REGISTRY.basePort;
  let only = APPS.map((app) => app.name);
  let apiUrl = env.PRDS_API_URL || 'http://127.0.0.1:8787';
  let rpcUrls = [env.PRDS_DEVNET_RPC_URL || 'http://127.0.0.1:8545'];
  let origins = [];
  let releasesDir = null;
  let hostDist = null;
  let ssr = env.PRDS_SSR !== '0';
  let ssrBudgetMs = Number(env.PRDS_SSR_BUDGET_MS || 150);
  let ssrCacheMs = Number(env.PRDS_SSR_CACHE_MS || 1000);
  let ssrApiUrl = env.PRDS_SSR_API_URL || null;
  let relayOrigins = [];
  let distRoot = null;
  let dev = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const [flag, inline] = arg.split('=', 2);
    const value = () => inline ?? argv[++i] ?? fail(`${flag} needs a value`);
    if (flag === '--base-port') {
      basePort = Number(value());
      if (!Number.isInteger(basePort) || basePort < 1 || basePort + 5 > 65535) fail('--base-port must be a port number');
    } else if (flag === '--only') {
      only = list(value());
      const unknown = only.filter((name) => !APPS.some((app) => app.name === name));
      if (unknown.length) fail(`unknown app(s) ${unknown.join(', ')}; known: ${APPS.map((a) => a.name).join(', ')}`);
    } else if (flag === '--api-url') {
      apiUrl = value();
    } else if (flag === '--rpc-url') {
      rpcUrls = list(value());
    } else if (flag === '--origins') {
      origins = list(value()).map((o) => originOf(o, '--origins'));
    } else if (flag === '--releases') {
      releasesDir = path.resolve(value());
      if (!fs.existsSync(path.join(releasesDir, ROLLOUT_FILE))) {
        fail(`--releases: ${releasesDir} has no ${ROLLOUT_FILE} (publish with pnpm release, then pnpm rollout canary|promote)`);
      }
    } else if (flag === '--host-dist') {
      // A host built elsewhere than host/dist (scripts/build-network.mjs: a network's production build).
      hostDist = path.resolve(value());
      if (!fs.existsSync(path.join(hostDist, 'index.html'))) fail(`--host-dist: ${hostDist} has no index.html`);
    } else if (flag === '--dist') {
      // Every app's build in DIR/<folder> (scripts/dev.mjs: builds for another api or chain), not <folder>/dist.
      distRoot = path.resolve(value());
    } else if (flag === '--dev') {
      dev = true;
      ssr = false;
    } else if (flag === '--no-ssr') {
      ssr = false;
    } else if (flag === '--ssr-budget-ms') {
      ssrBudgetMs = Number(value());
    } else if (flag === '--ssr-api-url') {
      // Where the server itself asks the api when rendering (an address inside the deployment);
      // the pages keep --api-url.
      ssrApiUrl = value();
    } else if (flag === '--walletconnect-relay') {
      // The WalletConnect relay the host build names (PRDS_WALLETCONNECT_RELAY_URL; WalletConnect's own is
      // wss://relay.walletconnect.org): the page's WebSocket to it must pass the CSP's connect-src.
      relayOrigins = list(value()).map((url) => wsOriginOf(url));
    } else if (flag === '--ssr-cache-ms') {
      ssrCacheMs = Number(value());
    } else if (flag === '--help' || flag === '-h') {
      console.log(
        'usage: node scripts/serve.mjs [--base-port 3000] [--only host,mfe-market,...] [--api-url URL] [--rpc-url URL,...] [--origins URL,...] [--walletconnect-relay wss://URL] [--releases DIR] [--host-dist DIR] [--dist DIR] [--dev] [--no-ssr] [--ssr-budget-ms 150] [--ssr-cache-ms 1000] [--ssr-api-url URL]',
      );
      process.exit(0);
    } else {
      fail(`unknown argument ${arg}`);
    }
  }
  if (!Number.isFinite(ssrBudgetMs) || ssrBudgetMs <= 0) fail('--ssr-budget-ms must be a positive number of ms');
  if (!Number.isFinite(ssrCacheMs) || ssrCacheMs < 0) fail('--ssr-cache-ms must be a number of ms (0: no render cache)');
  return {
    basePort,
    only,
    ssr,
    ssrBudgetMs,
    ssrCacheMs,
    apiOrigin: originOf(apiUrl, '--api-url'),
    ssrApiOrigin: ssrApiUrl === null ? originOf(apiUrl, '--api-url') : originOf(ssrApiUrl, '--ssr-api-url'),
    rpcOrigins: rpcUrls.map((u) => originOf(u, '--rpc-url')),
    extraOrigins: origins,
    relayOrigins,
    releasesDir,
    hostDist,
    distRoot,
    dev,
  };
}

/** Both names of a local port: the remotes manifest says 127.0.0.1, a person may type localhost. */
export const localOrigins = (port) => [`http://${HOSTNAME}:${port}`, `http://localhost:${port}`];

/** Where the site's pages are: the only origins a remote's chunks and manifest are shared with (CORS). */
export function siteOrigins({ basePort, extraOrigins = [] }) {
  return [...localOrigins(basePort), ...extraOrigins];
}

/** Where an app's build is: --host-dist for the host, else DIR/<folder> with --dist DIR, else <folder>/dist. */
export function appDist(app, options) {
  if (!app.container && options.hostDist) return options.hostDist;
  return options.distRoot ? path.join(options.distRoot, app.name) : path.join(ROOT, app.name, 'dist');
}
