import type { RolloutReportKind } from '@prds/shared/federation';
import { FetchTimeoutError } from '../fetchWithTimeout';
import type { ReleaseRecord } from './rolloutManifest';
import { entryUrlOf } from './releasePins';

export type LoadFailureKind = Extract<RolloutReportKind, 'missing' | 'timeout' | 'integrity' | 'expose'>;

export interface FetchedFile {
  /** HTTP status, or null when nothing answered. */
  readonly status: number | null;
  readonly body: ArrayBuffer | null;
}

export interface ClassifyTools {
  fetchFile(url: string): Promise<FetchedFile>;
  sha384(body: ArrayBuffer): Promise<string>;
}

export interface LoadFailure {
  readonly record: ReleaseRecord;
  readonly error: unknown;
  readonly elapsedMs: number;
  readonly timeoutMs: number;
}

/** webpack's ChunkLoadError names the chunk's URL in `request` (possibly under a wrapper's `cause`). */
function chunkRequestOf(error: unknown, depth = 0): string | null {
  if (typeof error !== 'object' || error === null || depth > 3) return null;
  if ('request' in error && typeof error.request === 'string' && /^https?:/.test(error.request)) return error.request;
  return 'cause' in error ? chunkRequestOf(error.cause, depth + 1) : null;
}

const answered = (file: FetchedFile): boolean => file.status !== null && file.status >= 200 && file.status < 300;

/**
 * Why a release failed to load, for the report and `rollout status`. A script that fails fires the
 * same `error` event for a 404 and for an integrity mismatch, so the files are fetched again and
 * looked at: one that does not answer is `missing`, one whose sha384 is not its pin is `integrity`;
 * a chunk the entry's own pins refused answers fine but failed to load (`integrity` too). Past the
 * load time-out it is `timeout`; a release whose files are all fine failed in its `./App` (`expose`).
 */
export async function classifyLoadFailure(failure: LoadFailure, tools: ClassifyTools): Promise<LoadFailureKind> {
  const { record, error, elapsedMs, timeoutMs } = failure;
  if (error instanceof FetchTimeoutError || elapsedMs >= timeoutMs) return 'timeout';
  const files: Array<{ url: string; pin: string | null }> = [
    { url: record.url, pin: record.integrity?.manifest ?? null },
    { url: entryUrlOf(record.url), pin: record.integrity?.entry ?? null },
  ];
  for (const { url, pin } of files) {
    const file = await tools.fetchFile(url);
    if (!answered(file) || file.body === null) return 'missing';
    if (pin !== null && (await tools.sha384(file.body)) !== pin) return 'integrity';
  }
  const chunk = chunkRequestOf(error);
  if (chunk !== null) return answered(await tools.fetchFile(chunk)) ? 'integrity' : 'missing';
  return 'expose';
}
