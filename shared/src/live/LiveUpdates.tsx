import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { API_BASE_URL } from '@prds/shared/chains';
import { accountAtom } from '@prds/shared/state';
import { useAtomValue, useStore } from '@prds/shared/state';
import { useIsConnected } from '@prds/shared/state';
import { liveStatusAtom } from './liveStatus';
import type { Connectivity, EventSourceFactory, LiveStream } from './liveStream';

export { liveStatusAtom };

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

/** The page's one stream, while some LiveUpdates is mounted; it loads after the first render. */
interface PageStream {
  users: number;
  account: string | null;
  stream: LiveStream | null;
}

// One stream per page: @prds/shared is a singleton across host and remotes, and so is this.
let pageStream: PageStream | null = null;

/**
 * Keeps the page's one live stream running (the host mounts it once, in the browser only): it
 * follows what the data cache shows and the connected account, and reports its status. The stream's
 * code is its own chunk, loaded once the page has rendered (it waits for the page to settle anyway).
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
    let held = pageStream;
    if (held === null) {
      const created: PageStream = { users: 0, account: null, stream: null };
      held = created;
      pageStream = created;
      import(/* webpackChunkName: "live-stream" */ './liveStream').then(
        ({ LiveStream }) => {
          if (created.users === 0) return;
          const stream = new LiveStream({
            queryClient,
            baseURL,
            createEventSource: createEventSource === undefined ? browserEventSource() : createEventSource,
            connectivity,
            onStatus: (status) => store.set(liveStatusAtom, status),
          });
          created.stream = stream;
          stream.setAccount(created.account);
          stream.start();
        },
        // Its chunk did not load: the page works without it, and says so.
        () => store.set(liveStatusAtom, 'unavailable'),
      );
    }
    const user = held;
    user.users += 1;
    return () => {
      user.users -= 1;
      if (user.users > 0) return;
      user.stream?.stop();
      if (pageStream === user) pageStream = null;
    };
  }, [queryClient, store, createEventSource, connectivity, baseURL]);

  useEffect(() => {
    if (pageStream === null) return;
    pageStream.account = following;
    pageStream.stream?.setAccount(following);
  }, [following]);

  return null;
}
