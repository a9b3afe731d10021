/** @jest-environment jsdom */
import { getAddress } from 'ethers';
import { accountAtom, chainIdAtom, desireChainIdAtom } from '../../state/atoms';
import { prdsStore } from '../../state/store';
import { readWalletChoice, WALLET_STORAGE_KEY } from '../storedChoice';
import { walletErrorAtom } from '../walletState';
import { addChainParameter, connect, disconnect, switchNetwork } from './session';

// A wallet in the page: jsdom has none, so the test gives one (the e2e suite drives a real
// injected provider in Chromium against the devnet).
type Handler = (params: unknown) => unknown;

class FakeWallet {
  calls: string[] = [];
  chainId = '0x38';
  readonly account = '0x00000000000000000000000000000000000000a1';
  private listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  handlers: Record<string, Handler> = {};
  isMetaMask = true;

  on(event: string, listener: (...args: unknown[]) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }
  removeListener(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  async request({ method, params }: { method: string; params?: unknown }) {
    this.calls.push(method);
    const handler = this.handlers[method];
    if (handler) return handler(params);
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [this.account];
    if (method === 'eth_chainId') return this.chainId;
    throw Object.assign(new Error(`unexpected ${method}`), { code: 4200 });
  }
}

let wallet: FakeWallet;

beforeEach(() => {
  wallet = new FakeWallet();
  (window as { ethereum?: unknown }).ethereum = wallet;
  localStorage.clear();
  prdsStore.set(desireChainIdAtom, '0x7a69');
});

afterEach(() => disconnect());

const refusal = () => {
  throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
};

describe('connect', () => {
  it('mirrors the wallet into the atoms, remembers the choice, and follows account and chain changes', async () => {
    // The choice is stored before the page can show the account: a reload from then on reconnects.
    const storedWhenShown: unknown[] = [];
    const unsubscribe = prdsStore.sub(accountAtom, () => storedWhenShown.push(readWalletChoice()));
    await expect(connect({ kind: 'injected' })).resolves.toBe(true);
    unsubscribe();
    expect(storedWhenShown[0]).toEqual({ kind: 'injected' });
    expect(prdsStore.get(accountAtom)).toBe(getAddress(wallet.account));
    expect(prdsStore.get(chainIdAtom)).toBe('0x38');
    expect(readWalletChoice()).toEqual({ kind: 'injected' });

    wallet.emit('chainChanged', '0x7a69');
    expect(prdsStore.get(chainIdAtom)).toBe('0x7a69');
    wallet.emit('accountsChanged', ['0x00000000000000000000000000000000000000b2']);
    expect(prdsStore.get(accountAtom)).toBe(getAddress('0x00000000000000000000000000000000000000b2'));

    // The user disconnects the site in the wallet: the page forgets it.
    wallet.emit('accountsChanged', []);
    expect(prdsStore.get(accountAtom)).toBeNull();
    expect(localStorage.getItem(WALLET_STORAGE_KEY)).toBeNull();
  });

  it("says 'install MetaMask first!' without a wallet, and shows a refusal", async () => {
    delete (window as { ethereum?: unknown }).ethereum;
    await expect(connect({ kind: 'injected' })).resolves.toBe(false);
    expect(prdsStore.get(walletErrorAtom)).toEqual({ messageKey: 'wallet.installMetaMask' });

    (window as { ethereum?: unknown }).ethereum = wallet;
    wallet.handlers.eth_requestAccounts = refusal;
    wallet.handlers.eth_accounts = () => [];
    await expect(connect({ kind: 'injected' })).resolves.toBe(false);
    expect(prdsStore.get(accountAtom)).toBeNull();
  });

  it('reconnects a remembered choice with eth_accounts only, and forgets it when the wallet grants nothing', async () => {
    await expect(connect({ kind: 'injected' }, { eager: true })).resolves.toBe(true);
    expect(wallet.calls).not.toContain('eth_requestAccounts');
    disconnect();
    wallet.handlers.eth_accounts = () => [];
    localStorage.setItem(WALLET_STORAGE_KEY, JSON.stringify({ kind: 'injected' }));
    await expect(connect({ kind: 'injected' }, { eager: true })).resolves.toBe(false);
    expect(readWalletChoice()).toBeNull();
  });
});

describe('switchNetwork (spec §4)', () => {
  beforeEach(async () => {
    await connect({ kind: 'injected' });
    wallet.calls = [];
  });

  it('switches, then connects', async () => {
    wallet.handlers.wallet_switchEthereumChain = () => {
      wallet.chainId = '0x7a69';
      wallet.emit('chainChanged', '0x7a69');
      return null;
    };
    await expect(switchNetwork('0x7a69')).resolves.toBe('switched');
    expect(wallet.calls).toEqual(['wallet_switchEthereumChain', 'eth_requestAccounts', 'eth_chainId']);
    expect(prdsStore.get(chainIdAtom)).toBe('0x7a69');
  });

  it('ignores a refusal (4001): no add, no error', async () => {
    wallet.handlers.wallet_switchEthereumChain = refusal;
    await expect(switchNetwork('0x7a69')).resolves.toBe('refused');
    expect(wallet.calls).toEqual(['wallet_switchEthereumChain']);
    expect(prdsStore.get(walletErrorAtom)).toBeNull();
  });

  it('adds the chain with its config after any other failure, then connects', async () => {
    let added: unknown;
    wallet.handlers.wallet_switchEthereumChain = () => {
      throw Object.assign(new Error('Unrecognized chain'), { code: -32603 });
    };
    wallet.handlers.wallet_addEthereumChain = (params) => {
      added = params;
      wallet.chainId = '0x7a69';
      return null;
    };
    await expect(switchNetwork('0x7a69')).resolves.toBe('switched');
    expect(wallet.calls).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'eth_requestAccounts', 'eth_chainId']);
    expect(added).toEqual([addChainParameter('0x7a69')]);
    expect(addChainParameter('0x7a69')).toEqual({
      chainId: '0x7a69',
      chainName: 'PRDS Devnet',
      nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
      rpcUrls: ['http://127.0.0.1:8545'],
    });
    expect(prdsStore.get(chainIdAtom)).toBe('0x7a69');
  });

  it('shows a failure to add the chain', async () => {
    wallet.handlers.wallet_switchEthereumChain = () => {
      throw Object.assign(new Error('nope'), { code: 4902 });
    };
    wallet.handlers.wallet_addEthereumChain = () => {
      throw Object.assign(new Error('bad rpc'), { code: -32602 });
    };
    await expect(switchNetwork('0x7a69')).resolves.toBe('failed');
    expect(prdsStore.get(walletErrorAtom)).toMatchObject({ messageKey: 'wallet.error.switchFailed', detail: 'bad rpc' });
  });
});
