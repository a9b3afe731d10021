import { atom } from '@prds/shared/state';

/**
 * - idle: nothing to follow (no market shown, no wallet), so no stream;
 * - connecting / live: the stream is opening or open;
 * - reconnecting: it broke and is being opened again (the api restarted, the network hiccuped);
 * - offline: the browser is offline;
 * - unavailable: no EventSource in this browser, or the stream kept failing; still retried, slowly.
 * The last three are "paused": the page works as without the stream and says so.
 */
export type LiveStatus = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'offline' | 'unavailable';

export const isLivePaused = (status: LiveStatus): boolean =>
  status === 'reconnecting' || status === 'offline' || status === 'unavailable';

/** The page's live status (the stream writes it; the host's status line reads it). */
export const liveStatusAtom = atom<LiveStatus>('idle');
