// One Lighthouse run of one page, and what the bench prints from its result (the LHR).
//
// Lighthouse's defaults are the settings measured: the mobile form factor (a Moto G Power-sized screen)
// and simulated throttling (150 ms RTT, 1.6 Mbps, 4× CPU slowdown applied to the trace afterwards).
// Only the performance and accessibility categories are gathered.
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { launchChromium } from './chromium.mjs';

export const CATEGORIES = ['performance', 'accessibility'];
/** The metrics printed per page, in the order of Lighthouse's report. */
export const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['SI', 'speed-index'],
];

/**
 * Audits `url` in a Chromium launched for this run; `hostRules` maps the origins baked into the
 * builds (api, RPC) to the bench's servers. Writes `<name>.report.json` / `.report.html` into
 * `outputDir` and returns the LHR.
 */
export async function auditPage(url, { hostRules, outputDir, name }) {
  const chrome = await launchChromium([`--host-resolver-rules=${hostRules}`]);
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      hostname: '127.0.0.1',
      output: ['json', 'html'],
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { lhr, report } = result;
    if (lhr.runtimeError)
      throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const [json, html] = report;
    fs.writeFileSync(path.join(outputDir, `${name}.report.json`), json);
    fs.writeFileSync(path.join(outputDir, `${name}.report.html`), html);
    const screenshot = lhr.audits['final-screenshot']?.details?.data;
    if (typeof screenshot === 'string' && screenshot.startsWith('data:image/jpeg;base64,')) {
      fs.writeFileSync(path.join(outputDir, `${name}.final.jpg`), Buffer.from(screenshot.split(',')[1], 'base64'));
    }
    return lhr;
  } finally {
    await chrome.stop();
  }
}

/** A category's score as Lighthouse shows it (0–100), or null when it could not be computed. */
export const categoryScore = (lhr, id) => {
  const score = lhr.categories[id]?.score;
  return typeof score === 'number' ? Math.round(score * 100) : null;
};

export const metricValue = (lhr, id) => lhr.audits[id]?.numericValue ?? NaN;

/** `FCP 1.2 s, LCP …` as the report shows them. */
export function describeMetrics(lhr) {
  return METRICS.map(([label, id]) => `${label} ${lhr.audits[id]?.displayValue ?? 'n/a'}`).join(', ');
}

const DETAIL_ITEMS = 4;

/** Up to DETAIL_ITEMS lines naming what an audit found: the elements (snippet) or the URLs. */
function itemLines(audit) {
  const items = audit.details?.items;
  if (!Array.isArray(items)) return [];
  return items.slice(0, DETAIL_ITEMS).map((item) => {
    if (item.node) {
      const label = item.node.nodeLabel ? ` "${String(item.node.nodeLabel).slice(0, 60)}"` : '';
      return `${String(item.node.snippet ?? item.node.selector ?? '').slice(0, 160)}${label}`;
    }
    const parts = [item.url ?? item.source?.url ?? item.label ?? item.groupLabel ?? ''];
    if (typeof item.wastedBytes === 'number') parts.push(`${Math.round(item.wastedBytes / 1024)} KiB wasted`);
    if (typeof item.totalBytes === 'number') parts.push(`${Math.round(item.totalBytes / 1024)} KiB`);
    if (typeof item.wastedMs === 'number') parts.push(`${Math.round(item.wastedMs)} ms wasted`);
    if (typeof item.cacheLifetimeMs === 'number') parts.push(`cache ${Math.round(item.cacheLifetimeMs / 1000)} s`);
    if (typeof item.duration === 'number') parts.push(`${Math.round(item.duration)} ms`);
    return parts.filter(Boolean).join(', ');
  });
}

/**
 * The category's audits that did not pass, worst first: accessibility audits that failed, and
 * performance opportunities and diagnostics that Lighthouse scores below 0.9 (metrics excluded: they
 * are printed on their own).
 */
export function findings(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  return category.auditRefs
    .filter((ref) => ref.group !== 'metrics')
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(
      ({ audit }) =>
        audit &&
        typeof audit.score === 'number' &&
        audit.score < (categoryId === 'accessibility' ? 1 : 0.9) &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'notApplicable' &&
        audit.scoreDisplayMode !== 'manual',
    )
    .sort((a, b) => a.audit.score - b.audit.score || b.ref.weight - a.ref.weight)
    .map(({ ref, audit }) => ({
      id: ref.id,
      weight: ref.weight,
      line: `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''} [${ref.id}, score ${audit.score}]`,
      items: itemLines(audit),
    }));
}

/** The page's requests to `origin` (from the network-requests audit), failed ones among them. */
export function requestsTo(lhr, origin) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const mine = items.filter((item) => typeof item.url === 'string' && item.url.startsWith(`${origin}/`));
  return {
    total: mine.length,
    failed: mine
      .filter((item) => !(item.statusCode >= 200 && item.statusCode < 400))
      .map((item) => `${item.statusCode} ${item.url}`),
  };
}

/** LCP element, the longest request chain and the main-thread time: what explains a performance score. */
export function performanceContext(lhr) {
  const lines = [];
  const lcpItem = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  if (lcpItem)
    lines.push(`LCP element: ${String(lcpItem.snippet ?? '').slice(0, 160)} "${String(lcpItem.nodeLabel ?? '').slice(0, 60)}"`);
  const chains = lhr.audits['critical-request-chains']?.details;
  if (chains?.longestChain) {
    const { length, duration, transferSize } = chains.longestChain;
    lines.push(
      `longest critical request chain: ${length} requests, ${Math.round(duration)} ms, ${Math.round(transferSize / 1024)} KiB (observed, unthrottled)`,
    );
  }
  const bootup = lhr.audits['bootup-time'];
  if (bootup?.displayValue) lines.push(`JS execution time: ${bootup.displayValue}`);
  const weight = lhr.audits['total-byte-weight'];
  if (weight?.displayValue) lines.push(`total byte weight: ${weight.displayValue}`);
  const mainThread = lhr.audits['mainthread-work-breakdown'];
  if (mainThread?.displayValue) lines.push(`main-thread work: ${mainThread.displayValue}`);
  return lines;
}

/**
 * Audits Lighthouse could not run in this Chromium: Lighthouse 12.2's trace engine fails on newer
 * Chromium traces for the layout-shift and LCP-element attribution (`frame_sequence`), which leaves
 * the CLS and LCP metrics themselves intact.
 */
export function erroredAudits(lhr) {
  return Object.values(lhr.audits)
    .filter((audit) => audit.scoreDisplayMode === 'error')
    .map((audit) => `${audit.id}: ${String(audit.errorMessage ?? '').slice(0, 140)}`);
}
