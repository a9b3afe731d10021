/** @jest-environment jsdom */
import { renderHook, act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { accountAtom, chainIdAtom, desireChainIdAtom } from './atoms';
import { StoreProvider, createStore } from './store';
import { useIsConnected } from './useIsConnected';

function setup() {
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => <StoreProvider store={store}>{children}</StoreProvider>;
  return { store, ...renderHook(() => useIsConnected(), { wrapper }) };
}

describe('useIsConnected (spec §4: connected only on the desired chain)', () => {
  it('is false without an account', () => {
    const { store, result } = setup();
    act(() => store.set(chainIdAtom, store.get(desireChainIdAtom)));
    expect(result.current).toBe(false);
  });

  it('is false with an account on another chain, true once on the desired one', () => {
    const { store, result } = setup();
    act(() => {
      store.set(accountAtom, '0x00000000000000000000000000000000000000a1');
      store.set(chainIdAtom, '0x38');
      store.set(desireChainIdAtom, '0x7a69');
    });
    expect(result.current).toBe(false);
    act(() => store.set(chainIdAtom, '0x7a69'));
    expect(result.current).toBe(true);
  });
});
