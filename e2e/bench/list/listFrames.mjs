// What the list benchmark measures inside the page: when the first market row is painted, and the
// frames while the list is scrolled at a steady speed (rAF intervals, Long Animation Frames).
// The functions passed to addInitScript / evaluate run in the browser and must be self-contained.

export const ROW_SELECTOR = '[data-testid^="market-row-"]';

/**
 * Init script: records on `window.__listPaint` when a market row is first in the DOM inside the
 * viewport (`inDomAt`) and when the frame that shows it has been painted (`paintedAt`: the first task
 * after that frame's rAF, i.e. after its style, layout and paint), both in ms since navigation start.
 */
export function recordFirstRowPaint(selector) {
  const visibleRow = () => {
    for (const row of document.querySelectorAll(selector)) {
      // Rows are market-row-<id>; their parts (market-row-state, market-row-option-0…) are not.
      if (!/^market-row-\d+$/.test(row.getAttribute('data-testid'))) continue;
      const box = row.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight) return row;
    }
    return null;
  };
  window.__listPaint = { inDomAt: null, paintedAt: null, testId: null };
  const check = () => {
    const row = visibleRow();
    if (!row) return;
    observer.disconnect();
    window.__listPaint.inDomAt = performance.now();
    window.__listPaint.testId = row.getAttribute('data-testid');
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        window.__listPaint.paintedAt = performance.now();
      };
      channel.port2.postMessage(null);
    });
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'class'] });
}

/**
 * In the page: scrolls the list's scroller (the nearest scrollable ancestor of `market-list`, else
 * the window) by `rowsPerSecond` × the first row's height per second, one step per animation frame,
 * for `seconds`. Returns the rAF intervals, the Long Animation Frames seen, the frames that would
 * paint a gap where rows should be, the rows rendered and how far it got.
 */
export function scrollListInPage({ seconds, rowsPerSecond, selector }) {
  const list = document.querySelector('[data-testid="market-list"]');
  const isRow = (el) => /^market-row-\d+$/.test(el.getAttribute('data-testid'));
  const firstRow = [...document.querySelectorAll(selector)].find(isRow);
  if (!firstRow) throw new Error('no market row to scroll');
  const scrollable = (el) => {
    const style = getComputedStyle(el);
    return /(auto|scroll)/.test(style.overflowY) && el.scrollHeight > el.clientHeight + 1;
  };
  let scroller = null;
  for (let el = list; el && el !== document.body && el !== document.documentElement; el = el.parentElement) {
    if (scrollable(el)) {
      scroller = el;
      break;
    }
  }
  const position = () => (scroller ? scroller.scrollTop : window.scrollY);
  const extent = () =>
    scroller ? scroller.scrollHeight - scroller.clientHeight : document.documentElement.scrollHeight - window.innerHeight;
  const scrollByPx = (dy) => (scroller ? (scroller.scrollTop += dy) : window.scrollBy(0, dy));

  const rowHeight = Math.max(1, firstRow.getBoundingClientRect().height);
  const pxPerMs = (rowsPerSecond * rowHeight) / 1000;

  const loafs = [];
  let observer = null;
  if (PerformanceObserver.supportedEntryTypes?.includes('long-animation-frame')) {
    observer = new PerformanceObserver((entries) => {
      for (const e of entries.getEntries()) {
        loafs.push({
          start: e.startTime,
          duration: e.duration,
          blocking: e.blockingDuration,
          scripts: (e.scripts ?? []).map((s) => ({
            duration: s.duration,
            invoker: s.invoker,
            source: `${s.sourceURL}${s.sourceFunctionName ? ` ${s.sourceFunctionName}` : ''}`,
          })),
        });
      }
    });
    observer.observe({ type: 'long-animation-frame', buffered: false });
  }

  const seen = new Set();
  let maxIndex = -1;
  const collect = () => {
    for (const row of document.querySelectorAll(selector)) {
      if (!isRow(row)) continue;
      seen.add(row.getAttribute('data-testid'));
      const indexed = row.closest('[data-index]');
      const index = Number(indexed?.getAttribute('data-index'));
      if (Number.isFinite(index) && index > maxIndex) maxIndex = index;
    }
  };

  /**
   * True when the rendered rows leave no gap in the part of the viewport the list spans. Row boxes
   * only: layout is already up to date here (position() read it), so this adds no layout of its own.
   */
  const coversViewport = () => {
    const rows = list.querySelector('[role="list"]') ?? list;
    const box = rows.getBoundingClientRect();
    let covered = Math.max(0, box.top);
    const bottom = Math.min(window.innerHeight, box.bottom);
    const spans = [...rows.querySelectorAll(':scope > [role="listitem"]')]
      .map((item) => item.getBoundingClientRect())
      .sort((a, b) => a.top - b.top);
    for (const span of spans) {
      if (covered >= bottom) break;
      if (span.top > covered + 1) return false;
      covered = Math.max(covered, span.bottom);
    }
    return covered >= bottom - 1;
  };

  const intervals = [];
  let blankFrames = 0;
  let stalledMs = 0;
  return new Promise((resolve) => {
    let start = null;
    let last = null;
    let frame = 0;
    const step = (now) => {
      if (start === null) {
        start = last = now;
        requestAnimationFrame(step);
        return;
      }
      const dt = now - last;
      intervals.push(dt);
      last = now;
      const before = position();
      // A late frame moves further, as a steady scroll does; capped so one hitch is not a jump.
      if (before >= extent() - 1) stalledMs += dt; // at the end, waiting for the next page
      scrollByPx(pxPerMs * Math.min(dt, 100));
      // What this frame paints: the DOM as it is now at the offset just set (nothing runs between
      // rAF callbacks and the paint). A point of the viewport inside the list that hits no row is a gap.
      if (!coversViewport()) blankFrames += 1;
      if (++frame % 3 === 0) collect();
      if (now - start < seconds * 1000) {
        requestAnimationFrame(step);
        return;
      }
      collect();
      // Let the observer deliver the last frames' entries before reading them.
      setTimeout(() => {
        if (observer) {
          for (const e of observer.takeRecords())
            loafs.push({ start: e.startTime, duration: e.duration, blocking: e.blockingDuration, scripts: [] });
          observer.disconnect();
        }
        resolve({
          intervals,
          loafs: loafs.filter((l) => l.start >= start - 1),
          loafSupported: observer !== null,
          rowsSeen: seen.size,
          blankFrames,
          maxIndex,
          rowHeight,
          scroller: scroller ? scroller.getAttribute('data-testid') || scroller.tagName.toLowerCase() : 'window',
          scrolledPx: position(),
          stalledMs,
          elapsedMs: now - start,
        });
      }, 200);
    };
    requestAnimationFrame(step);
  });
}

/** The p-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * Frame figures from rAF intervals: long frames are intervals over `longMs`; dropped frames are the
 * vsync slots an interval skipped (vsync = the median interval, ~16.7 ms at 60 Hz).
 */
export function frameStats(intervals, longMs = 50) {
  const vsync = percentile(intervals, 50) || 1000 / 60;
  return {
    frames: intervals.length,
    long: intervals.filter((dt) => dt > longMs).length,
    dropped: intervals.reduce((total, dt) => total + Math.max(0, Math.round(dt / vsync) - 1), 0),
    p95: percentile(intervals, 95),
    max: intervals.length ? Math.max(...intervals) : 0,
    vsync,
  };
}
