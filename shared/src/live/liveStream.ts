import type { QueryClient } from '@tanstack/react-query';
import { applyLiveEvent } from './applyLiveEvent';
import { LIVE_EVENT_TYPES, parseLiveEvent, type LiveEvent } from './liveEvents';
import { isEmptySubscription, liveStreamUrl, shownMarketIds, subscriptionKey, type LiveSubscription } from './liveSubscription';

import { isLivePaused, type LiveStatus } from './liveStatus';

export { isLivePaused, type LiveStatus };

/** What the stream needs of the browser's EventSource (tests pass a fake). */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}
export type EventSourceFactory = (url: string) => EventSourceLike;

/** The browser's online state and its changes. */
export interface Connectivity {
  isOnline(): boolean;
  subscribe(onChange: () => void): () => void;
}

const CLOSED = 2;

/** A changed subscription waits this long for the page to settle before the stream reopens. */
export const RESUBSCRIBE_DEBOUNCE_MS = 300;
/** Failures in a row (no open between them) after which the status says 'unavailable'. */
export const FAILURES_BEFORE_UNAVAILABLE = 4;
/** Our own retries (after the browser gave up): 3 s doubling to this. */
export const MAX_RETRY_MS = 60_000;
const FIRST_RETRY_MS = 3_000;
/**
 * A stream that has sent nothing for this many heartbeats is taken for dead (a socket a phone's
 * network left half-open, a proxy that kept the connection after the api went away): closed and
 * opened again from the last id. The api says its heartbeat in `hello`; until then, 15 s.
 */
export const SILENT_HEARTBEATS = 3;
const DEFAULT_HEARTBEAT_MS = 15_000;

export interface LiveStreamOptions {
  readonly queryClient: QueryClient;
  /** The api's base URL: the same the http client uses. */
  readonly baseURL: string;
  /** null where the browser has no EventSource: the stream stays 'unavailable'. */
  readonly createEventSource: EventSourceFactory | null;
  readonly connectivity: Connectivity;
  readonly onStatus: (status: LiveStatus) => void;
  /** Every event, after it was applied to the cache. */
  readonly onEvent?: (event: LiveEvent) => void;
  readonly debounceMs?: number;
}

/**
 * The page's one live stream (api GET /api/stream): follows the markets the page shows (read from
 * the data cache, which every view reads through) and the connected account, reopening with the
 * last event id it saw when that set changes, and applies each event to the cache.
 */
export class LiveStream {
  private readonly options: LiveStreamOptions;
  private account: string | null = null;
  private source: EventSourceLike | null = null;
  private openKey: string | null = null;
  private lastId: string | null = null;
  private failures = 0;
  private status: LiveStatus = 'idle';
  private resubscribeTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private silenceTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatMs = DEFAULT_HEARTBEAT_MS;
  private stops: (() => void)[] = [];
  private running = false;

  constructor(options: LiveStreamOptions) {
    this.options = options;
  }

  /** The id of the last event seen: a reopened stream resumes after it. */
  get lastEventId(): string | null {
    return this.lastId;
  }

  get currentStatus(): LiveStatus {
    return this.status;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    const cache = this.options.queryClient.getQueryCache();
    this.stops = [
      cache.subscribe((event) => {
        // Shown queries come and go (observers), and list answers bring rows (updated).
        if (event.type !== 'observerResultsUpdated' && event.type !== 'observerOptionsUpdated') this.scheduleResubscribe();
      }),
      this.options.connectivity.subscribe(() => this.onConnectivity()),
    ];
    this.scheduleResubscribe();
  }

  stop(): void {
    this.running = false;
    for (const stop of this.stops) stop();
    this.stops = [];
    this.clearTimers();
    this.close();
    this.setStatus('idle');
  }

  /** The connected account (null without one): its events join the stream. */
  setAccount(account: string | null): void {
    const next = account?.toLowerCase() ?? null;
    if (next === this.account) return;
    this.account = next;
    this.scheduleResubscribe();
  }

  /** What the page shows now. */
  subscription(): LiveSubscription {
    return { markets: shownMarketIds(this.options.queryClient.getQueryCache()), account: this.account };
  }

  private scheduleResubscribe(): void {
    if (!this.running || this.resubscribeTimer !== null) return;
    this.resubscribeTimer = setTimeout(() => {
      this.resubscribeTimer = null;
      this.resubscribe();
    }, this.options.debounceMs ?? RESUBSCRIBE_DEBOUNCE_MS);
  }

