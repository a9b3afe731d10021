export class FetchTimeoutError extends Error {
  constructor(
    readonly url: string,
    readonly timeoutMs: number,
  ) {
    super(`Fetching ${url} timed out after ${timeoutMs} ms`);
    this.name = 'FetchTimeoutError';
  }
}

export class FetchStatusError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(`Fetching ${url} failed with HTTP ${status}`);
    this.name = 'FetchStatusError';
  }
}

/**
 * fetch that gives up after `timeoutMs` and treats a non-2xx answer as a failure. It revalidates
 * (`no-cache`) unless the caller asks otherwise (an immutable release file), so a retry after an
 * outage really asks the server again.
 * setTimeout (not AbortSignal.timeout) so tests and fake clocks can drive it.
 */
export async function fetchWithTimeout(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  // The remotes manifest is a static file beside the host, read before any api call or shared client exists.
  // eslint-disable-next-line no-restricted-globals
  fetchImpl: typeof fetch = fetch,
): Promise<Response> {
  const controller = new AbortController();
  const outer = init.signal;
  const onOuterAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onOuterAbort);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const response = await fetchImpl(url, { ...init, cache: init.cache ?? 'no-cache', signal: controller.signal });
    if (!response.ok) throw new FetchStatusError(url, response.status);
    return response;
  } catch (error) {
    if (timedOut) throw new FetchTimeoutError(url, timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}
