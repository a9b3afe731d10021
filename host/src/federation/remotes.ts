import type { RemoteName } from '@prds/shared';
import remotesTable from './remotes.json';

/**
 * Where each remote is served: `folder` and `portOffset` say where scripts/serve.mjs and the host's dev
 * server find it. The table is JSON so those Node scripts read the same list the shell compiles; its
 * keys are @prds/shared's RemoteName (remotes.test.ts checks they are exactly those).
 */
export interface RemoteInfo {
  readonly folder: string;
  readonly portOffset: number;
}

export const REMOTES: Readonly<Record<RemoteName, RemoteInfo>> = remotesTable;

/** The module each remote exposes (ARCHITECTURE: one entry per remote). */
export const REMOTE_EXPOSE = './App';

/** The federation runtime's id of a module a remote exposes (`./App` unless told). */
export function remoteModuleId(remote: RemoteName, expose: string = REMOTE_EXPOSE): string {
  return `${remote}/${expose.slice(2)}`;
}
