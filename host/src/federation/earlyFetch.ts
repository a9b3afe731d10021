import { CHUNK_LOAD_TIMEOUT_MS } from '@prds/shared/chunkLoadTimeout';
import { fetchWithTimeout } from './fetchWithTimeout';
import { readPageRollout, type PageRollout } from './rollout/pageRolloutBlock';

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

/** The server's block, once read (undefined: not read yet), and whether the loader has taken it. */
let embedded: PageRollout | null | undefined;
let embeddedTaken = false;

/**
 * True when the server put the rollout manifest into the page (rollout/pageRolloutBlock.ts): the page
 * then needs no /remotes.json request to pick its releases.
 */
export function hasEmbeddedManifest(doc: Pick<Document, 'getElementById'> = document): boolean {
  if (embedded === undefined) embedded = readPageRollout(doc);
  return embedded !== null;
}

/** The manifest the server put into the page, once: a later read (a retry) asks the server. */
export function takeEmbeddedManifest(doc: Pick<Document, 'getElementById'> = document): Promise<unknown> | undefined {
  if (embeddedTaken || !hasEmbeddedManifest(doc) || !embedded) return undefined;
  embeddedTaken = true;
  return Promise.resolve(embedded.manifest);
}
