import { createContext } from 'react';
import type { RemoteLoader } from './remoteLoader';
import { remoteLoader } from './remoteLoaderInstance';

export type RemoteLoaderApi = Pick<RemoteLoader, 'load' | 'invalidate' | 'renderFailed'>;

/** The page's loader; tests provide one bound to their own federation runtime. */
export const RemoteLoaderContext = createContext<RemoteLoaderApi>(remoteLoader);
