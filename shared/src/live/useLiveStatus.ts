import { useAtomValue } from '@prds/shared/state';
import { isLivePaused, liveStatusAtom, type LiveStatus } from './liveStatus';

/** The page's live status, and whether live updates are paused (the status line shows then). */
export function useLiveStatus(): { readonly status: LiveStatus; readonly paused: boolean } {
  const status = useAtomValue(liveStatusAtom);
  return { status, paused: isLivePaused(status) };
}
