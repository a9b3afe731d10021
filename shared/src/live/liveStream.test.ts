import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import type { MarketSummary } from '../markets/marketApi';
import { marketQueryKeys } from '../markets/marketApi';
import { queryKeys } from '../query/queryClient';
import { alertsQueryKey } from './alertsApi';
import {
  LiveStream,
  FAILURES_BEFORE_UNAVAILABLE,
  RESUBSCRIBE_DEBOUNCE_MS,
  SILENT_HEARTBEATS,
  type Connectivity,
  type LiveStatus,
} from './liveStream';

/** A stand-in for the browser's EventSource: records its URL and lets the test send what a server would. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  get params() {
    return new URL(this.url).searchParams;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  fail(readyState: 0 | 2) {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
  send(type: string, data: unknown, id = '') {
    const message = { data: typeof data === 'string' ? data : JSON.stringify(data), lastEventId: id } as MessageEvent<string>;
    for (const listener of this.listeners.get(type) ?? []) listener(message);
  }
}

function fakeConnectivity() {
  let online = true;
  const listeners = new Set<() => void>();
  const connectivity: Connectivity = {
    isOnline: () => online,
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
  return {
    connectivity,
    set(value: boolean) {
      online = value;
      for (const listener of listeners) listener();
    },
  };
}

const ACCOUNT = '0x00000000000000000000000000000000000000Ab';

function market(id: string, odds = '2'): MarketSummary {
  return {
    id,
    volume: '0',
    state: 'guaranteeing',
    options: [
      { index: 0, odds },
      { index: 1, odds },
    ],
  } as unknown as MarketSummary;
}

function listData(...pages: MarketSummary[][]) {
  return {
    pages: pages.map((list, index) => ({ list, total: 4, page: index + 1, pageSize: 2, totals: null, now: 1 })),
    pageParams: pages.map((_, index) => index + 1),
  };
}

function setup() {
  jest.useFakeTimers();
  FakeEventSource.opened = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const online = fakeConnectivity();
  const statuses: LiveStatus[] = [];
  const stream = new LiveStream({
    queryClient: client,
    baseURL: 'http://api.test/',
    createEventSource: (url) => new FakeEventSource(url),
    connectivity: online.connectivity,
    onStatus: (status) => statuses.push(status),
  });
  const unsubscribes: (() => void)[] = [];
  /** A query the page shows (a mounted reader), its answer already in the cache. */
  const show = (queryKey: QueryKey, data: unknown) => {
    client.setQueryData(queryKey, data);
    const observer = new QueryObserver(client, { queryKey, queryFn: () => new Promise(() => undefined) });
    const unsubscribe = observer.subscribe(() => undefined);
    unsubscribes.push(unsubscribe);
    return unsubscribe;
  };
  const settle = () => jest.advanceTimersByTime(RESUBSCRIBE_DEBOUNCE_MS);
  const last = () => FakeEventSource.opened[FakeEventSource.opened.length - 1]!;
  return { client, online, statuses, stream, show, settle, last, cleanup: () => unsubscribes.forEach((u) => u()) };
}

afterEach(() => {
  jest.useRealTimers();
});

