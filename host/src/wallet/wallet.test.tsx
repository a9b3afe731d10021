import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { type ChainId } from '@prds/shared/chains';
import { formatFor } from '@prds/shared/format';
import { AppProviders } from '@prds/shared/providers';
import {
  accountAtom,
  chainIdAtom,
  createStore,
  desireChainIdAtom,
  prdsStore,
  walletAtom,
  type PrdsStore,
} from '@prds/shared/state';
import { ConnectWalletButton, disconnectWallet, type Address } from '@prds/shared/wallet';
import { fundItem as fund, seedUserInfo } from '@prds/shared/testing';
import { Layout } from '../layout/Layout';
import { balanceSymbols, formatBalance } from './balances';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

interface Setup {
  readonly desired?: ChainId;
  readonly account?: Address | null;
  readonly chainId?: string | null;
  readonly queryClient?: QueryClient;
  /** The page's own store, where the wallet runtime writes what a real connect finds. */
  readonly store?: PrdsStore;
}

function newQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
}

function renderShell({
  desired = '0x7a69',
  account = null,
  chainId = null,
  queryClient = newQueryClient(),
  store = createStore(),
}: Setup = {}) {
  store.set(desireChainIdAtom, desired);
  store.set(accountAtom, account);
  store.set(chainIdAtom, chainId);
  const view = render(
    <AppProviders store={store} queryClient={queryClient}>
      <MemoryRouter>
        <Layout>
          <main>page</main>
        </Layout>
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, queryClient, ...view };
}

const originalFetch = globalThis.fetch;

afterEach(() => {
  globalThis.fetch = originalFetch;
  delete (window as { ethereum?: unknown }).ethereum;
  localStorage.clear();
});

describe('connect dialog', () => {
  it('says "install MetaMask first!" with a download link when the browser has no wallet', async () => {
    renderShell();
    expect(screen.queryByTestId('wallet-dialog')).toBeNull();
    fireEvent.click(await screen.findByTestId('wallet-connect'));

    const dialog = await screen.findByTestId('wallet-dialog');
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const none = await screen.findByTestId('wallet-no-injected', {}, { timeout: 3000 });
    expect(none.textContent).toContain('install MetaMask first!');
    expect(within(none).getByRole('link').getAttribute('href')).toBe('https://metamask.io/download/');
    expect(screen.queryByTestId('wallet-option-injected-0')).toBeNull();
  });

  it('lists a legacy window.ethereum wallet, focuses it, and closes on Escape', async () => {
    (window as { ethereum?: unknown }).ethereum = {
      isMetaMask: true,
      request: jest.fn(),
      on: jest.fn(),
      removeListener: jest.fn(),
    };
    renderShell();
    // Opened from the keyboard: the button has the focus, and gets it back when the dialog closes.
    const connect = await screen.findByTestId('wallet-connect');
    act(() => connect.focus());
    fireEvent.click(connect);
    const option = await screen.findByTestId('wallet-option-injected-0', {}, { timeout: 3000 });
    expect(option.textContent).toContain('MetaMask');
    await waitFor(() => expect(document.activeElement).toBe(option));
    expect(screen.queryByTestId('wallet-no-injected')).toBeNull();

    fireEvent.keyDown(screen.getByTestId('wallet-dialog'), { key: 'Escape' });
    expect(screen.queryByTestId('wallet-dialog')).toBeNull();
    expect(document.activeElement).toBe(connect);
  });

  it('gives the focus to the account button that replaces Connect wallet once the wallet connects', async () => {
    // A browser wallet that lets the site connect: accounts and chain answered, nothing else needed.
    const request = jest.fn(async ({ method }: { method: string }) => {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ACCOUNT];
      if (method === 'eth_chainId') return '0x7a69';
      return null;
    });
    (window as { ethereum?: unknown }).ethereum = { isMetaMask: true, request, on: jest.fn(), removeListener: jest.fn() };
    globalThis.fetch = jest.fn(async () => ({
      json: async () => ({ jsonrpc: '2.0', id: 1, result: '0x0' }),
    })) as unknown as typeof fetch;
    // A real connect: the wallet runtime writes the account into the page's store.
    renderShell({ store: prdsStore });
    const connect = await screen.findByTestId('wallet-connect');
    act(() => connect.focus());
    fireEvent.click(connect);
    const option = await screen.findByTestId('wallet-option-injected-0', {}, { timeout: 3000 });
    await waitFor(() => expect(document.activeElement).toBe(option));
    fireEvent.click(option);

    const account = await screen.findByTestId('wallet-account', {}, { timeout: 20_000 });
    expect(screen.queryByTestId('wallet-connect')).toBeNull();
    expect(screen.queryByTestId('wallet-dialog')).toBeNull();
    // Not <body>: the keyboard user goes on from the account they just connected.
    await waitFor(() => expect(document.activeElement).toBe(account));
    await act(() => disconnectWallet());
  }, 30_000);

  it('closes with the close button', async () => {
    renderShell();
    fireEvent.click(await screen.findByTestId('wallet-connect'));
    fireEvent.click(await screen.findByTestId('wallet-dialog-close'));
    expect(screen.queryByTestId('wallet-dialog')).toBeNull();
    // Let the discovery started by the dialog settle before the test ends.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
  });

  it('offers the dev wallet with the devnet accounts when the desired chain is the devnet', async () => {
    const fetchMock = jest.fn(async () => ({ json: async () => ({ jsonrpc: '2.0', id: 1, result: [ACCOUNT, OTHER] }) }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    renderShell({ desired: '0x7a69' });
    fireEvent.click(await screen.findByTestId('wallet-connect'));
    const select = (await screen.findByTestId('dev-wallet-account')) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(2));
    expect(select.options[0]?.textContent).toBe('#0 0xf39F…2266');
    expect(select.options[1]?.textContent).toBe('#1 0x7099…79C8');
    expect(select.value).toBe(ACCOUNT);
    await waitFor(() => expect((screen.getByTestId('wallet-option-dev') as HTMLButtonElement).disabled).toBe(false));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:8545');
    expect(JSON.parse(String(init.body)).method).toBe('eth_accounts');
    await screen.findByTestId('wallet-no-injected', {}, { timeout: 3000 });
  });

  it('hides the dev wallet when the desired chain is BSC', async () => {
    renderShell({ desired: '0x38' });
    fireEvent.click(await screen.findByTestId('wallet-connect'));
    await screen.findByTestId('wallet-no-injected', {}, { timeout: 3000 });
    expect(screen.queryByTestId('dev-wallet-account')).toBeNull();
    expect(screen.queryByTestId('wallet-option-dev')).toBeNull();
  });
});

