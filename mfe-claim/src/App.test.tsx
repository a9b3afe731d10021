import { act, fireEvent, screen } from '@testing-library/react';
import { SHARED_INSTANCE_ID } from '@prds/shared/federation';
import { accountAtom, chainIdAtom, createStore, type PrdsStore } from '@prds/shared/state';
import { connectDialogOpenAtom } from '@prds/shared/wallet';
import { renderRemoteAt } from '@prds/shared/testing';
import App from './App';

function renderAt(path: string, mount: 'root' | 'host' = 'root', store: PrdsStore = createStore()) {
  return renderRemoteAt(App, path, { mount, store });
}

describe('claim App routes', () => {
  it.each(['root', 'host'] as const)('renders /claim with one h1 (mounted at %s)', async (mount) => {
    renderAt('/claim', mount);
    const page = await screen.findByTestId('page-claim');
    expect(page.querySelectorAll('h1')).toHaveLength(1);
  });

  it('shows the shared not-found page for a path under its prefix that it has no page for', async () => {
    renderAt('/claim/xyz', 'host');
    expect(await screen.findByTestId('page-not-found')).toBeTruthy();
    expect(screen.queryByTestId('page-claim')).toBeNull();
  });

  it('renders the hidden shared probe', async () => {
    renderAt('/claim');
    const probe = await screen.findByTestId('shared-probe');
    expect(probe.dataset.remote).toBe('mfe_claim');
    expect(probe.dataset.sharedInstance).toBe(SHARED_INSTANCE_ID);
  });
});

describe('claim page', () => {
  it('states the rule the protocol enforces: a wallet that has bought a position claims once', async () => {
    renderAt('/claim');
    const page = await screen.findByTestId('page-claim');
    expect(page.textContent).toContain('Every wallet that has bought a position can claim free PRDS tokens once.');
  });

  it('asks for a wallet first, with a Connect button in place of the claim button that opens the connect dialog', async () => {
    const store = createStore();
    renderAt('/claim', 'root', store);
    expect((await screen.findByTestId('claim-address')).textContent).toBe('Not connected');
    expect(screen.queryByTestId('claim-button')).toBeNull();
    const connect = screen.getByTestId('claim-connect');
    expect(connect.textContent).toBe('Connect wallet');
    expect(store.get(connectDialogOpenAtom)).toBe(false);
    fireEvent.click(connect);
    expect(store.get(connectDialogOpenAtom)).toBe(true);
    expect(screen.getByTestId('claim-reason').textContent).toBe('Please connect your wallet first');
    expect(screen.getByTestId('claim-eligibility').textContent).toBe('Connect your wallet to check eligibility');
  });

  it('shows the wallet address from the shared store, and still asks for the right network', async () => {
    const store = createStore();
    renderAt('/claim', 'root', store);
    await screen.findByTestId('page-claim');
    const address = '0x1234567890abcdef1234567890abcdef12345678';
    act(() => {
      store.set(accountAtom, address);
      store.set(chainIdAtom, '0x38');
    });
    expect(screen.getByTestId('claim-address').textContent).toBe(address);
    // A wallet on another chain than the devnet is not connected (spec §4): the page asks for the switch.
    expect(screen.getByTestId('claim-reason').textContent).toBe('Switch your wallet to PRDS Devnet to claim');
    act(() => store.set(chainIdAtom, '0x7a69'));
    expect(screen.queryByTestId('claim-reason')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('claim-button').disabled).toBe(true);
  });
});
