import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { langAtom, prdsStore } from '@prds/shared';
import { loadMessages } from '@prds/locales';
import { App } from './App';
import { remoteLoader } from './federation/remoteLoaderInstance';
import { remoteForPath } from './routes/routeTable';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first render waits for the page language's messages: their chunk is asked for now, not after
// that render's effects (I18nProvider's request then gets this one).
loadMessages(prdsStore.get(langAtom)).catch(() => undefined);

// ARCHITECTURE: the host reads the remotes manifest at boot; it does not hold up the first render.
remoteLoader.prefetch();
// The route is known now: the remote that owns it starts loading (its manifest, entry, ./App and its
// route prefetch: page chunk, first api request) beside the shell's first render, not after it.
const { pathname, search } = window.location;
const remote = remoteForPath(pathname);
if (remote) remoteLoader.preload(remote, { pathname, search });

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
