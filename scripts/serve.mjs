#!/usr/bin/env node
// Serves the production builds (each app's dist/) on 127.0.0.1, one Fastify server per app with
// @fastify/static (a maintained static server: a malformed path is a 400 for that request, never a
// crash of the process).
//
//   node scripts/serve.mjs [--base-port 3000] [--only host,mfe-market,...] [--api-url URL] [--rpc-url URL[,URL]]
//                          [--origins https://site.example,...] [--releases DIR] [--host-dist DIR] [--dist DIR] [--dev]
//
// host on the base port, mfe-market +1, mfe-issue +2, mfe-license +3, mfe-portfolio +4, mfe-claim +5.
// The host gets history fallback and /remotes.json, the rollout manifest (host/src/federation/rollout):
// without --releases, one generated for the base port from each remote's dist/ (one unversioned
// version each), so one host build runs on any ports; with --releases DIR (what `pnpm release` and
// `pnpm rollout` write), DIR/rollout.json, validated on every change — a bad one is refused with its
// reason in the log and the last good one kept — and DIR's published releases under /releases/
// (<container>/<version>/ folders, cached for a year, immutable; every path to the manifest answered
// validated and never cached; lock, temporary and staging files never served). Remotes get CORS for the site's origins
// only (and history fallback for their standalone dev harness). One process serves the --only list,
// so a test can stop one remote and start it again. Prints `READY <name> http://127.0.0.1:<port>` per
// app once it listens.
// Text answers go out compressed (brotli or gzip, as the browser accepts), as a CDN would send them.
//
// Every answer carries the site's security headers (sitePolicy below), the bare error answers to
// requests Node cannot parse (431, 400, 408: scripts/site/clientError.ts) included: a Content-Security-Policy
// whose script sources are exactly the host's origin ('self') and the origins the rollout manifest
// loads remotes from (no inline script, no eval), no framing (frame-ancestors 'none',
// X-Frame-Options DENY), nosniff and no referrer. The api and chain the builds call (PRDS_API_URL,
// PRDS_DEVNET_RPC_URL, as at build time) and the manifest's origins are the only other origins the
// pages may connect to.
//
// --dev is a team's dev loop (scripts/dev.mjs, README "Develop a remote"): the site of a development
// host build, whose pages may load a remote from a dev server on this machine (the loader's
// `?remote-dev=` override): its CSP also allows scripts and connections (hot updates' WebSocket
// included) from any loopback port and eval (development builds' source maps), and pages are rendered
// in the browser (no server render). Without --dev the policy is the production one above.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOSTNAME = '127.0.0.1';

// The host's remote table (container name → folder, port offset) is the one list of remotes.
const REGISTRY = JSON.parse(fs.readFileSync(path.join(ROOT, 'apps.json'), 'utf8'));
const REMOTES = REGISTRY.remotes;
const REMOTE_NAMES = Object.keys(REMOTES);

// The page's own rollout-manifest validator (TypeScript, no imports), compiled by the workspace's swc.
const require = createRequire(import.meta.url);
require(path.join(ROOT, 'contracts/scripts/swc-register.cjs'));
/** @type {typeof import('../host/src/federation/rollout/rolloutManifest')} */
const rollout = require(path.join(ROOT, 'host/src/federation/rollout/rolloutManifest.ts'));
/** @type {typeof import('./site/releasePaths')} */
const releasePaths = require(path.join(ROOT, 'scripts/site/releasePaths.ts'));
/** @type {typeof import('./site/clientError')} */
const { siteClientErrorHandler } = require(path.join(ROOT, 'scripts/site/clientError.ts'));
/** @type {typeof import('./site/pageAnswer')} */
const pageAnswer = require(path.join(ROOT, 'scripts/site/pageAnswer.ts'));
/** @type {typeof import('./site/marketPreview')} */
const { createMarketPreviews } = require(path.join(ROOT, 'scripts/site/marketPreview.ts'));
/** @type {typeof import('./site/serverRender')} */
const serverRender = require(path.join(ROOT, 'scripts/site/serverRender.ts'));
/** @type {typeof import('./site/pageRoute')} */
const pageRoute = require(path.join(ROOT, 'scripts/site/pageRoute.ts'));
/** @type {typeof import('./site/localManifest')} */
const { localManifest, packageVersion } = require(path.join(ROOT, 'scripts/site/localManifest.ts'));
/** Where a releases folder keeps its rollout manifest. */
export const ROLLOUT_FILE = 'rollout.json';

