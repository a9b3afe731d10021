/** @jest-environment jsdom */
import { getAddress } from 'ethers';
import { accountAtom, chainIdAtom, desireChainIdAtom } from '../../state/atoms';
import { prdsStore } from '../../state/store';
import { readWalletChoice } from '../storedChoice';
import { walletConnectUriAtom, walletErrorAtom, walletStatusAtom } from '../walletState';
import { cancelWalletConnect, connect, disconnect } from './session';

// WalletConnect's EthereumProvider as the session code sees it: an EIP-1193 provider that pairs first
// (display_uri, then the phone's approval) and emits 'disconnect' when the phone ends the session. The
// real one, against a stand-in relay and a phone built with @walletconnect/sign-client, is in
// e2e/tests/walletconnect.spec.ts.
type Listener = (...args: unknown[]) => void;

class FakeWalletConnect {
  static instance: FakeWalletConnect | null = null;
  static inits = 0;
  options: Record<string, unknown> = {};
  session: { topic: string } | undefined;
  accounts: string[] = [];
  chainId = 31337;
  disconnects = 0;
  /** The SDK's Verify client: register() loads verify.walletconnect.org in an iframe and waits for it. */
  signer = {
    client: { core: { verify: { register: async (): Promise<string> => 'attestation from verify.walletconnect.org' } } },
  };
  private approve: (() => void) | null = null;
  private reject: ((error: Error) => void) | null = null;
  private listeners = new Map<string, Set<Listener>>();

  static async init(options: Record<string, unknown>) {
    FakeWalletConnect.inits += 1;
    const provider = new FakeWalletConnect();
    provider.options = options;
    FakeWalletConnect.instance = provider;
    return provider;
  }
  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }
  removeListener(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  /** Shows a URI and resolves when the phone approves (phoneApproves). */
  connect() {
    this.emit('display_uri', `wc:${'ab'.repeat(32)}@2?relay-protocol=irn&symKey=${'cd'.repeat(32)}`);
    return new Promise<void>((resolve, reject) => {
      this.approve = resolve;
      this.reject = reject;
    });
  }
  /** As EthereumProvider rethrows the phone's USER_REJECTED: message only. */
  phoneRejects() {
    this.reject?.(new Error('User rejected.'));
  }
  phoneApproves(account: string, chainId = 31337) {
    this.session = { topic: 'session-topic' };
    this.accounts = [account];
    this.chainId = chainId;
    this.approve?.();
  }
  /** The phone ends the session (session_delete): the provider resets and says 'disconnect'. */
  phoneDisconnects() {
    this.session = undefined;
    this.accounts = [];
    this.emit('disconnect', { code: 6000, message: 'User disconnected.' });
  }
  async disconnect() {
    this.disconnects += 1;
    this.session = undefined;
    this.accounts = [];
  }
  async request({ method }: { method: string }) {
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return this.accounts;
    if (method === 'eth_chainId') return this.chainId;
    throw Object.assign(new Error(`unexpected ${method}`), { code: 4200 });
  }
}

jest.mock('@walletconnect/ethereum-provider', () => ({ EthereumProvider: FakeWalletConnect }));

