// "JS of a first render": the scripts a fresh browser context (empty cache) fetched whose request
// started before React first rendered a test id's element (inserted it, or hydrated it from the
// server's HTML: the page is interactive), with their sizes gzip-compressed here at level 9
// (the static server may not compress). Shared by the browser benchmarks.
import zlib from 'node:zlib';

export const kib = (bytes) => (bytes / 1024).toFixed(1);
export const gzipSize = (body) => zlib.gzipSync(body, { level: 9 }).length;
export const sumOf = (scripts, field) => scripts.reduce((total, script) => total + script[field], 0);

/**
 * Loads `url` in a fresh 1280×800 context and returns `{ url, raw, gzip }` per JS response whose
 * request started before React first rendered `testId` (client render or hydration). `prepare(context)` runs before the page
 * opens (init scripts, request routing).
 */
export async function scriptsBeforeFirstRender(browser, url, testId, { prepare } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  try {
    if (prepare) await prepare(context);
    const page = await context.newPage();
    await page.addInitScript((id) => {
      // "First render" is React's: the element is in the DOM and React owns it (its fiber key is on
      // the node). A client render inserts it (the observer fires in the microtask after the commit);
      // a server-rendered page has it from the HTML, and React takes it over when it hydrates, which
      // changes no node, so that is checked every few ms as well.
      const rendered = () => {
        const element = document.querySelector(`[data-testid="${id}"]`);
        return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
      };
      const done = () => {
        window.__firstRenderAt = performance.now();
        observer.disconnect();
        clearInterval(timer);
      };
      const observer = new MutationObserver(() => {
        if (rendered()) done();
      });
      observer.observe(document, { childList: true, subtree: true });
      const timer = setInterval(() => {
        if (rendered()) done();
      }, 5);
    }, testId);
    const bodies = new Map();
    const pending = [];
    page.on('response', (response) => {
      const request = response.request();
      const isScript = request.resourceType() === 'script' || (response.headers()['content-type'] ?? '').includes('javascript');
      if (!isScript || response.status() !== 200) return;
      pending.push(
        response.body().then(
          (body) => bodies.set(response.url(), body),
          () => undefined,
        ),
      );
    });
    await page.goto(url);
    await page.getByTestId(testId).waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForFunction(() => window.__firstRenderAt !== undefined, null, { timeout: 30_000 });
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    await Promise.all(pending);
    const { renderAt, entries } = await page.evaluate(() => ({
      renderAt: window.__firstRenderAt ?? performance.now(),
      entries: performance.getEntriesByType('resource').map((entry) => ({ name: entry.name, startTime: entry.startTime })),
    }));
    const startedBeforeRender = new Set(entries.filter((e) => e.startTime <= renderAt).map((e) => e.name));
    return [...bodies.entries()]
      .filter(([scriptUrl]) => startedBeforeRender.has(scriptUrl))
      .map(([scriptUrl, body]) => ({ url: scriptUrl, raw: body.length, gzip: gzipSize(body) }));
  } finally {
    await context.close();
  }
}
