#!/usr/bin/env node
// Profile of one /market load in a fresh browser, for finding where the first row's time goes:
//
//   pnpm build && node e2e/bench/list/profile.mjs      (after bench:list's back end can start)
//
// Starts the same back end and servers as bench:list (BENCH_LIST_MARKETS markets, base port 4300),
// loads /market once per BENCH_PROFILE_RUNS (1) in a freshly launched Chromium with a trace running,
// and prints the load's requests and marks (list/waterfall.mjs) and the renderer main thread's busy
// time before the first row was painted: each task longer than 2 ms, what it ran (the script it
// evaluated or called into, or its longest kind of work), and the sums by script and by kind. The
// trace is written to BENCH_PROFILE_TRACE (default /tmp/prds-list-profile.json) for chrome://tracing.
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../../support/chromium.mjs';
import { startBackend } from './backend.mjs';
import { appOrigin, ensureContractArtifacts, missingBuilds, startServers } from './builds.mjs';
import { recordFirstRowPaint, ROW_SELECTOR } from './listFrames.mjs';
import { API_ORIGIN, routeToBench, RPC_ORIGIN } from './redirect.mjs';
import { describeTimeline, readTimeline, recordLoadMarks } from './waterfall.mjs';

const MARKETS = Number(process.env.BENCH_LIST_MARKETS ?? 10_000);
const BASE_PORT = Number(process.env.BENCH_LIST_BASE_PORT ?? 4300);
const API_PORT = Number(process.env.BENCH_LIST_API_PORT ?? 18797);
const RUNS = Number(process.env.BENCH_PROFILE_RUNS ?? 1);
const TRACE_FILE = process.env.BENCH_PROFILE_TRACE ?? '/tmp/prds-list-profile.json';
const HOST = appOrigin(BASE_PORT, 'host');
const APPS = {
  host: HOST,
  market: appOrigin(BASE_PORT, 'mfe-market'),
  claim: appOrigin(BASE_PORT, 'mfe-claim'),
  api: API_ORIGIN,
  rpc: RPC_ORIGIN,
};
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'toplevel',
].join(',');

const shortUrl = (url) => {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    const app = Object.entries(APPS).find(([, origin]) => origin === parsed.origin)?.[0] ?? parsed.origin;
    return `${app}:${parsed.pathname}`;
  } catch {
    return url;
  }
};

/** The renderer main thread's top-level tasks between navigation start and `untilMs`, each with what it ran. */
function mainThreadTasks(trace, untilMs) {
  const events = trace.traceEvents;
  const mainThreads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const navStart = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame);
  const paintMark = events.find((e) => e.name === 'bench:first-row-painted');
  if (!navStart || !paintMark) return null;
  const origin = navStart.ts;
  const until = origin + untilMs * 1000;
  const { pid, tid } = mainThreads.find((t) => t.pid === navStart.pid) ?? navStart;
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.ts >= origin && e.ts <= until);
  // Top-level tasks only (a RunTask may sit inside ThreadControllerImpl::RunTask).
  let lastEnd = -Infinity;
  const tasks = onMain
    .filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')
    .sort((x, y) => x.ts - y.ts)
    .filter((e) => {
      if (e.ts < lastEnd) return false;
      lastEnd = e.ts + e.dur;
      return true;
    });
  const named = onMain.filter((e) => e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask');
  return tasks
    .map((task) => {
      const inside = named.filter((e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur);
      const script = inside.find(
        (e) =>
          ['EvaluateScript', 'v8.compile', 'FunctionCall', 'v8.evaluateModule'].includes(e.name) &&
          (e.args?.data?.url || e.args?.fileName),
      );
      const kinds = new Map();
      for (const e of inside) kinds.set(e.name, (kinds.get(e.name) ?? 0) + (e.dur ?? 0));
      const longest = [...kinds.entries()].sort((a, b) => b[1] - a[1])[0];
      return {
        at: (task.ts - origin) / 1000,
        ms: task.dur / 1000,
        script: shortUrl(script?.args?.data?.url ?? script?.args?.fileName) ?? null,
        kind: longest?.[0] ?? 'RunTask',
      };
    })
    .filter((t) => t.ms > 0.05);
}

function summarize(tasks) {
  const byScript = new Map();
  const byKind = new Map();
  for (const t of tasks) {
    const key = t.script ?? `(${t.kind})`;
    byScript.set(key, (byScript.get(key) ?? 0) + t.ms);
    byKind.set(t.kind, (byKind.get(t.kind) ?? 0) + t.ms);
  }
  const total = tasks.reduce((sum, t) => sum + t.ms, 0);
  const lines = [`  main thread busy before the first row: ${total.toFixed(0)} ms in ${tasks.length} tasks`];
  lines.push('  tasks over 2 ms:');
  for (const t of tasks.filter((task) => task.ms > 2)) {
    lines.push(`    ${t.at.toFixed(0).padStart(6)} ms +${t.ms.toFixed(1).padStart(6)} ms  ${t.script ?? ''} (${t.kind})`);
  }
  lines.push('  by script:');
  for (const [key, value] of [...byScript.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    lines.push(`    ${value.toFixed(0).padStart(6)} ms  ${key}`);
  }
  lines.push('  by longest kind of work in the task:');
  for (const [key, value] of [...byKind.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
    lines.push(`    ${value.toFixed(0).padStart(6)} ms  ${key}`);
  }
  return lines;
}

async function main() {
  const missing = missingBuilds();
  if (missing.length > 0) throw new Error(`run pnpm build first (missing: ${missing.join(', ')})`);
  ensureContractArtifacts();
  const backend = await startBackend({ port: API_PORT, markets: MARKETS, corsOrigin: HOST });
  let server = null;
  try {
    server = await startServers(BASE_PORT, { ssrApiUrl: `http://127.0.0.1:${API_PORT}` });
    for (let run = 1; run <= RUNS; run += 1) {
      const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
      try {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
        await routeToBench(context, backend);
        const page = await context.newPage();
        await page.addInitScript(recordFirstRowPaint, ROW_SELECTOR);
        await page.addInitScript(recordLoadMarks, 'page-market-list');
        await browser.startTracing(page, { categories: CATEGORIES.split(',') });
        await page.goto(`${HOST}/market`);
        await page.waitForFunction(() => window.__listPaint?.paintedAt != null, null, { timeout: 30_000, polling: 50 });
        await page.evaluate(() => performance.mark('bench:first-row-painted'));
        const paint = await page.evaluate(() => window.__listPaint);
        const timeline = await page.evaluate(readTimeline);
        const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
        fs.writeFileSync(TRACE_FILE, JSON.stringify(trace));
        console.log(`run ${run}: first row painted at ${paint.paintedAt.toFixed(0)} ms (trace: ${TRACE_FILE})`);
        for (const line of describeTimeline(timeline, paint, APPS)) console.log(line);
        const tasks = mainThreadTasks(trace, paint.paintedAt);
        if (tasks) for (const line of summarize(tasks)) console.log(line);
        else console.log('  (the trace has no navigationStart / paint mark: no main-thread summary)');
      } finally {
        await browser.close();
      }
    }
  } finally {
    if (server) server.kill('SIGTERM');
    await backend.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