describe('LiveStream subscription', () => {
  it('opens one stream for the shown markets (detail first) and the connected account, at the api base', () => {
    const t = setup();
    t.show(marketQueryKeys.list({ status: 'all' }), listData([market('3'), market('5')], [market('9')]));
    t.show(marketQueryKeys.detail('7', null), { market: market('7') });
    // Prefetched but not shown: not followed.
    t.client.setQueryData(marketQueryKeys.list({ status: 'open' }), listData([market('11')]));
    t.stream.setAccount(ACCOUNT);
    t.stream.start();
    expect(FakeEventSource.opened).toHaveLength(0);
    t.settle();
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(t.last().url.startsWith('http://api.test/api/stream?')).toBe(true);
    expect(t.last().params.get('markets')).toBe('7,3,5,9');
    expect(t.last().params.get('account')).toBe(ACCOUNT.toLowerCase());
    expect(t.last().params.has('since')).toBe(false);
    t.stream.stop();
    t.cleanup();
  });

  it('opens nothing while the page shows no market and no wallet is connected', () => {
    const t = setup();
    t.stream.start();
    t.settle();
    expect(FakeEventSource.opened).toHaveLength(0);
    expect(t.stream.currentStatus).toBe('idle');
    t.stream.stop();
  });

  it('reopens once, debounced, with since=<last id> when the shown set changes; not when it does not', () => {
    const t = setup();
    t.show(marketQueryKeys.list({}), listData([market('1')]));
    t.stream.start();
    t.settle();
    const first = t.last();
    first.open();
    first.send('hello', { last: 'h1', now: 100, retentionSeconds: 900 });
    first.send('market', { market: market('1', '3') }, 'e5');
    t.settle();
    // Its own cache write changed nothing the stream follows.
    expect(FakeEventSource.opened).toHaveLength(1);

    // The page navigates: a detail appears and the account connects, within one debounce window.
    const hideDetail = t.show(marketQueryKeys.detail('4', null), { market: market('4') });
    jest.advanceTimersByTime(100);
    t.stream.setAccount(ACCOUNT);
    expect(FakeEventSource.opened).toHaveLength(1);
    t.settle();
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(first.closed).toBe(true);
    expect(t.last().params.get('markets')).toBe('4,1');
    expect(t.last().params.get('since')).toBe('e5');
    expect(t.last().params.get('account')).toBe(ACCOUNT.toLowerCase());
    // Still live: a planned reopen is no pause.
    expect(t.stream.currentStatus).toBe('live');

    hideDetail();
    t.settle();
    expect(FakeEventSource.opened).toHaveLength(3);
    expect(t.last().params.get('markets')).toBe('1');
    t.stream.stop();
    t.cleanup();
  });

  it('resumes after the hello id when no event has an id yet', () => {
    const t = setup();
    t.show(marketQueryKeys.list({}), listData([market('1')]));
    t.stream.start();
    t.settle();
    t.last().send('hello', { last: '42', now: 1, retentionSeconds: 900 });
    t.stream.setAccount(ACCOUNT);
    t.settle();
    expect(t.last().params.get('since')).toBe('42');
    t.stream.stop();
    t.cleanup();
  });
});