  /** Opens, reopens or closes the stream for what the page shows now; nothing when that did not change. */
  private resubscribe(): void {
    if (!this.running) return;
    const subscription = this.subscription();
    const key = subscriptionKey(subscription);
    if (isEmptySubscription(subscription)) {
      this.clearRetry();
      this.close();
      this.failures = 0;
      this.setStatus('idle');
      return;
    }
    if (!this.options.connectivity.isOnline()) {
      this.close();
      this.openKey = key;
      this.setStatus('offline');
      return;
    }
    if (key === this.openKey && (this.source !== null || this.retryTimer !== null)) return;
    this.open(subscription, key);
  }

  private open(subscription: LiveSubscription, key: string): void {
    this.clearRetry();
    this.close();
    this.openKey = key;
    const create = this.options.createEventSource;
    if (create === null) {
      this.setStatus('unavailable');
      return;
    }
    if (this.status === 'idle') this.setStatus('connecting');
    let source: EventSourceLike;
    try {
      source = create(liveStreamUrl(this.options.baseURL, subscription, this.lastId));
    } catch {
      this.onFailure(null);
      return;
    }
    this.source = source;
    source.onopen = () => {
      if (this.source !== source) return;
      this.failures = 0;
      this.setStatus('live');
      this.watchSilence(source);
    };
    source.onerror = () => {
      if (this.source === source) this.onFailure(source);
    };
    for (const type of LIVE_EVENT_TYPES) {
      source.addEventListener(type, (message) => {
        if (this.source === source) this.receive(type, message);
      });
    }
  }

  private receive(type: string, message: MessageEvent<string>): void {
    if (message.lastEventId) this.lastId = message.lastEventId;
    if (this.source !== null) this.watchSilence(this.source);
    // An event means the stream works, whatever its open event said.
    this.failures = 0;
    if (this.status !== 'live') this.setStatus('live');
    const event = parseLiveEvent(type, message.data);
    if (event === null) {
      // Something changed that this page cannot read: ask for everything shown again rather than miss it.
      applyLiveEvent(this.options.queryClient, { type: 'resync', reason: 'unknown' }, this.account);
      return;
    }
    if (event.type === 'hello' && this.lastId === null && event.last !== '') this.lastId = event.last;
    if (event.type === 'hello' && event.heartbeatSeconds > 0 && this.source !== null) {
      this.heartbeatMs = event.heartbeatSeconds * 1000;
      this.watchSilence(this.source);
    }
    applyLiveEvent(this.options.queryClient, event, this.account);
    this.options.onEvent?.(event);
  }

  /**
   * The stream broke. While the browser reconnects by itself (it sends Last-Event-ID) the status
   * says 'reconnecting'; once it gave up (an error answer such as 429, or it failed too often) we
   * close it and open it again later, the wait doubling up to MAX_RETRY_MS.
   */
  private onFailure(source: EventSourceLike | null): void {
    this.failures += 1;
    if (!this.options.connectivity.isOnline()) {
      this.close();
      this.setStatus('offline');
      return;
    }
    this.setStatus(this.failures >= FAILURES_BEFORE_UNAVAILABLE ? 'unavailable' : 'reconnecting');
    const browserRetries = source !== null && source.readyState !== CLOSED && this.failures < FAILURES_BEFORE_UNAVAILABLE;
    if (browserRetries) return;
    this.close();
    const wait = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, this.failures - 1), MAX_RETRY_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      const subscription = this.subscription();
      if (isEmptySubscription(subscription)) {
        this.resubscribe();
        return;
      }
      this.open(subscription, subscriptionKey(subscription));
    }, wait);
  }

  private onConnectivity(): void {
    if (!this.running) return;
    if (!this.options.connectivity.isOnline()) {
      this.clearRetry();
      this.close();
      if (this.openKey !== null && this.status !== 'idle') this.setStatus('offline');
      return;
    }
    // Back online: open again at once, resuming after the last event seen.
    this.failures = 0;
    if (this.status === 'offline') this.setStatus('reconnecting');
    this.openKey = null;
    this.resubscribe();
  }

  /** (Re)starts the wait for the stream's next event: past SILENT_HEARTBEATS heartbeats, it is dead. */
  private watchSilence(source: EventSourceLike): void {
    this.clearSilence();
    this.silenceTimer = setTimeout(() => {
      this.silenceTimer = null;
      if (this.source !== source) return;
      this.close();
      this.onFailure(null);
    }, this.heartbeatMs * SILENT_HEARTBEATS);
  }

  private clearSilence(): void {
    if (this.silenceTimer !== null) clearTimeout(this.silenceTimer);
    this.silenceTimer = null;
  }

  private close(): void {
    this.clearSilence();
    const source = this.source;
    this.source = null;
    if (source !== null) {
      source.onopen = null;
      source.onerror = null;
      source.close();
    }
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private clearTimers(): void {
    this.clearRetry();
    if (this.resubscribeTimer !== null) clearTimeout(this.resubscribeTimer);
    this.resubscribeTimer = null;
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.options.onStatus(status);
  }
}
