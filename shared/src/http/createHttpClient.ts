import type { ApiEnvelope } from '@prds/api-schema';
import { debounce } from './debounce';
import { HttpError, type HttpErrorInit } from './HttpError';

/** The api's answer: `code` 0 is success (@prds/api-schema's one definition). */
export type { ApiEnvelope };

/** Spec §9. */
export const HTTP_TIMEOUT_MS = 600_000;
export const RELOAD_DEBOUNCE_MS = 500;
/** How many read answers the client keeps with their ETag to revalidate (the oldest goes first). */
export const REVALIDATE_ENTRIES = 200;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface HttpClientOptions {
  readonly baseURL: string;
  readonly timeoutMs?: number;
  /** What a 401/403 triggers (debounced); the page reload by default. */
  readonly reload?: () => void;
  readonly reloadDebounceMs?: number;
  readonly fetchImpl?: FetchLike;
}

export interface HttpClient {
  readonly baseURL: string;
  /** POSTs `body` (an empty object when missing) as JSON and resolves with the parsed answer. */
  post<T = ApiEnvelope>(path: string, body?: unknown): Promise<T>;
  /** POSTs a multipart form (the browser sets its boundary); same answers and errors as `post`. */
  postForm<T = ApiEnvelope>(path: string, form: FormData): Promise<T>;
}

const RELOAD_STATUSES: ReadonlySet<number> = new Set([401, 403]);

function joinUrl(baseURL: string, path: string): string {
  return `${baseURL.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The answer's `code` as a number (some gateways send "0" as text), or null when there is none. */
function apiCode(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value);
  return null;
}

/** The api's stable message key (`api.error.<key>`, api/README) when a failure's message is one. */
function apiKeyOf(message: string): string | undefined {
  return message.startsWith('api.') ? message : undefined;
}

/** What the api's failure envelope says beyond its message: the field at fault and the details (api/README "Wire conventions"). */
function extraOf(text: string): Pick<HttpErrorInit, 'field' | 'details'> {
  try {
    const parsed: unknown = JSON.parse(text);
    const extra = isRecord(parsed) ? parsed.extra : undefined;
    if (!isRecord(extra)) return {};
    return {
      ...(typeof extra.field === 'string' ? { field: extra.field } : {}),
      ...(isRecord(extra.details) ? { details: extra.details } : {}),
    };
  } catch {
    return {};
  }
}

/** The message a failed answer carries: the api's `msg`/`message`, else the raw text, else the status text. */
function messageOf(text: string, response: Response): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed)) {
      const msg = parsed.msg ?? parsed.message;
      if (typeof msg === 'string' && msg !== '') return msg;
    }
  } catch {
    // Not JSON: fall through to the raw text.
  }
  const trimmed = text.trim();
  if (trimmed !== '' && trimmed.length <= 300) return trimmed;
  return response.statusText || `Request failed (${response.status})`;
}

function timeoutError(timeoutMs: number): HttpError {
  return new HttpError({
    kind: 'timeout',
    messageKey: 'common.error.responseTimeout',
    message: `Response Timeout (${timeoutMs} ms)`,
  });
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const {
    baseURL,
    timeoutMs = HTTP_TIMEOUT_MS,
    reload = () => window.location.reload(),
    reloadDebounceMs = RELOAD_DEBOUNCE_MS,
    fetchImpl = (input, init) => globalThis.fetch(input, init),
  } = options;
  // A burst of 401/403 answers (several calls failing together) reloads the page once.
  const scheduleReload = debounce(reload, reloadDebounceMs);

  // The api tags its read answers (api/README 'Compression and conditional calls'): the last answer to
  // each call is kept with its ETag and asked for again with If-None-Match, so a poll that finds
  // nothing new moves a 304 and no body. Calls are POSTs, which the browser's cache never revalidates.
  const tagged = new Map<string, { readonly etag: string; readonly text: string }>();

  async function send<T>(
    path: string,
    init: Pick<RequestInit, 'body'> & { readonly headers: Record<string, string> },
    revalidateKey?: string,
  ): Promise<T> {
    const kept = revalidateKey === undefined ? undefined : tagged.get(revalidateKey);
    const controller = new AbortController();
    let timedOut = false;
    // The time-out covers the whole exchange, body included: a server that sends headers and then
    // stalls is as unresponsive as one that never answers.
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);

    try {
      let response: Response;
      let text: string;
      try {
        response = await fetchImpl(joinUrl(baseURL, path), {
          method: 'POST',
          ...init,
          headers: kept ? { ...init.headers, 'If-None-Match': kept.etag } : init.headers,
          credentials: 'omit',
          signal: controller.signal,
        });
        text = response.status === 304 && kept ? kept.text : await response.text();
      } catch (error) {
        if (timedOut) throw timeoutError(timeoutMs);
        throw new HttpError({
          kind: 'network',
          // Spec §8: no response at all reads 'Response Timeout', like a time-out.
          messageKey: 'common.error.responseTimeout',
          message: error instanceof Error ? error.message : 'Network error',
          cause: error,
        });
      }

      if (revalidateKey !== undefined && response.status === 200) {
        const etag = response.headers.get('etag');
        tagged.delete(revalidateKey);
        if (etag) {
          tagged.set(revalidateKey, { etag, text });
          if (tagged.size > REVALIDATE_ENTRIES) tagged.delete(tagged.keys().next().value as string);
        }
      }
      if (response.status !== 200 && !(response.status === 304 && kept)) {
        if (RELOAD_STATUSES.has(response.status)) scheduleReload();
        const message = messageOf(text, response);
        throw new HttpError({
          kind: 'status',
          status: response.status,
          messageKey: 'common.error.http',
          values: { status: response.status },
          message,
          apiKey: apiKeyOf(message),
          ...extraOf(text),
        });
      }

      let payload: unknown;
      try {
        payload = text === '' ? {} : JSON.parse(text);
      } catch (error) {
        throw new HttpError({
          kind: 'api',
          status: response.status,
          messageKey: 'common.error.api',
          values: { message: 'Invalid JSON' },
          message: 'Invalid JSON in response',
          cause: error,
        });
      }

      const code = isRecord(payload) ? apiCode(payload.code) : null;
      if (isRecord(payload) && code !== null && code !== 0) {
        const msg = typeof payload.msg === 'string' && payload.msg !== '' ? payload.msg : `Error code ${code}`;
        throw new HttpError({
          kind: 'api',
          status: response.status,
          code,
          messageKey: 'common.error.api',
          values: { code, message: msg },
          message: msg,
          apiKey: apiKeyOf(msg),
          ...extraOf(text),
        });
      }
      return payload as T;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    baseURL,
    post: <T>(path: string, body?: unknown) => {
      const json = JSON.stringify(body ?? {});
      return send<T>(
        path,
        { headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: json },
        `${path}\n${json}`,
      );
    },
    postForm: <T>(path: string, form: FormData) => send<T>(path, { headers: { Accept: 'application/json' }, body: form }),
  };
}
