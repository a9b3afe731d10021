import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { liveStatusAtom } from '@prds/shared/live';
import { AppProviders } from '@prds/shared/providers';
import { createStore } from '@prds/shared/state';
import { LiveStatus } from './LiveStatus';

describe('LiveStatus', () => {
  it('is a live region from the start, and says something only while live updates are paused', async () => {
    const store = createStore();
    render(
      <AppProviders store={store} queryClient={new QueryClient()}>
        <LiveStatus />
      </AppProviders>,
    );
    const region = await screen.findByRole('status');
    expect(region.textContent).toBe('');
    act(() => store.set(liveStatusAtom, 'connecting'));
    expect(region.textContent).toBe('');
    act(() => store.set(liveStatusAtom, 'reconnecting'));
    expect(region.textContent).toBe('Live updates paused: reconnecting…');
    act(() => store.set(liveStatusAtom, 'offline'));
    expect(region.textContent).toBe('Live updates paused: you are offline');
    act(() => store.set(liveStatusAtom, 'unavailable'));
    expect(region.textContent).toBe('Live updates unavailable: figures refresh when you reload the page');
    act(() => store.set(liveStatusAtom, 'live'));
    expect(region.textContent).toBe('');
  });
});
