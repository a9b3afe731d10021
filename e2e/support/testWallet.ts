// An injected EIP-1193 browser wallet for Playwright, answered by an ethers Wallet in the test process.
//
//   const wallet = await installTestWallet(page, { chainId: '0x38' }); // before page.goto
//   await page.goto('/claim');
//   wallet.switchBehaviour = 'reject';      // the next wallet_switchEthereumChain answers 4001
//   wallet.rejectNextTransaction();         // the next eth_sendTransaction answers 4001
//   await wallet.setAccount(otherKey);      // emits accountsChanged
//   expect(wallet.callsTo('wallet_switchEthereumChain', 'wallet_addEthereumChain')).toEqual([...]);
//
// The page sees `window.ethereum` (isMetaMask) and an EIP-6963 announcement (name 'Test Wallet',
// rdns 'org.prds.testwallet'). Every request crosses to the test process through one exposed binding:
// the wallet answers accounts, chain and signing itself and forwards every other method to the devnet
// as raw JSON-RPC, so a devnet error (code, message, data with revert data) reaches the page unchanged.
// The wallet's state (connected, account, chain) lives in the test process and survives reloads,
// like a real wallet's site permission.
import type { Page } from '@playwright/test';
import { getBytes, isHexString, JsonRpcProvider, Wallet, type TransactionRequest, type TypedDataField } from 'ethers';
import { pageScript } from './testWalletPageScript';
import { normaliseChainId, RpcError, toRpcError, USER_REJECTED, type RpcErrorShape } from './testWalletRpc';

export const DEVNET_RPC_URL = process.env.PRDS_RPC_URL ?? 'http://127.0.0.1:8545';
export const DEVNET_CHAIN_ID = 31337;
export const DEVNET_CHAIN_HEX = '0x7a69';
export const BSC_CHAIN_HEX = '0x38';

export const TEST_WALLET_INFO = {
  uuid: '5f0c1f8e-4c1b-4f7a-9a34-7d1c2b9e6a01',
  name: 'Test Wallet',
  rdns: 'org.prds.testwallet',
  icon:
    'data:image/svg+xml;base64,' +
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f0b90b"/><text x="16" y="22" font-size="16" text-anchor="middle" font-family="sans-serif" fill="#000">T</text></svg>',
    ).toString('base64'),
} as const;

/** The answer of wallet_switchEthereumChain / wallet_addEthereumChain. */
export type ChainRequestBehaviour =
  /** switches (or adds and switches) and emits chainChanged */
  | 'ok'
  /** the user refused: { code: 4001 } */
  | 'reject'
  /** the wallet does not know the chain: { code: 4902 } */
  | 'fail'
  /** any other failure code, e.g. { failWith: -32603 } */
  | { failWith: number };

export interface TestWalletOptions {
  /** Private key of the account; default: a new random key (fund it with chain.ts). */
  privateKey?: string;
  /** The wallet's current chain (hex), default the devnet 0x7a69. */
  chainId?: string;
  /** Already connected to the site (eth_accounts answers the account without a prompt). Default false. */
  connected?: boolean;
  switchBehaviour?: ChainRequestBehaviour;
  addBehaviour?: ChainRequestBehaviour;
  /** What eth_requestAccounts does when not connected yet. Default 'ok'. */
  connectBehaviour?: 'ok' | 'reject';
  /** Inject nothing at all: no window.ethereum, no EIP-6963 announcement. */
  noWallet?: boolean;
  /** Define the legacy window.ethereum (default true). */
  legacy?: boolean;
  /** Announce through EIP-6963 (default true). */
  eip6963?: boolean;
  rpcUrl?: string;
  /**
   * The chain (hex) the node at rpcUrl serves, the one chain the wallet can send on: the devnet's 0x7a69
   * unless a spec runs a node of its own (the BSC rehearsal's 0x38 or 0x61).
   */
  rpcChainId?: string;
}

export interface WalletCall {
  method: string;
  params: unknown;
  /** 'ok' when answered, else the error code given to the page. */
  outcome: 'ok' | number;
  at: number;
}

type BindingAnswer = { result: unknown } | { error: RpcErrorShape };

const BINDING = '__prdsTestWalletRequest';

/** Methods the wallet answers itself (everything else is forwarded to the devnet). */
export const WALLET_METHODS = [
  'eth_requestAccounts',
  'eth_accounts',
  'eth_chainId',
  'net_version',
  'eth_coinbase',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_watchAsset',
  'wallet_requestPermissions',
  'wallet_getPermissions',
  'wallet_revokePermissions',
  'eth_sendTransaction',
  'personal_sign',
  'eth_sign',
  'eth_signTypedData_v4',
] as const;

