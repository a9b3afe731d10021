#!/usr/bin/env node
// Web benchmark (`pnpm bench:web`): Lighthouse 12 (npm) on `/`, `/market` and `/detail/<id>` of the
// production builds as deployed, in Debian's Chromium, with Lighthouse's defaults: the mobile form
// factor and simulated throttling (150 ms RTT, 1.6 Mbps, 4× CPU).
//
//   - back end: the list benchmark's (list/backend.mjs): a hardhat node with the protocol deployed, a
//     fresh SQLite file seeded with BENCH_WEB_MARKETS approved markets, the real api on
//     127.0.0.1:BENCH_WEB_API_PORT. The builds call 127.0.0.1:8787 (api) and :8545 (RPC), ports the e2e
//     suite owns: Chromium maps those two to the bench's servers (--host-resolver-rules), so the page,
//     its CSP and the api's CORS see the origins they were built for and nothing is rebuilt or proxied;
//   - web: scripts/serve.mjs on base port BENCH_WEB_BASE_PORT (list/builds.mjs);
//   - each page is audited BENCH_WEB_RUNS times, each run in a freshly launched browser with a fresh
//     profile; the run printed is Lighthouse's own median run (closest to the median FCP and TTI, as
//     PageSpeed Insights and LHCI pick it), every run's scores are printed beside it.
//
// Prints per page the performance and accessibility scores, FCP/LCP/TBT/CLS/SI, and the audits that did
// not pass; `RESULT lighthouse_<category>_<page> <score>` lines, then `RESULT lighthouse_a11y_min` and,
// last, `RESULT lighthouse_perf_min` (the lowest page score of the median runs). Target (reported,
// not asserted): ≥ 95 for both on every page. The JSON and HTML reports and each run's final screenshot
// go to e2e/lighthouse-reports/ (git-ignored). Exits 0 after printing, non-zero only when it could not
// measure.
//
// Knobs: BENCH_WEB_MARKETS (200), BENCH_WEB_RUNS (3), BENCH_WEB_BASE_PORT (4320), BENCH_WEB_API_PORT (18817),
// BENCH_WEB_PAGES (home,market,detail).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { stopAllChromium } from './web/chromium.mjs';
import {
  auditPage,
  categoryScore,
  describeMetrics,
  erroredAudits,
  findings,
  performanceContext,
  requestsTo,
} from './web/audit.mjs';
import { appOrigin, REPO_ROOT } from './list/builds.mjs';
import { runBench, startBenchStack, envNumber as envKnob, firstMarketId } from './list/runBench.mjs';

const envNumber = (name, fallback) => envKnob(name, fallback, { integer: true });

const MARKETS = envNumber('BENCH_WEB_MARKETS', 200);
const RUNS = envNumber('BENCH_WEB_RUNS', 3);
const BASE_PORT = envNumber('BENCH_WEB_BASE_PORT', 4320);
const API_PORT = envNumber('BENCH_WEB_API_PORT', 18817);
const PAGE_NAMES = (process.env.BENCH_WEB_PAGES || 'home,market,detail').split(',').map((s) => s.trim());
const HOST = appOrigin(BASE_PORT, 'host');
/** What the builds have baked in (see scripts/serve.mjs and e2e/bench/list/redirect.mjs). */
const BUILT_API = '127.0.0.1:8787';
const BUILT_RPC = '127.0.0.1:8545';
const REPORT_DIR = path.join(REPO_ROOT, 'e2e', 'lighthouse-reports');
const TARGET = 95;
/** A first compile of the contracts, the back end, 3 pages × RUNS Lighthouse runs (~20–40 s each here), shutdown. */
const DEADLINE_MS = (6 + RUNS * 3) * 60_000;

const log = (message) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

const hostPort = (url) => new URL(url).host;

