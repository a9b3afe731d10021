#!/usr/bin/env node
// Server-render benchmark (`pnpm bench:ssr`, issue 26): requests per second and p99 of the host's
// server-rendered `/market` and `/detail/<id>` beside the same server answering its static page.
//
//   - back end: the list benchmark's (list/backend.mjs): a hardhat node with the protocol deployed, a
//     fresh SQLite file seeded with BENCH_SSR_MARKETS approved markets, the real api on
//     127.0.0.1:BENCH_SSR_API_PORT; /detail/<id> uses the first market of the list's default order;
//   - web: the remotes served from base port BENCH_SSR_BASE_PORT + 1…5 for the whole run (the rollout
//     manifest lists them; the server render itself reads their dist/server/ from disk), and the host
//     on the base port, started three times in turn, one at a time, with `--api-url` set to the
//     bench's api:
//       static  `--no-ssr`: the page as before, index.html with the rollout block (and, on /detail,
//               the link preview, which asks the api through its own 5 s cache), no render;
//       warm    the defaults: a 150 ms render budget, renders kept 1 s (every request after the first
//               of each second is a cache hit: all requests here are one visitor's language, theme
//               and layout);
//       cold    `--ssr-cache-ms 0`: every request renders (and asks the api), still within 150 ms;
//   - load: node:http in this process (not autocannon, which `bench:api` uses: it takes the 103 Early
//     Hints the host sends first for the answer, see load()), BENCH_SSR_CONNECTIONS keep-alive
//     connections each sending its next request when the last answer has arrived, for
//     BENCH_SSR_SECONDS seconds per case after a 1 s warm-up at the same load, a desktop Chrome's user agent and
//     Accept-Language: en, no cookie (each answer mints a visitor: a first visit) and no
//     Accept-Encoding (answers uncompressed, so each one's `prds-ssr` block can be read);
//   - every answer of a measured run is checked: its status, and its `prds-ssr` block — rendered, or
//     fallen back to the browser's render (a budget overrun says `"stage":"aborted"`) — so a fallback
//     cannot pass for a fast render; the fallback share is printed per case.
//
// Prints `RESULT <name> <value> <unit>` lines, the headline `RESULT ssr_vs_static <x> x` last: warm
// /market req/s ÷ static /market req/s. Target (reported, not asserted): ≥ 0.25. Exits 0 after
// printing, non-zero only when it could not measure. Load generator and servers share the machine's
// cores: the load average and the load generator's own CPU are printed beside each case. A fallback
// answer costs no render, so a case's req/s counts it: `_rendered_rps` is the server-rendered part.
//
// Knobs: BENCH_SSR_MARKETS (200), BENCH_SSR_SECONDS (5), BENCH_SSR_CONNECTIONS (10),
// BENCH_SSR_BASE_PORT (4340), BENCH_SSR_API_PORT (18837).
import http from 'node:http';
import os from 'node:os';
import { APPS, appOrigin, startServers } from './list/builds.mjs';
import { runBench, startBenchStack, envNumber as envKnob, firstMarketId } from './list/runBench.mjs';

const envNumber = (name, fallback) => envKnob(name, fallback, { integer: true });

const MARKETS = envNumber('BENCH_SSR_MARKETS', 200);
const SECONDS = envNumber('BENCH_SSR_SECONDS', 5);
const CONNECTIONS = envNumber('BENCH_SSR_CONNECTIONS', 10);
const BASE_PORT = envNumber('BENCH_SSR_BASE_PORT', 4340);
const API_PORT = envNumber('BENCH_SSR_API_PORT', 18837);
const HOST = appOrigin(BASE_PORT, 'host');
const TARGET = 0.25;
/** A first compile of the contracts, the back end (≤ 2 min), 3 servers × 2 routes × (1 + SECONDS) s, shutdown. */
const DEADLINE_MS = 5 * 60_000 + 6 * (1 + SECONDS) * 1000;
const HEADERS = {
  accept: 'text/html,application/xhtml+xml',
  'accept-language': 'en-US,en;q=0.9',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};
