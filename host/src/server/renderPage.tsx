// The host's server render (dist/server/render.js, built by createConfig's server build beside the
// browser one): the shell and the route's content as HTML, in the visitor's language and theme, the
// route's content rendered by the remote release the rollout gave this visitor (its Node container,
// required from the release's server/ folder and initialised with this bundle's share scope), and
// the data the render used, for the page to hydrate with. The web server (scripts/serve.mjs) does
// the I/O around it: which release, which files, the time budget, what to send when this fails.
import { Writable } from 'node:stream';
import type { ComponentType } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { formatProbe } from '@prds/shared/format';
import { createHttpClient, type HttpClient } from '@prds/shared/http';
import { isLangCode, langAtom, LANGUAGES, loadRegisteredScopes, loadShellMessages, type LangCode } from '@prds/shared/i18n';
import { AppProviders } from '@prds/shared/providers';
import { type RemoteName } from '@prds/shared/routes';
import { createStore } from '@prds/shared/state';
import { currentThemeAtom, deviceAtom, type Device, type ThemeMode } from '@prds/shared/theme';
import { AppContent } from '../AppContent';
import { RemoteLoaderContext, type RemoteLoaderApi } from '../federation/RemoteLoaderContext';
import type { RemoteLoadResult } from '../federation/remoteLoader';
import { ROUTE_PREFETCH_EXPOSE, serverRoutePrefetchOf } from '../federation/routePrefetch';
import { prefetchFeaturedMarkets } from '../pages/home/featuredMarkets';
import { remoteForPath } from '../routes/routeTable';
import type { SsrRendered, SsrStage } from './ssrBlock';

/** A Module Federation container as `module.exports` of a server build's remoteEntry.js. */
interface Container {
  init(shareScope: unknown): Promise<void> | void;
  get(module: string): Promise<() => unknown>;
}

declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: Record<string, unknown>;
declare const __non_webpack_require__: NodeJS.Require;

const containers = new Map<string, Promise<Container>>();

/**
 * The Node container in `file` (a release's server/remoteEntry.js), initialised with this bundle's
 * shared modules (one React, router, store and @prds/shared for shell and remote), once per file for
 * the process's life: releases are immutable, a new one is a new folder.
 */
function containerOf(file: string): Promise<Container> {
  let loading = containers.get(file);
  if (!loading) {
    loading = (async () => {
      const container = __non_webpack_require__(file) as Container;
      await __webpack_init_sharing__('default');
      await container.init(__webpack_share_scopes__.default);
      return container;
    })();
    containers.set(file, loading);
    loading.catch(() => containers.delete(file));
  }
  return loading;
}

async function exposed(container: Container, name: string): Promise<unknown> {
  const factory = await container.get(name);
  return factory();
}

export interface RenderRequest {
  /** The page's path and query (`/market?status=open`). */
  readonly url: string;
  readonly lang: LangCode;
  readonly theme: ThemeMode;
  /** The layout the server guesses from the request (a phone's user agent: mobile); the page corrects it after hydrating. */
  readonly device: Device;
  /** Where the route's data comes from (the api's origin as the server reaches it). */
  readonly apiOrigin: string;
  /** The route's remote release: its container and version, and its server container's file. */
  readonly release: { readonly remote: RemoteName; readonly version: string; readonly serverEntry: string } | null;
  /** Aborts the render (the web server's time budget): the promise then rejects. */
  readonly signal: AbortSignal;
}

export interface RenderedPage {
  /** The HTML inside #root. */
  readonly html: string;
  /** What the page hydrates with (the JSON block `prds-ssr`). */
  readonly state: SsrRendered;
}

