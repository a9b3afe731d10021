import { type TokenInfo } from '@prds/shared/chains';
import { useUserInfo, useWallet } from '@prds/shared/wallet';

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
  const { data: balance, isLoading } = useUserInfo({
    select: (info) => info.fundData.find((fund) => fund.symbol === token.symbol)?.balance,
  });
  if (!isConnected) return { balance: null, isLoading: false };
  return { balance: balance === undefined ? null : toWei(balance), isLoading };
}