describe('banners', () => {
  it('shows wrong-network when the account is on BSC while the page wants the devnet', async () => {
    renderShell({ desired: '0x7a69', account: ACCOUNT, chainId: '0x38' });
    const banner = await screen.findByTestId('wrong-network');
    expect(banner.textContent).toContain('Your wallet is on another network. Switch to PRDS Devnet to continue.');
    expect(screen.getByTestId('wrong-network-switch').textContent).toContain('PRDS Devnet');
    const button = screen.getByTestId('wallet-account');
    expect(button.textContent).toBe('0xf39F…2266');
    expect(button.getAttribute('data-status')).toBe('wrongNetwork');
    expect(screen.queryByTestId('not-available')).toBeNull();
  });

  it('shows no banner when the account is on the desired chain', async () => {
    renderShell({ desired: '0x7a69', account: ACCOUNT, chainId: '0x7a69' });
    expect((await screen.findByTestId('wallet-account')).getAttribute('data-status')).toBe('connected');
    expect(screen.queryByTestId('wrong-network')).toBeNull();
    expect(screen.queryByTestId('not-available')).toBeNull();
  });

  it('says "not available on this network" for a chain without our deployment', async () => {
    renderShell({ desired: '0x38' });
    const banner = await screen.findByTestId('not-available');
    expect(banner.textContent).toContain('not available on this network');
    expect(banner.textContent).toContain('BNB Smart Chain');
  });
});

describe('network switch', () => {
  it('lists the active chains by name with the desired one selected', async () => {
    renderShell();
    const select = (await screen.findByTestId('network-switch')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['PRDS Devnet']);
    expect(select.value).toBe('0x7a69');
  });
});

