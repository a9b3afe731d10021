import { CHUNK_LOAD_TIMEOUT_MS } from '@prds/shared/chunkLoadTimeout';
import { fetchWithTimeout } from './fetchWithTimeout';

/**
 * The rollout manifest, served beside the host. Read at boot, before the async boundary: the
 * host's entry chunk starts this request, so it runs while the shared modules and the shell's
 * bootstrap chunk are still loading rather than after them.
 *
 * No shared imports here: this module runs in the entry chunk, before any shared module exists.
 */
export const ROLLOUT_MANIFEST_URL = '/remotes.json';

/** GET `url` as JSON, within the chunk-load time-out; a non-2xx answer is a failure. */
export async function fetchJson(url: string): Promise<unknown> {
  const response = await fetchWithTimeout(url, {}, CHUNK_LOAD_TIMEOUT_MS);
  return response.json();
}

const started = new Map<string, Promise<unknown>>();

/** Starts fetching `url` now; the first `takeEarlyFetch(url)` gets the answer (or its failure). */
export function startEarlyFetch(url: string, fetchImpl: (url: string) => Promise<unknown> = fetchJson): void {
  if (started.has(url)) return;
  const answer = fetchImpl(url);
  // Nobody may ever take it (a page with no remote route): its failure is not an unhandled rejection.
  answer.catch(() => undefined);
  started.set(url, answer);
}

/** The early fetch of `url`, once: a later read (a retry) asks the server again. */
export function takeEarlyFetch(url: string): Promise<unknown> | undefined {
  const answer = started.get(url);
  started.delete(url);
  return answer;
}
