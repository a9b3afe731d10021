#!/usr/bin/env node
// Serves the production builds (each app's dist/) on 127.0.0.1, one Fastify server per app with
// @fastify/static (a maintained static server: a malformed path is a 400 for that request, never a
// crash of the process).
//
//   node scripts/serve.mjs [--base-port 3000] [--only host,mfe-market,...] [--api-url URL] [--rpc-url URL[,URL]]
//                          [--origins https://site.example,...]
//
// host on the base port, mfe-market +1, mfe-issue +2, mfe-license +3, mfe-portfolio +4, mfe-claim +5.
// The host gets history fallback and a /remotes.json generated for the base port, so one host build
// runs on any ports; remotes get CORS for the site's origins only (and history fallback for their
// standalone dev harness). One process serves the --only list, so a test can stop one remote and
// start it again. Prints `READY <name> http://127.0.0.1:<port>` per app once it listens.
//
// Every answer carries the site's security headers (sitePolicy below): a Content-Security-Policy
// that allows scripts only from the site's own apps (and the hashes of the host page's inline
// script), no framing (frame-ancestors 'none', X-Frame-Options DENY), nosniff and no referrer. The
// api and chain the builds call (PRDS_API_URL, PRDS_DEVNET_RPC_URL, as at build time) are the only
// other origins the pages may connect to. Issue 18 (versioned release folders) extends scriptSources.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOSTNAME = '127.0.0.1';

// The host's remote table (container name → folder, port offset) is the one list of remotes.
const REMOTES = JSON.parse(fs.readFileSync(path.join(ROOT, 'host/src/federation/remotes.json'), 'utf8'));

/** name (= folder) → port offset and, for remotes, the container name the host's remotes.json uses. */
export const APPS = [
  { name: 'host', offset: 0 },
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

const list = (text) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function parseArgs(argv, env = process.env) {
  let basePort = 3000;
  let only = APPS.map((app) => app.name);
  let apiUrl = env.PRDS_API_URL || 'http://127.0.0.1:8787';
  let rpcUrls = [env.PRDS_DEVNET_RPC_URL || 'http://127.0.0.1:8545'];
  let origins = [];
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
    } else if (flag === '--help' || flag === '-h') {
      console.log(
        'usage: node scripts/serve.mjs [--base-port 3000] [--only host,mfe-market,...] [--api-url URL] [--rpc-url URL,...] [--origins URL,...]',
      );
      process.exit(0);
    } else {
      fail(`unknown argument ${arg}`);
    }
  }
  return {
    basePort,
    only,
    apiOrigin: originOf(apiUrl, '--api-url'),
    rpcOrigins: rpcUrls.map((u) => originOf(u, '--rpc-url')),
    extraOrigins: origins,
  };
}

/** Both names of a local port: the remotes manifest says 127.0.0.1, a person may type localhost. */
const localOrigins = (port) => [`http://${HOSTNAME}:${port}`, `http://localhost:${port}`];

/** The host's remotes manifest for a base port: every remote, whether or not this process serves it. */
export function remotesJson(basePort) {
  return Object.fromEntries(
    APPS.filter((app) => app.container).map((app) => [
      app.container,
      `http://${HOSTNAME}:${basePort + app.offset}/mf-manifest.json`,
    ]),
  );
}

/** Where the site's pages are: the only origins a remote's chunks and manifest are shared with (CORS). */
export function siteOrigins({ basePort, extraOrigins = [] }) {
  return [...localOrigins(basePort), ...extraOrigins];
}

/** sha-256 sources of a page's inline <script> elements (the host's theme-before-paint script). */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const code = match[1] ?? '';
    if (code.trim() !== '') hashes.push(`'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The site's Content-Security-Policy, one directive list for every app. scriptSources: the apps'
 * own origins (the host loads each remote's entry and chunks) and the inline hashes; issue 18 adds
 * the versioned release folders and canary origins here.
 */
export function sitePolicy({ basePort, apiOrigin, rpcOrigins, extraOrigins = [], inlineHashes = [] }) {
  const appOrigins = APPS.flatMap((app) => localOrigins(basePort + app.offset));
  const scriptSources = ["'self'", ...appOrigins, ...extraOrigins, ...inlineHashes];
  const directives = {
    'default-src': ["'self'"],
    'script-src': scriptSources,
    // emotion writes <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for the inline favicon; evidence images come from the api.
    'img-src': ["'self'", 'data:', 'blob:', apiOrigin],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", apiOrigin, ...rpcOrigins, ...appOrigins, ...extraOrigins],
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
function cacheControlFor(file) {
  return HASHED_CHUNK.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * One app's server. Exported for tests: `options` is parseArgs' result. The server is not
 * listening; listen with `app.listen({ host, port })`.
 */
export async function createAppServer(app, options) {
  const dist = path.join(ROOT, app.name, 'dist');
  if (!fs.existsSync(path.join(dist, app.container ? 'mf-manifest.json' : 'index.html'))) {
    throw new Error(`${app.name} has no build in ${dist}; run its build first (pnpm run build)`);
  }
  const isHost = !app.container;
  // Remotes built with their standalone harness get the same history fallback as the host.
  const indexFile = path.join(dist, 'index.html');
  const manifest = JSON.stringify(remotesJson(options.basePort));

  // The policy carries the hashes of index.html's inline scripts: recomputed when a rebuild
  // replaces the file while serving.
  let cached = { mtimeMs: -1, headers: securityHeaders(sitePolicy(options)) };
  const headersNow = () => {
    let mtimeMs = 0;
    try {
      mtimeMs = fs.statSync(indexFile).mtimeMs;
    } catch {
      return cached.headers;
    }
    if (mtimeMs !== cached.mtimeMs) {
      const inlineHashes = inlineScriptHashes(fs.readFileSync(indexFile, 'utf8'));
      cached = { mtimeMs, headers: securityHeaders(sitePolicy({ ...options, inlineHashes })) };
    }
    return cached.headers;
  };

  const server = Fastify({
    logger: false,
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
    server.get('/remotes.json', async (_request, reply) =>
      reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(manifest),
    );
  }

  await server.register(fastifyStatic, {
    root: dist,
    // Cache-Control is ours (cacheControlFor); ETag and Last-Modified revalidate the rest. Files are
    // read from disk on every request, so a rebuild while serving is served at once.
    cacheControl: false,
    etag: true,
    lastModified: true,
    dotfiles: 'ignore',
    index: ['index.html'],
    setHeaders: (res, file) => res.setHeader('cache-control', cacheControlFor(file)),
  });

  server.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(405).header('allow', 'GET, HEAD').header('cache-control', 'no-store').send();
    }
    // History fallback: a page path (no file extension) gets index.html; a missing asset stays a
    // 404 so a broken chunk is never answered with HTML.
    const lastSegment = (request.url.split('?')[0] ?? '').split('/').pop() ?? '';
    if (!lastSegment.includes('.') && fs.existsSync(indexFile)) {
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
      const server = await createAppServer(app, options);
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
