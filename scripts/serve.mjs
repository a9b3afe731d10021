#!/usr/bin/env node
// Serves the production builds (each app's dist/) on 127.0.0.1.
//
//   node scripts/serve.mjs [--base-port 3000] [--only host,mfe-market,...]
//
// host on the base port, mfe-market +1, mfe-issue +2, mfe-license +3, mfe-portfolio +4, mfe-claim +5.
// The host gets history fallback and a /remotes.json generated for the base port, so one host build
// runs on any ports; remotes get CORS (and history fallback for their standalone dev harness). One process serves the --only list, so a test can stop one
// remote and start it again. Prints `READY <name> http://127.0.0.1:<port>` per app once it listens.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOSTNAME = '127.0.0.1';

// The host's remote table (container name → folder, port offset) is the one list of remotes.
const REMOTES = JSON.parse(fs.readFileSync(path.join(ROOT, 'host/src/federation/remotes.json'), 'utf8'));

/** name (= folder) → port offset and, for remotes, the container name the host's remotes.json uses. */
const APPS = [
  { name: 'host', offset: 0 },
  ...Object.entries(REMOTES)
    .map(([container, { folder, portOffset }]) => ({ name: folder, offset: portOffset, container }))
    .sort((a, b) => a.offset - b.offset),
];

function fail(message) {
  console.error(`serve: ${message}`);
  process.exit(2);
}

function parseArgs(argv) {
  let basePort = 3000;
  let only = APPS.map((app) => app.name);
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const [flag, inline] = arg.split('=', 2);
    const value = () => inline ?? argv[++i] ?? fail(`${flag} needs a value`);
    if (flag === '--base-port') {
      basePort = Number(value());
      if (!Number.isInteger(basePort) || basePort < 1 || basePort + 5 > 65535) fail('--base-port must be a port number');
    } else if (flag === '--only') {
      only = value()
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const unknown = only.filter((name) => !APPS.some((app) => app.name === name));
      if (unknown.length) fail(`unknown app(s) ${unknown.join(', ')}; known: ${APPS.map((a) => a.name).join(', ')}`);
    } else if (flag === '--help' || flag === '-h') {
      console.log('usage: node scripts/serve.mjs [--base-port 3000] [--only host,mfe-market,...]');
      process.exit(0);
    } else {
      fail(`unknown argument ${arg}`);
    }
  }
  return { basePort, only };
}

/** The host's remotes manifest for a base port: every remote, whether or not this process serves it. */
export function remotesJson(basePort) {
  return Object.fromEntries(
    APPS.filter((app) => app.container).map((app) => [
      app.container,
      `http://${HOSTNAME}:${basePort + app.offset}/mf-manifest.json`,
    ]),
  );
}

// Hashed chunks never change; entry files, manifests and pages must be revalidated so a redeployed
// or restarted remote is picked up on the next load.
function setCacheHeaders(res, pathname) {
  if (/\.[0-9a-f]{8}\.js$/.test(pathname)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else res.setHeader('Cache-Control', 'no-cache');
}

function createHandler(app, basePort) {
  const dist = path.join(ROOT, app.name, 'dist');
  if (!fs.existsSync(path.join(dist, app.container ? 'mf-manifest.json' : 'index.html'))) {
    fail(`${app.name} has no build in ${dist}; run its build first (pnpm run build)`);
  }
  // dev mode reads the disk on every request: a rebuild while serving must not be answered with the
  // old file sizes (sirv's production mode caches them at start-up).
  const files = sirv(dist, { dev: true, etag: true, dotfiles: false, setHeaders: setCacheHeaders });
  const manifest = JSON.stringify(remotesJson(basePort));
  const isHost = !app.container;
  // Remotes built with their standalone harness get the same history fallback as the host.
  const hasPages = fs.existsSync(path.join(dist, 'index.html'));

  return (req, res) => {
    const pathname = decodeURIComponent((req.url ?? '/').split('?')[0]);
    if (!isHost) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
        res.setHeader('Access-Control-Allow-Headers', '*');
        res.writeHead(204).end();
        return;
      }
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    if (isHost && pathname === '/remotes.json') {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : manifest);
      return;
    }
    files(req, res, () => {
      // History fallback: a page path (no file extension) gets index.html; a missing asset stays a
      // 404 so a broken chunk is never answered with HTML.
      const lastSegment = pathname.split('/').pop() ?? '';
      if (hasPages && !lastSegment.includes('.')) {
        req.url = '/index.html';
        files(req, res, () => res.writeHead(404).end('Not Found'));
        return;
      }
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
    });
  };
}

function listen(server, port) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOSTNAME, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

async function main() {
  const { basePort, only } = parseArgs(process.argv.slice(2));
  const apps = APPS.filter((app) => only.includes(app.name));
  const servers = [];

  let stopping = false;
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    for (const server of servers) {
      server.close();
      server.closeAllConnections();
    }
    console.log(`STOPPED (${signal})`);
    process.exit(0);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (const app of apps) {
    const server = http.createServer(createHandler(app, basePort));
    // Keep-alive sockets would otherwise hold a stopped remote "up" for the browser.
    server.keepAliveTimeout = 1000;
    const port = basePort + app.offset;
    try {
      await listen(server, port);
    } catch (error) {
      for (const s of servers) s.close();
      fail(`${app.name} cannot listen on ${HOSTNAME}:${port}: ${error.message}`);
    }
    servers.push(server);
    console.log(`READY ${app.name} http://${HOSTNAME}:${port}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
