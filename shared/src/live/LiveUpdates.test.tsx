/** @jest-environment jsdom */
import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { marketQueryKeys } from '../markets/marketApi';
import { accountAtom, chainIdAtom, desireChainIdAtom } from '../state/atoms';
import { StoreProvider, createStore } from '../state/store';
import { LiveUpdates, liveStatusAtom } from './LiveUpdates';
import { RESUBSCRIBE_DEBOUNCE_MS, type Connectivity, type EventSourceLike } from './liveStream';

const opened: { url: string; source: EventSourceLike }[] = [];
const createEventSource = (url: string): EventSourceLike => {
  const source: EventSourceLike = {
    readyState: 0,
    onopen: null,
    onerror: null,
    addEventListener: () => undefined,
    close: () => undefined,
  };
  opened.push({ url, source });
  return source;
};
const connectivity: Connectivity = { isOnline: () => true, subscribe: () => () => undefined };

describe('LiveUpdates', () => {
  afterEach(() => jest.useRealTimers());

  it('runs one stream for the page however often it is mounted, following the connected account and reporting its status', async () => {
    jest.useFakeTimers();
    opened.length = 0;
    const client = new QueryClient();
    const store = createStore();
    const unsubscribe = new QueryObserver(client, {
      queryKey: marketQueryKeys.detail('8', null),
      queryFn: () => new Promise(() => undefined),
    }).subscribe(() => undefined);
    const page = (
      <StoreProvider store={store}>
        <QueryClientProvider client={client}>
          <LiveUpdates createEventSource={createEventSource} connectivity={connectivity} baseURL="http://api.test" />
          <LiveUpdates createEventSource={createEventSource} connectivity={connectivity} baseURL="http://api.test" />
        </QueryClientProvider>
      </StoreProvider>
    );
    const view = render(page);
    // The stream's chunk loads after the first render.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    act(() => jest.advanceTimersByTime(RESUBSCRIBE_DEBOUNCE_MS));
    expect(opened.map((o) => o.url)).toEqual(['http://api.test/api/stream?markets=8']);
    expect(store.get(liveStatusAtom)).toBe('connecting');

    // An account on another chain is not connected (spec §4): not followed until it is.
    act(() => {
      store.set(accountAtom, '0x00000000000000000000000000000000000000Cd');
      store.set(chainIdAtom, '0x38');
    });
    act(() => jest.advanceTimersByTime(RESUBSCRIBE_DEBOUNCE_MS));
    expect(opened).toHaveLength(1);
    act(() => store.set(chainIdAtom, store.get(desireChainIdAtom)));
    act(() => jest.advanceTimersByTime(RESUBSCRIBE_DEBOUNCE_MS));
    expect(opened.map((o) => new URL(o.url).searchParams.get('account'))).toEqual([
      null,
      '0x00000000000000000000000000000000000000cd',
    ]);

    act(() => opened[1]!.source.onerror?.(new Event('error')));
    expect(store.get(liveStatusAtom)).toBe('reconnecting');
    view.unmount();
    expect(store.get(liveStatusAtom)).toBe('idle');
    unsubscribe();
  });
});
