import { QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * The page's one data cache (ARCHITECTURE "Wallet and chain"): host and every remote read through
 * it, so a transaction that invalidates a key refreshes every view of that data.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 5_000, retry: 1, refetchOnWindowFocus: false },
  },
});

const accountKey = (account: string) => ['account', account.toLowerCase()] as const;

/**
 * Query keys by domain; the first segment is what a transaction invalidates. Chain reads carry the
 * chain and account so a switch never serves another wallet's answer.
 */
export const queryKeys = {
  /** Everything read from the api about markets (lists, details, trades). */
  markets: ['markets'] as const,
  market: (id: string) => ['markets', 'detail', id] as const,
  /** An account's own figures (positions, bought, issued, portfolio). */
  account: accountKey,
  /** `/api/user/info` of an account on a chain (under the account's key, so its invalidation refetches it). */
  userInfo: (account: string | null, chainId: string) =>
    account === null ? (['account', 'none', 'userInfo'] as const) : ([...accountKey(account), 'userInfo', chainId] as const),
  /** Licenses (sale, market, owned). */
  licenses: ['licenses'] as const,
  /** Reads straight from the chain: `['chain', chainId, ...]`. */
  chain: (chainId: string, ...rest: readonly (string | number)[]) => ['chain', chainId, ...rest] as const,
} satisfies Record<string, QueryKey | ((...args: never[]) => QueryKey)>;

export type { QueryKey };
