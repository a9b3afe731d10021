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

export function remoteModuleId(remote: RemoteName): string {
  return `${remote}/${REMOTE_EXPOSE.slice(2)}`;
}
