import { PAY_TOKEN } from '@prds/shared/chains';
import type { UserInfo } from '@prds/shared/http';
import { useUserInfo } from './useUserInfo';
import { useWallet } from './useWallet';

const selectPayBalance = (info: UserInfo) => info.fundData.find((fund) => fund.symbol === PAY_TOKEN.symbol)?.balance;

/**
 * The connected wallet's pay-token (USDT) balance in base units, from the shared user info (the one
 * source of the user's funds; a transaction's refresh of the account refetches it); null while unknown
 * or not connected, when the chain alone refuses an overspend.
 */
export function usePayBalance(): bigint | null {
  const { isConnected } = useWallet();
  const { data } = useUserInfo({ select: selectPayBalance });
  if (!isConnected || data === undefined || !/^\d+$/.test(data)) return null;
  return BigInt(data);
}
