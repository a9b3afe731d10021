/** @jest-environment @prds/shared/jest/jsdomWithNodeFetch */
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { API_BASE_URL } from '../chains/appEnv';
import { USER_INFO_PATH } from '../http/fetchUserInfo';
import { queryKeys } from '../query/queryClient';
import { accountAtom, chainIdAtom, desireChainIdAtom } from '../state/atoms';
import { StoreProvider, createStore } from '../state/store';
import { useUserInfo } from './useUserInfo';

const ALICE = '0x00000000000000000000000000000000000000a1';
const BOB = '0x00000000000000000000000000000000000000b2';

const realFetch = globalThis.fetch;
let asked: { url: string; account: string }[];
/** Each account's answer, sent when the test releases it. */
let pending: Map<string, () => void>;

beforeEach(() => {
  asked = [];
  pending = new Map();
  // The page's api client posts to the configured api; this answers there as the api would.
  globalThis.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const { account } = JSON.parse(String(init?.body)) as { account: string };
    asked.push({ url: String(input), account });
    const body = {
      code: 0,
      data: [{ symbol: 'USDT', balance: account === ALICE ? '1000' : '2000' }],
      extra: { statics: { cash: account === ALICE ? '1' : '2', portfolio: '0' } },
    };
    return new Promise<Response>((resolve) => {
      pending.set(account, () => resolve(new Response(JSON.stringify(body), { status: 200 })));
    });
  });
});

afterEach(() => {
  // The client lets one user-info request run at a time: none may be left hanging for the next test.
  for (const send of pending.values()) send();
  globalThis.fetch = realFetch;
});

function setup(account: string | null) {
  const store = createStore();
  store.set(accountAtom, account as `0x${string}` | null);
  store.set(chainIdAtom, store.get(desireChainIdAtom));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StoreProvider store={store}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </StoreProvider>
  );
  // Two readers in one page, as the wallet menu and a buy form are: the whole answer, and one slice.
  const view = renderHook(
    () => ({
      all: useUserInfo(),
      cash: useUserInfo({ select: (info) => info.statics.cash }),
    }),
    { wrapper },
  );
  return { store, queryClient, ...view };
}

const release = (account: string) => act(() => pending.get(account)?.());

describe('useUserInfo: the account’s funds from the one data cache', () => {
  it('asks once for every reader and gives each what it selects', async () => {
    const { result } = setup(ALICE);
    expect(result.current.all.isLoading).toBe(true);
    expect(result.current.cash.data).toBe('0');
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toEqual({ url: `${API_BASE_URL}${USER_INFO_PATH}`, account: ALICE });
    release(ALICE);
    await waitFor(() => expect(result.current.cash.data).toBe('1'));
    expect(result.current.all.data).toEqual({
      fundData: [{ symbol: 'USDT', balance: '1000' }],
      statics: { cash: '1', portfolio: '0' },
    });
    expect(asked).toHaveLength(1);
  });

  it('asks nothing without an account, and shows an empty answer', () => {
    const { result } = setup(null);
    expect(result.current.all.isLoading).toBe(false);
    expect(result.current.all.data).toEqual({ fundData: [], statics: { cash: '0', portfolio: '0' } });
    expect(asked).toEqual([]);
  });

  it("never shows one account's funds for another, and refetches when a transaction refreshes the account", async () => {
    const { result, store, queryClient } = setup(ALICE);
    await waitFor(() => expect(asked).toHaveLength(1));
    release(ALICE);
    await waitFor(() => expect(result.current.cash.data).toBe('1'));

    act(() => store.set(accountAtom, BOB));
    // At once, before Bob's answer: nothing of Alice's.
    expect(result.current.cash.data).toBe('0');
    expect(result.current.all.data.fundData).toEqual([]);
    await waitFor(() => expect(asked.map((a) => a.account)).toEqual([ALICE, BOB]));
    release(BOB);
    await waitFor(() => expect(result.current.cash.data).toBe('2'));

    act(() => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.account(BOB) });
    });
    await waitFor(() => expect(asked.map((a) => a.account)).toEqual([ALICE, BOB, BOB]));
  });
});