export class TestWallet {
  /** Every request the page made, in order (wallet methods and forwarded ones). */
  readonly calls: WalletCall[] = [];
  switchBehaviour: ChainRequestBehaviour;
  addBehaviour: ChainRequestBehaviour;
  connectBehaviour: 'ok' | 'reject';
  /** The params of every wallet_addEthereumChain call, in order. */
  readonly addedChains: Record<string, unknown>[] = [];
  /** The params of every wallet_watchAsset (EIP-747) call the wallet accepted, in order. */
  readonly watchedAssets: Record<string, unknown>[] = [];
  readonly provider: JsonRpcProvider;
  readonly rpcUrl: string;
  /** The chain the node at rpcUrl serves (hex): transactions are signed for it and sent only on it. */
  readonly rpcChainId: string;

  #signer: Wallet;
  #chainId: string;
  #connected: boolean;
  #rejectNext = new Map<string, number>();
  #sendQueue: Promise<unknown> = Promise.resolve();
  #page: Page | undefined;
  #rpcId = 1;

  constructor(options: TestWalletOptions = {}) {
    this.rpcUrl = options.rpcUrl ?? DEVNET_RPC_URL;
    this.rpcChainId = normaliseChainId(options.rpcChainId ?? DEVNET_CHAIN_HEX);
    this.provider = new JsonRpcProvider(this.rpcUrl, Number(this.rpcChainId), {
      batchMaxCount: 1,
      cacheTimeout: -1,
      staticNetwork: true,
    });
    this.provider.pollingInterval = 250;
    this.#signer = new Wallet(options.privateKey ?? Wallet.createRandom().privateKey, this.provider);
    this.#chainId = normaliseChainId(options.chainId ?? DEVNET_CHAIN_HEX);
    this.#connected = options.connected ?? false;
    this.switchBehaviour = options.switchBehaviour ?? 'ok';
    this.addBehaviour = options.addBehaviour ?? 'ok';
    this.connectBehaviour = options.connectBehaviour ?? 'ok';
  }

  /** The current account's address (checksummed). */
  get address(): string {
    return this.#signer.address;
  }

  /** The ethers Wallet behind the current account, connected to the devnet. */
  get signer(): Wallet {
    return this.#signer;
  }

  get privateKey(): string {
    return this.#signer.privateKey;
  }

  /** The wallet's current chain id (hex, lower case). */
  get chainId(): string {
    return this.#chainId;
  }

  get connected(): boolean {
    return this.#connected;
  }

  /** Methods called by the page, filtered to `methods` (all when none given), in order. */
  callsTo(...methods: string[]): WalletCall[] {
    return methods.length === 0 ? [...this.calls] : this.calls.filter((c) => methods.includes(c.method));
  }

  /** Just the method names of the wallet-side calls (no forwarded reads), e.g. for order checks. */
  walletMethodLog(): string[] {
    const own = new Set<string>(WALLET_METHODS);
    return this.calls
      .filter((c) => own.has(c.method) && c.method !== 'eth_chainId' && c.method !== 'eth_accounts')
      .map((c) => c.method);
  }

  clearCalls(): void {
    this.calls.length = 0;
  }

  /** The next `method` call (eth_sendTransaction by default) is refused by the "user": { code: 4001 }. */
  rejectNext(method: string = 'eth_sendTransaction', times = 1): void {
    this.#rejectNext.set(method, (this.#rejectNext.get(method) ?? 0) + times);
  }

  rejectNextTransaction(): void {
    this.rejectNext('eth_sendTransaction');
  }

  /** Connects the site as if the user approved (emits accountsChanged). */
  async connect(): Promise<void> {
    this.#connected = true;
    await this.emit('accountsChanged', [this.address]);
  }