/** name (= folder) → port offset and, for remotes, the container name the host's remotes.json uses. */
export const APPS = [
  { name: REGISTRY.host.folder, offset: REGISTRY.host.portOffset },
  ...Object.entries(REMOTES)
    .map(([container, { folder, portOffset }]) => ({ name: folder, offset: portOffset, container }))
    .sort((a, b) => a.offset - b.offset),
];

function fail(message) {
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
const localOrigins = (port) => [`http://${HOSTNAME}:${port}`, `http://localhost:${port}`];

/**
 * The rollout manifest the host answers at /remotes.json: the releases folder's rollout.json, read
 * again whenever it changes and validated with the page's own validator. A manifest that does not
 * validate is refused — its reason goes to the log — and the last good one stays in force.
 */
export function createManifestSource({ basePort, releasesDir }, log = (line) => console.error(line)) {
  if (!releasesDir) {
    const manifest = localManifest(basePort, HOSTNAME);
    const parsed = rollout.parseRolloutManifest(manifest, { remoteNames: REMOTE_NAMES, base: `http://${HOSTNAME}:${basePort}/` });
    if (!parsed.ok) throw new Error(`serve: the generated rollout manifest is invalid: ${parsed.reason}`);
    const json = JSON.stringify(manifest);
    return { current: () => ({ json, manifest: parsed.manifest }) };
  }
  const file = path.join(releasesDir, ROLLOUT_FILE);
  let good = null;
  let seen = null;
  const current = () => {
    let stat;
    try {
      stat = fs.statSync(file);
    } catch {
      return good;
    }
    const stamp = `${stat.mtimeMs}:${stat.size}`;
    if (stamp === seen) return good;
    seen = stamp;
    const text = fs.readFileSync(file, 'utf8');
    let raw;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      log(`serve: ${file} refused: not JSON (${error.message}); serving the last good rollout manifest`);
      return good;
    }
    const parsed = rollout.parseRolloutManifest(raw, {
      remoteNames: REMOTE_NAMES,
      base: `http://${HOSTNAME}:${basePort}/remotes.json`,
    });
    if (!parsed.ok) {
      log(`serve: ${file} refused: ${parsed.reason}; serving the last good rollout manifest`);
      return good;
    }
    good = { json: text, manifest: parsed.manifest };
    return good;
  };
  if (!current()) throw new Error(`${file} is not a valid rollout manifest (see above)`);
  return { current };
}

/**
 * The host's page answers (scripts/site/pageAnswer.ts): the host's index.html, read again when it
 * changes, with the visitor's releases chosen and put in as a JSON block, Link headers and a 103
 * Early Hints for what the page loads first, and link-preview tags for market pages (a market the
 * api does not have is a 404). Anything that goes wrong here sends the page as built: the browser
 * then fetches /remotes.json itself.
 */
/**
 * The server render of pages (issue 26): the host's render (dist/server/render.js) with the route's
 * release as the rollout chose it for this visitor, within a time budget, kept in a short render
 * cache. Null when the host build has no server render or --no-ssr. Anything that fails answers a
 * state that names the release that failed: the page then renders itself and reports it (kind ssr).
 */
/** Pages rendered once at start (scripts/serve.mjs warm-up): home, the market list, a market. */
const WARM_PAGES = ['/', '/market', '/detail/1'];