describe('wallet menu', () => {
  const FUNDS = [fund('BNB', '10000000000000000000000'), fund('USDT', '1234567890000000000'), fund('PRDS', '0')];

  it('shows the address, balances and no explorer link on the devnet', async () => {
    const queryClient = newQueryClient();
    seedUserInfo(queryClient, { account: ACCOUNT, chainId: '0x7a69', fundData: FUNDS });
    renderShell({ account: ACCOUNT, chainId: '0x7a69', queryClient });
    fireEvent.click(await screen.findByTestId('wallet-account'));
    const menu = await screen.findByTestId('wallet-menu');
    expect(within(menu).getByTestId('wallet-address').textContent).toBe(ACCOUNT);
    expect(within(menu).getByTestId('wallet-balance-BNB').textContent).toBe('10,000');
    expect(within(menu).getByTestId('wallet-balance-USDT').textContent).toBe('1.2345');
    expect(within(menu).getByTestId('wallet-balance-PRDS').textContent).toBe('0');
    expect(within(menu).queryByTestId('wallet-explorer')).toBeNull();
    expect(within(menu).getByTestId('wallet-disconnect')).toBeTruthy();
    // The devnet's pay token is ours: both can be added to the wallet (EIP-747).
    expect(within(menu).getByTestId('wallet-add-token-platformToken').textContent).toBe('Add PRDS to wallet');
    expect(within(menu).getByTestId('wallet-add-token-payToken').textContent).toBe('Add USDT to wallet');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('wallet-menu')).toBeNull();
  });

  it("never shows the previous account's balances for another account", async () => {
    const asked: unknown[] = [];
    // The other account's answer never comes: its balances load, the first account's are gone at once.
    globalThis.fetch = jest.fn((url: RequestInfo | URL, init?: RequestInit) => {
      // The balances' call only (a connected header also asks for the account's alerts).
      if (String(url).endsWith('/api/user/info')) asked.push(JSON.parse(String(init?.body)));
      return new Promise<Response>(() => undefined);
    });
    const queryClient = newQueryClient();
    seedUserInfo(queryClient, { account: ACCOUNT, chainId: '0x7a69', fundData: FUNDS });
    const { store } = renderShell({ account: ACCOUNT, chainId: '0x7a69', queryClient });
    fireEvent.click(await screen.findByTestId('wallet-account'));
    expect((await screen.findByTestId('wallet-balance-USDT')).textContent).toBe('1.2345');
    act(() => store.set(accountAtom, OTHER));
    await waitFor(() => expect(asked).toEqual([{ account: OTHER, chainType: 'devnet' }]));
    // The menu belongs to the account it was opened for: open it again for the other one.
    if (screen.queryByTestId('wallet-menu') === null) fireEvent.click(await screen.findByTestId('wallet-account'));
    expect(within(await screen.findByTestId('wallet-menu')).getByTestId('wallet-address').textContent).toBe(OTHER);
    expect(screen.getByTestId('wallet-balance-USDT').textContent).not.toContain('1.2345');
    expect(screen.getByTestId('wallet-balance-USDT').querySelector('[aria-hidden="true"]')).not.toBeNull();
  });

  it('links to the explorer on BSC, copies the address and closes on an outside click', async () => {
    const queryClient = newQueryClient();
    seedUserInfo(queryClient, { account: ACCOUNT, chainId: '0x38' });
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderShell({ desired: '0x38', account: ACCOUNT, chainId: '0x38', queryClient });
    fireEvent.click(await screen.findByTestId('wallet-account'));
    const explorer = await screen.findByTestId('wallet-explorer');
    expect(explorer.getAttribute('href')).toBe(`https://bscscan.com/address/${ACCOUNT}`);
    // BSC's USDT is Tether's, which wallets know: only PRDS is offered.
    expect(screen.getByTestId('wallet-add-token-platformToken')).toBeTruthy();
    expect(screen.queryByTestId('wallet-add-token-payToken')).toBeNull();

    fireEvent.click(screen.getByTestId('wallet-copy'));
    expect(await screen.findByText('Copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(ACCOUNT);

    fireEvent.mouseDown(document.body);
    expect(screen.queryByTestId('wallet-menu')).toBeNull();
  });

  it('shows an error when copying fails', async () => {
    const queryClient = newQueryClient();
    seedUserInfo(queryClient, { account: ACCOUNT, chainId: '0x7a69' });
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: jest.fn(async () => Promise.reject(new Error('denied'))) },
      configurable: true,
    });
    renderShell({ account: ACCOUNT, chainId: '0x7a69', queryClient });
    fireEvent.click(await screen.findByTestId('wallet-account'));
    fireEvent.click(await screen.findByTestId('wallet-copy'));
    expect((await screen.findByTestId('wallet-copy-failed')).textContent).toBe('Could not copy the address');
  });

  it('says so when no wallet session can take the token, rather than doing nothing', async () => {
    const queryClient = newQueryClient();
    seedUserInfo(queryClient, { account: ACCOUNT, chainId: '0x7a69' });
    renderShell({ account: ACCOUNT, chainId: '0x7a69', queryClient });
    fireEvent.click(await screen.findByTestId('wallet-account'));
    fireEvent.click(await screen.findByTestId('wallet-add-token-platformToken'));
    await waitFor(() =>
      expect(screen.getByTestId('wallet-add-token-platformToken-outcome').textContent).toBe('Connect a wallet to add PRDS'),
    );
  });
});

