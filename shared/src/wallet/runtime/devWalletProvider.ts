import { toChainId } from '@prds/shared/chains';

type Listener = (...args: unknown[]) => void;

interface RpcError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** An EIP-1193 error, as wallets throw them (code, message, data). */
class ProviderRpcError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor({ code, message, data }: RpcError) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

let nextId = 1;

async function rpc(url: string, method: string, params: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }),
    });
  } catch (error) {
    throw new ProviderRpcError({ code: -32603, message: `The devnet at ${url} does not answer`, data: String(error) });
  }
  const body = (await response.json()) as { result?: unknown; error?: RpcError };
  if (body.error) throw new ProviderRpcError(body.error);
  return body.result;
}

/**
 * The dev wallet (devnet only): an EIP-1193 provider over the devnet's own unlocked accounts, so a
 * person without MetaMask can try every feature. The node signs; no key ever reaches the page.
 */
export class DevWalletProvider {
  readonly isDevWallet = true;
  private account: string;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(
    private readonly rpcUrl: string,
    account: string,
    private readonly chainId: string,
  ) {
    this.account = account;
  }

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  removeListener(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  private emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  /** The dev wallet's account menu picks another devnet account. */
  selectAccount(account: string): void {
    this.account = account;
    this.emit('accountsChanged', [account]);
  }

  async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return [this.account];
      case 'eth_chainId':
        return this.chainId;
      case 'wallet_switchEthereumChain': {
        const [target] = (Array.isArray(params) ? params : []) as { chainId?: string }[];
        if (toChainId(target?.chainId) === this.chainId) return null;
        throw new ProviderRpcError({ code: 4902, message: 'The dev wallet only knows the devnet' });
      }
      case 'wallet_addEthereumChain':
        throw new ProviderRpcError({ code: 4200, message: 'The dev wallet cannot add chains' });
      case 'wallet_watchAsset':
        throw new ProviderRpcError({ code: 4200, message: 'The dev wallet has no token list' });
      case 'eth_sendTransaction': {
        const [tx] = (Array.isArray(params) ? params : []) as Record<string, unknown>[];
        return rpc(this.rpcUrl, method, [{ ...tx, from: this.account }]);
      }
      default:
        return rpc(this.rpcUrl, method, params);
    }
  }
}

/** The devnet's unlocked accounts (Hardhat's 20), in order. */
export async function listDevAccounts(rpcUrl: string): Promise<string[]> {
  const accounts = await rpc(rpcUrl, 'eth_accounts', []);
  return Array.isArray(accounts) ? accounts.filter((a): a is string => typeof a === 'string') : [];
}
