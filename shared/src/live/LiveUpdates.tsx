import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { API_BASE_URL } from '../chains/appEnv';
import { accountAtom } from '../state/atoms';
import { atom, useAtomValue, useStore } from '../state/store';
import { useIsConnected } from '../state/useIsConnected';
import { LiveStream, type Connectivity, type EventSourceFactory, type LiveStatus } from './liveStream';

/** The page's live status (LiveUpdates writes it; the host's status line reads it). */
export const liveStatusAtom = atom<LiveStatus>('idle');

/** The browser's EventSource, or null where it has none (the page then works without the stream). */
export function browserEventSource(): EventSourceFactory | null {
  if (typeof EventSource !== 'function') return null;
  return (url) => new EventSource(url);
}

export const browserConnectivity: Connectivity = {
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  subscribe(onChange) {
    window.addEventListener('online', onChange);
    window.addEventListener('offline', onChange);
    return () => {
      window.removeEventListener('online', onChange);
      window.removeEventListener('offline', onChange);
    };
  },
};

// One stream per page: @prds/shared is a singleton across host and remotes, and so is this.
let pageStream: { stream: LiveStream; users: number } | null = null;

/**
 * Keeps the page's one live stream running (the host mounts it once, in the browser only): it
 * follows what the data cache shows and the connected account, and reports its status.
 */
export function LiveUpdates({
  createEventSource,
  connectivity = browserConnectivity,
  baseURL = API_BASE_URL,
}: {
  /** Tests pass a fake; the page uses the browser's (none where it lacks one). */
  readonly createEventSource?: EventSourceFactory | null;
  readonly connectivity?: Connectivity;
  readonly baseURL?: string;
}) {
  const queryClient = useQueryClient();
  const store = useStore();
  const account = useAtomValue(accountAtom);
  const connected = useIsConnected();
  const following = connected ? account : null;

  useEffect(() => {
    if (pageStream === null) {
      const stream = new LiveStream({
        queryClient,
        baseURL,
        createEventSource: createEventSource === undefined ? browserEventSource() : createEventSource,
        connectivity,
        onStatus: (status) => store.set(liveStatusAtom, status),
      });
      pageStream = { stream, users: 0 };
      stream.start();
    }
    const held = pageStream;
    held.users += 1;
    return () => {
      held.users -= 1;
      if (held.users === 0) {
        held.stream.stop();
        if (pageStream === held) pageStream = null;
      }
    };
  }, [queryClient, store, createEventSource, connectivity, baseURL]);

  useEffect(() => {
    pageStream?.stream.setAccount(following);
  }, [following]);

  return null;
}
