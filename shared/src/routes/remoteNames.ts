import apps from '../../../apps.json';

/**
 * The remotes the shell mounts, by container name: the global each remote's remoteEntry.js sets and
 * its key in the served /remotes.json. The list is the registry's (apps.json at the repository's root).
 */
export type RemoteName = keyof typeof apps.remotes;
export const REMOTE_NAMES = Object.keys(apps.remotes) as readonly RemoteName[];

export function isRemoteName(value: unknown): value is RemoteName {
  return typeof value === 'string' && REMOTE_NAMES.some((name) => name === value);
}