  /** The user changes the account in the wallet (emits accountsChanged when connected). */
  async setAccount(privateKey: string): Promise<void> {
    this.#signer = new Wallet(privateKey, this.provider);
    if (this.#connected) await this.emit('accountsChanged', [this.address]);
  }

  /** The user changes the network in the wallet (emits chainChanged). */
  async setChain(chainId: string): Promise<void> {
    const next = normaliseChainId(chainId);
    if (next === this.#chainId) return;
    this.#chainId = next;
    await this.emit('chainChanged', next);
  }

  /** The user disconnects the site in the wallet (emits accountsChanged with []). */
  async disconnectFromSite(): Promise<void> {
    this.#connected = false;
    await this.emit('accountsChanged', []);
  }

  /** Emits an EIP-1193 event in every frame of the page that has the wallet. */
  async emit(event: string, payload: unknown): Promise<void> {
    const page = this.#page;
    if (!page || page.isClosed()) return;
    await Promise.all(
      page.frames().map(
        (frame) =>
          frame
            .evaluate(
              ([e, p]) =>
                (window as unknown as { __prdsTestWallet?: { emit(e: string, p: unknown): void } }).__prdsTestWallet?.emit(e, p),
              [event, payload] as const,
            )
            .catch(() => undefined), // a frame navigating away has no listeners to tell
      ),
    );
  }

  /** Installs this wallet in `page` (before the first navigation). */
  async install(page: Page, options: Pick<TestWalletOptions, 'legacy' | 'eip6963'> = {}): Promise<void> {
    if (this.#page) throw new Error('this TestWallet is already installed in a page');
    this.#page = page;
    await page.exposeBinding(BINDING, (_source: unknown, request: { method: string; params?: unknown }) => this.#answer(request));
    await page.addInitScript(pageScript, {
      binding: BINDING,
      info: TEST_WALLET_INFO,
      legacy: options.legacy ?? true,
      eip6963: options.eip6963 ?? true,
    });
  }

  async #answer(request: { method: string; params?: unknown }): Promise<BindingAnswer> {
    const method = String(request?.method);
    const params = request?.params ?? [];
    const call: WalletCall = { method, params, outcome: 'ok', at: Date.now() };
    this.calls.push(call);
    try {
      const pending = this.#rejectNext.get(method) ?? 0;
      if (pending > 0) {
        this.#rejectNext.set(method, pending - 1);
        throw USER_REJECTED();
      }
      const result = await this.#handle(method, params);
      return { result: result === undefined ? null : result };
    } catch (error) {
      const shaped = toRpcError(error);
      call.outcome = shaped.code;
      return { error: shaped };
    }
  }

  async #handle(method: string, params: unknown): Promise<unknown> {
    const args = Array.isArray(params) ? params : [params];
    switch (method) {
      case 'eth_chainId':
        return this.#chainId;
      case 'net_version':
        return String(Number(this.#chainId));
      case 'eth_accounts':
        return this.#connected ? [this.address] : [];
      case 'eth_coinbase':
        return this.#connected ? this.address : null;
      case 'eth_requestAccounts':
      case 'wallet_requestPermissions': {
        if (!this.#connected) {
          if (this.connectBehaviour === 'reject') throw USER_REJECTED();
          await this.connect();
        }
        return method === 'eth_requestAccounts' ? [this.address] : [{ parentCapability: 'eth_accounts' }];
      }
      case 'wallet_getPermissions':
        return this.#connected ? [{ parentCapability: 'eth_accounts' }] : [];
      case 'wallet_revokePermissions':
        if (this.#connected) await this.disconnectFromSite();
        return null;
      case 'wallet_switchEthereumChain': {
        const target = normaliseChainId(String((args[0] as { chainId?: unknown })?.chainId ?? ''));
        applyBehaviour(
          this.switchBehaviour,
          `Unrecognized chain ID "${target}". Try adding the chain using wallet_addEthereumChain first.`,
        );
        await this.setChain(target);
        return null;
      }
      case 'wallet_addEthereumChain': {
        const config = (args[0] ?? {}) as Record<string, unknown>;
        this.addedChains.push(config);
        applyBehaviour(this.addBehaviour, 'Test wallet: could not add the chain.');
        await this.setChain(String(config.chainId ?? ''));
        return null;
      }
      case 'wallet_watchAsset': {
        // EIP-747: params is an object ({ type, options }); MetaMask answers true once the user accepts.
        this.#requireConnected();
        this.watchedAssets.push((Array.isArray(params) ? params[0] : params) as Record<string, unknown>);
        return true;
      }
      case 'eth_sendTransaction':
        return this.#serialised(() => this.#sendTransaction((args[0] ?? {}) as Record<string, unknown>));
      case 'personal_sign': {
        this.#requireConnected();
        const [message, from] = args as [string, string];
        this.#requireSelf(from);
        return this.#signer.signMessage(isHexString(message) ? getBytes(message) : message);
      }
      case 'eth_sign': {
        this.#requireConnected();
        const [from, message] = args as [string, string];
        this.#requireSelf(from);
        return this.#signer.signMessage(getBytes(message));
      }
      case 'eth_signTypedData_v4': {
        this.#requireConnected();
        const [from, json] = args as [string, string | Record<string, unknown>];
        this.#requireSelf(from);
        const typed = (typeof json === 'string' ? JSON.parse(json) : json) as {
          domain: Record<string, unknown>;
          types: Record<string, TypedDataField[]>;
          message: Record<string, unknown>;
        };
        const types = { ...typed.types };
        delete types.EIP712Domain;
        return this.#signer.signTypedData(typed.domain, types, typed.message);
      }
      default:
        return this.forward(method, args);
    }
  }

  /** Sends one raw JSON-RPC request to the devnet; a JSON-RPC error is thrown with its code/message/data as given. */
  async forward(method: string, params: unknown[]): Promise<unknown> {
    const response = await fetch(this.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: this.#rpcId++, method, params }),
      signal: AbortSignal.timeout(20_000),
    });
    const body = (await response.json()) as { result?: unknown; error?: RpcErrorShape };
    if (body.error) throw new RpcError(body.error.code, body.error.message, body.error.data);
    return body.result;
  }

  async #sendTransaction(tx: Record<string, unknown>): Promise<string> {
    this.#requireConnected();
    if (tx.from !== undefined) this.#requireSelf(String(tx.from));
    if (this.#chainId !== this.rpcChainId) {
      // A real wallet would send on its current chain; only the node at rpcUrl exists here, so say so loudly.
      throw new RpcError(
        -32603,
        `Test wallet: cannot send a transaction on chain ${this.#chainId}; only ${this.rpcChainId} (${this.rpcUrl}) is reachable.`,
      );
    }
    const request: TransactionRequest = {
      to: (tx.to as string | undefined) ?? null,
      data: tx.data as string | undefined,
      value: hexToBigInt(tx.value),
      gasLimit: hexToBigInt(tx.gas ?? tx.gasLimit),
      gasPrice: hexToBigInt(tx.gasPrice),
      maxFeePerGas: hexToBigInt(tx.maxFeePerGas),
      maxPriorityFeePerGas: hexToBigInt(tx.maxPriorityFeePerGas),
      nonce: tx.nonce === undefined ? undefined : Number(tx.nonce),
      chainId: Number(this.rpcChainId),
    };
    if (request.gasLimit === undefined) {
      // Estimated raw so a revert reaches the page as the devnet answered it.
      request.gasLimit = BigInt(
        (await this.forward('eth_estimateGas', [stripUndefined({ ...tx, from: this.address, gas: undefined })])) as string,
      );
    }
    const populated = await this.#signer.populateTransaction(request);
    // What a BSC node (geth) and MetaMask say, where the devnet says "Sender doesn't have enough funds".
    const balance = BigInt((await this.forward('eth_getBalance', [this.address, 'pending'])) as string);
    const feePerGas = BigInt(populated.maxFeePerGas ?? populated.gasPrice ?? 0n);
    const cost = BigInt(populated.gasLimit ?? 0n) * feePerGas + BigInt(populated.value ?? 0n);
    if (balance < cost) {
      throw new RpcError(
        -32000,
        `insufficient funds for gas * price + value: balance ${balance}, tx cost ${cost}, overshot ${cost - balance}`,
      );
    }
    const raw = await this.#signer.signTransaction(populated);
    return (await this.forward('eth_sendRawTransaction', [raw])) as string;
  }

  #serialised<T>(run: () => Promise<T>): Promise<T> {
    const next = this.#sendQueue.then(run, run);
    this.#sendQueue = next.catch(() => undefined);
    return next;
  }

  #requireConnected(): void {
    if (!this.#connected) throw new RpcError(4100, 'The requested account and/or method has not been authorized by the user.');
  }

  #requireSelf(from: string | undefined): void {
    if (from && from.toLowerCase() !== this.address.toLowerCase()) {
      throw new RpcError(4100, `Test wallet: ${from} is not the current account ${this.address}.`);
    }
  }
}

/**
 * Puts a test wallet into `page` (call before page.goto). With `{ noWallet: true }` nothing is
 * injected (the returned wallet is not installed; its helpers still work in the test process).
 */
export async function installTestWallet(page: Page, options: TestWalletOptions = {}): Promise<TestWallet> {
  const wallet = new TestWallet(options);
  if (!options.noWallet) await wallet.install(page, options);
  return wallet;
}

// ---------------------------------------------------------------- helpers

function applyBehaviour(behaviour: ChainRequestBehaviour, failMessage: string): void {
  if (behaviour === 'ok') return;
  if (behaviour === 'reject') throw USER_REJECTED();
  const code = behaviour === 'fail' ? 4902 : behaviour.failWith;
  throw new RpcError(code, code === 4902 ? failMessage : `Internal JSON-RPC error. (${failMessage})`);
}

function hexToBigInt(value: unknown): bigint | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return BigInt(value as string);
}

function stripUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
