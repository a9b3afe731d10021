import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAINS, listDevAccounts, type ChainId } from '@prds/shared';

export type DevAccountsState =
  | { readonly status: 'idle' | 'loading' }
  | { readonly status: 'ready'; readonly accounts: readonly string[] }
  | { readonly status: 'error' };

/**
 * The devnet's accounts, fetched (through the lazy wallet chunk) only while `enabled` — that is,
 * after the user opened the dialog or the menu — and again on `reload`.
 */
export function useDevAccounts(chainId: ChainId, enabled: boolean): { state: DevAccountsState; reload: () => void } {
  const [state, setState] = useState<DevAccountsState>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!enabled) return undefined;
    const [rpcUrl] = CHAINS[chainId].rpcUrls;
    if (rpcUrl === undefined) {
      setState({ status: 'error' });
      return undefined;
    }
    let current = true;
    setState({ status: 'loading' });
    listDevAccounts(rpcUrl).then(
      (accounts) => {
        if (current && mounted.current) setState({ status: 'ready', accounts });
      },
      () => {
        if (current && mounted.current) setState({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [chainId, enabled, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
