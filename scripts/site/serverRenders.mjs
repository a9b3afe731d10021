// The server render of the host's pages (scripts/serve.mjs, issue 26).
import fs from 'node:fs';
import path from 'node:path';
import { APPS, HOSTNAME, REMOTES, appDist, requireSource } from './serveOptions.mjs';

/** @type {typeof import('./serverRender')} */
const serverRender = requireSource('scripts/site/serverRender.ts');
/** @type {typeof import('./pageRoute')} */
const pageRoute = requireSource('scripts/site/pageRoute.ts');

/** Pages rendered once at start (scripts/serve.mjs warm-up): home, the market list, a market. */
const WARM_PAGES = ['/', '/market', '/detail/1'];

/**
 * The server render of pages (issue 26): the host's render (dist/server/render.js) with the route's
 * release as the rollout chose it for this visitor, within a time budget, kept in a short render
 * cache. Null when the host build has no server render or --no-ssr. Anything that fails answers a
 * state that names the release that failed: the page then renders itself and reports it (kind ssr).
 */
export function createServerRenders({ hostDir, options, pageOrigin, manifests }) {
  const renderFile = path.join(hostDir, 'server/render.js');
  if (!options.ssr) return null;
  if (!fs.existsSync(renderFile)) {
    console.error(`serve: ${renderFile} is missing (an older host build): pages are rendered in the browser`);
    return null;
  }
  const render = requireSource(renderFile);
  const source = {
    pageOrigin,
    releasesDir: options.releasesDir,
    localDists: Object.fromEntries(
      APPS.filter((app) => app.container).map((app) => [
        `http://${HOSTNAME}:${options.basePort + app.offset}`,
        appDist(app, options),
      ]),
    ),
  };
  const cache = options.ssrCacheMs > 0 ? new serverRender.RenderCache(options.ssrCacheMs, 500) : null;
  const inflight = new Map();
  let failures = 0;
  /** A remote's stable release and its server container's file, or null. */
  const stableRelease = (remote) => {
    const entry = manifests.current().manifest.remotes[remote];
    const release = entry?.versions[entry.stable];
    const file = release ? serverRender.serverEntryFile(remote, { version: entry.stable, url: release.url }, source) : null;
    return file ? { remote, version: entry.stable, serverEntry: file } : null;
  };
  // Each stable release's container, its messages and every language's, loaded now rather than in
  // the first visitors' time budget; then the pages people land on, rendered once each (10 s at
  // most), so their lazy page chunks and the api's first answers are warm too. What they render is
  // not kept.
  const warming = render
    .warmUp(Object.keys(manifests.current().manifest.remotes).map(stableRelease).filter(Boolean))
    .then(() =>
      Promise.allSettled(
        WARM_PAGES.map((url) => {
          const remote = pageRoute.remoteOfPath(url);
          return render.renderPage({
            url,
            ...serverRender.visitorOf({}),
            apiOrigin: options.ssrApiOrigin,
            release: remote === null ? null : stableRelease(remote),
            signal: AbortSignal.timeout(10_000),
          });
        }),
      ),
    )
    .catch((error) => console.error(`serve: warming the server render failed: ${error?.message ?? error}`));

  return async function renderRoute({ pathname, search, headers, releases }) {
    // Until the warm-up is done, a render waits for it rather than load the same chunks beside it.
    await warming;
    const visitor = serverRender.visitorOf(headers);
    const remote = pageRoute.remoteOfPath(pathname);
    const chosen = remote === null ? null : (releases[remote] ?? null);
    // A remote route with no release this visitor may load: the page shows the remote's fallback itself.
    if (remote !== null && chosen === null) return null;
    // A remote whose first screen depends on the browser (remotes.json `serverRender: "shell"`: the
    // issue form's draft and clock) is sent as the shell with its loading state; the page renders it.
    if (remote !== null && REMOTES[remote]?.serverRender === 'shell') {
      return renderShell({ pathname, search, headers });
    }
    const named = chosen === null ? null : { name: remote, version: chosen.version };
    const failed = (stage) => ({ state: { rendered: false, remote: named, stage }, rootHtml: '', visitor });
    const entry = chosen === null ? null : serverRender.serverEntryFile(remote, chosen, source);
    if (chosen !== null && entry === null) return failed('container');
    const url = `${pathname}${search}`;
    const key = serverRender.RenderCache.key({ release: named ? `${named.name}@${named.version}` : null, url, visitor });
    const cached = cache?.get(key);
    if (cached) return cached;
    // Requests for the same page that arrive while it renders share that render.
    const running = inflight.get(key);
    if (running) return running;
    const rendering = renderOnce(key, url, visitor, remote, chosen, entry, failed);
    inflight.set(key, rendering);
    try {
      return await rendering;
    } finally {
      inflight.delete(key);
    }
  };

  /** The shell alone (the route's remote rendered by the page), cached like any render. */
  async function renderShell({ pathname, search, headers }) {
    const visitor = serverRender.visitorOf(headers);
    const url = `${pathname}${search}`;
    const key = serverRender.RenderCache.key({ release: 'shell', url, visitor });
    const cached = cache?.get(key);
    if (cached) return cached;
    const failed = (stage) => ({ state: { rendered: false, remote: null, stage }, rootHtml: '', visitor });
    return renderOnce(key, url, visitor, null, null, null, failed);
  }

  async function renderOnce(key, url, visitor, remote, chosen, entry, failed) {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error(`past the ${options.ssrBudgetMs} ms budget`)), options.ssrBudgetMs);
    try {
      const page = await render.renderPage({
        url,
        ...visitor,
        apiOrigin: options.ssrApiOrigin,
        release: chosen === null ? null : { remote, version: chosen.version, serverEntry: entry },
        signal: abort.signal,
      });
      const result = { state: page.state, rootHtml: page.html, visitor, stateJson: render.ssrStateJson(page.state) };
      cache?.set(key, result);
      return result;
    } catch (error) {
      if (failures++ < 20) console.error(`serve: ${url.slice(0, 200)} rendered in the browser: ${error?.message ?? error}`);
      return failed(error?.stage ?? 'render');
    } finally {
      clearTimeout(timer);
    }
  }
}
