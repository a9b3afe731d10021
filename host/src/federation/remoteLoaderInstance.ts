import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { getApiClient, getAppEnv } from '@prds/shared';
import sharedPackage from '@prds/shared/package.json';
import hostPackage from '../../package.json';
import { RemoteLoader } from './remoteLoader';
import { createRolloutReporter } from './rollout/rolloutReporter';
import { VisitorStore } from './rollout/visitorStore';

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The page's visitor memory for the rollout (install id, remembered wallet, failed versions). */
export const visitorStore = new VisitorStore(browserStorage());

/** The page's one loader, bound to the federation runtime instance the host build created. */
export const remoteLoader = new RemoteLoader({
  runtime: {
    registerRemotes: (remotes, options) => registerRemotes(remotes, options),
    loadRemote: (id) => loadRemote(id),
  },
  page: { host: hostPackage.version, shared: sharedPackage.version },
  store: visitorStore,
  production: getAppEnv() === 'production',
  search: window.location.search,
  reporter: createRolloutReporter((reports) => getApiClient().post('/api/rollout/report', { reports })),
});
