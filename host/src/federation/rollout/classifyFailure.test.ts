import { FetchTimeoutError } from '../fetchWithTimeout';
import { classifyLoadFailure, type ClassifyTools, type FetchedFile } from './classifyFailure';
import type { ReleaseRecord } from './rolloutManifest';

const PIN = `sha384-${'A'.repeat(64)}`;
const record: ReleaseRecord = {
  url: 'http://cdn.test/r/mfe_claim/1/mf-manifest.json',
  integrity: { manifest: PIN, entry: PIN },
  shared: '0.1.0',
  publishedAt: null,
};
const ok: FetchedFile = { status: 200, body: new ArrayBuffer(4) };

function tools(files: Record<string, FetchedFile>, hash = PIN): ClassifyTools {
  return { fetchFile: async (url) => files[url] ?? { status: 404, body: null }, sha384: async () => hash };
}
const entry = 'http://cdn.test/r/mfe_claim/1/remoteEntry.js';
const chunk = 'http://cdn.test/r/mfe_claim/1/123.abcd1234.js';
const failure = (error: unknown, elapsedMs = 50) => ({ record, error, elapsedMs, timeoutMs: 120_000 });

describe('classifyLoadFailure', () => {
  it.each<[string, ReturnType<typeof failure>, ClassifyTools, string]>([
    ['past the time-out', failure(new Error('x'), 120_000), tools({}), 'timeout'],
    ['a manifest fetch that timed out', failure(new FetchTimeoutError(record.url, 1)), tools({}), 'timeout'],
    ['a manifest that answers 404', failure(new Error('x')), tools({}), 'missing'],
    ['an entry that answers 404', failure(new Error('x')), tools({ [record.url]: ok }), 'missing'],
    [
      'an entry that does not match its pin',
      failure(new Error('x')),
      tools({ [record.url]: ok, [entry]: ok }, `sha384-${'B'.repeat(64)}`),
      'integrity',
    ],
    [
      'a chunk the entry refused',
      failure({ name: 'ChunkLoadError', request: chunk }),
      tools({ [record.url]: ok, [entry]: ok, [chunk]: ok }),
      'integrity',
    ],
    ['a chunk that is gone', failure({ cause: { request: chunk } }), tools({ [record.url]: ok, [entry]: ok }), 'missing'],
    ['files fine, ./App failed', failure(new Error('x')), tools({ [record.url]: ok, [entry]: ok }), 'expose'],
  ])('%s → %s', async (_label, input, t, expected) => {
    await expect(classifyLoadFailure(input, t)).resolves.toBe(expected);
  });
});
