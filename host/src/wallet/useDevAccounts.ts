import { useCallback, useEffect, useState } from 'react';
import { type ChainId } from '@prds/shared/chains';
import { listDevAccounts } from '@prds/shared/wallet';

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
  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    setState({ status: 'loading' });
    listDevAccounts(chainId).then(
      (accounts) => {
        if (current) setState({ status: 'ready', accounts });
      },
      () => {
        if (current) setState({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [chainId, enabled, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
