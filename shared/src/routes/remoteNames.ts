/**
 * The remotes the shell mounts, by container name: the global each remote's remoteEntry.js sets and
 * its key in the served /remotes.json (the host's remotes.json says where each is served).
 */
export const REMOTE_NAMES = ['mfe_market', 'mfe_issue', 'mfe_license', 'mfe_portfolio', 'mfe_claim'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export function isRemoteName(value: unknown): value is RemoteName {
  return typeof value === 'string' && REMOTE_NAMES.some((name) => name === value);
}
