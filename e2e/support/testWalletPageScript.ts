// The test wallet's half in the page: an EIP-1193 provider (window.ethereum, isMetaMask) and its EIP-6963
// announcement, whose every request crosses to the test process (testWallet.ts) through one exposed binding.
export interface PageScriptConfig {
  binding: string;
  /** EIP-6963 provider info (testWallet.ts TEST_WALLET_INFO). */
  info: { readonly uuid: string; readonly name: string; readonly rdns: string; readonly icon: string };
  legacy: boolean;
  eip6963: boolean;
}

/** Runs in every frame before the page's scripts (serialised by addInitScript: self-contained). */
export function pageScript(config: PageScriptConfig): void {
  const w = window as unknown as Record<string, unknown> & Window;
  if (w.__prdsTestWallet) return;
  type Listener = (...args: unknown[]) => void;
  const listeners = new Map<string, Set<Listener>>();
  // Looked up per call: Playwright defines the binding in every new document before this runs, but
  // reading it lazily keeps the wallet working whatever the order.
  const call = (request: { method: string; params?: unknown }) =>
    (
      w[config.binding] as (
        r: typeof request,
      ) => Promise<{ result: unknown } | { error: { code: number; message: string; data?: unknown } }>
    )(request);

  const provider = {
    isMetaMask: true,
    isPrdsTestWallet: true,
    _metamask: { isUnlocked: async () => true },
    async request(args: { method: string; params?: unknown }): Promise<unknown> {
      if (!args || typeof args !== 'object' || typeof args.method !== 'string') {
        throw Object.assign(new Error('Expected a single, non-array, object argument.'), { code: -32600 });
      }
      // Plain JSON only crosses the binding.
      const params = args.params === undefined ? [] : JSON.parse(JSON.stringify(args.params));
      const answer = await call({ method: args.method, params });
      if ('error' in answer) {
        const { code, message, data } = answer.error;
        throw Object.assign(new Error(message), { code, data });
      }
      return answer.result;
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      return provider;
    },
    addListener(event: string, listener: Listener) {
      return provider.on(event, listener);
    },
    once(event: string, listener: Listener) {
      const wrapped: Listener = (...a) => {
        provider.removeListener(event, wrapped);
        listener(...a);
      };
      return provider.on(event, wrapped);
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
    off(event: string, listener: Listener) {
      return provider.removeListener(event, listener);
    },
    removeAllListeners(event?: string) {
      if (event) listeners.delete(event);
      else listeners.clear();
      return provider;
    },
    listenerCount(event: string) {
      return listeners.get(event)?.size ?? 0;
    },
    isConnected() {
      return true;
    },
    enable() {
      return provider.request({ method: 'eth_requestAccounts' });
    },
  };

  Object.defineProperty(w, '__prdsTestWallet', {
    value: {
      provider,
      emit(event: string, payload: unknown) {
        for (const listener of [...(listeners.get(event) ?? [])]) {
          try {
            listener(payload);
          } catch (error) {
            console.error(`test wallet: a ${event} listener threw`, error);
          }
        }
      },
    },
  });

  if (config.legacy) {
    Object.defineProperty(w, 'ethereum', { value: provider, configurable: true, writable: false });
    w.dispatchEvent(new Event('ethereum#initialized'));
  }
  if (config.eip6963) {
    const announce = (): void => {
      w.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: Object.freeze({ info: Object.freeze({ ...config.info }), provider }),
        }),
      );
    };
    w.addEventListener('eip6963:requestProvider', announce);
    announce();
  }
}