const MODES = [
  { name: 'static', args: ['--no-ssr'], ssr: false },
  { name: 'warm', args: [], ssr: true },
  { name: 'cold', args: ['--ssr-cache-ms', '0'], ssr: true },
];

const log = (message) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
const result = (name, value, unit, digits = 2) => console.log(`RESULT ${name} ${value.toFixed(digits)} ${unit}`);

/** What an answer's `prds-ssr` block says: 'rendered', 'fallback:<stage>', or 'none' (no block). */
function ssrOutcome(body) {
  const match = /<script type="application\/json" id="prds-ssr">(\{[^<]*\})<\/script>/.exec(body);
  if (!match) return 'none';
  try {
    const state = JSON.parse(match[1]);
    return state.rendered === true ? 'rendered' : `fallback:${state.stage}`;
  } catch {
    return 'unreadable';
  }
}

/** GETs `route` until the server render is loaded (its containers warm up after the start), ≤ 20 s. */
async function untilRendered(route) {
  const until = Date.now() + 20_000;
  let last = '';
  while (Date.now() < until) {
    const response = await fetch(`${HOST}${route}`, { headers: HEADERS, signal: AbortSignal.timeout(10_000) });
    const body = await response.text();
    last = `${response.status} ${ssrOutcome(body)}`;
    if (last === '200 rendered') return body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${route} was not server-rendered within 20 s (last answer: ${last})`);
}

/**
 * GET `route` from CONNECTIONS keep-alive connections, each sending its next request once the last
 * answer's body has arrived, for `seconds`; every answer's status and `prds-ssr` block counted.
 * node:http, not autocannon: the host sends a 103 Early Hints before each page, and autocannon 8
 * (http-parser-js, one `kOnMessageComplete` per message) takes the 103 for the answer, sends the
 * next request pipelined behind the one still rendering and pairs the real answer with it — twice
 * the requests counted, half of them "answered" in 0 ms, two requests in flight per connection.
 * node:http's client reports a 1xx as `information` and waits for the final answer.
 */
async function load(route, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const url = new URL(route, HOST);
  const outcomes = new Map();
  const statuses = new Map();
  const latencies = [];
  let errors = 0;
  let bytes = 0;
  const once = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const request = http.get(url, { agent, headers: HEADERS, timeout: 10_000 }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => {
          chunks.push(chunk);
          bytes += chunk.length;
        });
        response.on('end', () => {
          latencies.push(performance.now() - started);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const outcome = ssrOutcome(Buffer.concat(chunks).toString('utf8'));
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
          resolve();
        });
        response.on('error', () => {
          errors += 1;
          resolve();
        });
      });
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  const cpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  const endAt = startedAt + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < endAt) await once();
    }),
  );
  const elapsed = (performance.now() - startedAt) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const non2xx = [...statuses.entries()].filter(([status]) => status < 200 || status > 299).reduce((n, [, c]) => n + c, 0);
  return {
    rps: latencies.length / elapsed,
    renderedRps: (outcomes.get('rendered') ?? 0) / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    requests: latencies.length,
    bytes,
    non2xx,
    errors,
    outcomes,
    statuses,
    /** The load generator's own CPU, in % of one core: near 100 means the client, not the server, set the pace. */
    clientCpu: (100 * (cpu.user + cpu.system)) / 1e6 / elapsed,
  };
}

const countOf = (map, key) => map.get(key) ?? 0;
const describeMap = (map) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([key, n]) => `${key} ${n}`)
    .join(', ');

function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function main(cleanups) {
  const remotes = APPS.filter((app) => app !== 'host');
  const stack = await startBenchStack({
    name: 'bench:ssr',
    basePort: BASE_PORT,
    apiPort: API_PORT,
    markets: MARKETS,
    corsOrigin: HOST,
    cleanups,
    log,
    apps: remotes,
  });
  if (stack === null) return 1;
  const { backend } = stack;
  const marketId = await firstMarketId(backend.apiUrl);
  const routes = [
    { name: 'market', path: '/market' },
    { name: 'detail', path: `/detail/${encodeURIComponent(marketId)}` },
  ];
  log(`routes: ${routes.map((r) => r.path).join(', ')}; ${CONNECTIONS} connections × ${SECONDS} s per case`);

  /** mode name → route name → figures */
  const figures = {};
  for (const mode of MODES) {
    log(`starting the host (${mode.name}: ${mode.args.join(' ') || 'defaults'}) on ${HOST}`);
    const host = await startServers(BASE_PORT, { apps: ['host'], args: ['--api-url', backend.apiUrl, ...mode.args] });
    const stop = () => stopServer(host);
    cleanups.push(stop);
    figures[mode.name] = {};
    for (const route of routes) {
      if (mode.ssr) {
        const sample = await untilRendered(route.path);
        const block = /<script type="application\/json" id="prds-ssr">[^<]*<\/script>/.exec(sample)?.[0] ?? '';
        const root = /<div id="root">([\s\S]*)<\/div>/.exec(sample)?.[1] ?? '';
        const kib = (text) => `${(Buffer.byteLength(text) / 1024).toFixed(1)} KiB`;
        log(`${mode.name} ${route.path}: an answer of ${kib(sample)}: prds-ssr block ${kib(block)}, #root about ${kib(root)}`);
      }
      await load(route.path, 1);
      const loadAverage = os.loadavg()[0];
      const run = await load(route.path, SECONDS);
      figures[mode.name][route.name] = { ...run, loadAverage };
      const rendered = countOf(run.outcomes, 'rendered');
      log(
        `${mode.name} ${route.path}: ${run.rps.toFixed(0)} req/s, p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms, ${run.requests} requests ` +
          `of ${(run.bytes / Math.max(1, run.requests) / 1024).toFixed(1)} KiB ` +
          `(status ${describeMap(run.statuses)}; ${run.errors} errors/timeouts; prds-ssr: ${describeMap(run.outcomes)}; ` +
          `${mode.ssr ? `${((100 * rendered) / Math.max(1, run.requests)).toFixed(1)} % server-rendered, ${run.renderedRps.toFixed(0)} rendered/s; ` : ''}` +
          `load generator ${run.clientCpu.toFixed(0)} % of a core; ` +
          `load average ${loadAverage.toFixed(2)} on ${os.cpus().length} cores at the start)`,
      );
    }
    await stop();
  }

  for (const mode of MODES) {
    for (const route of routes) {
      const run = figures[mode.name][route.name];
      const prefix = `ssr_${mode.name}_${route.name}`;
      result(`${prefix}_rps`, run.rps, 'req/s', 0);
      result(`${prefix}_p99`, run.p99, 'ms', 1);
      result(`${prefix}_non2xx`, run.non2xx + run.errors, 'answers', 0);
      if (mode.ssr) {
        const answered = [...run.outcomes.values()].reduce((a, b) => a + b, 0);
        const fallback = answered - countOf(run.outcomes, 'rendered');
        result(`${prefix}_fallback_share`, (100 * fallback) / Math.max(1, answered), '%', 1);
        result(`${prefix}_rendered_rps`, run.renderedRps, 'req/s', 0);
      }
    }
  }
  const ratio = (mode, route) => figures[mode][route].rps / figures.static[route].rps;
  result('ssr_cold_vs_static', ratio('cold', 'market'), 'x', 3);
  result('ssr_warm_detail_vs_static', ratio('warm', 'detail'), 'x', 3);
  result('ssr_cold_detail_vs_static', ratio('cold', 'detail'), 'x', 3);
  const headline = ratio('warm', 'market');
  log(`target: warm /market ≥ ${TARGET} × static (${headline >= TARGET ? 'met' : 'MISSED'})`);
  result('ssr_vs_static', headline, 'x', 3);
  return 0;
}

void runBench('bench:ssr', main, DEADLINE_MS);
