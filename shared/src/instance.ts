import { useSyncExternalStore } from 'react';

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Made once when this module is evaluated: host and remotes rendering the same value proves the
 * page holds one copy of @prds/shared (one store, one wallet context).
 */
export const SHARED_INSTANCE_ID: string = randomId();

const noSubscription = () => () => undefined;

/**
 * SHARED_INSTANCE_ID as a page renders it: the server's render and the first render of the page
 * hydrating it say '' (the server's copy is another process's), then the page's own id.
 */
export function useSharedInstanceId(): string {
  return useSyncExternalStore(
    noSubscription,
    () => SHARED_INSTANCE_ID,
    () => '',
  );
}