function createServerRenders({ hostDir, options, pageOrigin, manifests }) {
  const renderFile = path.join(hostDir, 'server/render.js');
  if (!options.ssr) return null;
  if (!fs.existsSync(renderFile)) {
    console.error(`serve: ${renderFile} is missing (an older host build): pages are rendered in the browser`);
    return null;
  }
  const render = require(renderFile);
  const source = {
    pageOrigin,
    releasesDir: options.releasesDir,
    localDists: Object.fromEntries(
      APPS.filter((app) => app.container).map((app) => [
        `http://${HOSTNAME}:${options.basePort + app.offset}`,
        appDist(app, options),
      ]),
    ),
  };
  const cache = options.ssrCacheMs > 0 ? new serverRender.RenderCache(options.ssrCacheMs, 500) : null;
  const inflight = new Map();
  let failures = 0;
  /** A remote's stable release and its server container's file, or null. */
  const stableRelease = (remote) => {
    const entry = manifests.current().manifest.remotes[remote];
    const release = entry?.versions[entry.stable];
    const file = release ? serverRender.serverEntryFile(remote, { version: entry.stable, url: release.url }, source) : null;
    return file ? { remote, version: entry.stable, serverEntry: file } : null;
  };
  // Each stable release's container, its messages and every language's, loaded now rather than in
  // the first visitors' time budget; then the pages people land on, rendered once each (10 s at
  // most), so their lazy page chunks and the api's first answers are warm too. What they render is
  // not kept.
  const warming = render
    .warmUp(Object.keys(manifests.current().manifest.remotes).map(stableRelease).filter(Boolean))
    .then(() =>
      Promise.allSettled(
        WARM_PAGES.map((url) => {
          const remote = pageRoute.remoteOfPath(url);
          return render.renderPage({
            url,
            ...serverRender.visitorOf({}),
            apiOrigin: options.ssrApiOrigin,
            release: remote === null ? null : stableRelease(remote),
            signal: AbortSignal.timeout(10_000),
          });
        }),
      ),
    )
    .catch((error) => console.error(`serve: warming the server render failed: ${error?.message ?? error}`));

  return async function renderRoute({ pathname, search, headers, releases }) {
    // Until the warm-up is done, a render waits for it rather than load the same chunks beside it.
    await warming;
    const visitor = serverRender.visitorOf(headers);
    const remote = pageRoute.remoteOfPath(pathname);
    const chosen = remote === null ? null : (releases[remote] ?? null);
    // A remote route with no release this visitor may load: the page shows the remote's fallback itself.
    if (remote !== null && chosen === null) return null;
    // A remote whose first screen depends on the browser (remotes.json `serverRender: "shell"`: the
    // issue form's draft and clock) is sent as the shell with its loading state; the page renders it.
    if (remote !== null && REMOTES[remote]?.serverRender === 'shell') {
      return renderShell({ pathname, search, headers });
    }
    const named = chosen === null ? null : { name: remote, version: chosen.version };
    const failed = (stage) => ({ state: { rendered: false, remote: named, stage }, rootHtml: '', visitor });
    const entry = chosen === null ? null : serverRender.serverEntryFile(remote, chosen, source);
    if (chosen !== null && entry === null) return failed('container');
    const url = `${pathname}${search}`;
    const key = serverRender.RenderCache.key({ release: named ? `${named.name}@${named.version}` : null, url, visitor });
    const cached = cache?.get(key);
    if (cached) return cached;
    // Requests for the same page that arrive while it renders share that render.
    const running = inflight.get(key);
    if (running) return running;
    const rendering = renderOnce(key, url, visitor, remote, chosen, entry, failed);
    inflight.set(key, rendering);
    try {
      return await rendering;
    } finally {
      inflight.delete(key);
    }
  };

  /** The shell alone (the route's remote rendered by the page), cached like any render. */
  async function renderShell({ pathname, search, headers }) {
    const visitor = serverRender.visitorOf(headers);
    const url = `${pathname}${search}`;
    const key = serverRender.RenderCache.key({ release: 'shell', url, visitor });
    const cached = cache?.get(key);
    if (cached) return cached;
    const failed = (stage) => ({ state: { rendered: false, remote: null, stage }, rootHtml: '', visitor });
    return renderOnce(key, url, visitor, null, null, null, failed);
  }

  async function renderOnce(key, url, visitor, remote, chosen, entry, failed) {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error(`past the ${options.ssrBudgetMs} ms budget`)), options.ssrBudgetMs);
    try {
      const page = await render.renderPage({
        url,
        ...visitor,
        apiOrigin: options.ssrApiOrigin,
        release: chosen === null ? null : { remote, version: chosen.version, serverEntry: entry },
        signal: abort.signal,
      });
      const result = { state: page.state, rootHtml: page.html, visitor, stateJson: render.ssrStateJson(page.state) };
      cache?.set(key, result);
      return result;
    } catch (error) {
      if (failures++ < 20) console.error(`serve: ${url.slice(0, 200)} rendered in the browser: ${error?.message ?? error}`);
      return failed(error?.stage ?? 'render');
    } finally {
      clearTimeout(timer);
    }
  }
}

