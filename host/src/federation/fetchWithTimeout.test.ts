import { FetchStatusError, FetchTimeoutError, fetchWithTimeout } from './fetchWithTimeout';

function response(status: number): Response {
  return { ok: status >= 200 && status < 300, status } as Response;
}

describe('fetchWithTimeout', () => {
  afterEach(() => jest.useRealTimers());

  it('returns a 2xx response and always revalidates', async () => {
    const seen: RequestInit[] = [];
    const fetchImpl = async (_url: RequestInfo | URL, init?: RequestInit) => {
      seen.push(init ?? {});
      return response(200);
    };
    const result = await fetchWithTimeout('http://r/mf-manifest.json', {}, 1000, fetchImpl);
    expect(result.status).toBe(200);
    expect(seen[0]?.cache).toBe('no-cache');
  });

  it('turns a non-2xx answer into a FetchStatusError', async () => {
    await expect(fetchWithTimeout('http://r/x', {}, 1000, async () => response(404))).rejects.toEqual(
      new FetchStatusError('http://r/x', 404),
    );
  });

  it('aborts a request that hangs past the time-out', async () => {
    jest.useFakeTimers();
    let signal: AbortSignal | undefined;
    const hanging = (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        signal = init?.signal ?? undefined;
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const pending = fetchWithTimeout('http://r/slow', {}, 120000, hanging);
    const assertion = expect(pending).rejects.toBeInstanceOf(FetchTimeoutError);
    jest.advanceTimersByTime(119999);
    expect(signal?.aborted).toBe(false);
    jest.advanceTimersByTime(1);
    await assertion;
    expect(signal?.aborted).toBe(true);
  });

  it('passes on a network error as it is', async () => {
    const boom = new TypeError('Failed to fetch');
    await expect(
      fetchWithTimeout('http://r/x', {}, 1000, async () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
  });
});
