import { useQuery } from '@tanstack/react-query';
import { refreshUserInfo } from '../http/refreshUserInfo';
import { queryKeys } from '../query/queryClient';
import { fundDataAtom, staticsAtom, type FundItem, type Statics } from '../state/atoms';
import { useAtomValue } from '../state/store';
import { useWallet } from './useWallet';

export interface UserInfoView {
  readonly fundData: readonly FundItem[];
  readonly statics: Statics;
  readonly isLoading: boolean;
  readonly error: unknown;
  readonly refetch: () => void;
}

/**
 * `/api/user/info` for the connected account (fills fundData and statics; one fetch at a time). Its
 * key sits under the account's key, so a transaction's refresh of that account refetches it.
 */
export function useUserInfo(): UserInfoView {
  const { account, isConnected, desiredChain } = useWallet();
  const query = useQuery({
    queryKey:
      account === null ? ['account', 'none', 'userInfo'] : [...queryKeys.account(account), 'userInfo', desiredChain.chainId],
    queryFn: () => refreshUserInfo({ account: account as string, chainType: desiredChain.chainType }),
    enabled: isConnected && account !== null,
    staleTime: 15_000,
  });
  const fundData = useAtomValue(fundDataAtom);
  const statics = useAtomValue(staticsAtom);
  return {
    fundData,
    statics,
    isLoading: query.isLoading,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
