// The phone's side of a WalletConnect session, for tests: @walletconnect/sign-client in Node against the
// stand-in relay (walletConnectRelay.ts), approving a page's proposal with one devnet account and
// signing what the page asks with an ethers Wallet, as Trust Wallet or MetaMask mobile would.
//
//   const phone = await startWalletConnectWallet({ relayUrl, privateKey });
//   await phone.pair(uriTheDialogShows);   // reads the proposal, approves it with the account on 31337
//   phone.requests                          // what the page asked (eth_sendTransaction, personal_sign…)
//   await phone.disconnect();               // ends the session from the phone's side
import { randomUUID } from 'node:crypto';
import { SignClient } from '@walletconnect/sign-client';
import { getBytes, isHexString, JsonRpcProvider, Wallet, type TransactionRequest, type TypedDataField } from 'ethers';
import { DEVNET_CHAIN_ID, DEVNET_RPC_URL } from './testWallet';

type Client = Awaited<ReturnType<typeof SignClient.init>>;

/** Kept in memory: each test's phone starts with no pairing. */
class MemoryStorage {
  private readonly items = new Map<string, unknown>();
  async getKeys(): Promise<string[]> {
    return [...this.items.keys()];
  }
  async getEntries<T = unknown>(): Promise<[string, T][]> {
    return [...this.items.entries()] as [string, T][];
  }
  async getItem<T = unknown>(key: string): Promise<T | undefined> {
    return this.items.get(key) as T | undefined;
  }
  async setItem<T = unknown>(key: string, value: T): Promise<void> {
    this.items.set(key, value);
  }
  async removeItem(key: string): Promise<void> {
    this.items.delete(key);
  }
}

export interface WalletConnectWallet {
  readonly address: string;
  /** Methods the page sent, in order. */
  readonly requests: string[];
  /** The session's topic once approved. */
  topic(): string | null;
  pair(uri: string): Promise<void>;
  /** The next `method` request is declined on the phone: WalletConnect's USER_REJECTED (5000). */
  rejectNext(method: string): void;
  /** Emits chainChanged (and accountsChanged) for another chain the session holds. */
  switchChain(chainId: number): Promise<void>;
  disconnect(): Promise<void>;
  /** Whether the page ended the session (session_delete from its side). */
  endedByPage(): boolean;
  close(): Promise<void>;
}

function hexToBigInt(value: unknown): bigint | undefined {
  return value === undefined || value === null ? undefined : BigInt(value as string);
}

export async function startWalletConnectWallet({
  relayUrl,
  privateKey,
  chains = [DEVNET_CHAIN_ID],
}: {
  relayUrl: string;
  privateKey: string;
  /** The chains it grants (the first is its current one); only the devnet can send. */
  chains?: number[];
}): Promise<WalletConnectWallet> {
  const provider = new JsonRpcProvider(DEVNET_RPC_URL, DEVNET_CHAIN_ID, {
    batchMaxCount: 1,
    cacheTimeout: -1,
    staticNetwork: true,
  });
  const signer = new Wallet(privateKey, provider);
  const client: Client = await SignClient.init({
    projectId: 'prds-e2e-wallet',
    relayUrl,
    storage: new MemoryStorage(),
    // Its own core: the SDK shares one per storage prefix in a process (globalThis), and each phone is separate.
    customStoragePrefix: `phone-${randomUUID()}`,
    logger: 'error',
    telemetryEnabled: false,
    metadata: { name: 'PRDS test phone wallet', description: 'e2e', url: 'https://wallet.invalid', icons: [] },
  });
  const requests: string[] = [];
  const declining = new Set<string>();
  let sessionTopic: string | null = null;
  let endedByPage = false;
  let sending = Promise.resolve<unknown>(undefined);

  const sendTransaction = async (tx: Record<string, unknown>): Promise<string> => {
    const request: TransactionRequest = {
      to: (tx.to as string | undefined) ?? null,
      data: tx.data as string | undefined,
      value: hexToBigInt(tx.value),
      gasLimit: hexToBigInt(tx.gas ?? tx.gasLimit),
      chainId: DEVNET_CHAIN_ID,
    };
    const sent = await signer.sendTransaction(request);
    return sent.hash;
  };

  const answer = async (method: string, params: unknown): Promise<unknown> => {
    const args = Array.isArray(params) ? params : [];
    if (declining.delete(method)) throw Object.assign(new Error('User rejected.'), { code: 5000 });
    switch (method) {
      case 'eth_sendTransaction': {
        // One at a time, as a phone shows one confirmation after another (nonces in order).
        const next = sending.then(() => sendTransaction((args[0] ?? {}) as Record<string, unknown>));
        sending = next.catch(() => undefined);
        return next;
      }
      case 'personal_sign': {
        const [message] = args as [string];
        return signer.signMessage(isHexString(message) ? getBytes(message) : message);
      }
      case 'eth_signTypedData_v4': {
        const [, json] = args as [string, string];
        const typed = JSON.parse(json) as {
          domain: Record<string, unknown>;
          types: Record<string, TypedDataField[]>;
          message: Record<string, unknown>;
        };
        const types = { ...typed.types };
        delete types.EIP712Domain;
        return signer.signTypedData(typed.domain, types, typed.message);
      }
      case 'wallet_switchEthereumChain':
        return null;
      default:
        throw Object.assign(new Error(`the test phone wallet does not answer ${method}`), { code: 4200 });
    }
  };

  client.on('session_request', (event) => {
    const { topic, id, params } = event;
    requests.push(params.request.method);
    answer(params.request.method, params.request.params).then(
      (result) => void client.respond({ topic, response: { id, jsonrpc: '2.0', result } }),
      (error: { code?: number; message?: string }) =>
        void client.respond({
          topic,
          response: { id, jsonrpc: '2.0', error: { code: error.code ?? -32603, message: error.message ?? String(error) } },
        }),
    );
  });
  client.on('session_delete', () => {
    endedByPage = true;
    sessionTopic = null;
  });

  const accounts = () => chains.map((chain) => `eip155:${chain}:${signer.address}`);

  return {
    address: signer.address,
    requests,
    topic: () => sessionTopic,
    endedByPage: () => endedByPage,
    async pair(uri) {
      const proposal = new Promise<Parameters<Parameters<typeof client.once<'session_proposal'>>[1]>[0]>((resolve) =>
        client.once('session_proposal', resolve),
      );
      await client.core.pairing.pair({ uri });
      const { id, params } = await proposal;
      const asked = [params.requiredNamespaces.eip155, params.optionalNamespaces?.eip155].filter((ns) => ns !== undefined);
      const methods = [...new Set(asked.flatMap((ns) => ns.methods))];
      const events = [...new Set(asked.flatMap((ns) => ns.events))];
      const { acknowledged } = await client.approve({
        id,
        namespaces: {
          eip155: { chains: chains.map((chain) => `eip155:${chain}`), accounts: accounts(), methods, events },
        },
      });
      sessionTopic = (await acknowledged()).topic;
    },
    rejectNext(method) {
      declining.add(method);
    },
    async switchChain(chainId) {
      if (!sessionTopic) throw new Error('no session');
      await client.emit({ topic: sessionTopic, event: { name: 'chainChanged', data: chainId }, chainId: `eip155:${chainId}` });
    },
    async disconnect() {
      if (!sessionTopic) throw new Error('no session');
      const topic = sessionTopic;
      sessionTopic = null;
      await client.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } });
    },
    async close() {
      await client.core.relayer.transportClose().catch(() => undefined);
    },
  };
}
