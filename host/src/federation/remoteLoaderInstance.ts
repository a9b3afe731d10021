import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { RemoteLoader } from './remoteLoader';

/** The page's one loader, bound to the federation runtime instance the host build created. */
export const remoteLoader = new RemoteLoader({
  runtime: {
    registerRemotes: (remotes, options) => registerRemotes(remotes, options),
    loadRemote: (id) => loadRemote(id),
  },
});
