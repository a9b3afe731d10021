/**
 * @jest-environment jsdom
 */
import { act, render } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { accountAtom } from '../state/atoms';
import { createStore } from '../state/store';
import { ReferralCapture } from './ReferralCapture';
import { readReferral } from './referral';

const REF = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const VISITOR = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

beforeEach(() => localStorage.clear());

function renderAt(path: string, account: string | null = null) {
  const store = createStore();
  store.set(accountAtom, account as `0x${string}` | null);
  const router: { navigate: NavigateFunction | null } = { navigate: null };
  function Navigator() {
    router.navigate = useNavigate();
    return null;
  }
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <ReferralCapture />
        <Navigator />
      </MemoryRouter>
    </Provider>,
  );
  return { navigate: (to: string) => act(async () => void (await router.navigate?.(to))) };
}

describe('ReferralCapture', () => {
  it('keeps the ?ref of the route the visitor arrives at, on any route, after navigating on', async () => {
    const router = renderAt(`/detail/7?ref=${REF}`);
    expect(readReferral()).toBe(REF.toLowerCase());
    await router.navigate('/market');
    await router.navigate('/');
    expect(readReferral()).toBe(REF.toLowerCase());
  });

  it('keeps a ?ref opened later in the visit', async () => {
    const router = renderAt('/');
    expect(readReferral()).toBeNull();
    await router.navigate(`/market?ref=${REF}`);
    expect(readReferral()).toBe(REF.toLowerCase());
  });

  it("does not keep the connected visitor's own link", () => {
    renderAt(`/market?ref=${VISITOR.toLowerCase()}`, VISITOR);
    expect(readReferral()).toBeNull();
  });
});
