import type { RemoteName } from '@prds/shared/routes';
import apps from '../../../apps.json';

/**
 * Where each remote is served: `folder` and `portOffset` say where scripts/serve.mjs and the host's dev
 * server find it. The table is the registry's (apps.json at the repository's root), which the Node
 * scripts, ESLint, e2e and the benches read too.
 */
export interface RemoteInfo {
  readonly folder: string;
  readonly portOffset: number;
}

export const REMOTES: Readonly<Record<RemoteName, RemoteInfo>> = apps.remotes;

/** The module each remote exposes (ARCHITECTURE: one entry per remote). */
export const REMOTE_EXPOSE = './App';

/** The federation runtime's id of a module a remote exposes (`./App` unless told). */
export function remoteModuleId(remote: RemoteName, expose: string = REMOTE_EXPOSE): string {
  return `${remote}/${expose.slice(2)}`;
}