describe('dev wallet menu', () => {
  it('lets a dev-wallet user pick another devnet account', async () => {
    globalThis.fetch = jest.fn(async () => ({
      json: async () => ({ jsonrpc: '2.0', id: 1, result: [ACCOUNT.toLowerCase(), OTHER.toLowerCase()] }),
    })) as unknown as typeof fetch;
    const queryClient = newQueryClient();
    seedUserInfo(queryClient, { account: ACCOUNT, chainId: '0x7a69' });
    const { store } = renderShell({ account: ACCOUNT, chainId: '0x7a69', queryClient });
    act(() => store.set(walletAtom, { connectorId: 'dev', account: ACCOUNT, chainId: '0x7a69' }));
    fireEvent.click(await screen.findByTestId('wallet-account'));
    const select = (await screen.findByTestId('wallet-dev-account')) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(2));
    expect(select.value).toBe(ACCOUNT.toLowerCase());
    expect(select.options[1]?.textContent).toBe('#1 0x7099…79c8');
  });
});

describe('connecting where the action is (issue 27.4)', () => {
  it("a remote's shared Connect button opens the host's connect dialog", async () => {
    const store: PrdsStore = createStore();
    render(
      <AppProviders store={store} queryClient={newQueryClient()}>
        <MemoryRouter>
          <Layout>
            <main>
              <ConnectWalletButton data-testid="page-connect" />
            </main>
          </Layout>
        </MemoryRouter>
      </AppProviders>,
    );
    expect(screen.queryByTestId('wallet-dialog')).toBeNull();
    fireEvent.click(await screen.findByTestId('page-connect'));
    expect((await screen.findByTestId('wallet-dialog')).getAttribute('role')).toBe('dialog');
  });

  it('closes the menu once an account connects', async () => {
    const { store } = renderShell();
    fireEvent.click(await screen.findByTestId('menu-toggle'));
    expect(await screen.findByTestId('site-menu')).toBeTruthy();
    act(() => {
      store.set(accountAtom, ACCOUNT);
      store.set(chainIdAtom, '0x7a69');
    });
    await waitFor(() => expect(screen.queryByTestId('site-menu')).toBeNull());
    expect(screen.getByTestId('menu-toggle').getAttribute('aria-expanded')).toBe('false');
  });
});

describe('formatBalance', () => {
  it('reads wei strings with their decimals and shows -- for a missing token', () => {
    expect(formatBalance([fund('USDT', '2500000', 6)], 'USDT', formatFor('en'))).toBe('2.5');
    expect(formatBalance([fund('BNB', '1500000000000000000')], 'BNB', formatFor('en'))).toBe('1.5');
    expect(formatBalance([], 'PRDS', formatFor('en'))).toBe('--');
  });

  it("lists the chain's native coin as the chain table names it: BSC testnet's tBNB is found, not '--'", () => {
    expect(balanceSymbols('0x38')).toEqual(['BNB', 'USDT', 'PRDS']);
    expect(balanceSymbols('0x61')).toEqual(['tBNB', 'USDT', 'PRDS']);
    const [native = ''] = balanceSymbols('0x61');
    expect(formatBalance([fund('tBNB', '2000000000000000000')], native, formatFor('en'))).toBe('2');
  });

  it("writes the balance in the page language's marks", () => {
    expect(formatBalance([fund('USDT', '19530500000000000000000')], 'USDT', formatFor('de'))).toBe('19.530,5');
  });
});