/** Thrown for a render that could not be made; `stage` says where (the web server reports it). */
export class RenderFailed extends Error {
  override readonly name = 'RenderFailed';
  constructor(
    readonly stage: SsrStage,
    cause: unknown,
  ) {
    super(`server render failed (${stage}): ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    const fail = () => reject(new RenderFailed('aborted', signal.reason ?? 'time budget'));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

/**
 * Loads ahead what renders need that does not change per request, so the first visitors' renders
 * fit the time budget: every language's shell messages and, for each release given, its container,
 * its `./App` (which registers its messages) and those messages in every language.
 */
export async function warmUp(releases: readonly { readonly serverEntry: string }[]): Promise<void> {
  await Promise.allSettled(
    releases.map(async ({ serverEntry }) => {
      const container = await containerOf(serverEntry);
      await Promise.all([exposed(container, './App'), exposed(container, ROUTE_PREFETCH_EXPOSE).catch(() => null)]);
    }),
  );
  await Promise.allSettled(LANGUAGES.map(({ code }) => Promise.all([loadShellMessages(code), loadRegisteredScopes(code)])));
}

/** Everything the route's first screen reads, into `cache`: the remote's route prefetch, or the home page's shelves. */
async function prefetchRoute(request: RenderRequest, container: Container | null, cache: QueryClient, client: HttpClient) {
  const [pathname = '/', query = ''] = request.url.split(/\?(.*)/s);
  const location = { pathname, search: query ? `?${query}` : '' };
  if (container) {
    const prefetch = serverRoutePrefetchOf(await exposed(container, ROUTE_PREFETCH_EXPOSE).catch(() => null));
    if (prefetch) await prefetch(location, { client, cache });
  } else if (pathname === '/') {
    await prefetchFeaturedMarkets(cache, client);
  }
}

/** Where the page's App renders its browser-only effects (App.tsx BrowserSync): nothing on the server. */
function NoBrowserSync() {
  return null;
}

/** Renders `element` to a string once everything in it (lazy pages, remote messages) is ready. */
function renderToString(element: React.ReactElement, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    let failed = false;
    const stream = renderToPipeableStream(element, {
      // Every boundary inline in one document: a boundary over the default chunk size is sent as a
      // later segment with an inline script that moves it in, which the site's CSP does not run.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        if (!failed) stream.pipe(sink);
      },
      onShellError(error) {
        failed = true;
        reject(new RenderFailed('render', error));
      },
      onError(error) {
        // A boundary that fails is rendered by the page itself; the server render is then not the page.
        failed = true;
        reject(new RenderFailed('render', error));
      },
    });
    signal.addEventListener(
      'abort',
      () => {
        failed = true;
        stream.abort();
        reject(new RenderFailed('aborted', signal.reason ?? 'time budget'));
      },
      { once: true },
    );
  });
}

/**
 * The page's #root HTML and the state it was rendered with. Rejects with RenderFailed when the
 * release's container, the route's data or the render fails, or `signal` aborts: the web server then
 * sends the page for the browser to render, and says which release failed.
 */
export async function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const { signal } = request;
  if (!isLangCode(request.lang)) throw new RenderFailed('render', `unknown language ${String(request.lang)}`);
  const [pathname = '/'] = request.url.split('?');
  if (request.release && remoteForPath(pathname) !== request.release.remote) {
    throw new RenderFailed('render', `${request.release.remote} does not render ${pathname}`);
  }
  const store = createStore();
  store.set(langAtom, request.lang);
  store.set(currentThemeAtom, request.theme);
  store.set(deviceAtom, request.device);
  const cache = new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, retry: false } } });
  const client = createHttpClient({ baseURL: request.apiOrigin });
  const stop = aborted(signal);
  stop.catch(() => undefined);

  let container: Container | null = null;
  let loaded: RemoteLoadResult | null = null;
  if (request.release) {
    try {
      container = await Promise.race([containerOf(request.release.serverEntry), stop]);
      const module = (await Promise.race([exposed(container, './App'), stop])) as { default?: ComponentType };
      if (typeof module.default !== 'function' && typeof module.default !== 'object') throw new Error('./App has no component');
      loaded = { status: 'ready', Component: module.default, version: request.release.version };
    } catch (error) {
      throw error instanceof RenderFailed ? error : new RenderFailed('container', error);
    }
  }
  const [messages] = await Promise.race([
    Promise.all([
      loadShellMessages(request.lang),
      loadRegisteredScopes(request.lang),
      prefetchRoute(request, container, cache, client).catch((error: unknown) => {
        throw new RenderFailed('data', error);
      }),
    ]),
    stop,
  ]);

  const remoteLoader: RemoteLoaderApi = {
    load: async () => loaded ?? { status: 'failed', reason: 'not-configured' },
    peek: () => loaded,
    invalidate: () => undefined,
    renderFailed: () => false,
  };
  const html = await renderToString(
    <AppProviders store={store} queryClient={cache} initialMessages={messages}>
      {/* The page's App has its browser-only effects here (BrowserSync): the same two children,
          so useId's ids match when the page hydrates this HTML. */}
      <NoBrowserSync />
      <RemoteLoaderContext.Provider value={remoteLoader}>
        <MemoryRouter initialEntries={[request.url]}>
          <AppContent />
        </MemoryRouter>
      </RemoteLoaderContext.Provider>
    </AppProviders>,
    signal,
  );
  return {
    html,
    state: {
      rendered: true,
      lang: messages.lang,
      theme: request.theme,
      device: request.device,
      intlProbe: formatProbe(messages.lang),
      remote: request.release ? { name: request.release.remote, version: request.release.version } : null,
      queries: dehydrate(cache),
    },
  };
}