const ACCOUNT = '0x00000000000000000000000000000000000000c3';
const phone = () => {
  const provider = FakeWalletConnect.instance;
  if (!provider) throw new Error('WalletConnect was not initialised');
  return provider;
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
async function uriShown(): Promise<string> {
  for (let i = 0; i < 50 && prdsStore.get(walletConnectUriAtom) === null; i++) await flush();
  const uri = prdsStore.get(walletConnectUriAtom);
  if (uri === null) throw new Error('no pairing URI shown');
  return uri;
}

beforeEach(() => {
  process.env.PRDS_WALLETCONNECT_PROJECT_ID = 'test-project';
  process.env.PRDS_WALLETCONNECT_RELAY_URL = 'ws://127.0.0.1:8797';
  localStorage.clear();
  prdsStore.set(desireChainIdAtom, '0x7a69');
  prdsStore.set(walletErrorAtom, null);
});

afterEach(async () => {
  disconnect();
  await flush();
});

describe('WalletConnect session', () => {
  it('shows the pairing URI, then mirrors the approved account and chain and remembers the choice', async () => {
    const connecting = connect({ kind: 'walletconnect' });
    expect(await uriShown()).toMatch(/^wc:/);
    expect(prdsStore.get(walletStatusAtom)).toBe('connecting');
    expect(phone().options).toMatchObject({ projectId: 'test-project', relayUrl: 'ws://127.0.0.1:8797', chains: [31337] });
    // No iframe to verify.walletconnect.org (the CSP blocks it; the SDK would wait 5 s for it before each QR code).
    await expect(phone().signer.client.core.verify.register()).resolves.toBe('');

    phone().phoneApproves(ACCOUNT);
    await expect(connecting).resolves.toBe(true);
    expect(prdsStore.get(accountAtom)).toBe(getAddress(ACCOUNT));
    expect(prdsStore.get(chainIdAtom)).toBe('0x7a69');
    expect(prdsStore.get(walletConnectUriAtom)).toBeNull();
    expect(readWalletChoice()).toEqual({ kind: 'walletconnect' });
  });

  it('a chain the phone moves to is followed (the page then shows its network prompt)', async () => {
    const connecting = connect({ kind: 'walletconnect' });
    await uriShown();
    phone().phoneApproves(ACCOUNT);
    await connecting;
    phone().emit('chainChanged', '0x38');
    expect(prdsStore.get(chainIdAtom)).toBe('0x38');
    expect(prdsStore.get(accountAtom)).toBe(getAddress(ACCOUNT));
  });

  it('the phone ending the session clears the page and forgets the choice', async () => {
    const connecting = connect({ kind: 'walletconnect' });
    await uriShown();
    phone().phoneApproves(ACCOUNT);
    await connecting;

    phone().phoneDisconnects();
    expect(prdsStore.get(accountAtom)).toBeNull();
    expect(prdsStore.get(chainIdAtom)).toBeNull();
    expect(prdsStore.get(walletStatusAtom)).toBe('idle');
    expect(readWalletChoice()).toBeNull();
  });

  it('disconnecting on the page ends the session on the phone', async () => {
    const connecting = connect({ kind: 'walletconnect' });
    await uriShown();
    phone().phoneApproves(ACCOUNT);
    await connecting;
    const before = phone().disconnects;

    disconnect();
    expect(phone().disconnects).toBe(before + 1);
    expect(prdsStore.get(accountAtom)).toBeNull();
    expect(readWalletChoice()).toBeNull();
  });

  it('a reload restores a live session without pairing again, and forgets one that is gone', async () => {
    // The first pairing creates the page's provider.
    const connecting = connect({ kind: 'walletconnect' });
    await uriShown();
    cancelWalletConnect();
    await connecting;
    // After a reload WalletConnect finds its session in its store (IndexedDB): the eager reconnect
    // uses it, with no URI and no prompt.
    phone().session = { topic: 'kept-topic' };
    phone().accounts = [ACCOUNT];
    await expect(connect({ kind: 'walletconnect' }, { eager: true })).resolves.toBe(true);
    expect(prdsStore.get(walletConnectUriAtom)).toBeNull();
    expect(prdsStore.get(accountAtom)).toBe(getAddress(ACCOUNT));
    disconnect();

    // A session the phone ended while the page was closed: nothing to restore, no error, choice forgotten.
    localStorage.setItem('prds.wallet', JSON.stringify({ kind: 'walletconnect' }));
    await expect(connect({ kind: 'walletconnect' }, { eager: true })).resolves.toBe(false);
    expect(readWalletChoice()).toBeNull();
    expect(prdsStore.get(walletErrorAtom)).toBeNull();
  });

  it('closing the dialog while the phone has not answered stops waiting, with no error', async () => {
    const connecting = connect({ kind: 'walletconnect' });
    await uriShown();
    cancelWalletConnect();
    await expect(connecting).resolves.toBe(false);
    expect(prdsStore.get(walletErrorAtom)).toBeNull();
    expect(prdsStore.get(walletStatusAtom)).toBe('idle');
    expect(prdsStore.get(walletConnectUriAtom)).toBeNull();
    expect(readWalletChoice()).toBeNull();
  });

  it('the phone declining the session says so, and nothing is remembered', async () => {
    const connecting = connect({ kind: 'walletconnect' });
    await uriShown();
    phone().phoneRejects();
    await expect(connecting).resolves.toBe(false);
    expect(prdsStore.get(walletErrorAtom)).toEqual({ messageKey: 'wallet.error.rejected' });
    expect(prdsStore.get(accountAtom)).toBeNull();
    expect(readWalletChoice()).toBeNull();
  });

  it('one provider for the page: a second pairing reuses it', async () => {
    const inits = FakeWalletConnect.inits;
    const connecting = connect({ kind: 'walletconnect' });
    await uriShown();
    phone().phoneApproves(ACCOUNT);
    await connecting;
    expect(FakeWalletConnect.inits).toBe(inits);
  });

  it('a build without a project id refuses with a localized reason', async () => {
    process.env.PRDS_WALLETCONNECT_PROJECT_ID = '';
    await expect(connect({ kind: 'walletconnect' })).resolves.toBe(false);
    expect(prdsStore.get(walletErrorAtom)).toEqual({ messageKey: 'wallet.error.walletConnectUnavailable' });
  });
});
