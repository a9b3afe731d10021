// Where a /market load's time goes, read in the page: every request (Resource Timing: when it
// started and ended, ms since navigation start), when the page root and the first row appeared, the
// paint entries and the main thread's long tasks. Printed by bench:list for its median fresh-browser
// load, and by list/profile.mjs beside a Chromium trace.
// The functions passed to addInitScript / evaluate run in the browser and must be self-contained.

/** Init script: marks when `[data-testid=<pageTestId>]` is first in the DOM; records long tasks. */
export function recordLoadMarks(pageTestId) {
  window.__loadMarks = { pageAt: null, longTasks: [] };
  const observer = new MutationObserver(() => {
    if (document.querySelector(`[data-testid="${pageTestId}"]`)) {
      window.__loadMarks.pageAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__loadMarks.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no long-task entries in this browser
  }
}

/** In the page: the load's timeline (see above). */
export function readTimeline() {
  const nav = performance.getEntriesByType('navigation')[0];
  return {
    marks: window.__loadMarks ?? null,
    navigation: nav
      ? { responseEnd: nav.responseEnd, domInteractive: nav.domInteractive, domContentLoaded: nav.domContentLoadedEventEnd }
      : null,
    paints: performance.getEntriesByType('paint').map((e) => ({ name: e.name, at: e.startTime })),
    resources: performance.getEntriesByType('resource').map((e) => ({
      name: e.name,
      type: e.initiatorType,
      start: e.startTime,
      end: e.responseEnd,
      bytes: e.encodedBodySize,
    })),
  };
}

/** `url` as `<app>:/path` for the origins of `apps` ({ host: 'http://127.0.0.1:4300', … }). */
function shortName(url, apps) {
  const parsed = new URL(url);
  const app = Object.entries(apps).find(([, origin]) => origin === parsed.origin)?.[0] ?? parsed.origin;
  return `${app}:${parsed.pathname}`;
}

const ms = (value) => (value == null ? '     -' : value.toFixed(0).padStart(6));

/**
 * The timeline as lines: each request `start → end (duration) name`, ordered by start, with the
 * page's marks among them; then the main thread's long tasks before the first row, summed.
 */
export function describeTimeline(timeline, paint, apps) {
  const lines = [];
  const events = [
    ...timeline.resources.map((r) => ({
      at: r.start,
      text: `${ms(r.start)} → ${ms(r.end)} ms (${ms(r.end - r.start)})  ${shortName(r.name, apps)}${
        r.bytes ? ` ${(r.bytes / 1024).toFixed(1)} KiB` : ''
      }`,
    })),
    ...(timeline.navigation
      ? [
          { at: timeline.navigation.responseEnd, text: `${ms(timeline.navigation.responseEnd)}   document received` },
          { at: timeline.navigation.domInteractive, text: `${ms(timeline.navigation.domInteractive)}   DOM interactive` },
        ]
      : []),
    ...timeline.paints.map((p) => ({ at: p.at, text: `${ms(p.at)}   ${p.name}` })),
    ...(timeline.marks?.pageAt != null
      ? [{ at: timeline.marks.pageAt, text: `${ms(timeline.marks.pageAt)}   page root in the DOM (page-market-list)` }]
      : []),
    ...(paint?.inDomAt != null ? [{ at: paint.inDomAt, text: `${ms(paint.inDomAt)}   first row in the DOM` }] : []),
    ...(paint?.paintedAt != null ? [{ at: paint.paintedAt, text: `${ms(paint.paintedAt)}   first row painted` }] : []),
  ].sort((a, b) => a.at - b.at);
  for (const event of events) lines.push(`  ${event.text}`);
  const until = paint?.paintedAt ?? Infinity;
  const tasks = (timeline.marks?.longTasks ?? []).filter((t) => t.start < until);
  const busy = tasks.reduce((total, t) => total + t.duration, 0);
  lines.push(
    `  long tasks (> 50 ms) before the first row: ${tasks.length}, ${busy.toFixed(0)} ms: ` +
      tasks.map((t) => `${t.start.toFixed(0)}+${t.duration.toFixed(0)}`).join(', '),
  );
  return lines;
}