describe('LiveStream applies events to the keys the pages read', () => {
  function streaming() {
    const t = setup();
    const listKey = marketQueryKeys.list({ sort: 'volume' });
    const rows = [market('1'), market('2')];
    t.show(listKey, listData(rows, [market('3')]));
    t.show(marketQueryKeys.detail('2', null), { market: market('2') });
    t.show(marketQueryKeys.history('2'), { points: [] });
    t.show([...queryKeys.market('2'), 'trades', 'pages'], { pages: [] });
    t.show(marketQueryKeys.detail('1', null), { market: market('1') });
    t.show([...queryKeys.account(ACCOUNT), 'portfolio', 'claims'], { list: [] });
    t.show(alertsQueryKey(ACCOUNT), { list: [] });
    t.stream.setAccount(ACCOUNT);
    t.stream.start();
    t.settle();
    t.last().open();
    const invalidated = (key: QueryKey) => t.client.getQueryState(key)?.isInvalidated ?? false;
    return { ...t, listKey, rows, invalidated };
  }

  it('market: replaces that row in place without a refetch, and invalidates its detail, history and trades', () => {
    const t = streaming();
    const before = t.client.getQueryData<ReturnType<typeof listData>>(t.listKey)!;
    const updated = market('2', '1.5');
    t.last().send('market', { market: updated }, 'e1');
    const after = t.client.getQueryData<ReturnType<typeof listData>>(t.listKey)!;
    expect(after.pages[0]!.list.map((m) => m.id)).toEqual(['1', '2']);
    expect(after.pages[0]!.list[1]).toEqual(updated);
    expect(after.pages[0]!.list[0]).toBe(t.rows[0]);
    expect(after.pages[1]).toBe(before.pages[1]);
    expect(t.invalidated(t.listKey)).toBe(false);
    expect(t.client.getQueryState(t.listKey)?.fetchStatus).toBe('idle');
    expect(t.invalidated(marketQueryKeys.detail('2', null))).toBe(true);
    expect(t.invalidated(marketQueryKeys.history('2'))).toBe(true);
    expect(t.invalidated([...queryKeys.market('2'), 'trades', 'pages'])).toBe(true);
    expect(t.invalidated(marketQueryKeys.detail('1', null))).toBe(false);
    t.stream.stop();
    t.cleanup();
  });

  it("trade: invalidates that market's trades and history only", () => {
    const t = streaming();
    t.last().send('trade', { marketId: '2', trade: { txHash: '0x1' } });
    expect(t.invalidated([...queryKeys.market('2'), 'trades', 'pages'])).toBe(true);
    expect(t.invalidated(marketQueryKeys.history('2'))).toBe(true);
    expect(t.invalidated(marketQueryKeys.detail('2', null))).toBe(false);
    t.stream.stop();
    t.cleanup();
  });

  it('position: invalidates the account (portfolio, alerts) and that market', () => {
    const t = streaming();
    t.last().send('position', { account: ACCOUNT.toLowerCase(), marketId: '1' });
    expect(t.invalidated([...queryKeys.account(ACCOUNT), 'portfolio', 'claims'])).toBe(true);
    expect(t.invalidated(marketQueryKeys.detail('1', null))).toBe(true);
    expect(t.invalidated(marketQueryKeys.detail('2', null))).toBe(false);
    t.stream.stop();
    t.cleanup();
  });

  it('claimable: invalidates the account only', () => {
    const t = streaming();
    t.last().send('claimable', { account: ACCOUNT.toLowerCase(), usdt: '1', prds: '0' });
    expect(t.invalidated([...queryKeys.account(ACCOUNT), 'portfolio', 'claims'])).toBe(true);
    expect(t.invalidated(marketQueryKeys.detail('1', null))).toBe(false);
    t.stream.stop();
    t.cleanup();
  });

  it('alert: invalidates the alerts, not the rest of the account', () => {
    const t = streaming();
    const alert = { key: 'k1', kind: 'closingSoon', marketId: '1', event: 'E', at: 5, deadline: 3605 };
    t.last().send('alert', { account: ACCOUNT.toLowerCase(), alert });
    expect(t.invalidated(alertsQueryKey(ACCOUNT))).toBe(true);
    expect(t.invalidated([...queryKeys.account(ACCOUNT), 'portfolio', 'claims'])).toBe(false);
    t.stream.stop();
    t.cleanup();
  });

  it('resync, and an event it cannot read: everything shown is asked again', () => {
    for (const send of [
      (s: FakeEventSource) => s.send('resync', { reason: 'expired' }),
      (s: FakeEventSource) => s.send('market', '{"market": 7}'),
    ]) {
      const t = streaming();
      send(t.last());
      expect(t.invalidated(t.listKey)).toBe(true);
      expect(t.invalidated(marketQueryKeys.detail('1', null))).toBe(true);
      expect(t.invalidated(alertsQueryKey(ACCOUNT))).toBe(true);
      expect(t.invalidated([...queryKeys.account(ACCOUNT), 'portfolio', 'claims'])).toBe(true);
      t.stream.stop();
      t.cleanup();
    }
  });
});

