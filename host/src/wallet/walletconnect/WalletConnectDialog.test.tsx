import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '@prds/shared/providers';
import { desireChainIdAtom, prdsStore } from '@prds/shared/state';
import { disconnectWallet, walletErrorAtom } from '@prds/shared/wallet';
import { Layout } from '../../layout/Layout';

// The connect dialog's WalletConnect section over the real wallet runtime, with WalletConnect's
// EthereumProvider replaced by a phone the test answers for (the browser journey against a stand-in
// relay and a sign-client phone is e2e/tests/walletconnect.spec.ts).
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const URI = `wc:${'ab'.repeat(32)}@2?relay-protocol=irn&symKey=${'cd'.repeat(32)}&expiryTimestamp=1900000000`;

type Listener = (...args: unknown[]) => void;
const phone = {
  approve: null as (() => void) | null,
  listeners: new Map<string, Set<Listener>>(),
  accounts: [] as string[],
};
jest.mock('@walletconnect/ethereum-provider', () => ({
  EthereumProvider: {
    init: async () => ({
      session: undefined as unknown,
      signer: { client: { core: { verify: { register: async () => '' } } } },
      on(event: string, listener: Listener) {
        if (!phone.listeners.has(event)) phone.listeners.set(event, new Set());
        phone.listeners.get(event)?.add(listener);
        return this;
      },
      removeListener(event: string, listener: Listener) {
        phone.listeners.get(event)?.delete(listener);
        return this;
      },
      connect() {
        for (const listener of phone.listeners.get('display_uri') ?? []) listener(URI);
        return new Promise<void>((resolve) => {
          phone.approve = () => {
            (this as { session: unknown }).session = { topic: 't' };
            phone.accounts = [ACCOUNT];
            resolve();
          };
        });
      },
      async disconnect() {
        (this as { session: unknown }).session = undefined;
        phone.accounts = [];
      },
      async request({ method }: { method: string }) {
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return phone.accounts;
        if (method === 'eth_chainId') return 31337;
        return null;
      },
    }),
  },
}));

function matchWidth(phoneWidth: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: phoneWidth && query.includes('max-width: 767px'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

function renderShell() {
  prdsStore.set(desireChainIdAtom, '0x7a69');
  prdsStore.set(walletErrorAtom, null);
  return render(
    <AppProviders store={prdsStore} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <Layout>
          <main>page</main>
        </Layout>
      </MemoryRouter>
    </AppProviders>,
  );
}

async function openDialog(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByTestId('wallet-connect'));
  return screen.findByTestId('wallet-dialog');
}

const originalMatchMedia = window.matchMedia;
const originalFetch = globalThis.fetch;

beforeEach(() => {
  process.env.PRDS_WALLETCONNECT_PROJECT_ID = 'test-project';
  // The header's balances ask the devnet once an account connects.
  globalThis.fetch = jest.fn(async () => ({
    json: async () => ({ jsonrpc: '2.0', id: 1, result: '0x0' }),
  })) as unknown as typeof fetch;
});

afterEach(async () => {
  await act(() => disconnectWallet());
  window.matchMedia = originalMatchMedia;
  globalThis.fetch = originalFetch;
  phone.approve = null;
  localStorage.clear();
});

describe('WalletConnect in the connect dialog', () => {
  it('is not offered by a build without a project id', async () => {
    process.env.PRDS_WALLETCONNECT_PROJECT_ID = '';
    renderShell();
    const dialog = await openDialog();
    await within(dialog).findByTestId('wallet-no-injected', {}, { timeout: 3000 });
    expect(within(dialog).queryByTestId('wallet-walletconnect-section')).toBeNull();
  });

  it('on a desktop shows the pairing as a QR code with a copy link, then closes once the phone approves', async () => {
    matchWidth(false);
    renderShell();
    const dialog = await openDialog();
    fireEvent.click(await within(dialog).findByTestId('wallet-option-walletconnect'));

    const pairing = await within(dialog).findByTestId('walletconnect-pairing', {}, { timeout: 5000 });
    await waitFor(() => expect(pairing.getAttribute('data-walletconnect-uri')).toBe(URI), { timeout: 5000 });
    expect(await within(dialog).findByTestId('walletconnect-qr', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(dialog).queryByTestId('walletconnect-wallets')).toBeNull();
    expect(within(dialog).getByTestId('walletconnect-copy').textContent).toBe('Copy connection link');
    // The button that started it is gone: the focus is on Cancel, not lost to <body>.
    expect(document.activeElement).toBe(within(dialog).getByTestId('walletconnect-cancel'));

    await act(async () => phone.approve?.());
    expect(await screen.findByTestId('wallet-account', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId('wallet-dialog')).toBeNull();
  }, 20_000);

  it('on a phone lists the wallet apps with their deep links', async () => {
    matchWidth(true);
    renderShell();
    // At phone width the connect button is inside the site menu.
    fireEvent.click(await screen.findByTestId('menu-toggle'));
    const dialog = await openDialog();
    fireEvent.click(await within(dialog).findByTestId('wallet-option-walletconnect'));
    const trust = await within(dialog).findByTestId('walletconnect-wallet-trust', {}, { timeout: 5000 });
    expect(trust.getAttribute('href')).toBe(`trust://wc?uri=${encodeURIComponent(URI)}`);
    expect(trust.textContent).toBe('Trust Wallet');
    expect(within(dialog).queryByTestId('walletconnect-qr')).toBeNull();
  }, 20_000);

  it('closing the dialog while waiting stops the pairing without an error', async () => {
    matchWidth(false);
    renderShell();
    const dialog = await openDialog();
    fireEvent.click(await within(dialog).findByTestId('wallet-option-walletconnect'));
    await within(dialog).findByTestId('walletconnect-qr', {}, { timeout: 5000 });
    fireEvent.click(within(dialog).getByTestId('walletconnect-cancel'));
    expect(await within(dialog).findByTestId('wallet-option-walletconnect')).toBeTruthy();
    expect(within(dialog).queryByTestId('wallet-error')).toBeNull();
    expect(prdsStore.get(walletErrorAtom)).toBeNull();
  }, 20_000);
});
