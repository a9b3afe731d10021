import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { formatProbe } from '@prds/shared/format';
import { langAtom, loadRegisteredScopes, loadShellMessages, type ScopeMessages } from '@prds/shared/i18n';
import { hydrate, queryClient } from '@prds/shared/query';
import { prdsStore } from '@prds/shared/state';
import { currentThemeAtom, deviceAtom } from '@prds/shared/theme';
import { loadMessages } from '@prds/locales';
import { App } from './App';
import { remoteLoader } from './federation/remoteLoaderInstance';
import { remoteForPath } from './routes/routeTable';
import { readSsrState, type SsrRendered } from './server/ssrBlock';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The server's render of this page (scripts/serve.mjs), if it made one: #root holds its HTML, and the
// block says the language, theme and release it used and carries its data.
const ssr = readSsrState(document);
const served = ssr?.rendered === true && container.firstElementChild !== null ? ssr : null;
// The remote that owns the route, known before the first render.
const { pathname, search } = window.location;
const remote = remoteForPath(pathname);
// The page hydrates the server's HTML only when it shows what this browser would: its language and
// theme (its storage, else its languages and system theme; the server read them from the cookies the
// page writes, or guessed from the request). Otherwise it renders from scratch in its own, as before
// server rendering, rather than hydrate and switch (a switch under a remote still being hydrated kept
// its cards in the server's theme).
// Likewise its layout (the server guessed it from the user agent; the page knows its width) and how it
// writes dates and numbers (its time zone and its runtime's locale data: formatProbe). And never when
// a development page loads the route's remote from a local dev server (`?remote-dev=`): the server
// rendered the release, whose markup the developer's code need not match.
const rendered =
  served !== null &&
  (remote === null || remoteLoader.devOverrideOf(remote) === null) &&
  served.lang === prdsStore.get(langAtom) &&
  served.theme === prdsStore.get(currentThemeAtom) &&
  served.device === prdsStore.get(deviceAtom) &&
  served.intlProbe === formatProbe(served.lang)
    ? served
    : null;
if (rendered) {
  // The first render must be the server's: its data (no request again).
  hydrate(queryClient, rendered.queries);
} else if (served) {
  container.replaceChildren();
}

// The first render waits for the page language's messages: their chunk is asked for now, not after
// that render's effects (I18nProvider's request then gets this one).
const lang = prdsStore.get(langAtom);
loadMessages(lang).catch(() => undefined);

// ARCHITECTURE: the host reads the remotes manifest at boot; it does not hold up the first render.
remoteLoader.prefetch();
// The route is known now: the remote that owns it starts loading (its manifest, entry, ./App and its
// route prefetch: page chunk, first api request) beside the shell's first render, not after it.
if (remote) remoteLoader.preload(remote, { pathname, search });
// The server could not render this route with its release: the page renders it, and says so.
if (ssr && !ssr.rendered && ssr.remote && remote === ssr.remote.name) remoteLoader.serverRenderFailed(remote, ssr.remote.version);

/**
 * Hydrates the server's HTML once what its first render needs is here (the shell's messages, the
 * route's remote and that remote's messages), so that render is the server's and the page does not
 * move. Until then the server's HTML is on screen.
 */
async function hydrateServerHtml(root: HTMLElement, state: SsrRendered): Promise<void> {
  const [messages, loaded] = await Promise.all([
    loadShellMessages(prdsStore.get(langAtom)),
    remote ? remoteLoader.load(remote) : Promise.resolve(null),
  ]);
  await loadRegisteredScopes(messages.lang);
  // The page holds another release than the server rendered with (that one failed to load here and
  // the rollout fell back), or none (the remote is down): its render is not the server's, so the
  // page renders from scratch (the remote's fallback, or the other release) instead of hydrating.
  const same = state.remote === null ? loaded === null : loaded?.status === 'ready' && loaded.version === state.remote.version;
  if (!same) {
    root.replaceChildren();
    createRoot(root).render(<Page initialMessages={messages} />);
    return;
  }
  hydrateRoot(root, <Page initialMessages={messages} />);
}

function Page({ initialMessages }: { readonly initialMessages?: ScopeMessages }) {
  return (
    <StrictMode>
      <App initialMessages={initialMessages} />
    </StrictMode>
  );
}

if (rendered) {
  hydrateServerHtml(container, rendered).catch((error: unknown) => {
    // Hydration could not start: render the page from scratch rather than leave it inert.
    console.error('The server-rendered page could not be hydrated; rendering it again', error);
    container.replaceChildren();
    createRoot(container).render(<Page />);
  });
} else {
  createRoot(container).render(<Page />);
}
