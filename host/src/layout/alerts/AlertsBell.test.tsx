import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { type HttpClient } from '@prds/shared/http';
import { type AlertItem } from '@prds/shared/live';
import { AppProviders } from '@prds/shared/providers';
import { paths } from '@prds/shared/routes';
import { accountAtom, chainIdAtom, createStore, desireChainIdAtom, type PrdsStore } from '@prds/shared/state';
import { alertReadStorageKey } from './alertReadState';
import { AlertsBell } from './AlertsBell';

const ALICE = '0x00000000000000000000000000000000000000A1';
const BOB = '0x00000000000000000000000000000000000000B2';

const ALERTS: AlertItem[] = [
  { key: 'closing:7', kind: 'closingSoon', marketId: '7', event: 'Will it rain?', at: 1_000, deadline: 4_600 },
  { key: 'claim:3', kind: 'claimable', marketId: '3', event: 'Who wins?', at: 900, deadline: null },
  { key: 'result:5', kind: 'resultConfirmed', marketId: '5', event: null, at: 800, deadline: null },
];

/** An api that answers `/api/user/alerts` with `lists[account]`, recording who asked. */
function fakeApi(lists: Record<string, AlertItem[]>) {
  const asked: unknown[] = [];
  const client: HttpClient = {
    baseURL: 'http://api.test',
    post: async <T,>(path: string, body?: unknown) => {
      asked.push({ path, body });
      const account = (body as { account: string }).account;
      return { code: 0, data: { list: lists[account] ?? [] }, extra: { now: 1_000, nextAt: null } } as T;
    },
    postForm: () => Promise.reject(new Error('not used')),
  };
  return { client, asked };
}

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function connect(store: PrdsStore, account: string) {
  store.set(accountAtom, account as `0x${string}`);
  store.set(chainIdAtom, store.get(desireChainIdAtom));
}

function renderBell(client: HttpClient, store: PrdsStore = createStore()) {
  const view = render(
    <AppProviders store={store} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/market']}>
        <AlertsBell client={client} />
        <Location />
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, view };
}

const bell = () => screen.getByTestId('alerts-bell');

afterEach(() => localStorage.clear());

describe('AlertsBell', () => {
  it('is absent without a connected wallet', async () => {
    const { client, asked } = fakeApi({});
    const store = createStore();
    store.set(accountAtom, ALICE);
    store.set(chainIdAtom, '0x38');
    renderBell(client, store);
    await screen.findByTestId('location');
    expect(screen.queryByTestId('alerts-bell')).toBeNull();
    expect(asked).toEqual([]);
  });

  it('names the unread count in its label, lists the alerts with links to act, and Escape closes it back to the bell', async () => {
    const { client, asked } = fakeApi({ [ALICE.toLowerCase()]: ALERTS });
    const store = createStore();
    connect(store, ALICE);
    renderBell(client, store);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Alerts, 3 unread'));
    expect(asked).toEqual([{ path: '/api/user/alerts', body: { account: ALICE.toLowerCase() } }]);
    expect(screen.getByTestId('alerts-count').textContent).toBe('3');

    fireEvent.click(bell());
    const panel = await screen.findByRole('dialog', { name: 'Alerts' });
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(panel);
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Unread: “Will it rain?” stops trading in less than an hourDeadline: Jan 1, 1970, 1:16 AM UTC',
      'Unread: You can claim on “Who wins?”Jan 1, 1970, 12:15 AM UTC',
      'Unread: The result of “Market #5” was confirmedJan 1, 1970, 12:13 AM UTC',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([paths.detail('7'), paths.portfolio(), paths.detail('5')]);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bell());
  });

  it('following an alert marks it read and goes to the place to act', async () => {
    const { client } = fakeApi({ [ALICE.toLowerCase()]: ALERTS });
    const store = createStore();
    connect(store, ALICE);
    renderBell(client, store);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Alerts, 3 unread'));
    fireEvent.click(bell());
    fireEvent.click(await screen.findByTestId('alert-claim:3'));
    expect(screen.getByTestId('location').textContent).toBe(paths.portfolio());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bell().getAttribute('aria-label')).toBe('Alerts, 2 unread');
  });

  it('keeps the read state per account: "Mark all read" survives a re-mount, and another account has its own', async () => {
    const { client } = fakeApi({ [ALICE.toLowerCase()]: ALERTS, [BOB.toLowerCase()]: ALERTS.slice(0, 2) });
    const store = createStore();
    connect(store, ALICE);
    const first = renderBell(client, store);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Alerts, 3 unread'));
    fireEvent.click(bell());
    fireEvent.click(await screen.findByTestId('alerts-mark-all'));
    expect(bell().getAttribute('aria-label')).toBe('Alerts, none unread');
    expect(screen.queryByTestId('alerts-count')).toBeNull();
    expect(screen.getByTestId('alert-closing:7').getAttribute('data-unread')).toBe('false');
    expect(JSON.parse(localStorage.getItem(alertReadStorageKey(ALICE)) ?? '[]')).toEqual(['closing:7', 'claim:3', 'result:5']);
    first.view.unmount();

    // A reload: a new page, the same browser storage.
    const again = createStore();
    connect(again, ALICE);
    const second = renderBell(client, again);
    await waitFor(() => expect(screen.getByTestId('alerts-bell').getAttribute('data-unread')).toBe('0'));
    expect(bell().getAttribute('aria-label')).toBe('Alerts, none unread');

    // Bob, in the same browser, has read nothing.
    act(() => connect(again, BOB));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Alerts, 2 unread'));
    second.view.unmount();
  });

  it('a new alert that arrives unread adds to the count', async () => {
    const lists = { [ALICE.toLowerCase()]: ALERTS.slice(1) };
    const { client } = fakeApi(lists);
    const store = createStore();
    connect(store, ALICE);
    localStorage.setItem(alertReadStorageKey(ALICE), JSON.stringify(['claim:3', 'result:5']));
    const queryClient = new QueryClient();
    render(
      <AppProviders store={store} queryClient={queryClient}>
        <MemoryRouter>
          <AlertsBell client={client} />
        </MemoryRouter>
      </AppProviders>,
    );
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Alerts, none unread'));
    lists[ALICE.toLowerCase()] = ALERTS;
    await act(() => queryClient.invalidateQueries({ queryKey: ['account', ALICE.toLowerCase(), 'alerts'] }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Alerts, 1 unread'));
  });
});