describe('LiveStream status (paused: reconnecting, offline, unavailable)', () => {
  function live() {
    const t = setup();
    t.show(marketQueryKeys.list({}), listData([market('1')]));
    t.stream.start();
    t.settle();
    t.last().open();
    t.last().send('market', { market: market('1') }, 'e9');
    return t;
  }

  it('connecting, live; reconnecting while the browser reconnects; live again when it does', () => {
    const t = live();
    expect(t.statuses).toEqual(['connecting', 'live']);
    t.last().fail(0);
    expect(t.stream.currentStatus).toBe('reconnecting');
    expect(FakeEventSource.opened).toHaveLength(1);
    t.last().open();
    expect(t.stream.currentStatus).toBe('live');
    t.stream.stop();
    t.cleanup();
  });

  it('an error answer (the browser gave up): reopens itself after 3 s with since, the wait doubling', () => {
    const t = live();
    t.last().fail(2);
    expect(t.stream.currentStatus).toBe('reconnecting');
    jest.advanceTimersByTime(2_999);
    expect(FakeEventSource.opened).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(t.last().params.get('since')).toBe('e9');
    t.last().fail(2);
    jest.advanceTimersByTime(5_999);
    expect(FakeEventSource.opened).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(3);
    t.stream.stop();
    t.cleanup();
  });

  it("a stream silent for three of the api's heartbeats is dead: closed, reconnecting, reopened with since", () => {
    const t = live();
    const first = t.last();
    first.send('hello', { last: 'e9', now: 1, retentionSeconds: 900, heartbeatSeconds: 2 });
    // Heartbeats keep a quiet stream alive.
    for (let i = 0; i < 5; i += 1) {
      jest.advanceTimersByTime(2_000);
      first.send('heartbeat', {}, 'e9');
    }
    expect(first.closed).toBe(false);
    expect(t.stream.currentStatus).toBe('live');
    // Then nothing at all, as from a half-open socket: after three heartbeats' time it is given up.
    jest.advanceTimersByTime(2_000 * SILENT_HEARTBEATS - 1);
    expect(first.closed).toBe(false);
    jest.advanceTimersByTime(1);
    expect(first.closed).toBe(true);
    expect(t.stream.currentStatus).toBe('reconnecting');
    jest.advanceTimersByTime(3_000);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(t.last().params.get('since')).toBe('e9');
    t.last().open();
    expect(t.stream.currentStatus).toBe('live');
    t.stream.stop();
    t.cleanup();
  });

  it('before the hello says its heartbeat, a stream silent for three of 15 s is dead', () => {
    const t = live();
    jest.advanceTimersByTime(15_000 * SILENT_HEARTBEATS - 1);
    expect(t.last().closed).toBe(false);
    jest.advanceTimersByTime(1);
    expect(t.last().closed).toBe(true);
    expect(t.stream.currentStatus).toBe('reconnecting');
    t.stream.stop();
    t.cleanup();
  });

  it('failing again and again: unavailable (still retried), live once it works', () => {
    const t = live();
    for (let i = 0; i < FAILURES_BEFORE_UNAVAILABLE; i += 1) {
      t.last().fail(2);
      jest.advanceTimersByTime(60_000);
    }
    expect(t.stream.currentStatus).toBe('unavailable');
    expect(t.last().closed).toBe(false);
    t.last().open();
    expect(t.stream.currentStatus).toBe('live');
    t.stream.stop();
    t.cleanup();
  });

  it('offline: closes the stream and says so; online: reopens at once after the last id', () => {
    const t = live();
    t.online.set(false);
    expect(t.stream.currentStatus).toBe('offline');
    expect(t.last().closed).toBe(true);
    t.online.set(true);
    expect(t.stream.currentStatus).toBe('reconnecting');
    t.settle();
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(t.last().params.get('since')).toBe('e9');
    t.last().open();
    expect(t.stream.currentStatus).toBe('live');
    t.stream.stop();
    t.cleanup();
  });

  it('no EventSource in the browser: unavailable, and nothing throws', () => {
    jest.useFakeTimers();
    const client = new QueryClient();
    const observer = new QueryObserver(client, {
      queryKey: marketQueryKeys.detail('1', null),
      queryFn: () => new Promise(() => undefined),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    const statuses: LiveStatus[] = [];
    const stream = new LiveStream({
      queryClient: client,
      baseURL: 'http://api.test',
      createEventSource: null,
      connectivity: fakeConnectivity().connectivity,
      onStatus: (status) => statuses.push(status),
    });
    stream.start();
    jest.advanceTimersByTime(RESUBSCRIBE_DEBOUNCE_MS);
    expect(statuses).toEqual(['unavailable']);
    stream.stop();
    unsubscribe();
  });
});