function createPageAnswers({ indexFile, manifests, options, headersNow }) {
  const pageOrigin = `http://${HOSTNAME}:${options.basePort}`;
  const renderRoute = createServerRenders({ hostDir: path.dirname(indexFile), options, pageOrigin, manifests });
  const pageVersions = { host: packageVersion('host'), shared: packageVersion('shared') };
  const previews = createMarketPreviews({ apiOrigin: options.ssrApiOrigin });
  // Node loads its fetch (undici) on the first call, ~150–300 ms here: more than a preview's whole
  // budget, so the first market page after a start would go without. Load it now.
  void fetch('data:,').catch(() => undefined);
  const previewWords = pageAnswer.previewWordsReader(path.join(ROOT, 'locales'));
  const known = new Set(siteOrigins(options));
  let page = { stamp: null, html: '' };
  let raw = { manifest: null, value: null };
  const html = () => {
    const stat = fs.statSync(indexFile);
    const stamp = `${stat.mtimeMs}:${stat.size}`;
    if (stamp !== page.stamp) page = { stamp, html: fs.readFileSync(indexFile, 'utf8') };
    return page.html;
  };
  let failures = 0;

  return async function answerPage(request, reply) {
    const [pathname = '/', query = ''] = request.url.split(/\?(.*)/s);
    const secure = request.protocol === 'https' || /^https\b/i.test(String(request.headers['x-forwarded-proto'] ?? ''));
    let plan;
    let site;
    try {
      const { manifest, json } = manifests.current();
      if (raw.manifest !== manifest) raw = { manifest, value: JSON.parse(json) };
      site = {
        html: html(),
        manifest,
        rawManifest: raw.value,
        pageVersions,
        pageOrigin,
        apiOrigin: options.apiOrigin,
        mintInstallId: () => crypto.randomUUID(),
        now: () => Date.now(),
      };
      plan = pageAnswer.planPage(
        { pathname, search: query ? `?${query}` : '', cookieHeader: request.headers.cookie, secure },
        site,
      );
      // --dev: the page may load the route's remote from a dev server (its `?remote-dev=` override,
      // kept in the browser): preloading the release the server would choose fetches what it may not use.
      if (options.dev)
        plan = { ...plan, links: plan.links.filter((link) => !/rel=preload/.test(link) || link.startsWith(`<${pageOrigin}/`)) };
    } catch (error) {
      if (failures++ < 5) console.error(`serve: host page ${pathname.slice(0, 200)} sent as built: ${error?.stack ?? error}`);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    // The page differs per visitor (its releases, the cookie): no shared cache may keep it.
    void reply
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Cookie')
      .header('set-cookie', plan.setCookie)
      .header('link', plan.links.join(', '));
    // Never to an HTTP/1.0 client, which must not get a 1xx answer (RFC 9110 §15.2).
    if (request.method === 'GET' && plan.links.length > 0 && request.raw.httpVersion !== '1.0') {
      // Before the api is asked for a preview: the browser starts on the host's files meanwhile.
      reply.writeEarlyHints({ link: plan.links, ...headersNow() });
    }
    // The route's server render and a market page's preview, side by side (both ask the api).
    const rendering =
      renderRoute === null
        ? Promise.resolve(null)
        : renderRoute({ pathname, search: query ? `?${query}` : '', headers: request.headers, releases: plan.releases });
    let preview = null;
    if (plan.marketId !== null) {
      const host = `${secure ? 'https' : 'http'}://${request.headers.host ?? ''}`;
      const origin = options.extraOrigins[0] ?? (known.has(host) ? host : pageOrigin);
      preview = {
        lookup: await previews.lookup(plan.marketId),
        url: `${origin}${pathname}`,
        words: previewWords(request.headers['accept-language']),
      };
    }
    const rendered = await rendering;
    let answer;
    try {
      answer = pageAnswer.renderPage(site, plan, preview);
      if (rendered !== null) answer = { ...answer, html: serverRender.withServerRender(answer.html, rendered) };
      if (!pageRoute.isPagePath(pathname)) answer = { ...answer, status: 404 };
    } catch (error) {
      if (failures++ < 5) console.error(`serve: host page ${pathname.slice(0, 200)} sent as built: ${error?.stack ?? error}`);
      return reply.sendFile('index.html');
    }
    if (renderRoute !== null) {
      // The HTML follows the language and the color-scheme hint; the hint is asked for from now on.
      void reply
        .header('vary', 'Cookie, Accept-Language, Sec-CH-Prefers-Color-Scheme')
        .header('accept-ch', 'Sec-CH-Prefers-Color-Scheme');
    }
    return reply.code(answer.status).type('text/html; charset=utf-8').send(answer.html);
  };
}

/** Where the site's pages are: the only origins a remote's chunks and manifest are shared with (CORS). */
export function siteOrigins({ basePort, extraOrigins = [] }) {
  return [...localOrigins(basePort), ...extraOrigins];
}

/**
 * True when a page has an inline <script> that would run (the CSP allows none: it would not). A
 * data block (`type="application/json"`, as the server puts the rollout into pages) is not script:
 * the browser never runs it, and the CSP does not apply to it.
 */
export function hasInlineScript(html) {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/gi)].some(
    (m) => !/\stype\s*=\s*(["']?)application\/json\1(?=[\s>]|$)/i.test(m[1] ?? '') && (m[2] ?? '').trim() !== '',
  );
}

/**
 * The site's Content-Security-Policy, one directive list for every app. Scripts: exactly the host's
 * origin ('self') and the origins the rollout manifest loads remotes from — no inline script, no
 * eval (the host page has no inline script; the federation runtime needs no eval for releases with
 * a plain publicPath).
 */
export function sitePolicy({ apiOrigin, rpcOrigins, remoteOrigins = [], relayOrigins = [], dev = false }) {
  // --dev: remotes from dev servers on this machine (any port), their hot updates' sockets, eval source maps.
  const devScripts = dev ? ['http://127.0.0.1:*', 'http://localhost:*', "'unsafe-eval'"] : [];
  const devConnects = dev ? ['http://127.0.0.1:*', 'http://localhost:*', 'ws://127.0.0.1:*', 'ws://localhost:*'] : [];
  const scriptSources = ["'self'", ...remoteOrigins, ...devScripts];
  const directives = {
    'default-src': ["'self'"],
    'script-src': scriptSources,
    // emotion writes <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for the inline favicon; evidence images come from the api.
    'img-src': ["'self'", 'data:', 'blob:', apiOrigin],
    'font-src': ["'self'", 'data:'],
    // The runtime fetches each release's mf-manifest.json; the page calls the api and the chain, and
    // WalletConnect's relay where the build offers it.
    'connect-src': ["'self'", apiOrigin, ...rpcOrigins, ...remoteOrigins, ...relayOrigins, ...devConnects],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/** Sent with every answer of every app. */
function securityHeaders(policy) {
  return {
    'content-security-policy': policy,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}

// Hashed chunks never change; entry files, manifests and pages must be revalidated so a redeployed
// or restarted remote is picked up on the next load.
const HASHED_CHUNK = /\.[0-9a-f]{8}\.js$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
function cacheControlFor(file) {
  return HASHED_CHUNK.test(file) ? IMMUTABLE : 'no-cache';
}

/**
 * One app's server. Exported for tests: `options` is parseArgs' result. The server is not
 * listening; listen with `app.listen({ host, port })`.
 */
/** Where an app's build is: --host-dist for the host, else DIR/<folder> with --dist DIR, else <folder>/dist. */
function appDist(app, options) {
  if (!app.container && options.hostDist) return options.hostDist;
  return options.distRoot ? path.join(options.distRoot, app.name) : path.join(ROOT, app.name, 'dist');
}

export async function createAppServer(app, options) {
  const dist = appDist(app, options);
  if (!fs.existsSync(path.join(dist, app.container ? 'mf-manifest.json' : 'index.html'))) {
    throw new Error(`${app.name} has no build in ${dist}; run its build first (pnpm run build)`);
  }
  const isHost = !app.container;
  // Remotes built with their standalone harness get the same history fallback as the host.
  const indexFile = path.join(dist, 'index.html');
  if (isHost && hasInlineScript(fs.readFileSync(indexFile, 'utf8'))) {
    console.error(`serve: ${indexFile} has an inline <script>; the site's CSP allows none, so it will not run`);
  }
  const manifests = options.manifests ?? createManifestSource(options);

  // The policy follows the rollout manifest: a canary on a new origin is allowed from the next load.
  let cached = { manifest: null, headers: null };
  const headersNow = () => {
    const { manifest } = manifests.current();
    if (manifest !== cached.manifest) {
      const remoteOrigins = rollout.manifestOrigins(manifest);
      cached = { manifest, headers: securityHeaders(sitePolicy({ ...options, remoteOrigins })) };
    }
    return cached.headers;
  };

  const releasesPrefix = releasePaths.RELEASES_PREFIX;
  const manifestPath = `${releasesPrefix}${ROLLOUT_FILE}`;
  const server = Fastify({
    logger: false,
    // Every path that reaches the releases folder's manifest (`/releases//rollout.json`,
    // `/releases/./rollout.json`, `/releases/x/../rollout.json`, an escaped letter) is answered by
    // the validated, never cached route, not read from disk by the static files below.
    ...(isHost && options.releasesDir
      ? {
          rewriteUrl: (request) =>
            releasePaths.releaseFileOf(request.url ?? '') === ROLLOUT_FILE ? manifestPath : (request.url ?? '/'),
        }
      : {}),
    // Slow or idle clients are dropped: headers within 5 s, a whole request within 10 s, idle
    // connections after 10 s; keep-alive 1 s so a stopped remote does not look up to the browser.
    serverFactory: (handler) => {
      const raw = http.createServer(
        { headersTimeout: 5_000, requestTimeout: 10_000, connectionsCheckingInterval: 1_000 },
        handler,
      );
      raw.keepAliveTimeout = 1_000;
      raw.setTimeout(10_000);
      return raw;
    },
    // A path that cannot be decoded (`/%`, `/%E0%A4%A`) is that request's 400, nothing more.
    frameworkErrors: (error, _request, reply) => {
      void reply
        .code(400)
        .headers(headersNow())
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('Bad Request');
    },
    // What Node cannot parse (headers over 16 KiB: 431, a request line that is not HTTP/1.x: 400,
    // headers or a request not complete within the time-outs above: 408) is answered with the same
    // security headers as every other answer, not Fastify's bare default.
    clientErrorHandler: siteClientErrorHandler(headersNow),
  });

  server.addHook('onRequest', async (_request, reply) => {
    void reply.headers(headersNow());
  });
  server.setErrorHandler((error, request, reply) => {
    const status =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500)
      console.error(`serve: ${app.name} ${request.method} ${request.url.slice(0, 200)}: ${error.stack ?? error}`);
    return reply
      .code(status)
      .headers(headersNow())
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(http.STATUS_CODES[status] ?? 'Error');
  });

  // Text answers (pages, scripts, manifests) compressed as a CDN would send them: brotli or gzip, as
  // the browser accepts. Uncompressed, a first load of /market moved ~880 KiB instead of ~250 KiB,
  // and Lighthouse's "Enable text compression" counted 470–590 KiB of savings on every page.
  await server.register(compress, { encodings: ['br', 'gzip'] });

  if (!isHost) {
    await server.register(cors, {
      origin: siteOrigins(options),
      methods: ['GET', 'HEAD', 'OPTIONS'],
      credentials: false,
      maxAge: 600,
      strictPreflight: false,
    });
  }

  if (isHost) {
    const sendManifest = async (_request, reply) =>
      reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(manifests.current().json);
    server.get('/remotes.json', sendManifest);
    if (options.releasesDir) {
      // The folder as a CDN would hold it: versioned releases never change (a year, immutable); the
      // manifest inside it is answered validated, never from a cache (every path to it is rewritten
      // to this route above). Nothing else is served from the folder: no lock or temporary file of
      // `pnpm rollout`, no staging folder.
      server.get(manifestPath, sendManifest);
      await server.register(fastifyStatic, {
        root: options.releasesDir,
        prefix: releasesPrefix,
        allowedPath: (pathName) => releasePaths.isReleaseAsset(releasePaths.sendRelativePath(pathName)),
        decorateReply: false,
        cacheControl: false,
        etag: true,
        lastModified: true,
        dotfiles: 'ignore',
        index: false,
        setHeaders: (res) => res.setHeader('cache-control', IMMUTABLE),
      });
    }
  }

  // The host's pages are answered by answerPage (the visitor's releases, hints, previews), the
  // site's root and index.html included; a remote's standalone harness gets its index.html as built.
  const answerPage = isHost ? createPageAnswers({ indexFile, manifests, options, headersNow }) : null;
  if (answerPage) {
    server.get('/', answerPage);
    server.get('/index.html', answerPage);
  }

  await server.register(fastifyStatic, {
    root: dist,
    // Cache-Control is ours (cacheControlFor); ETag and Last-Modified revalidate the rest. Files are
    // read from disk on every request, so a rebuild while serving is served at once.
    cacheControl: false,
    etag: true,
    lastModified: true,
    dotfiles: 'ignore',
    // The server build (dist/server/) is the web server's own, not a file for the browser.
    allowedPath: (pathName) => !/^\/server(?:\/|$)/.test(pathName),
    index: isHost ? false : ['index.html'],
    setHeaders: (res, file) => res.setHeader('cache-control', cacheControlFor(file)),
  });

  server.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(405).header('allow', 'GET, HEAD').header('cache-control', 'no-store').send();
    }
    // History fallback: a page path (no file extension) gets index.html; a missing asset stays a
    // 404 so a broken chunk is never answered with HTML.
    const pathName = request.url.split('?')[0] ?? '';
    const lastSegment = pathName.split('/').pop() ?? '';
    if (!lastSegment.includes('.') && !pathName.startsWith('/releases/') && fs.existsSync(indexFile)) {
      if (answerPage) return answerPage(request, reply);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not Found');
  });

  return server;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const apps = APPS.filter((app) => options.only.includes(app.name));
  const servers = [];
  let manifests;
  try {
    manifests = createManifestSource(options);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }

  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    await Promise.all(servers.map((server) => server.close()));
    console.log(`STOPPED (${signal})`);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  for (const app of apps) {
    const port = options.basePort + app.offset;
    try {
      const server = await createAppServer(app, { ...options, manifests });
      servers.push(server);
      await server.listen({ host: HOSTNAME, port });
    } catch (error) {
      await Promise.all(servers.map((s) => s.close()));
      fail(`${app.name} cannot be served on ${HOSTNAME}:${port}: ${error instanceof Error ? error.message : String(error)}`);
    }
    console.log(`READY ${app.name} http://${HOSTNAME}:${port}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
