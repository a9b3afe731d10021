import { useUserInfo, useWallet, type TokenInfo } from '@prds/shared';

function toWei(value: string): bigint | null {
  try {
    return BigInt(value);
  } catch {
    return null;
  }
}

/**
 * The connected wallet's balance of `token` (USDT or PRDS) in wei from the shared user info (the host
 * keeps it fresh, and a transaction's invalidation of the account refetches it); null while unknown
 * or not connected.
 */
export function useTokenBalance(token: Pick<TokenInfo, 'symbol'>): {
  readonly balance: bigint | null;
  readonly isLoading: boolean;
} {
  const { isConnected } = useWallet();
  const { fundData, isLoading } = useUserInfo();
  if (!isConnected) return { balance: null, isLoading: false };
  const item = fundData.find((fund) => fund.symbol === token.symbol);
  return { balance: item === undefined ? null : toWei(item.balance), isLoading };
}