async function main(cleanups) {
  const stack = await startBenchStack({
    name: 'bench:web',
    basePort: BASE_PORT,
    apiPort: API_PORT,
    markets: MARKETS,
    corsOrigin: HOST,
    cleanups,
    log,
  });
  if (stack === null) return 1;
  const { backend } = stack;

  const detailId = await firstMarketId(backend.apiUrl);
  const pages = [
    { name: 'home', path: '/' },
    { name: 'market', path: '/market' },
    { name: 'detail', path: `/detail/${detailId}` },
  ].filter((page) => PAGE_NAMES.includes(page.name));
  if (pages.length === 0) throw new Error(`BENCH_WEB_PAGES names no page (home, market, detail)`);
  const hostRules = [`MAP ${BUILT_API} ${hostPort(backend.apiUrl)}`, `MAP ${BUILT_RPC} ${hostPort(backend.rpcUrl)}`].join(', ');

  cleanups.push(() => stopAllChromium());
  fs.rmSync(REPORT_DIR, { recursive: true, force: true });
  fs.mkdirSync(REPORT_DIR, { recursive: true });

  const results = [];
  for (const page of pages) {
    const url = `${HOST}${page.path}`;
    const runs = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const load = os.loadavg()[0];
      const lhr = await auditPage(url, { hostRules, outputDir: REPORT_DIR, name: `${page.name}-run${run}` });
      const api = requestsTo(lhr, `http://${BUILT_API}`);
      log(
        `${page.path} run ${run}: performance ${categoryScore(lhr, 'performance')}, accessibility ${categoryScore(lhr, 'accessibility')}; ` +
          `${describeMetrics(lhr)}; ${api.total} api requests${api.failed.length ? `, FAILED: ${api.failed.join('; ')}` : ''} ` +
          `(load average ${load.toFixed(2)} on ${os.cpus().length} cores at the start)`,
      );
      runs.push({ lhr, run, api });
    }
    const medianLhr = computeMedianRun(runs.map((r) => r.lhr));
    const median = runs.find((r) => r.lhr === medianLhr);
    results.push({ page, url, runs, median });
  }

  // Report.
  const settings = results[0].median.lhr.configSettings;
  console.log(
    `Lighthouse ${results[0].median.lhr.lighthouseVersion}, ${results[0].median.lhr.environment?.hostUserAgent ?? ''}; ` +
      `form factor ${settings.formFactor}, throttling ${settings.throttlingMethod} (RTT ${settings.throttling.rttMs} ms, ` +
      `${Math.round(settings.throttling.throughputKbps)} Kbps, CPU ×${settings.throttling.cpuSlowdownMultiplier}); ` +
      `benchmark index ${results[0].median.lhr.environment?.benchmarkIndex ?? 'n/a'}; median of ${RUNS} run(s) per page; reports in ${path.relative(REPO_ROOT, REPORT_DIR)}/`,
  );
  for (const { page, url, runs, median } of results) {
    const { lhr } = median;
    console.log('');
    console.log(
      `${page.path} (${url}), run ${median.run}: performance ${categoryScore(lhr, 'performance')}, accessibility ${categoryScore(lhr, 'accessibility')} ` +
        `(all runs: performance ${runs.map((r) => categoryScore(r.lhr, 'performance')).join('/')}, ` +
        `accessibility ${runs.map((r) => categoryScore(r.lhr, 'accessibility')).join('/')})`,
    );
    console.log(`  ${describeMetrics(lhr)}`);
    for (const line of performanceContext(lhr)) console.log(`  ${line}`);
    for (const category of ['performance', 'accessibility']) {
      const found = findings(lhr, category);
      console.log(`  ${category}: ${found.length === 0 ? 'no failing audits' : `${found.length} audit(s) not passed:`}`);
      for (const finding of found) {
        console.log(`    - ${finding.line}`);
        for (const item of finding.items) console.log(`        ${item}`);
      }
    }
    for (const warning of lhr.runWarnings ?? []) console.log(`  Lighthouse warning: ${String(warning).slice(0, 300)}`);
    const errored = erroredAudits(lhr);
    if (errored.length > 0) console.log(`  audits Lighthouse could not run here (not scored): ${errored.join('; ')}`);
  }
  console.log('');

  const perfScores = results.map((r) => categoryScore(r.median.lhr, 'performance'));
  const a11yScores = results.map((r) => categoryScore(r.median.lhr, 'accessibility'));
  const perfMin = Math.min(...perfScores.map((s) => s ?? 0));
  const a11yMin = Math.min(...a11yScores.map((s) => s ?? 0));
  console.log(
    `verdict: performance ${perfScores.join('/')} (${perfMin >= TARGET ? 'within' : 'BELOW'} the target of ${TARGET} on each page), ` +
      `accessibility ${a11yScores.join('/')} (${a11yMin >= TARGET ? 'within' : 'BELOW'} the target of ${TARGET}) for ${results.map((r) => r.page.path).join(', ')}`,
  );
  for (const [index, { page }] of results.entries()) {
    console.log(`RESULT lighthouse_perf_${page.name} ${perfScores[index]} score`);
    console.log(`RESULT lighthouse_a11y_${page.name} ${a11yScores[index]} score`);
  }
  console.log(`RESULT lighthouse_a11y_min ${a11yMin} score`);
  console.log(`RESULT lighthouse_perf_min ${perfMin} score`);
  return 0;
}

void runBench('bench:web', main, DEADLINE_MS);
