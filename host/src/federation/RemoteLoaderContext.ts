import { createContext } from 'react';
import type { RemoteLoader } from './remoteLoader';

/** `peek` and the dev override's methods are the page's own (the server render and tests may lack them). */
export type RemoteLoaderApi = Pick<RemoteLoader, 'load' | 'invalidate' | 'renderFailed'> &
  Partial<Pick<RemoteLoader, 'peek' | 'devOverrides' | 'clearDevOverrides'>>;

/** Outside a provider nothing is loaded: every remote shows its fallback. */
const NO_LOADER: RemoteLoaderApi = {
  load: async () => ({ status: 'failed', reason: 'not-configured' }),
  invalidate: () => undefined,
  renderFailed: () => false,
};

/**
 * The loader RemoteApp loads remotes with: the page's (App.tsx provides remoteLoaderInstance), the
 * server render's (server/renderPage.tsx: the release it rendered), or a test's own.
 */
export const RemoteLoaderContext = createContext<RemoteLoaderApi>(NO_LOADER);
