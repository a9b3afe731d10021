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
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { createPageAnswers } from './site/pageAnswers.mjs';
import {
  APPS,
  HOSTNAME,
  REMOTE_NAMES,
  ROLLOUT_FILE,
  appDist,
  fail,
  parseArgs,
  requireSource,
  siteOrigins,
} from './site/serveOptions.mjs';

// The page's own rollout-manifest validator (TypeScript, no imports), compiled by the workspace's swc.
/** @type {typeof import('../host/src/federation/rollout/rolloutManifest')} */
const rollout = requireSource('host/src/federation/rollout/rolloutManifest.ts');
/** @type {typeof import('./site/releasePaths')} */
const releasePaths = requireSource('scripts/site/releasePaths.ts');
/** @type {typeof import('./site/clientError')} */
const { siteClientErrorHandler } = requireSource('scripts/site/clientError.ts');
/** @type {typeof import('./site/localManifest')} */
const { localManifest } = requireSource('scripts/site/localManifest.ts');
/** @type {typeof import('./site/sitePolicy')} */
const { hasInlineScript, securityHeaders, sitePolicy } = requireSource('scripts/site/sitePolicy.ts');

// The command line, the apps and the policy, where a test or a tool has always found them.
export { APPS, ROLLOUT_FILE, parseArgs, siteOrigins } from './site/serveOptions.mjs';
export { hasInlineScript, sitePolicy };

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
