import remotesTable from './remotes.json';

/**
 * Every remote the shell can mount. The key is the container name (its global and the name in the
 * served /remotes.json); `folder` and `portOffset` say where scripts/serve.mjs and the host's dev
 * server find it. The table is JSON so those Node scripts read the same list the shell compiles.
 */
export interface RemoteInfo {
  readonly folder: string;
  readonly portOffset: number;
}

export const REMOTES = remotesTable satisfies Record<string, RemoteInfo>;

export type RemoteName = keyof typeof REMOTES;

export const REMOTE_NAMES = Object.keys(REMOTES) as RemoteName[];

export function isRemoteName(value: unknown): value is RemoteName {
  return typeof value === 'string' && Object.hasOwn(REMOTES, value);
}

/** The module each remote exposes (ARCHITECTURE: one entry per remote). */
export const REMOTE_EXPOSE = './App';

export function remoteModuleId(remote: RemoteName): string {
  return `${remote}/${REMOTE_EXPOSE.slice(2)}`;
}

/**
 * Spec §9's chunk load time-out; remote manifests and entries get the same bound so a hanging remote
 * ends in the fallback instead of an endless spinner.
 */
export const REMOTE_LOAD_TIMEOUT_MS = 120000;
