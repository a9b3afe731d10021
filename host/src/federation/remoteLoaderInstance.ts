import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { API_BASE_URL, getAppEnv } from '@prds/shared/chains';
import sharedPackage from '@prds/shared/package.json';
import hostPackage from '../../package.json';
import { fetchJson, takeEarlyFetch, takeEmbeddedManifest } from './earlyFetch';
import { fetchWithTimeout } from './fetchWithTimeout';
import { RemoteLoader } from './remoteLoader';
import { createRolloutReporter } from './rollout/rolloutReporter';
import { VisitorStore, type CookieJar } from './rollout/visitorStore';

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The page's cookies: the rollout key is mirrored there for the web server (visitorCookie.ts). */
const documentCookies: CookieJar = {
  read: () => document.cookie,
  write: (cookie) => {
    document.cookie = cookie;
  },
  secure: window.location.protocol === 'https:',
};

/** The page's visitor memory for the rollout (install id, remembered wallet, failed versions). */
export const visitorStore = new VisitorStore(browserStorage(), undefined, documentCookies);

/** The page's one loader, bound to the federation runtime instance the host build created. */
export const remoteLoader = new RemoteLoader({
  runtime: {
    registerRemotes: (remotes, options) => registerRemotes(remotes, options),
    loadRemote: (id) => loadRemote(id),
  },
  page: { host: hostPackage.version, shared: sharedPackage.version },
  // The manifest the server put in the page, else the read the entry chunk started (index.ts); a
  // second read (a retry) asks the server again.
  fetchManifest: (url) => takeEmbeddedManifest() ?? takeEarlyFetch(url) ?? fetchJson(url),
  store: visitorStore,
  production: getAppEnv() === 'production',
  // `?remote-dev=` (a remote from a local dev server, `pnpm dev <remote>`): development builds only.
  development: process.env.NODE_ENV !== 'production',
  search: window.location.search,
  reporter: createRolloutReporter(
    // keepalive (which the shared client has no use for elsewhere): the reports of a page being left
    // still reach the api.
    (batch) =>
      fetchWithTimeout(
        `${API_BASE_URL.replace(/\/+$/, '')}/api/rollout/report`,
        { method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' }, body: JSON.stringify(batch) },
        10_000,
      ),
    {
      onLeave: (flush) => {
        window.addEventListener('pagehide', flush);
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'hidden') flush();
        });
      },
    },
  ),
});
